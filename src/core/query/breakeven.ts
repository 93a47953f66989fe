import type { AssetClass } from '../instruments/instrument';

/**
 * The user's breakeven band, per asset class: a closed trade whose net P&L lies within ± the
 * amount (money, in the trade's currency) counts as breakeven, above it a win, below it a loss.
 * An asset class left out has a band of 0 (only exactly 0 is breakeven).
 */
export type BreakevenBands = Partial<Record<AssetClass, string>>;

export type Outcome = 'win' | 'loss' | 'breakeven';

/** A closed trade's outcome, its net P&L against its band (a non-negative amount). */
export function toOutcome(netPnl: number, band: number): Outcome {
  return netPnl > band ? 'win' : netPnl < -band ? 'loss' : 'breakeven';
}

/** The band of an asset class, as a number (0 when none is set). */
export function toBandOf(bands: BreakevenBands, assetClass: string): number {
  const amount = bands[assetClass as AssetClass]; // an unknown class has no band
  return amount === undefined ? 0 : Number(amount);
}

/**
 * Each trade's band from its asset class (indexes into `assetClasses`), or undefined when every
 * band is 0 (the definitions' p > 0 / p < 0: nothing to carry).
 */
export function toBandColumn(
  bands: BreakevenBands,
  params: { assetClass: Int32Array; assetClasses: readonly string[] },
): Float64Array | undefined {
  const bandOfClass = params.assetClasses.map((name) => toBandOf(bands, name));
  if (bandOfClass.every((band) => band === 0)) return undefined;
  const out = new Float64Array(params.assetClass.length);
  for (let i = 0; i < out.length; i++) out[i] = bandOfClass[params.assetClass[i]!] ?? 0;
  return out;
}
