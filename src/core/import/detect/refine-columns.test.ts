import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONFIDENCE_THRESHOLD, type DetectedColumn } from './detect-columns';
import { detectImport } from './detect-import';
import {
  MAX_REFINEMENT_SAMPLES,
  SUGGESTION_MIN_CONFIDENCE,
  applyRoleSuggestions,
  maskDigits,
  mergeRoleSuggestions,
  parseRoleSuggestions,
  toRefinementRequest,
  type RefinementRequest,
  type RoleSuggestion,
} from './refine-columns';
import { COLUMN_ROLES, type ColumnRole } from './roles';

/** A generic file: "When" and "Blorp" are unsure (date 0.55, amount 0.44), "Zed" an unsure ignore. */
const HEADERS = ['When', 'Ticker', 'Side', 'Qty', 'Price', 'Blorp', 'Zed'];
const ROWS = [
  ['2025-03-03 09:31:05', 'AAPL', 'Buy', '100', '230.10', '1.00', 'U1234567'],
  ['2025-03-03 10:02:00', 'AAPL', 'Sell', '100', '231.50', '1.25', 'U1234567'],
];
const detect = () => detectImport({ headers: HEADERS, rows: ROWS, accountTimeZone: 'America/New_York' });

const column = (index: number, role: ColumnRole, confidence: number): DetectedColumn => ({
  index,
  header: `Column ${index}`,
  role,
  confidence,
  needsUserChoice: role !== 'ignore' && confidence < CONFIDENCE_THRESHOLD,
});

const ONE_COLUMN_ROLES = COLUMN_ROLES.filter((r) => r !== 'fees' && r !== 'ignore');

describe('maskDigits', () => {
  it.each([
    ['U1234567', 'U#######'],
    ['Acct 98765432 (IRA)', 'Acct ######## (IRA)'],
    ['1700000000', '##########'],
    ['12345', '12345'],
    ['20250303', '20250303'],
    ['20250303093105', '20250303093105'],
    ['123456.78', '123456.78'],
    ['0.000012345678', '0.000012345678'],
    ['1,234,567.89', '1,234,567.89'],
    ['ORD-1234567-A', 'ORD-#######-A'],
  ])('masks %s as %s', (raw, expected) => expect(maskDigits(raw)).toBe(expected));

  it('keeps the length and every other character, leaves no long identifier and is idempotent', () => {
    const fragment = fc.oneof(
      fc.stringMatching(/^[A-Za-z -]{0,3}$/),
      fc.stringMatching(/^\d{1,12}$/),
      fc.constantFrom('U', '#', '/', ':'),
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 8 }), (parts) => {
        const raw = parts.join('');
        const masked = maskDigits(raw);
        expect(masked).toHaveLength(raw.length);
        [...raw].forEach((ch, i) => {
          if (!/\d/.test(ch)) expect(masked[i]).toBe(ch);
        });
        // Without decimal separators, only compact dates may keep six or more digits in a row.
        for (const run of masked.match(/\d{6,}/g) ?? []) expect(run).toMatch(/^(19|20)\d{6}(\d{6})?$/);
        expect(maskDigits(masked)).toBe(masked);
      }),
    );
  });
});

