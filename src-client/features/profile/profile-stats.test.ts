import { describe, expect, it } from 'vitest';
import type { Listing } from '../../../src-common/schemas/listing';
import { makeListing } from '../../../tests/helpers/listing-fixture';
import { listingStats, traderStatus } from './profile-stats';

let seq = 0;
const listing = (overrides: Partial<Listing>): Listing => makeListing({ id: ++seq, ...overrides });

describe('listingStats', () => {
  it('counts only listings still on offer, and keeps the values left to sell and to buy apart', () => {
    const stats = listingStats([
      listing({ type: 'sell', price: 2_000, quantity: 10, remainingQuantity: 6, totalPrice: 20_000 }),
      listing({ type: 'sell', price: 1_000_000, quantity: 1, totalPrice: 1_000_000 }),
      listing({ type: 'buy', price: 500_000, quantity: 2, totalPrice: 1_000_000 }),
      listing({ type: 'sell', status: 'closed', closedReason: 'sold', remainingQuantity: 0, price: 9 }),
      listing({ type: 'buy', status: 'closed', closedReason: 'closed', price: 9 }),
    ]);
    expect(stats).toEqual({
      activeListings: 3,
      sellOrders: 2,
      buyOrders: 1,
      sellValueLeft: 1_012_000,
      buyValueLeft: 1_000_000,
    });
  });

  it('is all zeros without listings', () => {
    expect(listingStats([])).toEqual({
      activeListings: 0,
      sellOrders: 0,
      buyOrders: 0,
      sellValueLeft: 0,
      buyValueLeft: 0,
    });
  });
});

describe('traderStatus', () => {
  it('calls a player with a listing on offer an active trader', () => {
    expect(traderStatus(listingStats([listing({})]))).toBe('Active Trader');
  });

  it('does not call a player with no listing on offer active', () => {
    expect(traderStatus(listingStats([]))).toBe('No active listings');
    expect(traderStatus(listingStats([listing({ status: 'closed', closedReason: 'sold' })]))).toBe(
      'No active listings',
    );
  });
});
