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

const toComparable = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/**
 * The symbols the trade's broker files wrote, where they differ from how it is shown and stored
 * (`MESH5` for `MES Mar 25`, stored `MESH25`): what the trade dialog says, so the trader recognises
 * the contract they searched for. Empty when every fill's file wrote the symbol as shown.
 */
export function toBrokerSymbols(trade: {
  symbol: string;
  assetClass: string;
  executions: readonly { brokerSymbol?: string | undefined }[];
}): string[] {
  const shown = new Set([toComparable(trade.symbol), toComparable(toSymbolText(trade))]);
  const out: string[] = [];
  for (const { brokerSymbol } of trade.executions) {
    if (!brokerSymbol || shown.has(toComparable(brokerSymbol))) continue;
    if (!out.some((s) => toComparable(s) === toComparable(brokerSymbol))) out.push(brokerSymbol);
  }
  return out;
}
