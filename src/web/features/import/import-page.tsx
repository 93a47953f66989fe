import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Download, FileQuestion, RotateCcw, XCircle } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type {
  ImportColumnJson,
  ImportCommitJson,
  ImportJson,
  ImportMapping,
  ImportPreviewJson,
} from '../../../contracts/imports';
import type { ColumnRole } from '../../../core/import/detect/roles';
import { toApiError, apiQuery } from '../../lib/api';
import { AppPage, AppPageHeader } from '../../components/layout/app-shell';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Link } from 'wouter';
import { toast } from '../../lib/use-toast';
import { listTimeZones } from '../settings/timezones';
import { SELECT_CLASS } from '../trades/dialog-frame';
import { AccountPicker } from './account-picker';
import BrokerRequestForm from './broker-request-form';
import { ColumnsTable } from './columns-table';
import { DropZone } from './drop-zone';
import { IMPORTS_KEY, commitImport, deleteImport, hasAcceptedExtension, remapImport, uploadImport } from './import-api';
import {
  formatBroker,
  formatDecimalSeparator,
  formatDelimiter,
  formatFileSize,
  formatFileType,
  isSharedRole,
  toRoleList,
  toRowMessage,
} from './import-format';
import { ImportHistory, StatusBadge } from './import-history';
import { PreviewTable, SkippedRows } from './preview-table';

/** How often a background import's progress is read. */
const POLL_MS = 700;

type Overrides = ReadonlyMap<number, ColumnRole>;
type Options = { dateOrder: '' | 'MDY' | 'DMY'; decimalSeparator: '' | '.' | ','; sheetName: string };
const NO_OPTIONS: Options = { dateOrder: '', decimalSeparator: '', sheetName: '' };

type Outcome = { kind: 'done'; result: ImportCommitJson } | { kind: 'running'; job: ImportJson };
type Counts = Pick<
  ImportCommitJson,
  | 'executionsAdded'
  | 'duplicatesSkipped'
  | 'duplicatesDeleted'
  | 'tradesCreated'
  | 'tradesUpdated'
  | 'skipped'
  | 'errors'
>;

/** The user's choices as the API's mapping; undefined when the detection stands as it is. */
function toMapping(overrides: Overrides, options: Options): ImportMapping | undefined {
  if (overrides.size === 0 && !options.dateOrder && !options.decimalSeparator) return undefined;
  return {
    columns: [...overrides].map(([index, role]) => ({ index, role })),
    ...(options.dateOrder ? { dateOrder: options.dateOrder } : {}),
    ...(options.decimalSeparator ? { decimalSeparator: options.decimalSeparator } : {}),
  };
}

/**
 * A new role for one column. A role only one column may hold is taken from the column that had
 * it, which then is ignored — so the mapping never names two symbol columns.
 */
function withRole(
  columns: readonly ImportColumnJson[],
  overrides: Overrides,
  change: { index: number; role: ColumnRole },
): Overrides {
  const next = new Map(overrides);
  next.set(change.index, change.role);
  if (!isSharedRole(change.role))
    for (const column of columns) {
      const current = next.get(column.index) ?? column.role;
      if (column.index !== change.index && current === change.role) next.set(column.index, 'ignore');
    }
  return next;
}

