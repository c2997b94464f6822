import { describe, expect, it } from 'vitest';
import type { Listing } from '../../../src-common/schemas/listing';
import { deskSides, perDayText, salesSummary } from './desk-figures';

let seq = 0;
const listing = (type: 'buy' | 'sell', price: number, userId: number, minutesAgo = 0): Listing =>
  ({
    id: ++seq,
    type,
    price,
    userId,
    status: 'active',
    timestamp: new Date(Date.UTC(2026, 10, 27, 12) - minutesAgo * 60_000).toISOString(),
  }) as Listing;

describe('deskSides', () => {
  it('lists online traders first, then sellers cheapest first and buyers highest first', () => {
    const online = new Set([2]);
    const cheapOffline = listing('sell', 10, 1);
    const dearOnline = listing('sell', 30, 2);
    const midOffline = listing('sell', 20, 3);
    const lowBid = listing('buy', 5, 1);
    const highBid = listing('buy', 9, 3);
    const onlineBid = listing('buy', 1, 2);
    const { sellers, buyers } = deskSides(
      [cheapOffline, dearOnline, midOffline, lowBid, highBid, onlineBid],
      (id) => online.has(id),
    );
    expect(sellers).toEqual([dearOnline, cheapOffline, midOffline]);
    expect(buyers).toEqual([onlineBid, highBid, lowBid]);
  });

  it('keeps the older listing first at one price, and leaves closed listings out', () => {
    const newer = listing('sell', 10, 1, 1);
    const older = listing('sell', 10, 2, 5);
    const closed = { ...listing('sell', 1, 3), status: 'closed' } as Listing;
    expect(deskSides([newer, closed, older], () => false).sellers).toEqual([older, newer]);
  });
});

describe('salesSummary', () => {
  const now = Date.UTC(2026, 10, 27, 12);
  const sale = (unitPrice: number, quantity: number, daysAgo: number) => ({
    unitPrice,
    quantity,
    at: new Date(now - daysAgo * 86_400_000).toISOString(),
  });

  it('averages the price each by item and counts sales a day since the oldest', () => {
    // 1 at 100 and 3 at 200: 700 for 4 items, 175 each; 2 sales over 4 days.
    expect(salesSummary([sale(100, 1, 0.5), sale(200, 3, 4)], now)).toEqual({
      volume: 4,
      averageEach: 175,
      perDay: 0.5,
      since: new Date(now - 4 * 86_400_000).toISOString(),
    });
  });

  it('counts at least one day, so sales of the last hour are not hundreds a day', () => {
    expect(salesSummary([sale(5, 1, 0.01), sale(7, 1, 0.02)], now)?.perDay).toBe(2);
  });

  it('is null without sales', () => {
    expect(salesSummary([], now)).toBeNull();
  });
});

describe('perDayText', () => {
  it('says one decimal below 10, whole numbers above, and one sale in the singular', () => {
    expect(perDayText(0.4444)).toBe('0.4 sales a day');
    expect(perDayText(1)).toBe('1 sale a day');
    expect(perDayText(12.6)).toBe('13 sales a day');
  });
});
