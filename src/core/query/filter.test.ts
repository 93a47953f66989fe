import { describe, expect, it } from 'vitest';
import { TRADE_FIELDS, type FieldDef } from './fields';
import {
  FILTER_CONTEXT,
  resolveTradeFilter,
  toTradeFilterJsonSchema,
  toTradeFilterWithShorthands,
  tradeFilterJsonSchema,
  tradeFilterSchema,
  type TradeFilter,
} from './filter';
import { FILTER_SEARCH_KEYS, parseFilterSearch, toFilterSearchEntries } from './url';

const ID = 'aaaaaaaa-0000-4000-8000-000000000001';

/** One valid value of each field type, as the wire carries it. */
function sampleValue(field: FieldDef): unknown {
  switch (field.type) {
    case 'dayFrom':
    case 'dayTo':
      return '2025-01-17';
    case 'symbolList':
      return ['AAPL', 'EUR/USD'];
    case 'text':
      return 'aap';
    case 'textList':
      return ['USD', 'eur'];
    case 'intList':
      return [field.minimum!, field.maximum!];
    case 'date':
      return '2025-01-17';
    case 'idList':
      return [ID];
    case 'enum':
      return field.values![0]![0];
    case 'enumList':
      return field.values!.map(([value]) => value);
    case 'decimalRange':
      return { min: '-12.5', max: '40' };
    case 'numberRange':
      return { min: Math.max(0, field.minimum ?? 0), max: field.maximum ?? 3600 };
    case 'boolean':
      return true;
  }
}

const every = Object.fromEntries(TRADE_FIELDS.map((field) => [field.id, sampleValue(field)])) as TradeFilter;

describe('tradeFilterSchema', () => {
  it('accepts a value of its type for every field of the registry', () => {
    expect(tradeFilterSchema.parse(every)).toEqual(every);
  });

  it.each([
    ['an unknown field', { colour: 'red' }, ''],
    ['a range with min above max', { netPnl: { min: '5', max: '-5' } }, 'netPnl'],
    ['an empty range', { netPnl: {} }, 'netPnl'],
    ['a decimal in exponent form', { netPnl: { min: 1e-9 } }, 'netPnl.min'],
    ['a foreign value', { side: 'sideways' }, 'side'],
    ['an empty list', { symbols: [] }, 'symbols'],
    ['a control character in a symbol', { symbols: ['AA\u0000PL'] }, 'symbols.0'],
    ['a day out of range', { from: '0001-01-01' }, 'from'],
    ['a negative holding time', { holdingSeconds: { min: -1 } }, 'holdingSeconds.min'],
    ['a weekday out of 1–7', { weekdays: [0] }, 'weekdays.0'],
    ['an hour given as text', { entryHours: ['9'] }, 'entryHours.0'],
    ['a rating above 5', { rating: { max: 6 } }, 'rating.max'],
    ['an expiry that is not a day', { expiryFrom: '2025-13-01' }, 'expiryFrom'],
    ['a list of several texts, one empty', { currencies: ['USD', ' '] }, 'currencies.1'],
  ])('refuses %s, naming where', (_, input, path) => {
    const result = tradeFilterSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.join('.')).toBe(path);
  });

  it('reads JSON numbers in a decimal range as decimal text', () => {
    expect(tradeFilterSchema.parse({ netPnl: { min: -12.5, max: 40 } })).toEqual({
      netPnl: { min: '-12.5', max: '40' },
    });
  });

  it('reads the filter from its URL-encoded JSON and refuses text that is not JSON', () => {
    expect(tradeFilterJsonSchema.parse(JSON.stringify({ symbols: ['AAPL'] }))).toEqual({ symbols: ['AAPL'] });
    expect(tradeFilterJsonSchema.safeParse('{symbols').success).toBe(false);
  });
});

describe('toTradeFilterJsonSchema', () => {
  it('describes every field with its label and group, and no others', () => {
    const schema = toTradeFilterJsonSchema() as {
      properties: Record<string, { title: string; 'x-group': string }>;
      additionalProperties: boolean;
    };
    expect(Object.keys(schema.properties)).toEqual(TRADE_FIELDS.map((field) => field.id));
    for (const field of TRADE_FIELDS) {
      expect(schema.properties[field.id]).toMatchObject({ title: field.label, 'x-group': field.group });
    }
    expect(schema.additionalProperties).toBe(false);
  });
});