export default function ImportPage() {
  const queryClient = useQueryClient();
  const accounts = useQuery(apiQuery('GET /api/accounts'));
  const accountList = accounts.data?.accounts ?? [];
  const [chosenAccountId, setChosenAccountId] = useState('');
  const accountId = accountList.some((a) => a.id === chosenAccountId) ? chosenAccountId : (accountList[0]?.id ?? '');
  const [timezone, setTimezone] = useState('');
  const [timeZones] = useState(() => listTimeZones('UTC'));

  const [upload, setUpload] = useState<{ fileName: string; progress: number } | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreviewJson | null>(null);
  const [overrides, setOverrides] = useState<Overrides>(new Map());
  const [options, setOptions] = useState<Options>(NO_OPTIONS);
  const [isUpdating, setIsUpdating] = useState(false);
  const [remapError, setRemapError] = useState<string | null>(null);
  const [saveTemplate, setSaveTemplate] = useState(true);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [fileName, setFileName] = useState('');
  const remapSeq = useRef(0);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const uploadErrorRef = useRef<HTMLParagraphElement>(null);
  // On a phone the message lands below the drop zone, out of view: bring it to the middle of the
  // screen (clear of the bottom tab bar). Screen readers hear it anyway (role="alert").
  useEffect(() => {
    if (uploadError) uploadErrorRef.current?.scrollIntoView({ block: 'center' });
  }, [uploadError]);

  const refreshLists = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: IMPORTS_KEY }),
      queryClient.invalidateQueries({ queryKey: ['/api/trades'] }),
    ]);

  const onFile = async (file: File) => {
    setUploadError(null);
    if (!hasAcceptedExtension(file.name)) {
      setUploadError(`${file.name} is not a CSV, TSV, TXT or Excel file.`);
      return;
    }
    if (preview) void deleteImport(preview.id).catch(() => undefined); // an abandoned preview is discarded
    setPreview(null);
    setOutcome(null);
    setOverrides(new Map());
    setOptions(NO_OPTIONS);
    setRemapError(null);
    setFileName(file.name);
    setUpload({ fileName: file.name, progress: 0 });
    try {
      // A file chosen before the accounts have loaded waits for them: its counts (duplicates, fills
      // in Recently deleted, open trades) are taken against the account the picker then shows.
      const uploadAccountId = accounts.isPending ? ((await accounts.refetch()).data?.accounts[0]?.id ?? '') : accountId;
      const answer = await uploadImport({
        file,
        accountId: uploadAccountId || undefined,
        timezone: timezone || undefined,
        onProgress: (progress) => setUpload({ fileName: file.name, progress }),
      });
      setPreview(answer);
    } catch (err) {
      setUploadError(toApiError(err, 'The file could not be read. Please try again.').message);
    } finally {
      setUpload(null);
    }
  };

  /** Detection again with the user's choices; a slower, older answer never replaces a newer one. */
  const remap = async (next: { overrides: Overrides; options: Options; timezone: string; accountId?: string }) => {
    if (!preview) return;
    const seq = ++remapSeq.current;
    setIsUpdating(true);
    setRemapError(null);
    try {
      const answer = await remapImport({
        id: preview.id,
        accountId: (next.accountId ?? accountId) || undefined,
        mapping: toMapping(next.overrides, next.options),
        timezone: next.timezone || undefined,
        sheetName: next.options.sheetName || undefined,
      });
      if (seq === remapSeq.current) setPreview(answer);
    } catch (err) {
      if (seq === remapSeq.current) setRemapError(toApiError(err, 'The preview could not be updated.').message);
    } finally {
      if (seq === remapSeq.current) setIsUpdating(false);
    }
  };

  const onRoleChange = (column: ImportColumnJson, role: ColumnRole) => {
    if (!preview) return;
    const next = withRole(preview.detected.columns, overrides, { index: column.index, role });
    setOverrides(next);
    void remap({ overrides: next, options, timezone });
  };
  const onOptionChange = (change: Partial<Options>) => {
    // A different sheet has different columns: the column choices start afresh.
    const nextOverrides = change.sheetName !== undefined ? new Map<number, ColumnRole>() : overrides;
    const next = { ...options, ...change };
    setOptions(next);
    setOverrides(nextOverrides);
    void remap({ overrides: nextOverrides, options: next, timezone });
  };
  const onAccountChange = (id: string) => {
    setChosenAccountId(id);
    // The counts are against the account's fills: its duplicates, its open trades.
    if (preview && id) void remap({ overrides, options, timezone, accountId: id });
  };
  const onTimezoneChange = (zone: string) => {
    setTimezone(zone);
    if (preview) void remap({ overrides, options, timezone: zone });
  };

  const commit = useMutation({
    mutationFn: () => {
      if (!preview) throw new Error('Nothing to import');
      const mapping = toMapping(overrides, options);
      return commitImport(preview.id, {
        accountId,
        ...(mapping ? { mapping, saveTemplate } : {}),
        ...(timezone ? { timezone } : {}),
      });
    },
    onSuccess: async (answer) => {
      setPreview(null);
      setOutcome(answer.kind === 'done' ? answer : { kind: 'running', job: answer.job });
      if (answer.kind === 'done') toast({ title: 'Import finished', description: fileName });
      await refreshLists();
      resultRef.current?.focus();
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: 'The import did not start', description: toApiError(err).message }),
  });

  const discard = () => {
    if (preview) void deleteImport(preview.id).then(refreshLists, () => undefined);
    setPreview(null);
    setOverrides(new Map());
    setOptions(NO_OPTIONS);
  };

  const startOver = () => {
    setOutcome(null);
    setPreview(null);
    setUploadError(null);
  };

  const summaryNote = preview ? toSummaryNote(preview) : null;
  const roleOf = (column: ImportColumnJson) => overrides.get(column.index) ?? column.role;
  const missingRoles = preview?.detected.missingRoles ?? [];
  const commitBlocker = !accountId
    ? 'Choose or create an account first.'
    : missingRoles.length > 0
      ? `Choose the column that holds: ${toRoleList(missingRoles)}.`
      : null;

  return (
    <AppPage>
      <AppPageHeader
        title="Import"
        intro="Upload your broker’s trade history. You see every column’s meaning and the first rows before anything is saved."
        actions={
          <a
            href="/api/imports/template.csv"
            download
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-line bg-elevated px-4 text-sm font-semibold text-fg hover:bg-sunken focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            Download the Edgebook CSV template
          </a>
        }
      />

      {!outcome && (
        <Card className="mt-6 grid gap-5 p-4 sm:p-6" data-testid="import-upload">
          <h2 className="sr-only">Choose a file</h2>
          <div className="grid gap-4 md:grid-cols-2">
            <AccountPicker
              accounts={accountList}
              isLoading={accounts.isPending}
              value={accountId}
              onChange={onAccountChange}
              suggestedBroker={preview?.detected.broker ?? null}
            />
            <div className="grid content-start gap-1.5">
              <label htmlFor="import-timezone" className="text-sm font-medium text-fg">
                Timezone of the file’s times (optional)
              </label>
              <select
                id="import-timezone"
                className={SELECT_CLASS}
                value={timezone}
                onChange={(e) => onTimezoneChange(e.target.value)}
                aria-describedby="import-timezone-hint"
              >
                <option value="">As the broker or account says</option>
                {timeZones.map((tz) => (
                  <option key={tz} value={tz}>
                    {tz.replaceAll('_', ' ')}
                  </option>
                ))}
              </select>
              <p id="import-timezone-hint" className="text-xs text-muted">
                Only if the times in the file are in another zone.
              </p>
            </div>
          </div>
          <DropZone
            onFile={(file) => void onFile(file)}
            isBusy={upload !== null}
            progress={upload?.progress ?? null}
            fileName={upload?.fileName ?? null}
            currentFile={preview ? fileName : null}
          />
          {uploadError && (
            <p
              ref={uploadErrorRef}
              role="alert"
              className="flex gap-2 rounded-xl border border-loss/40 bg-loss/10 px-4 py-3 text-sm text-loss"
              data-testid="upload-error"
            >
              <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <span>{uploadError}</span>
            </p>
          )}
        </Card>
      )}

      {preview && (
        <div className="mt-6 grid gap-6" data-testid="import-preview">
          <Section
            title="What we found"
            aside={
              <span className="text-sm text-muted">
                {fileName} · {formatFileSize(preview.fileSize)}
              </span>
            }
          >
            <DetectionSummary
              preview={preview}
              options={options}
              onOptionChange={onOptionChange}
              isUpdating={isUpdating}
            />
          </Section>

          <Section title="Columns">
            <ColumnsTable
              key={`${preview.id}:${preview.detected.sheetName ?? ''}`}
              columns={preview.detected.columns}
              executions={preview.preview.executions}
              missingRoles={missingRoles}
              roleOf={roleOf}
              onRoleChange={onRoleChange}
              isUpdating={isUpdating}
            />
          </Section>

          <Section
            title="Preview"
            aside={
              <span className="text-sm text-muted" aria-live="polite">
                {isUpdating
                  ? 'Updating the preview…'
                  : preview.preview.executions.length > 0
                    ? `First ${preview.preview.executions.length} executions`
                    : null}
              </span>
            }
          >
            {remapError && (
              <p role="alert" className="mb-3 rounded-xl border border-loss/40 bg-loss/10 px-4 py-3 text-sm text-loss">
                {remapError}
              </p>
            )}
            <PreviewTable preview={preview.preview} rowCount={preview.rowCount} />
          </Section>

          <div
            className="sticky bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-30 grid gap-2 rounded-2xl border border-line bg-elevated p-3 shadow-lg sm:gap-3 sm:p-5 lg:bottom-4"
            data-testid="import-commit-bar"
          >
            {overrides.size > 0 && (
              <label className="flex items-center gap-2 text-sm text-fg">
                <input
                  type="checkbox"
                  checked={saveTemplate}
                  onChange={(e) => setSaveTemplate(e.target.checked)}
                  className="h-4 w-4 accent-[var(--color-accent)]"
                />
                Remember these columns for files with the same header
              </label>
            )}
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 sm:gap-x-3">
              <Button
                className="sm:h-12 sm:px-6 sm:text-base"
                onClick={() => commit.mutate()}
                disabled={commitBlocker !== null || isUpdating || commit.isPending}
                aria-describedby={
                  commitBlocker ? 'import-commit-blocker' : summaryNote ? 'import-commit-note' : undefined
                }
                data-testid="import-commit"
              >
                {commit.isPending ? 'Importing…' : <CommitLabel preview={preview} />}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="sm:h-10 sm:px-4"
                onClick={discard}
                disabled={commit.isPending}
              >
                Cancel
              </Button>
              {!commitBlocker && summaryNote && (
                <p
                  id="import-commit-note"
                  className="w-full text-sm text-muted sm:w-auto"
                  data-testid="import-commit-note"
                >
                  {summaryNote}
                </p>
              )}
            </div>
            {!commitBlocker && (preview.summary?.duplicatesDeleted ?? 0) > 0 && (
              <RecentlyDeletedNote fills={preview.summary!.duplicatesDeleted} />
            )}
            {commitBlocker && (
              <p id="import-commit-blocker" className="text-sm text-muted">
                {commitBlocker}
              </p>
            )}
          </div>
        </div>
      )}

      {outcome && (
        <ImportOutcome outcome={outcome} fileName={fileName} headingRef={resultRef} onStartOver={startOver} />
      )}

      <ImportHistory activeImportId={preview?.id ?? null} />

      <Card className="mt-10 p-4 sm:p-6">
        <div className="flex items-start gap-3">
          <FileQuestion className="mt-0.5 hidden h-5 w-5 shrink-0 text-accent sm:block" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <h2 className="text-lg font-bold text-fg">Broker not supported?</h2>
            <p className="mt-1 text-sm text-muted">
              If a file doesn’t import cleanly, send us a sample and we add its layout to the importer.
            </p>
            <div className="mt-4 max-w-xl">
              <BrokerRequestForm idPrefix="import-broker-request" />
            </div>
          </div>
        </div>
      </Card>
    </AppPage>
  );
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Fills of the file that the account holds in "Recently deleted": an import skips them as
 * duplicates (so a deletion sticks), and restoring their trades there brings them back.
 */
