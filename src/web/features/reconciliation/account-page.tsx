import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { AppPage, AppPageHeader } from '../../components/layout/app-shell';
import { apiQuery, toApiError } from '../../lib/api';
import { Card } from '../../components/ui/card';
import { Loading } from '../../components/ui/spinner';
import { ReconciliationView } from './reconciliation-view';

/** /settings/accounts/:id: one brokerage account and its reconciliation with the broker's figures. */
export default function AccountPage() {
  const { id = '' } = useParams<{ id: string }>();
  const account = useQuery(apiQuery('GET /api/accounts/:id', { params: { id }, queryKey: ['/api/accounts', id] }));
  const back = (
    <nav aria-label="Breadcrumb" className="mb-2 text-sm">
      <Link href="/settings" className="text-accent underline-offset-2 hover:underline">
        Settings
      </Link>
    </nav>
  );
  if (account.isPending) return <Loading />;
  if (account.isError)
    return (
      <AppPage>
        {back}
        <AppPageHeader
          title="Account not found"
          intro={toApiError(account.error, 'This account could not be loaded.').message}
        />
      </AppPage>
    );
  const a = account.data;
  return (
    <AppPage>
      {back}
      <AppPageHeader
        title={a.name}
        intro={[a.broker ?? 'No broker', a.currency, `Files read in ${a.timezone.replaceAll('_', ' ')}`].join(' · ')}
      />
      <Card className="mt-6">
        <ReconciliationView accountId={a.id} />
      </Card>
    </AppPage>
  );
}