describe('toTradeFilterWithShorthands', () => {
  it('adds the old single-value parameters as the fields they stand for', () => {
    expect(
      toTradeFilterWithShorthands(
        { netPnl: { min: '0' } },
        { symbol: 'AAPL', tagId: ID, side: 'long', from: '2025-01-01' },
      ),
    ).toEqual({ filter: { netPnl: { min: '0' }, symbols: ['AAPL'], tagsAny: [ID], side: 'long', from: '2025-01-01' } });
  });

  it('refuses a field given both ways', () => {
    expect(toTradeFilterWithShorthands({ symbols: ['MSFT'] }, { symbol: 'AAPL' })).toEqual({
      conflict: { shorthand: 'symbol', field: 'symbols' },
    });
  });
});

describe('resolveTradeFilter', () => {
  it('reads days in the time zone, `to` up to the next day, ids in lower case and symbols as stored', () => {
    const resolved = resolveTradeFilter(
      {
        from: '2024-06-03',
        to: '2024-06-03',
        accountIds: [ID.toUpperCase(), ID],
        symbols: ['aapl250117c00150000'],
      },
      { timeZone: 'Asia/Tokyo' },
    );
    expect(resolved).toEqual({
      from: Date.parse('2024-06-02T15:00:00Z'),
      to: Date.parse('2024-06-03T15:00:00Z'),
      accountIds: [ID],
      symbols: ['AAPL250117C00150000', 'AAPL  250117C00150000'],
      [FILTER_CONTEXT]: { timeZone: 'Asia/Tokyo', breakeven: {} },
    });
  });

  it('keeps texts in lower case, whole numbers once, and carries the time zone and breakeven band', () => {
    const resolved = resolveTradeFilter(
      { currencies: ['USD', 'usd', 'Eur'], weekdays: [1, 1, 5] },
      { timeZone: 'UTC', breakeven: { stock: '2.5' } },
    );
    expect(resolved).toEqual({
      currencies: ['usd', 'eur'],
      weekdays: [1, 5],
      [FILTER_CONTEXT]: { timeZone: 'UTC', breakeven: { stock: '2.5' } },
    });
  });

  it('takes an instant as it is, `to` including it', () => {
    const at = '2025-01-17T14:30:05.123Z';
    expect(resolveTradeFilter({ from: at, to: at }, { timeZone: 'UTC' })).toEqual({
      from: Date.parse(at),
      to: Date.parse(at) + 1,
      [FILTER_CONTEXT]: { timeZone: 'UTC', breakeven: {} },
    });
  });
});

describe('the URL form', () => {
  it('writes every field and reads it back', () => {
    const entries = toFilterSearchEntries(every);
    expect(entries).toHaveLength(TRADE_FIELDS.length);
    const search = new URLSearchParams(entries);
    expect(parseFilterSearch((key) => search.get(key))).toEqual({ filter: every, issues: [] });
  });

  it('writes ranges as min..max, lists comma-separated, one value under its old name', () => {
    const search = new URLSearchParams(
      toFilterSearchEntries({ netPnl: { min: '-50' }, holdingSeconds: { max: 60 }, symbols: ['AAPL', 'MSFT'] }),
    );
    expect(search.toString()).toBe('symbols=AAPL%2CMSFT&netPnl=-50..&holdingSeconds=..60');
    expect(toFilterSearchEntries({ symbols: ['MSFT'], tagsAny: [ID], tagsAll: [ID] })).toEqual([
      ['symbol', 'MSFT'],
      ['tagId', ID],
      ['tagsAll', ID],
    ]);
  });

  it('reads the old parameters, and reports values that do not validate without throwing', () => {
    const search = new URLSearchParams(`symbol=aapl&accountId=${ID}&outcome=win&netPnl=9..1&side=up&sort=netPnl`);
    const { filter, issues } = parseFilterSearch((key) => search.get(key));
    expect(filter).toEqual({ symbols: ['AAPL'], accountIds: [ID], outcomes: ['win'] });
    expect(issues.map((issue) => issue.key)).toEqual(['side', 'netPnl']);
  });

  it('knows every key it reads, so clearing the filters clears them all', () => {
    expect(FILTER_SEARCH_KEYS).toEqual(expect.arrayContaining(['symbols', 'symbol', 'tagId', 'tagsAny', 'from']));
  });
});
