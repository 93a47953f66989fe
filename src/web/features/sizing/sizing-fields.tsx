import { useId } from 'react';
import { FUTURES_CONTRACTS } from '../../../core/instruments/futures';
import {
  LOT_TYPES,
  SIZING_ASSET_TYPES,
  type RiskMode,
  type SizingAssetType,
  type SizingField,
} from '../../../core/sizing/position-size';
import { TextField } from '../../components/ui/field';
import { SELECT_CLASS } from '../trades/dialog-frame';
import { formatMoney } from '../trades/format';
import {
  ASSET_TYPE_LABELS,
  LOT_LABELS,
  toFuturesInfo,
  toNeededConversion,
  toToggledRisk,
  type SizingForm,
} from './sizing-form';

export type SetSizingField = <K extends keyof SizingForm>(key: K, value: SizingForm[K]) => void;
type Errors = Partial<Record<SizingField, string>>;

const FUTURES_ROOTS = Object.keys(FUTURES_CONTRACTS);

/** Risk per trade: a percentage of the account or an amount, with a two-way toggle. */
export function RiskField({
  form,
  set,
  currency,
  error,
}: {
  form: SizingForm;
  set: SetSizingField;
  currency: string;
  error?: string;
}) {
  const id = useId();
  const isPercent = form.riskMode === 'percent';
  const toggle = (riskMode: RiskMode) => {
    const next = toToggledRisk(form, riskMode);
    set('riskMode', next.riskMode);
    set('risk', next.risk);
  };
  const toggleClass = (isOn: boolean) =>
    `h-6 min-w-9 rounded-md px-2 text-xs font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ${
      isOn ? 'bg-accent text-accent-fg shadow-sm' : 'text-muted hover:text-fg'
    }`;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={`${id}-risk`} className="text-sm font-medium text-fg">
          {isPercent ? 'Risk (%)' : `Risk (${currency})`}
        </label>
        <div
          role="group"
          aria-label="Risk as"
          className="-my-1.5 inline-flex rounded-lg border border-line bg-sunken p-0.5"
        >
          <button
            type="button"
            className={toggleClass(isPercent)}
            aria-pressed={isPercent}
            aria-label="Percent of account"
            onClick={() => toggle('percent')}
          >
            %
          </button>
          <button
            type="button"
            className={toggleClass(!isPercent)}
            aria-pressed={!isPercent}
            aria-label={`Amount in ${currency}`}
            onClick={() => toggle('amount')}
          >
            {currency === 'USD' ? '$' : currency}
          </button>
        </div>
      </div>
      <input
        id={`${id}-risk`}
        inputMode="decimal"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`block w-full rounded-lg border bg-elevated px-3 py-2 text-sm text-fg focus:outline-none focus-visible:ring-2 focus-visible:ring-ring ${error ? 'border-loss' : 'border-line'}`}
        value={form.risk}
        onChange={(e) => set('risk', e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-loss">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The asset type and what it needs: the futures symbol (with the table's point value), the forex
 * pair and lot size, option and CFD multipliers, and a conversion rate for foreign-currency prices.
 * `hasSymbol` hides the symbol and pair inputs when a trade form already supplies them.
 */
export function AssetFields({
  form,
  set,
  accountCurrency,
  errors,
  hasSymbol = true,
}: {
  form: SizingForm;
  set: SetSizingField;
  accountCurrency: string;
  errors: Errors;
  hasSymbol?: boolean;
}) {
  const id = useId();
  const futures = form.assetType === 'future' ? toFuturesInfo(form.symbol) : null;
  const conversionPair = toNeededConversion(form, accountCurrency);
  const isUnknownRoot = form.assetType === 'future' && form.symbol.trim() !== '' && !futures;
  return (
    <>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-type`} className="text-sm font-medium text-fg">
          Asset type
        </label>
        <select
          id={`${id}-type`}
          className={SELECT_CLASS}
          value={form.assetType}
          onChange={(e) => {
            const next = SIZING_ASSET_TYPES.find((t) => t === e.target.value);
            if (next) set('assetType', next satisfies SizingAssetType);
          }}
        >
          {SIZING_ASSET_TYPES.map((t) => (
            <option key={t} value={t}>
              {ASSET_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>

      {(form.assetType === 'stock' || form.assetType === 'etf') && (
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-fg">
          <input
            type="checkbox"
            className="h-4 w-4 accent-[var(--color-accent)]"
            checked={form.isFractional}
            onChange={(e) => set('isFractional', e.target.checked)}
          />
          Fractional shares
        </label>
      )}

      {form.assetType === 'option' && (
        <TextField
          label="Multiplier"
          hint="Shares per contract; 100 unless the contract is adjusted."
          inputMode="decimal"
          placeholder="100"
          value={form.multiplier}
          onChange={(e) => set('multiplier', e.target.value)}
          error={errors.multiplier}
        />
      )}

      {form.assetType === 'future' && hasSymbol && (
        <div className="grid gap-1.5">
          <TextField
            label="Futures symbol"
            list={`${id}-roots`}
            placeholder="ES, MNQ, CLZ25…"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            value={form.symbol}
            onChange={(e) => set('symbol', e.target.value)}
            error={errors.symbol}
            hint={<FuturesHint info={futures} />}
          />
          <datalist id={`${id}-roots`}>
            {FUTURES_ROOTS.map((root) => (
              <option key={root} value={root}>
                {FUTURES_CONTRACTS[root]?.name}
              </option>
            ))}
          </datalist>
        </div>
      )}
      {form.assetType === 'future' && !hasSymbol && futures && (
        <p className="self-end pb-2 text-sm text-muted" data-testid="sizing-point-value">
          <FuturesHint info={futures} />
        </p>
      )}
      {(isUnknownRoot || (form.assetType === 'future' && form.pointValue !== '')) && (
        <TextField
          label="Point value"
          hint={`${accountCurrency} per 1.00 move per contract.`}
          inputMode="decimal"
          value={form.pointValue}
          onChange={(e) => set('pointValue', e.target.value)}
          error={errors.pointValue ?? (hasSymbol ? undefined : errors.symbol)}
        />
      )}

      {form.assetType === 'forex' && hasSymbol && (
        <TextField
          label="Currency pair"
          placeholder="EUR/USD"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          value={form.pair}
          onChange={(e) => set('pair', e.target.value)}
          error={errors.pair}
        />
      )}
      {form.assetType === 'forex' && (
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-lot`} className="text-sm font-medium text-fg">
            Lot size
          </label>
          <select
            id={`${id}-lot`}
            className={SELECT_CLASS}
            value={form.lotType}
            onChange={(e) => {
              const next = LOT_TYPES.find((t) => t === e.target.value);
              if (next) set('lotType', next);
            }}
          >
            {LOT_TYPES.map((t) => (
              <option key={t} value={t}>
                {LOT_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
      )}

      {form.assetType === 'cfd' && (
        <>
          <TextField
            label="Multiplier"
            hint="Value of a 1.00 move per unit; 1 for most CFDs."
            inputMode="decimal"
            placeholder="1"
            value={form.multiplier}
            onChange={(e) => set('multiplier', e.target.value)}
            error={errors.multiplier}
          />
          <TextField
            label="Smallest size"
            hint="Your broker's minimum step, e.g. 0.01."
            inputMode="decimal"
            placeholder="1"
            value={form.increment}
            onChange={(e) => set('increment', e.target.value)}
            error={errors.increment}
          />
        </>
      )}

      {conversionPair && (
        <TextField
          label={`${conversionPair} rate`}
          hint={`Prices are not in ${accountCurrency}; this rate converts them.`}
          inputMode="decimal"
          autoComplete="off"
          value={form.conversionRate}
          onChange={(e) => set('conversionRate', e.target.value)}
          error={errors.conversionRate}
        />
      )}
    </>
  );
}

function FuturesHint({ info }: { info: ReturnType<typeof toFuturesInfo> }) {
  if (!info) return <>Type a root such as ES, NQ, CL or GC.</>;
  return (
    <>
      {info.name} ({info.root}) ·{' '}
      <span className="font-semibold text-fg">{formatMoney(info.pointValue, info.currency)}</span> per point
    </>
  );
}
