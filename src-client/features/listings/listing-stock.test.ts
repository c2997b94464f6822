import { describe, expect, it } from 'vitest';
import { closedHeadline, quantityText, shownTotal } from './listing-stock';

describe('quantityText', () => {
  it('is the quantity before any trade', () => {
    expect(quantityText({ quantity: 1200, remainingQuantity: 1200, status: 'active' })).toBe('1,200');
  });

  it('says how many are left once part was taken', () => {
    expect(quantityText({ quantity: 20, remainingQuantity: 15, status: 'active' })).toBe('15 of 20 left');
  });

  it('is the whole quantity on a closed listing (the banner says why)', () => {
    expect(quantityText({ quantity: 20, remainingQuantity: 0, status: 'closed' })).toBe('20');
  });
});

describe('shownTotal', () => {
  const lot = { price: 12_500, quantity: 50, totalPrice: 625_000 };

  it('is the whole total before any trade', () => {
    expect(shownTotal({ ...lot, remainingQuantity: 50, status: 'active' })).toEqual({
      copper: 625_000,
      left: null,
    });
  });

  it('is the total of what is left once part was taken, with how many that is', () => {
    expect(shownTotal({ ...lot, remainingQuantity: 30, status: 'active' })).toEqual({
      copper: 375_000,
      left: 30,
    });
  });

  it('is the whole total on a closed listing, beside its whole quantity', () => {
    expect(shownTotal({ ...lot, remainingQuantity: 0, status: 'closed' })).toEqual({
      copper: 625_000,
      left: null,
    });
  });
});

describe('closedHeadline', () => {
  it('is Sold or Bought when sold out, and says so when its owner closed it', () => {
    expect(closedHeadline({ type: 'sell', closedReason: 'sold' })).toBe('Sold');
    expect(closedHeadline({ type: 'buy', closedReason: 'sold' })).toBe('Bought');
    expect(closedHeadline({ type: 'sell', closedReason: 'closed' })).toBe('Closed by its owner');
  });
});
