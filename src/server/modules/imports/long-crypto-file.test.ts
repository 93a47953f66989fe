import { describe, expect, it } from 'vitest';
import { openSpreadsheetHere, toChunks } from '../../../core/import/table';
import { analyseUpload, normaliseUpload, WHOLE_FILE_ROWS, type NormalisedRow } from './import-engine';

describe('a long crypto file', () => {
  it('values a BNB fee at a BNB fill chunks away: the fee book is read over the whole file first', async () => {
    // Newest first, as Binance writes it: the BNB/USDT fill opens the file, the ETH buy paying its
    // fee in BNB ends it, a chunk's worth of rows (and about 9 hours) apart.
    const rows = WHOLE_FILE_ROWS + 10;
    const at = (index: number) =>
      new Date(Date.UTC(2025, 0, 7) + Math.floor(index / 3) * 1000).toISOString().slice(0, 19).replace('T', ' ');
    const lines = ['Date(UTC),Pair,Side,Price,Executed,Amount,Fee'];
    lines.push(`${at(rows)},BNBUSDT,BUY,700.00,1.00000000BNB,700.00000000USDT,0.70000000USDT`);
    for (let i = rows - 2; i > 0; i -= 1) {
      const side = i % 2 ? 'SELL' : 'BUY';
      lines.push(`${at(i)},ETHUSDT,${side},3300.00,0.10000000ETH,330.00000000USDT,0.33000000USDT`);
    }
    lines.push(`${at(0)},ETHUSDT,BUY,3300.00,0.10000000ETH,330.00000000USDT,0.00010000BNB`);
    const bytes = new TextEncoder().encode(`${lines.join('\n')}\n`);
    const open = () => toChunks(bytes, 1 << 16);
    const analysis = await analyseUpload(open, {
      fileName: 'binance.csv',
      accountTimeZone: 'UTC',
      maxBytes: 1 << 24,
      openSpreadsheet: openSpreadsheetHere,
    });
    expect(analysis.rowCount).toBeGreaterThan(WHOLE_FILE_ROWS);
    let last: Extract<NormalisedRow, { kind: 'execution' }> | null = null;
    for await (const row of normaliseUpload(open, analysis, { openSpreadsheet: openSpreadsheetHere }))
      if (row.kind === 'execution' && row.row === lines.length) last = row;
    // 0.0001 BNB at 700 USDT.
    expect(last?.execution).toMatchObject({ fees: '0.07', quantityStep: '0.1' });
    expect(last?.execution.unconvertedFee).toBeUndefined();
  });
});