describe('toRefinementRequest', () => {
  it('sends only the columns below the confidence threshold, with masked samples', () => {
    const request = toRefinementRequest({ columns: detect().columns, rows: ROWS });
    expect(request?.columns).toEqual([
      { index: 0, header: 'When', samples: ['2025-03-03 09:31:05', '2025-03-03 10:02:00'] },
      { index: 5, header: 'Blorp', samples: ['1.00', '1.25'] },
      { index: 6, header: 'Zed', samples: ['U#######'] },
    ]);
  });

  it('offers every role except the one-column roles confident columns hold', () => {
    const request = toRefinementRequest({ columns: detect().columns, rows: ROWS });
    expect(request?.allowedRoles).not.toContain('symbol');
    expect(request?.allowedRoles).not.toContain('price');
    expect(request?.allowedRoles).toEqual(expect.arrayContaining(['date', 'commission', 'fees', 'amount', 'ignore']));
  });

  it('leaves out the columns the user or a template chose, and their roles', () => {
    const chosen = new Map<number, ColumnRole>([[5, 'commission']]);
    const request = toRefinementRequest({ columns: detect().columns, rows: ROWS, chosen });
    expect(request?.columns.map((c) => c.index)).toEqual([0, 6]);
    expect(request?.allowedRoles).not.toContain('commission');
  });

  it('is null when every column is sure', () => {
    const columns = [column(0, 'date', 1), column(1, 'symbol', 0.9), column(2, 'ignore', 0.8)];
    expect(toRefinementRequest({ columns, rows: [['2025-03-03', 'AAPL', 'x']] })).toBeNull();
  });

  it('takes at most five distinct non-empty samples of at most 40 characters', () => {
    const rows = ['', 'a', 'a', 'b', 'c', 'd', 'e', 'f', 'x'.repeat(60)].map((v) => [v]);
    const request = toRefinementRequest({ columns: [column(0, 'description', 0.3)], rows });
    expect(request?.columns[0]?.samples).toEqual(['a', 'b', 'c', 'd', 'e']);
    const long = toRefinementRequest({ columns: [column(0, 'description', 0.3)], rows: [['y'.repeat(60)]] });
    expect(long?.columns[0]?.samples[0]).toHaveLength(40);
  });

  it('never sends a sure column, nor more than five samples per column', () => {
    const arbColumns = fc
      .array(fc.record({ role: fc.constantFrom(...COLUMN_ROLES), confidence: fc.double({ min: 0, max: 1 }) }), {
        maxLength: 12,
      })
      .map((specs) => specs.map((s, i) => column(i, s.role, s.confidence)));
    const arbRows = fc.array(fc.array(fc.string({ maxLength: 50 }), { maxLength: 12 }), { maxLength: 20 });
    fc.assert(
      fc.property(arbColumns, arbRows, (columns, rows) => {
        const request = toRefinementRequest({ columns, rows });
        const unsure = columns.filter((c) => c.confidence < CONFIDENCE_THRESHOLD).map((c) => c.index);
        expect(request?.columns.map((c) => c.index) ?? []).toEqual(unsure);
        for (const sent of request?.columns ?? []) {
          expect(sent.samples.length).toBeLessThanOrEqual(MAX_REFINEMENT_SAMPLES);
          for (const sample of sent.samples) expect(sample.length).toBeLessThanOrEqual(40);
        }
      }),
    );
  });
});

