import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CryptoFeeNotes, UnconvertedFee } from './crypto-fee-notes';

/** The rendered text, tags dropped. */
const toText = (html: string) => html.replace(/<[^>]+>/g, '');

describe('CryptoFeeNotes', () => {
  it('shows nothing for a trade without dust or unconverted fees', () => {
    expect(renderToStaticMarkup(<CryptoFeeNotes trade={{ symbol: 'AAPL' }} />)).toBe('');
  });

  it('names the residual in the base asset, and each fee not converted with its amount and asset', () => {
    const html = renderToStaticMarkup(
      <CryptoFeeNotes
        trade={{ symbol: 'BTC/USDT', residual: '0.0000766', unconvertedFees: [{ asset: 'BNB', amount: '0.0047' }] }}
      />,
    );
    expect(toText(html)).toContain('Residual 0.0000766 BTC left over');
    expect(toText(html)).toContain('Fee not converted: 0.0047 BNB');
    expect(toText(html)).toContain('not in Fees or Net');
  });

  it('says when the last sell went beyond the position', () => {
    const html = renderToStaticMarkup(<CryptoFeeNotes trade={{ symbol: 'ETH-USD', residual: '-0.0005' }} />);
    expect(toText(html)).toContain('Residual 0.0005 ETH sold beyond the position');
  });
});

describe('UnconvertedFee', () => {
  it('adds an execution’s fee in another asset after its fees', () => {
    expect(
      toText(
        renderToStaticMarkup(<UnconvertedFee execution={{ unconvertedFee: { amount: '0.0023', asset: 'BNB' } }} />),
      ),
    ).toBe('+ 0.0023 BNB');
    expect(renderToStaticMarkup(<UnconvertedFee execution={{}} />)).toBe('');
  });
});
