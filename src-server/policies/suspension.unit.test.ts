import { describe, expect, it } from 'vitest';
import { makeListing } from '../../tests/helpers/listing-fixture';
import { MarketBooks } from '../read-models/market-books';
import { ListingIndex } from '../read-models/listing-index';
import { assertCanSuspend, isSuspended, suspensionEnd } from './suspension';

const at = new Date('2026-01-10T12:00:00.000Z');

describe('who may suspend', () => {
  it('an admin may suspend a player', () => {
    expect(() => assertCanSuspend(1, 2, false)).not.toThrow();
  });

  it('not themselves, not another admin (409)', () => {
    expect(() => assertCanSuspend(1, 1, true)).toThrow(expect.objectContaining({ status: 409 }));
    expect(() => assertCanSuspend(1, 2, true)).toThrow(
      expect.objectContaining({
        status: 409,
        message: 'Admins cannot be suspended. Remove them from the admins first.',
      }),
    );
  });
});

describe('the end date', () => {
  it('is `days` whole days after the suspension, or none (permanent)', () => {
    expect(suspensionEnd(at, 3)?.toISOString()).toBe('2026-01-13T12:00:00.000Z');
    expect(suspensionEnd(at, null)).toBeNull();
    expect(suspensionEnd(at, undefined)).toBeNull();
  });

  it('a suspension counts until its end, a permanent one always, none never', () => {
    const until = suspensionEnd(at, 1)!;
    const suspension = { reason: 'spam', until, at, by: 1 };
    expect(isSuspended(suspension, at)).toBe(true);
    expect(isSuspended(suspension, new Date(until.getTime() - 1))).toBe(true);
    expect(isSuspended(suspension, until)).toBe(false);
    expect(isSuspended({ ...suspension, until: null }, new Date('2099-01-01'))).toBe(true);
    expect(isSuspended(null, at)).toBe(false);
    expect(isSuspended(undefined, at)).toBe(false);
  });
});

describe('what a suspension hides', () => {
  const shown = makeListing({ id: 1, userId: 7, item: 'Copper Ore', notes: 'plain' });
  const hidden = makeListing({ id: 2, userId: 7, item: 'Copper Ore', notes: 'plain', sellerSuspended: true });

  it('a listing marked sellerSuspended is held by id but out of browse and search', () => {
    const index = new ListingIndex();
    index.load([shown, hidden]);
    expect(index.browse({ sort: 'new' }).listings.map((l) => l.id)).toEqual([1]);
    expect(index.browse({ sort: 'new', q: 'copper' }).total).toBe(1);
    expect(index.get(2)?.sellerSuspended).toBe(true);
  });

  it('and out of the order book; its return puts it back', () => {
    const index = new ListingIndex();
    const books = new MarketBooks();
    index.observe(books);
    index.load([shown, hidden]);
    expect(books.book('Copper Ore').asks.reduce((n, level) => n + level.listings, 0)).toBe(1);
    const { sellerSuspended: _, ...back } = { ...hidden, version: hidden.version + 1 };
    index.upsert(back);
    expect(books.book('Copper Ore').asks.reduce((n, level) => n + level.listings, 0)).toBe(2);
    expect(index.browse({ sort: 'new' }).total).toBe(2);
  });
});