describe('parseRoleSuggestions', () => {
  const request: RefinementRequest = {
    columns: [
      { index: 0, header: 'When', samples: [] },
      { index: 5, header: 'Blorp', samples: [] },
      { index: 6, header: 'Zed', samples: [] },
    ],
    allowedRoles: COLUMN_ROLES.filter((r) => r !== 'symbol'),
  };

  it('reads a well-formed answer', () => {
    const answer =
      '{"columns":[{"index":5,"role":"commission","confidence":0.9},{"index":0,"role":"date","confidence":1}]}';
    expect(parseRoleSuggestions(answer, request)).toEqual({
      ok: true,
      suggestions: [
        { index: 5, role: 'commission', confidence: 0.9 },
        { index: 0, role: 'date', confidence: 1 },
      ],
      droppedCount: 0,
    });
  });

  it('reads an answer in a code fence or after a sentence', () => {
    const json = '{"columns":[{"index":6,"role":"account","confidence":0.8}]}';
    for (const answer of ['```json\n' + json + '\n```', `Here you are: ${json} Hope this helps.`])
      expect(parseRoleSuggestions(answer, request)).toMatchObject({ ok: true, suggestions: [{ index: 6 }] });
  });

  it.each([
    ['prose', 'Column 5 is the commission.'],
    ['a list', '[{"index":5,"role":"commission","confidence":0.9}]'],
    ['another key', '{"roles":[]}'],
    ['a non-list', '{"columns":"commission"}'],
    ['nothing', ''],
  ])('refuses %s', (_, answer) => expect(parseRoleSuggestions(answer, request)).toMatchObject({ ok: false }));

  it.each([
    ['an unknown role', [{ index: 5, role: 'fee', confidence: 0.9 }]],
    ['a role not offered', [{ index: 5, role: 'symbol', confidence: 0.9 }]],
    ['a column not asked about', [{ index: 1, role: 'commission', confidence: 0.9 }]],
    ['a confidence above 1', [{ index: 5, role: 'commission', confidence: 90 }]],
    ['a confidence as text', [{ index: 5, role: 'commission', confidence: '0.9' }]],
    ['a fractional index', [{ index: 5.5, role: 'commission', confidence: 0.9 }]],
    [
      'one column named twice',
      [
        { index: 5, role: 'commission', confidence: 0.9 },
        { index: 5, role: 'fees', confidence: 0.8 },
      ],
    ],
    [
      'a one-column role named twice',
      [
        { index: 5, role: 'commission', confidence: 0.9 },
        { index: 6, role: 'commission', confidence: 0.8 },
      ],
    ],
  ])('drops %s', (_, columns) => {
    const parsed = parseRoleSuggestions(JSON.stringify({ columns }), request);
    expect(parsed).toEqual({ ok: true, suggestions: [], droppedCount: columns.length });
  });

  it('keeps fees and ignore for several columns', () => {
    const columns = [
      { index: 5, role: 'fees', confidence: 0.9 },
      { index: 6, role: 'fees', confidence: 0.8 },
    ];
    expect(parseRoleSuggestions(JSON.stringify({ columns }), request)).toMatchObject({
      ok: true,
      suggestions: [{ index: 5 }, { index: 6 }],
    });
  });

  it('never throws, and keeps only asked columns, offered roles and one column per role', () => {
    const entry = fc.record({
      index: fc.oneof(fc.constantFrom(0, 1, 5, 6), fc.integer(), fc.string()),
      role: fc.oneof(fc.constantFrom(...COLUMN_ROLES), fc.string()),
      confidence: fc.oneof(fc.double(), fc.string()),
    });
    const answer = fc.oneof(
      fc.string(),
      fc.json(),
      fc.array(entry, { maxLength: 8 }).map((columns) => JSON.stringify({ columns })),
    );
    fc.assert(
      fc.property(answer, (text) => {
        const parsed = parseRoleSuggestions(text, request);
        if (!parsed.ok) return;
        const asked = new Set(request.columns.map((c) => c.index));
        const roles = parsed.suggestions.map((s) => s.role).filter((r) => r !== 'fees' && r !== 'ignore');
        expect(new Set(roles).size).toBe(roles.length);
        expect(new Set(parsed.suggestions.map((s) => s.index)).size).toBe(parsed.suggestions.length);
        for (const s of parsed.suggestions) {
          expect(asked.has(s.index)).toBe(true);
          expect(request.allowedRoles).toContain(s.role);
          expect(s.confidence).toBeGreaterThanOrEqual(0);
          expect(s.confidence).toBeLessThanOrEqual(1);
        }
      }),
    );
  });
});

