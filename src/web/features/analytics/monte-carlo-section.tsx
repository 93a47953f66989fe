import { Dice5, Play, Square } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { MonteCarloResult, MonteCarloMethod, MonteCarloSizing } from '../../../core/analytics';
import { BarChart } from '../../components/charts/bar-chart';
import { Button } from '../../components/ui/button';
import { SELECT_CLASS } from '../trades/dialog-frame';
import { useAnalytics, type AnalyticsSource } from './analytics-api';
import { FanChart } from './fan-chart';
import type { MonteCarloWorkerResponse } from './monte-carlo-messages';
import { makeSeed, type MonteCarloRunParams } from './monte-carlo-run';
import { toCurrencySymbol } from '../trades/format';
import { StartingBalanceNote } from './unconverted-note';
import {
  formatMoneyIn,
  type MoneyFormatOptions,
  formatPercent,
  formatPercentTicks,
  toDistinctPercentDigits,
} from './metric-format';
import { AnalyticsSection, ChartBox, QueryState } from './section';

const MIN_RUNS = 1_000;
const MAX_RUNS = 100_000;
const MAX_HORIZON = 10_000;
const FALLBACK_EQUITY = 10_000;

type Form = {
  runs: string;
  horizon: string;
  method: MonteCarloMethod;
  sizing: MonteCarloSizing;
  riskPercent: string;
  ruinPercent: string;
  startingEquity: string;
  seed: string;
};

type Status =
  | { kind: 'idle' }
  | { kind: 'running'; done: number; total: number }
  | { kind: 'error'; message: string }
  | { kind: 'done'; result: MonteCarloResult; runId: number };

const newSeed = () => String(makeSeed((a) => crypto.getRandomValues(a)));

/** Parses the form into the engine's parameters, or per-field messages. */
function toRunParams(
  form: Form,
  outcomes: number[],
): { params: MonteCarloRunParams; errors: null } | { params: null; errors: Partial<Record<keyof Form, string>> } {
  const errors: Partial<Record<keyof Form, string>> = {};
  const int = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);
  const num = (text: string) => (text.trim() === '' ? NaN : Number(text.trim()));
  const runs = int(form.runs.replace(/,/g, ''));
  if (!(runs >= MIN_RUNS && runs <= MAX_RUNS))
    errors.runs = `Between ${MIN_RUNS.toLocaleString('en-US')} and ${MAX_RUNS.toLocaleString('en-US')}`;
  const horizon = int(form.horizon);
  if (!(horizon >= 1 && horizon <= MAX_HORIZON))
    errors.horizon = `Between 1 and ${MAX_HORIZON.toLocaleString('en-US')} trades`;
  const risk = num(form.riskPercent);
  if (form.sizing === 'fixed-fraction' && !(risk > 0 && risk <= 100)) errors.riskPercent = 'Above 0 and at most 100';
  const ruin = num(form.ruinPercent);
  if (!(ruin > 0 && ruin <= 100)) errors.ruinPercent = 'Above 0 and at most 100';
  const equity = num(form.startingEquity.replace(/,/g, ''));
  if (!(equity > 0)) errors.startingEquity = 'Above 0';
  const seed = int(form.seed);
  if (!Number.isSafeInteger(seed)) errors.seed = 'A whole number, 0 or more';
  if (Object.keys(errors).length > 0) return { params: null, errors };
  return {
    params: {
      outcomes,
      runs,
      horizon,
      method: form.method,
      sizing: form.sizing,
      riskFraction: form.sizing === 'fixed-fraction' ? risk / 100 : 0.01,
      ruinDrawdownFrac: ruin / 100,
      startingEquity: equity,
      seed,
    },
    errors: null,
  };
}

const percentile = (summary: { percentiles: { p: number; value: number }[] }, p: number) =>
  summary.percentiles.find((x) => x.p === p)?.value ?? NaN;

/**
 * Monte Carlo over the filtered trades' own outcomes ($ P&L, or R for fixed-fraction sizing),
 * fetched from GET …/outcomes and simulated by the core engine in a Web Worker (progress, cancel).
 * The same seed and settings give the same result; the seed is shown and editable.
 */
