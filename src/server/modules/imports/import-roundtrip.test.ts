import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openSpreadsheetHere, toChunks } from '../../../core/import/table';
import { encodeText, writeCsv } from '../../../core/import/table/testing';
import type { Delimiter, TextEncoding } from '../../../core/import/table/types';
import { analyseUpload, normaliseUpload } from './import-engine';

/**
 * The importer's promise, as a property: any list of fills, written out the way some broker or
 * spreadsheet would (any delimiter, encoding, number and date convention, header language, side
 * words and column order), reads back as exactly those fills.
 */

type Fill = {
  /** Minutes after 2024-01-02 00:00 UTC; written in UTC wall-clock time. */
  minute: number;
  symbol: string;
  side: 'buy' | 'sell';
  /** Cents and hundredths of a share, as integers: the written decimals are exact. */
  quantityHundredths: number;
  priceCents: number;
  commissionCents: number;
};

const SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'TSLA', 'SPY', 'QQQ', 'AMD', 'META'];

const fillArb: fc.Arbitrary<Fill> = fc.record({
  minute: fc.integer({ min: 0, max: 60 * 24 * 700 }),
  symbol: fc.constantFrom(...SYMBOLS),
  side: fc.constantFrom('buy' as const, 'sell' as const),
  quantityHundredths: fc.integer({ min: 1, max: 10_000_000 }),
  priceCents: fc.integer({ min: 1, max: 5_000_000 }),
  commissionCents: fc.integer({ min: 0, max: 2_000 }),
});

type Shape = {
  delimiter: Delimiter;
  encoding: TextEncoding;
  hasBom: boolean;
  decimal: '.' | ',';
  hasThousands: boolean;
  dates: 'iso' | 'us' | 'eu-dot' | 'iso-t';
  language: 'en' | 'de';
  sides: 'words' | 'past' | 'letters';
  order: number[];
};

const shapeArb: fc.Arbitrary<Shape> = fc.record({
  delimiter: fc.constantFrom<Delimiter>(',', ';', '\t', '|'),
  encoding: fc.constantFrom<TextEncoding>('utf-8', 'utf-16le', 'utf-16be', 'windows-1252'),
  hasBom: fc.boolean(),
  decimal: fc.constantFrom<'.' | ','>('.', ','),
  hasThousands: fc.boolean(),
  dates: fc.constantFrom<Shape['dates']>('iso', 'us', 'eu-dot', 'iso-t'),
  language: fc.constantFrom<Shape['language']>('en', 'de'),
  sides: fc.constantFrom<Shape['sides']>('words', 'past', 'letters'),
  order: fc.shuffledSubarray([0, 1, 2, 3, 4, 5], { minLength: 6, maxLength: 6 }),
});

const HEADERS = {
  en: ['Date/Time', 'Symbol', 'Side', 'Quantity', 'Price', 'Commission'],
  de: ['Datum/Zeit', 'Symbol', 'Richtung', 'Anzahl', 'Kurs', 'Provision'],
};
const SIDE_WORDS = {
  words: { buy: 'Buy', sell: 'Sell' },
  past: { buy: 'BOUGHT', sell: 'SOLD' },
  letters: { buy: 'B', sell: 'S' },
};

const pad = (n: number) => String(n).padStart(2, '0');

function writeDate(minute: number, style: Shape['dates']): string {
  const d = new Date(Date.UTC(2024, 0, 2) + minute * 60_000);
  const [y, m, day, h, min] = [
    d.getUTCFullYear(),
    pad(d.getUTCMonth() + 1),
    pad(d.getUTCDate()),
    pad(d.getUTCHours()),
    pad(d.getUTCMinutes()),
  ];
  if (style === 'iso') return `${y}-${m}-${day} ${h}:${min}:00`;
  if (style === 'iso-t') return `${y}-${m}-${day}T${h}:${min}:00Z`;
  if (style === 'us') return `${m}/${day}/${y} ${h}:${min}:00`;
  return `${day}.${m}.${y} ${h}:${min}:00`;
}

/** An integer amount of hundredths as text in a convention: 1234567 → "12,345.67" or "12.345,67". */
function writeNumber(hundredths: number, shape: Shape): string {
  const whole = Math.floor(hundredths / 100);
  const fraction = pad(hundredths % 100);
  const group = shape.decimal === '.' ? ',' : '.';
  const wholeText = shape.hasThousands ? whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, group) : String(whole);
  return `${wholeText}${shape.decimal}${fraction}`;
}

/** A canonical decimal string of hundredths: 150 → "1.5", 100 → "1". */
function toDecimalText(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const fraction = hundredths % 100;
  if (fraction === 0) return String(whole);
  return `${whole}.${pad(fraction).replace(/0$/, '')}`;
}

function writeFile(fills: readonly Fill[], shape: Shape): Uint8Array {
  const header = HEADERS[shape.language];
  const rows = fills.map((f) => [
    writeDate(f.minute, shape.dates),
    f.symbol,
    SIDE_WORDS[shape.sides][f.side],
    writeNumber(f.quantityHundredths, shape),
    writeNumber(f.priceCents, shape),
    writeNumber(f.commissionCents, shape),
  ]);
  const reorder = (row: string[]) => shape.order.map((i) => row[i]!);
  const text = writeCsv([reorder(header), ...rows.map(reorder)], { delimiter: shape.delimiter });
  return encodeText(text, shape.encoding, shape.hasBom || shape.encoding.startsWith('utf-16'));
}

describe('any fills, written in any supported shape, read back as exactly those fills', () => {
  it('holds for generated files', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Day-of-month > 12 somewhere settles MM/DD versus DD/MM, as real files of a few weeks do.
        fc
          .array(fillArb, { minLength: 3, maxLength: 40 })
          .map((fills) => [...fills, { ...fills[0]!, minute: 60 * 24 * 20 + 600 }]),
        shapeArb,
        async (fills, shape) => {
          const bytes = writeFile(fills, shape);
          const open = () => toChunks(bytes, 997);
          const analysis = await analyseUpload(open, {
            fileName: 'generated.csv',
            accountTimeZone: 'UTC',
            maxBytes: 1 << 24,
            openSpreadsheet: openSpreadsheetHere, // text files only
          });
          expect(analysis.detected.missingRoles).toEqual([]);
          const read = [];
          for await (const row of normaliseUpload(open, analysis, { openSpreadsheet: openSpreadsheetHere })) {
            if (row.kind !== 'execution') throw new Error(`row ${row.row}: ${JSON.stringify(row)}`);
            read.push(row);
          }
          read.sort((a, b) => a.row - b.row);
          expect(
            read.map(({ execution: e }) => [e.executedAt, e.symbol, e.side, e.quantity, e.price, e.commission]),
          ).toEqual(
            fills.map((f) => [
              new Date(Date.UTC(2024, 0, 2) + f.minute * 60_000).toISOString(),
              f.symbol,
              f.side,
              toDecimalText(f.quantityHundredths),
              toDecimalText(f.priceCents),
              toDecimalText(f.commissionCents),
            ]),
          );
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});
