import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { AppPage, AppPageHeader } from '../../components/layout/app-shell';
import { apiQuery, toApiError } from '../../lib/api';
import { Card } from '../../components/ui/card';
import { Loading } from '../../components/ui/spinner';
import { StatusBadge } from '../import/import-history';
import { formatDateTime } from '../trades/format';
import { ImportQualityPanel } from './import-quality';

/** /import/:id: one import, its counts and its data-quality score against the broker's figures. */
export default function ImportDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const item = useQuery(apiQuery('GET /api/imports/:id', { params: { id }, queryKey: ['/api/imports', id] }));
  const quality = useQuery({
    ...apiQuery('GET /api/imports/:id/quality', { params: { id }, queryKey: ['/api/imports', id, 'quality'] }),
    enabled: item.data?.status === 'done',
  });
  const back = (
    <nav aria-label="Breadcrumb" className="mb-2 text-sm">
      <Link href="/import" className="text-accent underline-offset-2 hover:underline">
        Import
      </Link>
    </nav>
  );
  if (item.isPending) return <Loading />;
  if (item.isError)
    return (
      <AppPage>
        {back}
        <AppPageHeader
          title="Import not found"
          intro={toApiError(item.error, 'This import could not be loaded.').message}
        />
      </AppPage>
    );
  const data = item.data;
  return (
    <AppPage>
      {back}
      <AppPageHeader
        title={data.fileName}
        intro={`${data.broker ?? 'Generic file'} · ${formatDateTime(data.committedAt ?? data.createdAt)}`}
      />
      <Card className="mt-6">
        <div className="flex flex-wrap items-center gap-3 text-sm text-fg">
          <StatusBadge status={data.status} />
          <span>
            {data.executionsAdded.toLocaleString('en-US')} executions added,{' '}
            {data.duplicatesSkipped.toLocaleString('en-US')} duplicates skipped,{' '}
            {(data.tradesCreated + data.tradesUpdated).toLocaleString('en-US')} trades
          </span>
          {data.accountId && (
            <Link href={`/settings/accounts/${data.accountId}`} className="text-accent underline underline-offset-2">
              Reconciliation of its account
            </Link>
          )}
        </div>
        <div className="mt-5">
          {data.status !== 'done' ? (
            <p className="text-sm text-muted">The data-quality score is worked out once the import is done.</p>
          ) : quality.isPending ? (
            <p role="status" className="text-sm text-muted">
              Checking the file against the broker's figures…
            </p>
          ) : quality.isError ? (
            <p role="alert" className="text-sm text-loss">
              {toApiError(quality.error, 'The data-quality score could not be loaded.').message}
            </p>
          ) : (
            <ImportQualityPanel quality={quality.data} />
          )}
        </div>
      </Card>
    </AppPage>
  );
}
