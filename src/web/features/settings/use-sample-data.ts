import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { api, apiQuery, toApiError } from '../../lib/api';
import { toast } from '../../lib/use-toast';

export const SAMPLE_DATA_QUERY_KEY = ['/api/sample-data'] as const;

/** Everything the sample touches: its status, accounts, trades, tags and strategies. */
async function refreshJournal(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    ['/api/sample-data', '/api/accounts', '/api/trades', '/api/tags', '/api/strategies'].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  );
}

/** The sample data set's status with one-click load and remove, each confirmed by a toast. */
export function useSampleData() {
  const queryClient = useQueryClient();
  const status = useQuery(apiQuery('GET /api/sample-data'));
  const load = useMutation({
    mutationFn: () => api('POST /api/sample-data'),
    onSuccess: async (result) => {
      await refreshJournal(queryClient);
      toast({
        title: 'Sample data loaded',
        description: `${result.tradeCount.toLocaleString('en-US')} sample trades are in “Sample account”.`,
      });
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: 'Sample data was not loaded', description: toApiError(err).message }),
  });
  const remove = useMutation({
    mutationFn: () => api('DELETE /api/sample-data'),
    onSuccess: async (result) => {
      await refreshJournal(queryClient);
      toast({
        title: 'Sample data removed',
        description: `${result.removedTradeCount.toLocaleString('en-US')} sample trades were deleted. Your own data is untouched.`,
      });
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: 'Sample data was not removed', description: toApiError(err).message }),
  });
  return { status, load, remove, isLoaded: status.data?.loaded === true };
}
