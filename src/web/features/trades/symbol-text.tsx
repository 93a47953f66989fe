import { toDisplaySymbol } from '../../../core/instruments/display';

/**
 * A symbol in the form traders read (`QQQ 17 Jan 25 460 P`, `MES Mar 25`), the stored code
 * (OCC or broker form) in its tooltip when the two differ. Never cut short: option contracts
 * differ only at the end of their text.
 */
export function SymbolText({ symbol, assetClass }: { symbol: string; assetClass: string }) {
  const { text, code } = toDisplaySymbol(symbol, assetClass);
  return (
    <span className="whitespace-nowrap" title={text === code ? undefined : code}>
      {text}
    </span>
  );
}

/** The plain-text form, for labels, titles and accessible names. */
export const toSymbolText = (trade: { symbol: string; assetClass: string }): string =>
  toDisplaySymbol(trade.symbol, trade.assetClass).text;
