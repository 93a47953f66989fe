import { describe, expect, it } from 'vitest';
import { toBrokerSymbols } from './symbol-text';

describe('toBrokerSymbols', () => {
  const trade = (symbol: string, assetClass: string, brokerSymbols: (string | undefined)[]) => ({
    symbol,
    assetClass,
    executions: brokerSymbols.map((brokerSymbol) => (brokerSymbol === undefined ? {} : { brokerSymbol })),
  });

  it('names the broker’s contract code once when it differs from the shown symbol', () => {
    expect(toBrokerSymbols(trade('MESH25', 'future', ['MESH5', 'MESH5']))).toEqual(['MESH5']);
  });

  it('says nothing when the file wrote the symbol as stored or as shown, in any case or spacing', () => {
    expect(toBrokerSymbols(trade('AAPL', 'stock', ['AAPL', 'aapl']))).toEqual([]);
    expect(toBrokerSymbols(trade('AAPL  250117C00150000', 'option', ['AAPL250117C00150000']))).toEqual([]);
    expect(toBrokerSymbols(trade('MSFT', 'stock', [undefined]))).toEqual([]);
  });

  it('lists each different spelling of the trade’s fills', () => {
    expect(toBrokerSymbols(trade('MNQH25', 'future', ['MNQH5', 'MNQ 03-25', 'mnqh5', 'MNQ Mar 25']))).toEqual([
      'MNQH5',
      'MNQ 03-25',
    ]);
  });
});
