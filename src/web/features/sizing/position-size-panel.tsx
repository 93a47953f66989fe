import { Calculator, ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import type { AccountJson } from '../../../contracts/trades';
import { computePositionSize, type SizingAssetType } from '../../../core/sizing/position-size';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { AssetFields, RiskField, type SetSizingField } from './sizing-fields';
import {
  formatSize,
  toAssetGuess,
  toDefaultAccountSize,
  toFieldErrors,
  toQuantityText,
  toSizingParams,
  type SizingForm,
} from './sizing-form';
import { SizingProblems, SizingSummary } from './sizing-results';
import { useSizingForm } from './use-sizing-form';

export type TradeLevels = {
  symbol: string;
  direction: 'long' | 'short';
  entry: string;
  stop: string;
  target: string;
};

/**
 * The trade form's collapsible calculator: sizes the trade from the form's entry, stop, target and
 * symbol, with the account's starting balance and the remembered risk, and fills the quantity.
 */
export function PositionSizePanel({
  trade,
  account,
  onUseSize,
}: {
  trade: TradeLevels;
  /** The account the trade goes to; its starting balance is the default account size. */
  account: AccountJson | undefined;
  onUseSize: (quantity: string) => void;
}) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [form, setForm] = useSizingForm();
  const [accountSize, setAccountSize] = useState<string | null>(null);
  const [assetType, setAssetType] = useState<SizingAssetType | null>(null);
  const [usedQuantity, setUsedQuantity] = useState<string | null>(null);

  const fallback = account ? toDefaultAccountSize([account]) : null;
  const currency = account?.currency ?? 'USD';
  const guess = toAssetGuess(trade.symbol);
  const effective: SizingForm = {
    ...form,
    accountSize: accountSize ?? fallback?.amount ?? '',
    assetType: assetType ?? guess?.assetType ?? 'stock',
    symbol: trade.symbol,
    pair: guess?.pair || trade.symbol,
    entry: trade.entry,
    stop: trade.stop,
    target: trade.target,
  };
  const set: SetSizingField = (key, value) => {
    if (key === 'accountSize') setAccountSize(String(value));
    else if (key === 'assetType')
      setAssetType(value as SizingAssetType); // the key narrows value's type
    else setForm(key, value);
  };

  const params = toSizingParams(effective, { accountCurrency: currency, direction: trade.direction });
  const result = computePositionSize(params); // microseconds: no memo needed
  const errors = result.isOk ? {} : toFieldErrors(result.issues);

  return (
    <section className="rounded-xl border border-line bg-sunken/40" data-testid="position-size-panel">
      <h3 className="m-0">
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={`${id}-body`}
          onClick={() => setIsOpen((v) => !v)}
          className="flex w-full items-center gap-2 rounded-xl px-4 py-3 text-left text-sm font-semibold text-fg hover:bg-sunken focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Calculator className="h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
          <span>Position size</span>
          <span className="ml-auto truncate text-xs font-normal text-muted">
            {result.isOk ? formatSize(result.size) : 'Size from your risk'}
          </span>
          <ChevronDown
            className={`h-4 w-4 shrink-0 text-muted transition-transform ${isOpen ? 'rotate-180' : ''}`}
            aria-hidden="true"
          />
        </button>
      </h3>
      {isOpen && (
        <div id={`${id}-body`} className="grid gap-4 border-t border-line px-4 pb-4 pt-3">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <TextField
              label={`Account size (${currency})`}
              inputMode="decimal"
              autoComplete="off"
              value={effective.accountSize}
              onChange={(e) => set('accountSize', e.target.value)}
              error={errors.accountSize}
            />
            <RiskField form={effective} set={set} currency={currency} error={errors.risk} />
            <AssetFields form={effective} set={set} accountCurrency={currency} errors={errors} hasSymbol={false} />
          </div>
          <div aria-live="polite" data-testid="sizing-result">
            {result.isOk ? (
              <SizingSummary
                size={result.size}
                action={
                  <Button
                    size="sm"
                    onClick={() => {
                      const quantity = toQuantityText(result.size);
                      onUseSize(quantity);
                      setUsedQuantity(quantity);
                    }}
                  >
                    Use this size
                  </Button>
                }
              />
            ) : (
              <SizingProblems result={result} compact outsideFields={['entry', 'stop', 'target', 'pair']} />
            )}
            {usedQuantity !== null && result.isOk && usedQuantity === toQuantityText(result.size) && (
              <p className="mt-2 text-xs text-gain">Quantity set to {usedQuantity}.</p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
