import { matchBrokerPreset } from '../../src/core/import/detect/presets';

/**
 * A minimal RFC 4180 splitter for the fixtures (quoted fields, doubled quotes, line breaks inside
 * quotes, BOM). Test-only: the product reads files through src/core/import/table.
 */
export function splitCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (inQuotes) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') inQuotes = false;
      else field += char;
    } else if (char === '"') inQuotes = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** A fixture's header row (the first a broker preset knows) and its data rows with their lines. */
export function toFixtureTable(
  name: string,
  text: string,
): { headers: string[]; rows: { line: number; cells: string[] }[] } {
  const lines = splitCsv(text);
  const headerIndex = lines.findIndex((cells) => matchBrokerPreset(cells.map((c) => c.trim())) !== null);
  if (headerIndex < 0) throw new Error(`${name}: no known header row`);
  const headers = (lines[headerIndex] ?? []).map((c) => c.trim());
  const rows = lines.slice(headerIndex + 1).map((cells, i) => ({ line: headerIndex + 2 + i, cells }));
  return { headers, rows };
}
