import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ArrowLeftRight } from 'lucide-react';
import type { FxRatesSavedJson } from '../../../contracts/fx-rates';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { api, apiQuery, toApiError, toApiErrorOf } from '../../lib/api';
import { toast } from '../../lib/use-toast';

/** The anchor the dashboard's and analytics' "could not be converted" note links to. */
export const EXCHANGE_RATES_HASH = 'exchange-rates';

const ISSUE_LABELS: Record<FxRatesSavedJson['issues'][number]['code'], string> = {
  MISSING: 'empty',
  BAD_DATE: 'not a date such as 2025-01-08',
  BAD_CURRENCY: 'not a currency code such as EUR',
  NOT_A_POSITIVE_NUMBER: 'not a positive number',
  BAD_HEADER: 'the header needs date, from, to and rate',
};

/** Rates change every trade's figures in the account's and the base currency: both are read again. */
async function refreshAfterRates(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/fx-rates'] }),
    queryClient.invalidateQueries({
      predicate: (query) => String(query.queryKey[0] ?? '').startsWith('/api/analytics'),
    }),
    queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0] ?? '').startsWith('/api/trades') }),
  ]);
}

/** The CSV sent as it is (the route reads a text/csv body), answered as the route table says. */
async function uploadRates(csv: string): Promise<FxRatesSavedJson> {
  const res = await fetch('/api/fx-rates', {
    method: 'POST',
    headers: { 'Content-Type': 'text/csv' },
    body: csv,
    credentials: 'include',
  });
  const text = await res.text();
  if (!res.ok) throw toApiErrorOf(res.status, text, res.statusText);
  return JSON.parse(text) as FxRatesSavedJson; // the route's 201 answer (fxRatesSavedJsonSchema), checked by its tests
}

const rateCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'rate' : 'rates'}`;

/**
 * Settings → Exchange rates (issue 42): the table that converts a trade without its file's rate
 * into its account's currency, and accounts in different currencies into the base currency. A CSV
 * (date,from,to,rate) is uploaded, or a pair's daily rates fetched from the configured provider.
 */
export function ExchangeRatesCard({ baseCurrency }: { baseCurrency: string }) {
  const queryClient = useQueryClient();
  const { data, isLoading } = useQuery(apiQuery('GET /api/fx-rates'));
  const rates = data?.rates ?? [];
  const [issues, setIssues] = useState<FxRatesSavedJson['issues']>([]);
  const [pair, setPair] = useState({ from: '', to: baseCurrency, start: '', end: '' });
  const [fetchErrors, setFetchErrors] = useState<Record<string, string>>({});
  // Reached from a "could not be converted" note's link (/settings#exchange-rates): shown at once.
  useEffect(() => {
    if (window.location.hash === `#${EXCHANGE_RATES_HASH}`)
      document.getElementById(EXCHANGE_RATES_HASH)?.scrollIntoView({ block: 'start' });
  }, []);

  const onSaved = async (saved: FxRatesSavedJson) => {
    setIssues(saved.issues);
    toast({ title: `Saved ${rateCount(saved.saved)}` });
    await refreshAfterRates(queryClient);
  };
  const upload = useMutation({
    mutationFn: async (file: File) => uploadRates(await file.text()),
    onSuccess: onSaved,
    onError: (err) =>
      toast({ variant: 'destructive', title: 'Could not save the rates', description: toApiError(err).message }),
  });
  const fetchRates = useMutation({
    mutationFn: (body: typeof pair) => api('POST /api/fx-rates/fetch', { body }),
    onSuccess: async (saved) => {
      setFetchErrors({});
      await onSaved(saved);
    },
    onError: (err) => {
      const failure = toApiError(err);
      setFetchErrors(failure.fields);
      toast({ variant: 'destructive', title: 'Could not fetch rates', description: failure.message });
    },
  });

  const onFetch = (event: FormEvent) => {
    event.preventDefault();
    fetchRates.mutate(pair);
  };
  const field = (name: keyof typeof pair) => ({
    value: pair[name],
    error: fetchErrors[name],
    onChange: (event: { target: { value: string } }) => setPair((p) => ({ ...p, [name]: event.target.value })),
  });

  return (
    <Card>
      <section id={EXCHANGE_RATES_HASH} aria-labelledby="exchange-rates-heading" data-testid="exchange-rates">
        <h2 id="exchange-rates-heading" className="flex items-center gap-2 text-lg font-semibold text-fg">
          <ArrowLeftRight className="h-5 w-5 text-accent" aria-hidden="true" />
          Exchange rates
        </h2>
        <p className="mt-1 text-sm text-muted">
          A trade in another currency than its account&apos;s is converted at each fill&apos;s rate from its broker
          file; a fill without one uses the latest rate here on or before its day. Across accounts in different
          currencies, totals are in your base currency ({baseCurrency}), each trade converted at the rate of the day it
          closed. A trade with no rate is left out of the totals and shown apart.
        </p>

        <div className="mt-4 grid gap-2">
          <label htmlFor="fx-rates-file" className="text-sm font-medium text-fg">
            Upload a CSV (columns date, from, to, rate: one {`"from"`} unit in {`"to"`} units)
          </label>
          <input
            id="fx-rates-file"
            type="file"
            accept=".csv,text/csv,text/plain"
            disabled={upload.isPending}
            className="block w-full max-w-full text-sm text-fg file:mr-3 file:rounded-lg file:border file:border-line file:bg-elevated file:px-3 file:py-2 file:text-sm file:font-semibold file:text-fg"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload.mutate(file);
              event.target.value = '';
            }}
          />
          {issues.length > 0 && (
            <ul aria-label="Rows left out" className="text-sm text-loss">
              {issues.map((issue) => (
                <li key={`${issue.row}-${issue.column}`}>
                  Row {issue.row}, {issue.column}: {ISSUE_LABELS[issue.code]}
                  {issue.raw ? ` (${issue.raw})` : ''}
                </li>
              ))}
            </ul>
          )}
        </div>

        <form onSubmit={onFetch} className="mt-5 grid gap-3 sm:grid-cols-4" aria-label="Fetch rates from the provider">
          <TextField label="From" placeholder="USD" autoCapitalize="characters" {...field('from')} />
          <TextField label="To" placeholder="EUR" autoCapitalize="characters" {...field('to')} />
          <TextField label="First day" type="date" {...field('start')} />
          <TextField label="Last day" type="date" {...field('end')} />
          <div className="sm:col-span-4">
            <Button type="submit" variant="secondary" disabled={fetchRates.isPending}>
              Fetch from the provider
            </Button>
          </div>
        </form>

        <div className="mt-5">
          {isLoading ? (
            <p role="status" className="text-sm text-muted">
              Loading rates…
            </p>
          ) : rates.length === 0 ? (
            <p className="text-sm text-muted">No rates yet.</p>
          ) : (
            <div className="max-h-80 overflow-auto rounded-lg border border-line">
              <table className="w-full text-sm">
                <caption className="sr-only">Your exchange rates, newest first</caption>
                <thead className="sticky top-0 bg-elevated text-left text-muted">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Day
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Pair
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Rate
                    </th>
                    <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                      Source
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rates.map((rate) => (
                    <tr key={`${rate.date}-${rate.from}-${rate.to}`} className="border-t border-line">
                      <td className="px-3 py-2 tabular-nums">{rate.date}</td>
                      <td className="px-3 py-2">
                        {rate.from}→{rate.to}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">{rate.rate}</td>
                      <td className="hidden px-3 py-2 text-muted sm:table-cell">
                        {rate.source === 'provider' ? 'Provider' : 'Upload'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </section>
    </Card>
  );
}