function RecentlyDeletedNote({ fills, isDone = false }: { fills: number; isDone?: boolean }) {
  return (
    <p className="text-sm text-muted" data-testid="import-recently-deleted">
      {count(fills, 'fill matches a trade', 'fills match trades')} in Recently deleted
      {isDone ? ` and ${fills === 1 ? 'was' : 'were'} not imported again` : ''} —{' '}
      <Link href="/settings#recently-deleted" className="font-semibold text-accent underline-offset-2 hover:underline">
        restore {fills === 1 ? 'it' : 'them'} there
      </Link>
    </p>
  );
}

/**
 * The commit button's words: the executions the import adds and the trades they make, as the
 * server counted them ("Import 8 executions → 4 trades"); the rows of a file too long to count
 * before it runs (or one still missing a column).
 */
function CommitLabel({ preview }: { preview: ImportPreviewJson }) {
  const { summary } = preview;
  if (!summary) return <>Import {count(preview.rowCount, 'row', 'rows')}</>;
  return (
    <>
      Import {count(summary.executions, 'execution', 'executions')} <span aria-hidden="true">→</span>
      <span className="sr-only">into</span> {count(summary.trades, 'trade', 'trades')}
    </>
  );
}

/** What the import leaves out, said beside its button: duplicates, rows with errors, rows set aside. */
function toSummaryNote(preview: ImportPreviewJson): string | null {
  const { summary } = preview;
  if (!summary) return preview.rowCount > 0 ? 'Executions and trades are counted as the import runs.' : null;
  const parts: string[] = [];
  if (summary.duplicates > 0) parts.push(count(summary.duplicates, 'duplicate', 'duplicates'));
  if (summary.errors > 0) parts.push(count(summary.errors, 'row with errors', 'rows with errors'));
  if (summary.skipped > 0) parts.push(count(summary.skipped, 'row that is not a trade', 'rows that are not trades'));
  // Position events (splits, reinvestments, symbol changes…) are applied, not skipped.
  const events = summary.events.count > 0 ? `Position events applied: ${summary.events.text}.` : null;
  const problems =
    summary.events.problems.length > 0
      ? ` Cannot apply: ${summary.events.problems.map((p) => `row ${p.row}: ${p.message}`).join(' ')}`
      : '';
  if (parts.length === 0) return events ? `${events}${problems}` : null;
  if (events) {
    const rest = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
    return `${events}${problems} ${rest} ${parts.length === 1 && summary.duplicates + summary.errors + summary.skipped === 1 ? 'is' : 'are'} skipped.`;
  }
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  const isOne = parts.length === 1 && summary.duplicates + summary.errors + summary.skipped === 1;
  if (summary.executions === 0 && summary.duplicates > 0 && summary.errors === 0)
    return `Everything in this file is already in this account: ${list} ${isOne ? 'is' : 'are'} skipped.`;
  return `${list} ${isOne ? 'is' : 'are'} skipped.`;
}

