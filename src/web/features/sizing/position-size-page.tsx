import { apiQuery } from '../../lib/api';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef } from 'react';
import { computePositionSize } from '../../../core/sizing/position-size';
import { AppPage, AppPageHeader } from '../../components/layout/app-shell';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { AssetFields, RiskField } from './sizing-fields';
import { toDefaultAccountSize, toFieldErrors, toSizingParams } from './sizing-form';
import { CopySizeButton, SizingProblems, SizingSummary } from './sizing-results';
import { useSizingForm } from './use-sizing-form';

/** /position-size: how much to trade so that a stop-out costs what you chose to risk. */
export default function PositionSizePage() {
  const ids = useId();
  const accounts = useQuery(apiQuery('GET /api/accounts'));
  const fallback = useMemo(() => toDefaultAccountSize(accounts.data?.accounts ?? []), [accounts.data]);
  const currency = fallback?.currency ?? 'USD';
  const [form, set] = useSizingForm();

  // The accounts' starting balances fill the account size once, unless the user has typed one.
  const hasDefaulted = useRef(false);
  useEffect(() => {
    if (hasDefaulted.current || !fallback) return;
    hasDefaulted.current = true;
    if (form.accountSize === '') set('accountSize', fallback.amount);
  }, [fallback, form.accountSize, set]);

  const result = useMemo(
    () => computePositionSize(toSizingParams(form, { accountCurrency: currency })),
    [form, currency],
  );
  const errors = result.isOk ? {} : toFieldErrors(result.issues);
  const isFromAccounts = fallback !== null && form.accountSize === fallback.amount;

  return (
    <AppPage>
      <AppPageHeader
        title="Position Size"
        intro="How much to buy or sell so that being stopped out costs exactly what you chose to risk — never more."
      />
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,25rem)]">
        <Card className="grid gap-6 p-4 sm:p-6">
          <section aria-labelledby={`${ids}-account`} className="grid gap-4">
            <h2 id={`${ids}-account`} className="text-base font-semibold text-fg">
              Account and risk
            </h2>
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <TextField
                label={`Account size (${currency})`}
                inputMode="decimal"
                autoComplete="off"
                value={form.accountSize}
                onChange={(e) => set('accountSize', e.target.value)}
                error={errors.accountSize}
                hint={isFromAccounts ? 'The starting balances of your accounts.' : undefined}
              />
              <RiskField form={form} set={set} currency={currency} error={errors.risk} />
            </div>
          </section>
          <section aria-labelledby={`${ids}-trade`} className="grid gap-4">
            <h2 id={`${ids}-trade`} className="text-base font-semibold text-fg">
              The trade
            </h2>
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <AssetFields form={form} set={set} accountCurrency={currency} errors={errors} />
            </div>
            <div className="grid items-start gap-4 sm:grid-cols-3">
              <TextField
                label="Entry price"
                inputMode="decimal"
                autoComplete="off"
                value={form.entry}
                onChange={(e) => set('entry', e.target.value)}
                error={errors.entry}
              />
              <TextField
                label="Stop price"
                inputMode="decimal"
                autoComplete="off"
                value={form.stop}
                onChange={(e) => set('stop', e.target.value)}
                error={errors.stop}
              />
              <TextField
                label="Target (optional)"
                inputMode="decimal"
                autoComplete="off"
                value={form.target}
                onChange={(e) => set('target', e.target.value)}
                error={errors.target}
              />
            </div>
          </section>
        </Card>

        <Card className="p-4 sm:p-6 lg:sticky lg:top-6" aria-labelledby={`${ids}-result`} role="region">
          <h2 id={`${ids}-result`} className="mb-4 text-base font-semibold text-fg">
            Result
          </h2>
          <div aria-live="polite" data-testid="sizing-result">
            {result.isOk ? (
              <SizingSummary size={result.size} action={<CopySizeButton size={result.size} />} />
            ) : (
              <SizingProblems result={result} />
            )}
          </div>
        </Card>
      </div>

      <Card className="mt-6 p-4 sm:p-6">
        <h2 className="text-base font-semibold text-fg">How the size is worked out</h2>
        <ol className="mt-3 grid list-decimal gap-2 pl-5 text-sm text-muted marker:text-muted">
          <li>
            <span className="font-medium text-fg">Risk amount</span> = account size × risk %, or the amount you enter.
          </li>
          <li>
            <span className="font-medium text-fg">Risk per unit</span> = |entry − stop| × multiplier: 1 for a share, 100
            for an option contract, the point value for a future (ES $50, MES $5, NQ $20). For forex the pip is 0.0001
            (0.01 for yen pairs); a pip on a standard lot is worth $10 when USD is the quote currency, pip × 100,000 ÷
            price when USD is the base, and is converted at the rate you enter for crosses.
          </li>
          <li>
            <span className="font-medium text-fg">Size</span> = risk amount ÷ risk per unit, rounded down to a whole
            share, contract or lot (a satoshi for crypto), so the amount actually at risk never exceeds your choice.
          </li>
          <li>
            <span className="font-medium text-fg">Reward : risk</span> = |target − entry| ÷ |entry − stop|.
          </li>
        </ol>
        <p className="mt-3 text-sm text-muted">
          Example: 1% of a $25,000 account is $250. Buying at 50 with a stop at 48 risks $2 a share, so the size is 125
          shares. Fees and slippage are not included.
        </p>
      </Card>
    </AppPage>
  );
}
