import { createWriteStream } from 'node:fs';

/** Symbols, their descriptions and listing exchanges, as a broker's statement names them. */
export const INSTRUMENTS = [
  ['AAPL', 'APPLE INC COM', 'NASDAQ'],
  ['MSFT', 'MICROSOFT CORP COM', 'NASDAQ'],
  ['NVDA', 'NVIDIA CORPORATION COM', 'NASDAQ'],
  ['AMZN', 'AMAZON COM INC COM', 'NASDAQ'],
  ['META', 'META PLATFORMS INC CL A', 'NASDAQ'],
  ['GOOGL', 'ALPHABET INC CAP STK CL A', 'NASDAQ'],
  ['TSLA', 'TESLA INC COM', 'NASDAQ'],
  ['AMD', 'ADVANCED MICRO DEVICES INC', 'NASDAQ'],
  ['NFLX', 'NETFLIX INC COM', 'NASDAQ'],
  ['AVGO', 'BROADCOM INC COM', 'NASDAQ'],
  ['SPY', 'SPDR S&P 500 ETF TRUST', 'ARCA'],
  ['QQQ', 'INVESCO QQQ TRUST SER 1', 'NASDAQ'],
  ['IWM', 'ISHARES RUSSELL 2000 ETF', 'ARCA'],
  ['JPM', 'JPMORGAN CHASE & CO COM', 'NYSE'],
  ['BAC', 'BANK AMERICA CORP COM', 'NYSE'],
  ['XOM', 'EXXON MOBIL CORP COM', 'NYSE'],
] as const;

/**
 * What the file's last column is: an order id (each fill is then known by its content, the content
 * fingerprint), or the broker's execution id (each fill known by it, as most brokers' exports
 * allow). The same values either way, so the two files differ only in what the import makes of them.
 */
export type CsvShape = 'order ids' | 'execution ids';

/**
 * Round trips on many symbols: buy then sell 100 shares a few minutes later, as a day trader's
 * fills, with the columns a broker's execution export carries besides (account, description,
 * currency, exchange, an id): about 100 bytes a row, so 1,000,000 rows make about 100 MB.
 */
export async function writeCsv(path: string, rows: number, shape: CsvShape = 'order ids'): Promise<void> {
  const out = createWriteStream(path);
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  const idHeader = shape === 'order ids' ? 'Order ID' : 'Execution ID';
  await write(
    `Account,Date,Time,Symbol,Description,Side,Quantity,Price,Currency,Commission,Fees,Exchange,${idHeader}\n`,
  );
  const start = Date.UTC(2020, 0, 2, 14, 30);
  let buffer = '';
  for (let i = 0; i < rows; i += 1) {
    const trip = Math.floor(i / 2);
    const [symbol, description, exchange] = INSTRUMENTS[trip % INSTRUMENTS.length]!;
    const at = new Date(start + trip * 60_000 + (i % 2) * 30_000);
    const date = `${String(at.getUTCMonth() + 1).padStart(2, '0')}/${String(at.getUTCDate()).padStart(2, '0')}/${at.getUTCFullYear()}`;
    const time = at.toISOString().slice(11, 19);
    const price = (100 + (trip % 50) + (i % 2 === 1 ? ((trip * 7) % 11) / 10 - 0.5 : 0)).toFixed(2);
    const side = i % 2 === 0 ? 'BUY' : 'SELL';
    buffer += `U7654321,${date},${time},${symbol},${description},${side},100,${price},USD,1.00,0.02,${exchange},${1_000_000_000 + i}\n`;
    if (buffer.length > 1 << 20) {
      await write(buffer);
      buffer = '';
    }
  }
  await write(buffer);
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}
