import type { Side } from '../../trades/execution';

/** What a side/action/type cell says a row is. */
export type RowKind =
  | { kind: 'trade'; side: Side; effect: 'open' | 'close' | null }
  /** The option (or future) left the account at no price: it closes at 0. */
  | { kind: 'event'; event: 'expiration' | 'assignment' | 'exercise' }
  | { kind: 'cancelled' }
  | { kind: 'nonTrade'; reason: NonTradeReason };

export type NonTradeReason = 'dividend' | 'interest' | 'transfer' | 'fee' | 'tax' | 'corporate action' | 'other';

const WORD = (pattern: string): RegExp => new RegExp(`(?:^|[^a-z])(?:${pattern})(?:$|[^a-z])`);

const CANCELLED = WORD('cancel|canceled|cancelled|storno|annul|annule|cancelado|cancelada|rejected|ca\\b');
const TRADE_OPENERS: [RegExp, Side, 'open' | 'close' | null][] = [
  [/^(?:you )?(?:bought|bot)\b.*\bto open\b|^bto$|^buy to open$|\bbought opening\b/, 'buy', 'open'],
  [
    /^(?:you )?(?:bought|bot)\b.*\bto (?:close|cover)\b|^btc$|^buy to (?:close|cover)$|\bbought closing\b|^cover$|^buy to cover$/,
    'buy',
    'close',
  ],
  [
    /^(?:you )?sold\b.*\bto open\b|^sto$|^sell to open$|\bsold opening\b|^sold short$|^sell short$|^short$|^ss$|^short sell$/,
    'sell',
    'open',
  ],
  [/^(?:you )?sold\b.*\bto close\b|^stc$|^sell to close$|\bsold closing\b/, 'sell', 'close'],
];
// Words that mean buy or sell, in the languages the detector reads, anywhere in the cell.
const BUY =
  /^(?:b|by|bot|buy|bought|long|purchase|purchased|acquisto|kauf|kaufen|gekauft|achat|achete|compra|comprar|c)$|(?:^|\s)(?:you bought|bought|buy|buy trade|market buy|limit buy|stop buy|purchase|kauf|achat|compra)(?:$|\s)/;
const SELL =
  /^(?:s|sl|sld|sell|sold|sale|sell short|verkauf|verkaufen|verkauft|vente|vendu|venta|vender|venda|v)$|(?:^|\s)(?:you sold|sold|sell|sell trade|market sell|limit sell|stop sell|sale|sell short|verkauf|vente|venta|venda)(?:$|\s)/;
const EVENTS: [RegExp, 'expiration' | 'assignment' | 'exercise'][] = [
  [
    WORD(
      'expired|expiration|expire|expiry|oexp|exp|option expired|removed due to expiration|verfall|verfallen|expiracion|expiracao|vencimiento',
    ),
    'expiration',
  ],
  [WORD('assigned|assignment|oasgn|option assigned|zuteilung|assignation|asignacion|exercicio de opcao'), 'assignment'],
  [WORD('exercised|exercise|oexcs|ausubung|exercice|ejercicio'), 'exercise'],
];
const NON_TRADES: [RegExp, NonTradeReason][] = [
  [
    WORD(
      'dividend|dividends|div|cdiv|reinvest|reinvestment|drip|qualified dividend|dividende|dividendo|dividendos|ausschuttung|distribution|capital gain|cap gain|cil|cash in lieu',
    ),
    'dividend',
  ],
  [
    WORD('interest|int|credit interest|bank interest|zinsen|interets|interes|intereses|juros|lending interest|fplint'),
    'interest',
  ],
  [
    WORD(
      'transfer|transferred|deposit|deposits|withdrawal|withdrawals|wire|ach|moneylink|journal|journaled|jnl|contribution|con|cont|eft|direct deposit|funds received|electronic funds transfer|sweep|send|receive|card debit|card credit|einzahlung|auszahlung|uberweisung|virement|depot|retrait|deposito|retiro|transferencia|saque|aporte|resgate|acats|acatc|fnd|money movement|moneymovement|funding|tf6|tfi',
    ),
    'transfer',
  ],
  [
    WORD(
      'fee|fees|service fee|advisory fee|subscription fee|adr fee|margin interest|gebuhr|frais|comision de custodia|tarifa',
    ),
    'fee',
  ],
  [WORD('tax|withholding|foreign tax|steuer|impot|impuesto|imposto'), 'tax'],
  [
    WORD(
      'split|stock split|reverse split|spinoff|spin off|merger|stsp|corporate action|reorg|name change|rights|stock distribution|consolidation|redemption|redeem',
    ),
    'corporate action',
  ],
  [
    WORD(
      'bal|balance|staking|reward|rewards|learning reward|cashback|conversion|convert|fx|fxexchange|currency conversion|adjustment|misc|other|gold|loan|recall|nrt|cryptorwd',
    ),
    'other',
  ],
];

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[_\-–]+/g, ' ')
    .replace(/[^a-z0-9 ()/.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Reads a side, action, transaction-type or description cell: Buy, Sell, Bought, Sold, BTO, STC,
 * BTC, STO, Short, Sell Short, Cover, YOU BOUGHT…, Market buy, Buy Trade, BOT +100…, and German,
 * French, Spanish and Portuguese forms (Kauf, Verkauf, Achat, Vente, Compra, Venta, Venda);
 * option expirations, assignments and exercises; cancelled orders; and non-trade rows (dividends,
 * interest, transfers, fees, taxes, splits, …). Null when the cell says none of these.
 */
export function parseRowKind(raw: string): RowKind | null {
  const text = normalise(raw);
  if (text === '') return null;
  // Cancellations first: `BUY CANCEL` and `BUY (Ca.)` are not buys.
  if (CANCELLED.test(text)) return { kind: 'cancelled' };
  for (const [pattern, side, effect] of TRADE_OPENERS) if (pattern.test(text)) return { kind: 'trade', side, effect };
  // A verb at the start decides (`YOU BOUGHT ASSIGNED PUTS` buys shares; `SOLD -14 KOD` sells).
  const first = /^(?:you )?(bought|bot|buy|purchase|sold|sell|sale)\b/.exec(text);
  if (first)
    return {
      kind: 'trade',
      side: /^(?:bought|bot|buy|purchase)$/.test(first[1] ?? '') ? 'buy' : 'sell',
      effect: effectOf(text),
    };
  for (const [pattern, event] of EVENTS) if (pattern.test(text)) return { kind: 'event', event };
  for (const [pattern, reason] of NON_TRADES) if (pattern.test(text)) return { kind: 'nonTrade', reason };
  if (BUY.test(text)) return { kind: 'trade', side: 'buy', effect: effectOf(text) };
  if (SELL.test(text)) return { kind: 'trade', side: 'sell', effect: effectOf(text) };
  return null;
}

function effectOf(text: string): 'open' | 'close' | null {
  if (/\bto open\b|\bopening\b/.test(text)) return 'open';
  if (/\bto close\b|\bclosing\b|\bcover\b/.test(text)) return 'close';
  return null;
}

/** The side a signed number implies: a negative quantity sells; a negative cash amount buys. */
export function toSideFromSign(value: string, meaning: 'quantity' | 'amount'): Side | null {
  if (!/\d/.test(value) || /^-?0*(?:\.0*)?$/.test(value)) return null;
  const isNegative = value.startsWith('-');
  if (meaning === 'quantity') return isNegative ? 'sell' : 'buy';
  return isNegative ? 'buy' : 'sell';
}
