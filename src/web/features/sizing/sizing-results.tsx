import { Check, Copy } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { PositionSize, PositionSizeResult, SizingField, SizingIssue } from '../../../core/sizing/position-size';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/use-toast';
import { formatMoney } from '../trades/format';
import { formatNumber, formatPercent, formatRewardRisk, formatSize, toQuantityText } from './sizing-form';

const UNIT_NAMES: Record<PositionSize['unit'], string> = {
  shares: 'share',
  contracts: 'contract',
  coins: 'coin',
  units: 'unit',
};

const money = (value: { toString: () => string }, currency: string) => formatMoney(value.toString(), currency);

const FIELD_NAMES: Partial<Record<SizingField, string>> = {
  accountSize: 'account size',
  risk: 'risk',
  entry: 'entry',
  stop: 'stop',
  symbol: 'futures symbol',
  pair: 'currency pair',
};

/** "Enter the entry and stop to see the size." */
function toMissingMessage(issues: SizingIssue[]): string {
  const names = issues.map((i) => FIELD_NAMES[i.field]).filter((n): n is string => n !== undefined);
  if (names.length === 0) return 'Fill in the fields to see the size.';
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
  return `Enter the ${list ?? ''} to see the size.`;
}

/** What is missing or wrong, in one place, when there is no size to show. */
export function SizingProblems({
  result,
  compact,
  outsideFields = [],
}: {
  result: PositionSizeResult;
  compact?: boolean;
  /** Fields whose inputs live elsewhere (the trade form): their problems are listed here. */
  outsideFields?: SizingField[];
}) {
  if (result.isOk) return null;
  // Field problems sit next to their inputs; here go the ones that concern the whole calculation.
  const shown = result.issues.filter(
    (i) =>
      i.code === 'SIZE_ROUNDS_TO_ZERO' ||
      i.code === 'NEEDS_CONVERSION' ||
      (i.code !== 'MISSING' && outsideFields.includes(i.field)),
  );
  if (shown.length === 0) {
    const isOnlyMissing = result.issues.every((i) => i.code === 'MISSING');
    return (
      <p className={`text-sm text-muted ${compact ? '' : 'py-6 text-center'}`} data-testid="sizing-empty">
        {isOnlyMissing ? toMissingMessage(result.issues) : 'Fix the highlighted fields to see the size.'}
      </p>
    );
  }
  return (
    <div className="grid gap-2" data-testid="sizing-problems">
      {shown.map((issue) => (
        <p
          key={`${issue.field}-${issue.code}`}
          className="rounded-lg border border-highlight/50 bg-sunken px-3 py-2 text-sm text-fg"
        >
          {issue.message}
        </p>
      ))}
    </div>
  );
}

function Stat({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="min-w-0 rounded-xl bg-sunken px-3 py-2.5">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="mt-0.5 truncate text-base font-semibold tabular-nums text-fg" data-testid={testId}>
        {value}
      </dd>
      {detail && <dd className="text-xs text-muted">{detail}</dd>}
    </div>
  );
}

/** The size in large type with the figures that follow from it. */
export function SizingSummary({ size, action }: { size: PositionSize; action?: ReactNode }) {
  const currency = size.accountCurrency;
  const forex = size.forex;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wider text-muted">
            {size.direction === 'long' ? 'Long' : 'Short'} size
          </p>
          <p
            className="mt-1 break-words text-3xl font-bold tracking-tight tabular-nums text-fg"
            data-testid="sizing-size"
          >
            {formatSize(size)}
          </p>
          {forex && (
            <p className="mt-1 text-sm text-muted" data-testid="sizing-lots">
              {formatNumber(forex.lots.standard, 3)} standard · {formatNumber(forex.lots.mini, 2)} mini ·{' '}
              {formatNumber(forex.lots.micro, 1)} micro lots
            </p>
          )}
        </div>
        {action}
      </div>
      <dl className="grid grid-cols-2 gap-2">
        <Stat
          label="At risk"
          value={money(size.riskAmount, currency)}
          detail={`${formatPercent(size.riskPercent)} of account`}
          testId="sizing-risk"
        />
        <Stat
          label="Reward : risk"
          value={size.rewardRisk ? formatRewardRisk(size.rewardRisk) : '—'}
          detail={size.rewardAmount ? `${money(size.rewardAmount, currency)} at target` : 'Add a target'}
          testId="sizing-reward-risk"
        />
        <Stat
          label="Position value"
          value={money(size.notional, currency)}
          detail={`${formatNumber(size.notionalToAccount, 2)}× account`}
          testId="sizing-notional"
        />
        {forex ? (
          <Stat
            label="Stop distance"
            value={`${formatNumber(forex.stopPips, 1)} pips`}
            detail={`${money(forex.pipValuePerLot[forex.lotType], currency)} a pip per ${forex.lotType} lot`}
            testId="sizing-stop"
          />
        ) : (
          <Stat
            label={`Risk per ${UNIT_NAMES[size.unit]}`}
            value={money(size.riskPerUnit, currency)}
            detail={`Stop ${formatNumber(size.stopDistance, 8)} ${size.direction === 'long' ? 'below' : 'above'} entry`}
            testId="sizing-stop"
          />
        )}
      </dl>
      {forex && (
        <p className="text-xs text-muted">
          Pip value: {money(forex.pipValuePerLot.standard, currency)} standard ·{' '}
          {money(forex.pipValuePerLot.mini, currency)} mini · {money(forex.pipValuePerLot.micro, currency)} micro lot
          (pip {forex.pipSize.toString()}).
        </p>
      )}
      {size.requestedRisk.gt(size.riskAmount) && (
        <p className="text-xs text-muted">
          Rounded down from {formatNumber(size.exactSize, 4)} to whole{' '}
          {size.unit === 'units' && size.forex ? `${size.forex.lotType} lots` : 'tradeable steps'}, so the risk stays at
          or under the {money(size.requestedRisk, currency)} you asked for.
        </p>
      )}
    </div>
  );
}

/** Copies the bare quantity (e.g. `125`) for pasting into an order ticket. */
export function CopySizeButton({ size }: { size: PositionSize }) {
  const [isCopied, setIsCopied] = useState(false);
  const copy = async () => {
    const text = toQuantityText(size);
    try {
      await navigator.clipboard.writeText(text);
      setIsCopied(true);
      setTimeout(() => setIsCopied(false), 1500);
      toast({ title: 'Size copied', description: `${text} is on the clipboard.` });
    } catch {
      toast({ title: 'Could not copy', description: `Select the size and copy it: ${text}.`, variant: 'destructive' });
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={`Copy size ${toQuantityText(size)}`}>
      {isCopied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
      {isCopied ? 'Copied' : 'Copy size'}
    </Button>
  );
}
