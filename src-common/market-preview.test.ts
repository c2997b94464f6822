import { describe, expect, it } from 'vitest';
import { itemPreviewText } from './market-preview';

const book = {
  item: 'Rapier',
  bestAsk: 3_600_000,
  bestBid: null,
  spread: null,
  asks: [{ unitPrice: 3_600_000, quantity: 1, listings: 1 }],
  bids: [],
  lastTrade: null,
  trades24h: 1,
  volume24h: 1,
};

describe('itemPreviewText', () => {
  it('names the item and gives its best prices, last trade and 24 h trades', () => {
    expect(itemPreviewText(book)).toEqual({
      title: 'Rapier: price, order book and history',
      description:
        'Rapier on the Brighter Shores market. Best ask 3g 600s, best bid none, last trade none yet; 1 trade in 24 h.',
    });
  });

  it('gives the last trade per item', () => {
    const traded = { ...book, lastTrade: { unitPrice: 3_500, quantity: 2, at: '2026-01-01T00:00:00.000Z' } };
    expect(itemPreviewText(traded).description).toContain('last trade 3s 500c each');
  });
});