function Section({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="min-w-0">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold text-fg">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

function DetectionSummary({
  preview,
  options,
  onOptionChange,
  isUpdating,
}: {
  preview: ImportPreviewJson;
  options: Options;
  onOptionChange: (change: Partial<Options>) => void;
  isUpdating: boolean;
}) {
  const d = preview.detected;
  const facts: [string, string][] = [
    ['Broker', formatBroker(d.broker, d.brokerVariant)],
    ['File type', formatFileType(d.fileType)],
    ['Encoding', d.encoding ?? '—'],
    ['Delimiter', formatDelimiter(d.delimiter)],
    ['Header row', String(d.headerRow)],
    ['Date format', d.dateFormat ?? 'No date column yet'],
    ['Numbers', formatDecimalSeparator(d.decimalSeparator)],
    ['Timezone', d.timezone.replaceAll('_', ' ')],
    ['Rows', preview.rowCount.toLocaleString('en-US')],
  ];
  if (d.sheetName) facts.splice(2, 0, ['Sheet', d.sheetName]);
  return (
    <div className="grid gap-4 rounded-2xl border border-line bg-elevated p-4 sm:p-5">
      {preview.templateApplied && (
        <p
          className="flex items-center gap-2 rounded-lg bg-accent-soft px-3 py-2 text-sm text-fg"
          data-testid="template-applied"
        >
          <CheckCircle2 className="h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
          Your saved column mapping for this layout was applied.
        </p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="detection-summary">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium text-muted">{label}</dt>
            <dd className="break-words text-sm font-semibold text-fg" data-fact={label}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-3 border-t border-line pt-4 sm:grid-cols-3">
        {d.sheetNames.length > 1 && (
          <OptionSelect
            id="import-sheet"
            label="Sheet"
            value={options.sheetName || d.sheetName || ''}
            disabled={isUpdating}
            onChange={(sheetName) => onOptionChange({ sheetName })}
            choices={d.sheetNames.map((s) => [s, s])}
          />
        )}
        {d.dateFormat && (
          <OptionSelect
            id="import-date-order"
            label="Dates"
            value={options.dateOrder}
            onChange={(v) => onOptionChange({ dateOrder: v === 'MDY' || v === 'DMY' ? v : '' })}
            choices={[
              ['', `As detected (${d.dateFormat})`],
              ['MDY', 'Month first (03/14/2025)'],
              ['DMY', 'Day first (14/03/2025)'],
            ]}
          />
        )}
        <OptionSelect
          id="import-decimal"
          label="Decimal separator"
          value={options.decimalSeparator}
          onChange={(v) => onOptionChange({ decimalSeparator: v === '.' || v === ',' ? v : '' })}
          choices={[
            ['', 'As detected'],
            ['.', 'Point (1,234.56)'],
            [',', 'Comma (1.234,56)'],
          ]}
        />
      </div>
    </div>
  );
}

function OptionSelect({
  id,
  label,
  value,
  onChange,
  choices,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: readonly (readonly [string, string])[];
  disabled?: boolean;
}) {
  return (
    <div className="grid content-start gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      <select
        id={id}
        className={SELECT_CLASS}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        {choices.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The finished import's counts, or the progress of one still running in the background. */
function ImportOutcome({
  outcome,
  fileName,
  headingRef,
  onStartOver,
}: {
  outcome: Outcome;
  fileName: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onStartOver: () => void;
}) {
  const queryClient = useQueryClient();
  const jobId = outcome.kind === 'running' ? outcome.job.id : null;
  const job = useQuery({
    ...apiQuery('GET /api/imports/:id', { params: { id: jobId ?? '' }, queryKey: [...IMPORTS_KEY, jobId ?? ''] }),
    enabled: jobId !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : POLL_MS;
    },
  });
  const latest = outcome.kind === 'running' ? (job.data ?? outcome.job) : null;
  const isFinished = latest?.status === 'done' || latest?.status === 'failed';
  useEffect(() => {
    if (!isFinished) return;
    void queryClient.invalidateQueries({ queryKey: IMPORTS_KEY, exact: true });
    void queryClient.invalidateQueries({ queryKey: ['/api/trades'] });
  }, [isFinished, queryClient]);

  const counts: Counts | null = outcome.kind === 'done' ? outcome.result : latest?.status === 'done' ? latest : null;
  const failure =
    latest?.status === 'failed' ? (latest.failureMessage ?? 'The import failed; nothing was added.') : null;
  const progress = latest ? Math.round(latest.progress * 100) : 100;

  return (
    <Card className="mt-6 grid gap-4 p-4 sm:p-6" data-testid="import-result">
      <div className="flex flex-wrap items-center gap-3">
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-bold text-fg focus:outline-none">
          {failure ? 'The import failed' : counts ? 'Import finished' : 'Importing…'}
        </h2>
        {latest && <StatusBadge status={latest.status} />}
        <span className="text-sm text-muted">{fileName}</span>
      </div>

      {!counts && !failure && (
        <div role="status" aria-live="polite">
          <div
            role="progressbar"
            aria-label="Import progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2.5 overflow-hidden rounded-full bg-line"
          >
            <div className="h-full bg-accent transition-[width]" style={{ width: `${progress}%` }} />
          </div>
          <p className="mt-2 text-sm text-muted">
            {progress}% · large files import in the background; you can leave this page.
          </p>
        </div>
      )}

      {failure && (
        <p role="alert" className="flex gap-2 rounded-xl border border-loss/40 bg-loss/10 px-4 py-3 text-sm text-loss">
          <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {failure}
        </p>
      )}

      {counts && (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="import-counts">
            {(
              [
                ['Executions added', counts.executionsAdded],
                ['Duplicates skipped', counts.duplicatesSkipped],
                ['Trades created', counts.tradesCreated],
                ['Trades updated', counts.tradesUpdated],
                ['Rows skipped', counts.skipped.length],
                ['Errors', counts.errors.length],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="flex flex-col-reverse rounded-xl border border-line bg-sunken/60 px-3 py-2">
                <dt className="text-xs text-muted">{label}</dt>
                <dd
                  className={`text-2xl font-extrabold tabular-nums ${label === 'Errors' && value > 0 ? 'text-loss' : 'text-fg'}`}
                  data-count={label}
                >
                  {value.toLocaleString('en-US')}
                </dd>
              </div>
            ))}
          </dl>
          {counts.executionsAdded === 0 && counts.duplicatesSkipped > counts.duplicatesDeleted && (
            <p className="text-sm text-muted">Everything in this file was already in your journal.</p>
          )}
          {counts.duplicatesDeleted > 0 && <RecentlyDeletedNote fills={counts.duplicatesDeleted} isDone />}
          {counts.errors.length > 0 && (
            <div className="rounded-xl border border-loss/40 bg-loss/10 px-4 py-3">
              <p className="text-sm font-semibold text-loss">Rows not imported</p>
              <ul className="mt-2 grid max-h-48 gap-1 overflow-y-auto text-sm text-fg">
                {counts.errors.map((e) => (
                  <li key={`${e.row}-${e.message}`}>
                    <span className="font-semibold tabular-nums">Row {e.row}:</span> {toRowMessage(e.row, e.message)}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {counts.skipped.length > 0 && <SkippedRows skipped={counts.skipped} />}
        </>
      )}

      <div className="flex flex-wrap gap-2">
        {counts && <ButtonLink href="/trades">View trades</ButtonLink>}
        <Button variant="secondary" onClick={onStartOver}>
          <RotateCcw className="h-4 w-4" aria-hidden="true" />
          Import another file
        </Button>
      </div>
    </Card>
  );
}