describe('mergeRoleSuggestions', () => {
  const columns = [
    column(0, 'date', 0.55),
    column(1, 'symbol', 1),
    column(2, 'amount', 0.44),
    column(3, 'ignore', 0.45),
  ];

  it('gives an unsure column the confident suggestion, no longer asking about it', () => {
    const merged = mergeRoleSuggestions(columns, [{ index: 2, role: 'commission', confidence: 0.923 }]);
    expect(merged.columns[2]).toMatchObject({ role: 'commission', confidence: 0.92, needsUserChoice: false });
    expect(merged.applied).toEqual([{ index: 2, role: 'commission', confidence: 0.923 }]);
    expect(merged.columns.filter((c) => c.index !== 2)).toEqual(columns.filter((c) => c.index !== 2));
  });

  it('confirms a role the detector was unsure of', () => {
    const merged = mergeRoleSuggestions(columns, [{ index: 0, role: 'date', confidence: 0.95 }]);
    expect(merged.columns[0]).toMatchObject({ role: 'date', confidence: 0.95, needsUserChoice: false });
  });

  it.each<[string, RoleSuggestion]>([
    ['an unsure suggestion', { index: 2, role: 'commission', confidence: SUGGESTION_MIN_CONFIDENCE - 0.01 }],
    ['a suggestion for a confident column', { index: 1, role: 'underlying', confidence: 0.99 }],
    ['a role a confident column holds', { index: 2, role: 'symbol', confidence: 0.99 }],
    ['a column that does not exist', { index: 9, role: 'commission', confidence: 0.99 }],
  ])('ignores %s', (_, suggestion) => {
    expect(mergeRoleSuggestions(columns, [suggestion])).toEqual({ columns, applied: [] });
  });

  it('leaves the columns the user or a template chose, and their roles, alone', () => {
    const chosen = new Map<number, ColumnRole>([
      [2, 'fees'],
      [3, 'account'],
    ]);
    const merged = mergeRoleSuggestions(
      columns,
      [
        { index: 2, role: 'commission', confidence: 0.9 },
        { index: 0, role: 'account', confidence: 0.9 },
      ],
      chosen,
    );
    expect(merged.applied).toEqual([]);
  });

  it('asks again about an unsure column whose role a suggestion took', () => {
    const merged = mergeRoleSuggestions(columns, [{ index: 3, role: 'date', confidence: 0.9 }]);
    expect(merged.columns[3]).toMatchObject({ role: 'date', needsUserChoice: false });
    expect(merged.columns[0]).toMatchObject({ role: 'ignore', needsUserChoice: true });
  });

  it('never gives a one-column role to two columns, and never changes a sure or chosen column', () => {
    const arbCase = fc
      .record({
        roles: fc.uniqueArray(fc.constantFrom(...ONE_COLUMN_ROLES), { minLength: 1, maxLength: 8 }),
        confidences: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 8, maxLength: 8 }),
        chosenCount: fc.nat(2),
        suggestions: fc.array(
          fc.record({
            index: fc.nat(9),
            role: fc.constantFrom(...COLUMN_ROLES),
            confidence: fc.double({ min: 0, max: 1, noNaN: true }),
          }),
          { maxLength: 10 },
        ),
      })
      .map(({ roles, confidences, chosenCount, suggestions }) => ({
        columns: roles.map((role, i) => column(i, role, confidences[i] ?? 1)),
        chosen: new Map<number, ColumnRole>(roles.slice(0, chosenCount).map((role, i) => [i, role])),
        suggestions,
      }));
    fc.assert(
      fc.property(arbCase, ({ columns: input, chosen, suggestions }) => {
        const { columns: merged } = mergeRoleSuggestions(input, suggestions, chosen);
        const roles = merged.map((c) => c.role).filter((r) => r !== 'fees' && r !== 'ignore');
        expect(new Set(roles).size).toBe(roles.length);
        input.forEach((before, i) => {
          if (before.confidence >= CONFIDENCE_THRESHOLD || chosen.has(before.index)) expect(merged[i]).toEqual(before);
        });
      }),
    );
  });
});

describe('applyRoleSuggestions', () => {
  it('works the mapping out again with the model’s roles', () => {
    const { detection, applied } = applyRoleSuggestions(detect(), {
      headers: HEADERS,
      rows: ROWS,
      suggestions: [{ index: 5, role: 'commission', confidence: 0.9 }],
      accountTimeZone: 'America/New_York',
    });
    expect(applied).toHaveLength(1);
    expect(detection.mapping.commission).toBe(5);
    expect(detection.mapping.amount).toBeUndefined();
    expect(detection.timeZone).toBe('America/New_York');
  });

  it('returns a preset’s detection as it is', () => {
    const headers = [
      'Run Date',
      'Action',
      'Symbol',
      'Security Description',
      'Security Type',
      'Quantity',
      'Price ($)',
      'Amount ($)',
    ];
    const preset = detectImport({ headers, rows: [], accountTimeZone: 'UTC' });
    expect(preset.preset).not.toBeNull();
    const result = applyRoleSuggestions(preset, {
      headers,
      rows: [],
      suggestions: [{ index: 7, role: 'commission', confidence: 0.9 }],
      accountTimeZone: 'UTC',
    });
    expect(result.detection).toBe(preset);
    expect(result.applied).toEqual([]);
  });
});