export function MonteCarloSection({ source, filters }: { source: AnalyticsSource; filters: URLSearchParams }) {
  const ids = useId();
  const outcomes = useAnalytics(source, 'outcomes', filters);
  const workerRef = useRef<Worker | null>(null);
  const runIdRef = useRef(0);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [form, setForm] = useState<Form>(() => ({
    runs: '10000',
    horizon: '',
    method: 'bootstrap',
    sizing: 'fixed-dollar',
    riskPercent: '1',
    ruinPercent: '50',
    startingEquity: '',
    seed: newSeed(),
  }));

  const data = outcomes.data;
  const pnl = data?.pnl ?? [];
  const rs = (data?.r ?? []).filter((r): r is number => r !== null);
  const sample = form.sizing === 'fixed-dollar' ? pnl : rs;
  const defaultEquity = data && data.startingEquity > 0 ? data.startingEquity : FALLBACK_EQUITY;
  const shown: Form = {
    ...form,
    horizon: form.horizon || String(Math.max(1, Math.min(sample.length, MAX_HORIZON))),
    startingEquity: form.startingEquity || String(defaultEquity),
  };

  useEffect(() => () => workerRef.current?.terminate(), []);

  const set = (changes: Partial<Form>) => setForm((prev) => ({ ...prev, ...changes }));
  const stop = () => {
    workerRef.current?.terminate();
    workerRef.current = null;
  };
  const run = () => {
    const parsed = toRunParams(shown, sample);
    setErrors(parsed.errors ?? {});
    if (!parsed.params) return;
    stop();
    const worker = new Worker(new URL('./monte-carlo.worker.ts', import.meta.url), { type: 'module' });
    workerRef.current = worker;
    setStatus({ kind: 'running', done: 0, total: parsed.params.runs });
    worker.onmessage = (event: MessageEvent<MonteCarloWorkerResponse>) => {
      const message = event.data;
      if (message.type === 'progress') setStatus({ kind: 'running', done: message.done, total: message.total });
      else {
        runIdRef.current += 1;
        setStatus(
          message.type === 'result'
            ? { kind: 'done', result: message.result, runId: runIdRef.current }
            : { kind: 'error', message: message.message },
        );
        stop();
      }
    };
    worker.onerror = () => {
      setStatus({ kind: 'error', message: 'The simulation stopped unexpectedly. Try fewer runs.' });
      stop();
    };
    worker.postMessage(parsed.params);
  };
  const cancel = () => {
    stop();
    setStatus({ kind: 'idle' });
  };

  const isRunning = status.kind === 'running';
  const hasSample = sample.length > 0;
  const field = (key: keyof Form, label: string, input: ReactNode, hint?: string) => (
    <div className="grid min-w-0 content-start gap-1">
      <label htmlFor={`${ids}-${key}`} className="text-xs font-medium text-muted">
        {label}
      </label>
      {input}
      {errors[key] ? (
        <p id={`${ids}-${key}-error`} className="text-xs text-loss">
          {errors[key]}
        </p>
      ) : (
        hint && <p className="text-xs text-muted">{hint}</p>
      )}
    </div>
  );
  const inputProps = (key: keyof Form) => ({
    id: `${ids}-${key}`,
    className: SELECT_CLASS,
    value: shown[key],
    disabled: isRunning,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${ids}-${key}-error` : undefined,
    onChange: (e: { target: { value: string } }) => set({ [key]: e.target.value }),
  });

  return (
    <AnalyticsSection
      title="Monte Carlo"
      intro="Thousands of alternative futures built from your own trade results: how far equity could run, how deep it could fall, and how often it hits your ruin level. Drawdowns count from the running peak, the start included; ruin counts if equity touches the level at any step."
      testId="monte-carlo"
    >
      <QueryState isPending={outcomes.isPending} error={outcomes.error} label="your trade results" />
      {data && (
        <form
          aria-label="Monte Carlo settings"
          onSubmit={(e) => {
            e.preventDefault();
            run();
          }}
          className="grid gap-4"
        >
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {field('runs', 'Runs', <input {...inputProps('runs')} inputMode="numeric" />, '1,000 to 100,000')}
            {field(
              'horizon',
              'Horizon (trades)',
              <input {...inputProps('horizon')} inputMode="numeric" />,
              `Your sample: ${sample.length}`,
            )}
            {field(
              'method',
              'Method',
              <select {...inputProps('method')} onChange={(e) => set({ method: e.target.value as MonteCarloMethod })}>
                <option value="bootstrap">Bootstrap (with replacement)</option>
                <option value="shuffle">Shuffle (reorder history)</option>
              </select>,
            )}
            {field(
              'sizing',
              'Position sizing',
              <select
                {...inputProps('sizing')}
                onChange={(e) => set({ sizing: e.target.value as MonteCarloSizing, horizon: '' })}
              >
                <option value="fixed-dollar">Fixed dollar (replay $ P&L)</option>
                <option value="fixed-fraction">Fixed fraction (risk % of equity)</option>
              </select>,
            )}
            {form.sizing === 'fixed-fraction' &&
              field(
                'riskPercent',
                'Risk per trade (%)',
                <input {...inputProps('riskPercent')} inputMode="decimal" />,
                'Of current equity, × each trade’s R',
              )}
            {field(
              'ruinPercent',
              'Ruin at drawdown (%)',
              <input {...inputProps('ruinPercent')} inputMode="decimal" />,
              'Below the starting equity',
            )}
            {field(
              'startingEquity',
              `Starting equity (${toCurrencySymbol(data.currency).trim()})`,
              <input {...inputProps('startingEquity')} inputMode="decimal" />,
              data.startingEquity > 0
                ? 'Your accounts’ starting balance'
                : `No starting balance set: using ${formatMoneyIn(FALLBACK_EQUITY, data.currency, { isWhole: true })}`,
            )}
            {field(
              'seed',
              'Seed',
              <div className="flex gap-1">
                <input {...inputProps('seed')} inputMode="numeric" className={`${SELECT_CLASS} min-w-0`} />
                <Button
                  variant="secondary"
                  className="shrink-0 px-2.5"
                  onClick={() => set({ seed: newSeed() })}
                  disabled={isRunning}
                  aria-label="New seed"
                  title="New seed"
                >
                  <Dice5 className="h-4 w-4" aria-hidden="true" />
                </Button>
              </div>,
              'Same seed, same result',
            )}
          </div>
          <StartingBalanceNote balances={data.unconvertedStartingBalances} currency={data.currency} />
          {!hasSample && (
            <p className="text-sm text-muted">
              {form.sizing === 'fixed-fraction'
                ? 'Fixed-fraction sizing needs trades with an R-multiple: add a stop price or a risk amount to your trades.'
                : 'No closed trades to simulate yet.'}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            {isRunning ? (
              <Button variant="secondary" onClick={cancel}>
                <Square className="h-4 w-4" aria-hidden="true" />
                Cancel
              </Button>
            ) : (
              <Button type="submit" disabled={!hasSample}>
                <Play className="h-4 w-4" aria-hidden="true" />
                Run simulation
              </Button>
            )}
            {isRunning && (
              <div className="flex min-w-48 flex-1 items-center gap-3">
                <div
                  role="progressbar"
                  aria-label="Simulation progress"
                  aria-valuemin={0}
                  aria-valuemax={status.total}
                  aria-valuenow={status.done}
                  aria-valuetext={`${status.done.toLocaleString('en-US')} of ${status.total.toLocaleString('en-US')} runs`}
                  className="h-2 flex-1 overflow-hidden rounded-full bg-sunken"
                >
                  <div
                    className="h-full bg-accent transition-[width]"
                    style={{ width: `${(100 * status.done) / status.total}%` }}
                  />
                </div>
                <span className="text-sm tabular-nums text-muted">
                  {Math.round((100 * status.done) / status.total)}%
                </span>
              </div>
            )}
          </div>
        </form>
      )}
      {status.kind === 'error' && (
        <p role="alert" className="mt-4 text-sm text-loss">
          {status.message}
        </p>
      )}
      {/* A new run remounts its charts: uPlot is rebuilt for data of another shape. */}
      {status.kind === 'done' && (
        <MonteCarloResults key={status.runId} result={status.result} currency={outcomes.data?.currency ?? 'USD'} />
      )}
    </AnalyticsSection>
  );
}

/** The simulation's figures, its amounts in the currency of the outcomes it resampled. */
function MonteCarloResults({ result, currency }: { result: MonteCarloResult; currency: string }) {
  const money = (value: number, options: MoneyFormatOptions = {}) => formatMoneyIn(value, currency, options);
  const ruined = Math.round(result.probabilityOfRuin * result.runs);
  const runs = result.runs.toLocaleString('en-US');
  const sizing =
    result.sizing === 'fixed-dollar'
      ? 'fixed-dollar sizing'
      : `risking ${formatPercent(result.riskFraction ?? 0, 1)} of equity per trade`;
  const final = result.finalEquity;
  const dd = result.maxDrawdownFrac;
  // The bins' edges, so a bin's range in the tooltip never reads "0.0%–0.0%".
  const ddDigits = toDistinctPercentDigits([...dd.histogram.map((b) => b.from), dd.histogram.at(-1)?.to ?? 0], 1);
  const last = result.fan.at(-1);
  const fanSummary = last
    ? `Equity fan over ${result.horizon} trades from ${money(result.startingEquity)}: after the last trade the median path ends at ${money(last.p50)}, the middle half between ${money(last.p25)} and ${money(last.p75)}, and 90% between ${money(last.p5)} and ${money(last.p95)}.`
    : 'No equity fan.';
  const pct = (v: number) => formatPercent(v, 0);
  const tableSteps = result.fan.filter(
    (_, i) => i % Math.max(1, Math.ceil(result.fan.length / 10)) === 0 || i === result.fan.length - 1,
  );
  return (
    <div className="mt-6 grid gap-6" aria-live="polite" data-testid="monte-carlo-results">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,18rem)_1fr]">
        <div className="rounded-xl border border-line bg-bg p-4">
          <p className="text-sm font-medium text-muted">Probability of ruin</p>
          <p className="text-5xl font-bold tabular-nums text-fg" data-testid="ruin-probability">
            {formatPercent(result.probabilityOfRuin, 1)}
          </p>
          <p className="mt-2 text-sm text-muted">
            {ruined.toLocaleString('en-US')} of {runs} simulated paths of {result.horizon} trades touched{' '}
            {money(result.ruinEquity)} ({pct(result.ruinDrawdownFrac)} below the start) at some point.
          </p>
          <p className="mt-2 text-xs text-muted" data-testid="monte-carlo-seed">
            Seed {result.seed} · {runs} runs · {result.method} · {sizing} · sample of {result.sampleSize} trades
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
          {(
            [
              ['Median final equity', money(percentile(final, 50))],
              [
                'Final equity, 5th–95th',
                `${money(percentile(final, 5), { isWhole: true })} – ${money(percentile(final, 95), { isWhole: true })}`,
              ],
              ['Ends below the start', formatPercent(final.probabilityBelowStart, 1)],
              ['Median max drawdown', formatPercent(percentile(dd, 50), 1)],
              ['95% of paths stay above', `−${formatPercent(percentile(dd, 95), 1)}`],
              [
                'Longest losing streak (median / 95th)',
                `${percentile(result.longestLosingStreak, 50)} / ${percentile(result.longestLosingStreak, 95)}`,
              ],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="min-w-0 rounded-lg bg-sunken px-3 py-2">
              <dt className="text-xs text-muted">{label}</dt>
              <dd className="font-semibold tabular-nums text-fg">{value}</dd>
            </div>
          ))}
        </dl>
      </div>

      <figure className="min-w-0">
        <figcaption className="mb-2 text-sm font-semibold text-fg">
          Equity fan (5th, 25th, median, 75th, 95th percentile)
        </figcaption>
        <ChartBox summary={fanSummary}>
          <FanChart result={result} currency={currency} height={280} />
        </ChartBox>
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-medium text-accent hover:underline">
            Show fan as a table
          </summary>
          <div
            role="region"
            aria-label="Equity fan table"
            tabIndex={0}
            className="relative mt-2 overflow-x-auto rounded-lg border border-line"
          >
            <table className="w-full text-sm">
              <caption className="sr-only">Equity percentiles after each number of trades</caption>
              <thead className="bg-sunken text-xs text-muted">
                <tr>
                  {['After trade', '5th', '25th', 'Median', '75th', '95th'].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 text-right font-medium first:text-left">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {tableSteps.map((f) => (
                  <tr key={f.step} className="border-t border-line">
                    <th scope="row" className="px-3 py-1.5 text-left font-medium text-fg">
                      {f.step}
                    </th>
                    {[f.p5, f.p25, f.p50, f.p75, f.p95].map((v, i) => (
                      <td key={i} className="px-3 py-1.5 text-right tabular-nums text-fg">
                        {money(v, { isWhole: true })}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </figure>

      <div className="grid gap-6 lg:grid-cols-2">
        <figure className="min-w-0">
          <figcaption className="mb-2 text-sm font-semibold text-fg">Maximum drawdown per path</figcaption>
          <ChartBox
            summary={`Histogram of the deepest drawdown on each of ${runs} paths: median ${formatPercent(percentile(dd, 50), 1)}, 95th percentile ${formatPercent(percentile(dd, 95), 1)}, worst ${formatPercent(dd.max, 1)}.`}
          >
            <BarChart
              labels={dd.histogram.map((b) => `${formatPercent(b.from, ddDigits)}–${formatPercent(b.to, ddDigits)}`)}
              axisLabels={formatPercentTicks(dd.histogram.map((b) => b.from))}
              values={dd.histogram.map((b) => b.count)}
              height={200}
              color="loss"
              valueLabel="Paths"
              formatValue={(v) => v.toLocaleString('en-US')}
              testId="drawdown-histogram"
            />
          </ChartBox>
        </figure>
        <figure className="min-w-0">
          <figcaption className="mb-2 text-sm font-semibold text-fg">Final equity per path</figcaption>
          <ChartBox
            summary={`Histogram of final equity on ${runs} paths: median ${money(percentile(final, 50))}, 5th percentile ${money(percentile(final, 5))}, 95th percentile ${money(percentile(final, 95))}.`}
          >
            <BarChart
              labels={final.histogram.map(
                (b) => `${money(b.from, { isWhole: true })}–${money(b.to, { isWhole: true })}`,
              )}
              axisLabels={final.histogram.map((b) => money(b.from, { compactDigits: 1 }))}
              values={final.histogram.map((b) => b.count)}
              height={200}
              color="accent"
              valueLabel="Paths"
              formatValue={(v) => v.toLocaleString('en-US')}
              testId="final-equity-histogram"
            />
          </ChartBox>
        </figure>
      </div>
    </div>
  );
}
