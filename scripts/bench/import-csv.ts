import { createWriteStream } from 'node:fs';

const SYMBOLS = 'AAPL MSFT NVDA AMZN META GOOGL TSLA AMD NFLX AVGO SPY QQQ IWM JPM BAC XOM'.split(' ');

/** Round trips on many symbols: buy then sell 100 shares a few minutes later, as a day trader's fills. */
export async function writeCsv(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await write('Date,Time,Symbol,Side,Quantity,Price,Commission,Fees,Order ID\n');
  const start = Date.UTC(2020, 0, 2, 14, 30);
  let buffer = '';
  for (let i = 0; i < rows; i += 1) {
    const trip = Math.floor(i / 2);
    const symbol = SYMBOLS[trip % SYMBOLS.length]!;
    const at = new Date(start + trip * 60_000 + (i % 2) * 30_000);
    const date = `${String(at.getUTCMonth() + 1).padStart(2, '0')}/${String(at.getUTCDate()).padStart(2, '0')}/${at.getUTCFullYear()}`;
    const time = at.toISOString().slice(11, 19);
    const price = (100 + (trip % 50) + (i % 2 === 1 ? ((trip * 7) % 11) / 10 - 0.5 : 0)).toFixed(2);
    buffer += `${date},${time},${symbol},${i % 2 === 0 ? 'BUY' : 'SELL'},100,${price},1.00,0.02,${i + 1}\n`;
    if (buffer.length > 1 << 20) {
      await write(buffer);
      buffer = '';
    }
  }
  await write(buffer);
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}
