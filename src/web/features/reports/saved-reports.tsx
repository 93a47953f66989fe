import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pin, PinOff, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReportChart, SavedReportJson } from '../../../contracts/reports';
import type { TradeFilter } from '../../../core/query';
import type { ReportGroupBy } from '../../../core/reports';
import { Button } from '../../components/ui/button';
import { api, apiQuery, toApiError } from '../../lib/api';

export type CurrentReport = {
  filter: TradeFilter;
  compareWith: TradeFilter | null;
  groupBy: ReportGroupBy;
  chart: ReportChart;
  savedId: string | null;
};

const INPUT =
  'min-w-0 flex-1 rounded-lg border border-line bg-elevated px-3 py-2 text-sm text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Saving the report shown, and the saved reports: open, rename, pin to the dashboard, delete. */
export function SavedReports({
  current,
  onOpen,
  onSaved,
}: {
  current: CurrentReport;
  onOpen: (report: SavedReportJson) => void;
  onSaved: (report: SavedReportJson) => void;
}) {
  const ids = useId();
  const queryClient = useQueryClient();
  const list = useQuery(apiQuery('GET /api/reports/saved'));
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['/api/reports/saved'] });
  const onError = (err: unknown) => setError(toApiError(err).message);
  const save = useMutation({
    mutationFn: () =>
      api('POST /api/reports/saved', {
        body: {
          name,
          filter: current.filter,
          compareWith: current.compareWith,
          groupBy: current.groupBy,
          chart: current.chart,
        },
      }),
    onSuccess: async (report) => {
      setName('');
      setError(null);
      await refresh();
      onSaved(report);
    },
    onError,
  });
  const patch = useMutation({
    mutationFn: (params: { id: string; body: { name?: string; pinned?: boolean } }) =>
      api('PATCH /api/reports/saved/:id', { params: { id: params.id }, body: params.body }),
    onSuccess: async () => {
      setRenaming(null);
      setError(null);
      await refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api('DELETE /api/reports/saved/:id', { params: { id } }),
    onSuccess: refresh,
    onError,
  });
  const reports = list.data?.reports ?? [];
  return (
    <div className="grid gap-4" data-testid="saved-reports">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <div className="grid min-w-0 flex-1 gap-1">
          <label htmlFor={`${ids}-name`} className="text-xs font-medium text-muted">
            Save this report as
          </label>
          <input
            id={`${ids}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            placeholder="Mondays, A+ setups…"
            className={INPUT}
          />
        </div>
        <Button type="submit" disabled={name.trim() === '' || save.isPending}>
          Save report
        </Button>
      </form>
      {error && (
        <p role="alert" className="text-sm text-loss">
          {error}
        </p>
      )}
      {reports.length === 0 ? (
        <p className="text-sm text-muted">No saved reports yet.</p>
      ) : (
        <ul aria-label="Saved reports" className="divide-y divide-line rounded-xl border border-line">
          {reports.map((report) => (
            <li
              key={report.id}
              data-testid="saved-report"
              className={`flex flex-wrap items-center gap-2 px-3 py-2 ${report.id === current.savedId ? 'bg-accent-soft' : ''}`}
            >
              {renaming?.id === report.id ? (
                <form
                  className="flex min-w-0 flex-1 flex-wrap gap-2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    patch.mutate({ id: report.id, body: { name: renaming.name } });
                  }}
                >
                  <label htmlFor={`${ids}-rename-${report.id}`} className="sr-only">
                    New name for {report.name}
                  </label>
                  <input
                    id={`${ids}-rename-${report.id}`}
                    value={renaming.name}
                    maxLength={100}
                    onChange={(e) => setRenaming({ id: report.id, name: e.target.value })}
                    className={INPUT}
                  />
                  <Button type="submit" size="sm">
                    Save name
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setRenaming(null)}>
                    Cancel
                  </Button>
                </form>
              ) : (
                <>
                  <button
                    type="button"
                    onClick={() => onOpen(report)}
                    className="min-w-0 flex-1 truncate text-left text-sm font-medium text-accent hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {report.name}
                    {report.pinned && <span className="ml-2 text-xs font-normal text-muted">Pinned</span>}
                  </button>
                  <Button variant="ghost" size="sm" onClick={() => setRenaming({ id: report.id, name: report.name })}>
                    Rename<span className="sr-only"> {report.name}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-pressed={report.pinned}
                    title={report.pinned ? 'Unpin from the dashboard' : 'Pin to the dashboard'}
                    onClick={() => patch.mutate({ id: report.id, body: { pinned: !report.pinned } })}
                  >
                    {report.pinned ? (
                      <PinOff className="h-4 w-4" aria-hidden="true" />
                    ) : (
                      <Pin className="h-4 w-4" aria-hidden="true" />
                    )}
                    <span className="sr-only">Pin {report.name}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    title="Delete"
                    onClick={() => {
                      if (window.confirm(`Delete the report “${report.name}”?`)) remove.mutate(report.id);
                    }}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                    <span className="sr-only">Delete {report.name}</span>
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
