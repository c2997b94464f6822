import { describe, expect, it } from 'vitest';
import { compareListings } from '../../src-common/browse';
import { BROWSE_SORTS, type Listing } from '../../src-common/schemas/listing';
import { makeListing } from '../../tests/helpers/listing-fixture';
import { ListingIndex } from './listing-index';

let seq = 0;
const listing = (overrides: Partial<Listing> = {}): Listing => makeListing({ id: ++seq, ...overrides });

/** What a full sort of everything held would answer: the index must always agree with it. */
function expected(all: Listing[], sort: (typeof BROWSE_SORTS)[number]) {
  return [...all].sort(compareListings(sort)).map((l) => l.id);
}

describe('ListingIndex', () => {
  const random = (() => {
    let s = 42;
    return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  })();

  it('keeps every order equal to a full sort through creates, updates and deletes', () => {
    const index = new ListingIndex();
    const live = new Map<number, Listing>();
    const initial = Array.from({ length: 50 }, () => listing({ price: Math.floor(random() * 20) }));
    index.load(initial);
    for (const l of initial) live.set(l.id, l);
    for (let step = 0; step < 300; step++) {
      const roll = random();
      const ids = [...live.keys()];
      if (roll < 0.4 || ids.length === 0) {
        const l = listing({ price: Math.floor(random() * 20), quantity: 1 + Math.floor(random() * 5) });
        l.totalPrice = l.price * l.quantity;
        index.upsert(l);
        live.set(l.id, l);
      } else if (roll < 0.8) {
        const held = live.get(ids[Math.floor(random() * ids.length)])!;
        const next = { ...held, price: Math.floor(random() * 20), version: held.version + 1 };
        next.totalPrice = next.price * next.quantity;
        index.upsert(next);
        live.set(next.id, next);
      } else {
        const id = ids[Math.floor(random() * ids.length)];
        index.remove(id);
        live.delete(id);
      }
    }
    for (const sort of BROWSE_SORTS) {
      expect(index.browse({ sort }).listings.map((l) => l.id)).toEqual(expected([...live.values()], sort));
    }
    expect(index.size).toBe(live.size);
  });

  it('ignores a stale or duplicate version and never revives a deleted listing', () => {
    const index = new ListingIndex();
    const v1 = listing();
    const v2 = { ...v1, notes: 'newer', version: 2 };
    index.load([v1]);
    expect(index.upsert(v2)).toBe(true);
    expect(index.upsert(v1)).toBe(false);
    expect(index.upsert({ ...v2, notes: 'duplicate' })).toBe(false);
    expect(index.get(v1.id)?.notes).toBe('newer');
    index.remove(v1.id);
    expect(index.upsert({ ...v2, version: 3 })).toBe(false);
    expect(index.get(v1.id)).toBeUndefined();
  });

  it('filters, pages and counts like the browser asks', () => {
    const index = new ListingIndex();
    const buys = Array.from({ length: 15 }, () => listing({ type: 'buy', notes: 'Looking for FISH' }));
    const sells = Array.from({ length: 5 }, () => listing({ type: 'sell', episode: 'Crenopolis' }));
    index.load([...buys, ...sells]);
    const page = index.browse({ sort: 'new', type: 'buy', limit: 10, offset: 10 });
    expect(page.total).toBe(15);
    expect(page.listings.map((l) => l.id)).toEqual(
      buys
        .slice(0, 5)
        .map((l) => l.id)
        .reverse(),
    );
    expect(index.browse({ sort: 'old', q: 'fish', limit: 2 }).listings.map((l) => l.id)).toEqual([
      buys[0].id,
      buys[1].id,
    ]);
    expect(index.browse({ sort: 'new', episode: 'Crenopolis' }).total).toBe(5);
    expect(index.browse({ sort: 'new', profession: 'Chef', category: 'Weapon' }).total).toBe(0);
    expect(index.browse({ sort: 'old', limit: 3 }).listings.map((l) => l.id)).toEqual(
      buys.slice(0, 3).map((l) => l.id),
    );
  });

  it('answers a repeated request from one serialisation until the next write', () => {
    const index = new ListingIndex();
    index.load([listing(), listing()]);
    const first = index.browseJson({ sort: 'new', limit: 10 });
    expect(index.browseJson({ sort: 'new', limit: 10 })).toBe(first);
    index.upsert(listing());
    const after = index.browseJson({ sort: 'new', limit: 10 });
    expect(after).not.toBe(first);
    expect(after.total).toBe(3);
    expect(JSON.parse(after.body.toString())).toHaveLength(3);
  });

  it('browses active listings only: a closed one leaves every order but stays readable by id and user', () => {
    const index = new ListingIndex();
    const [open, closing, closed] = [listing({ userId: 7 }), listing({ userId: 7 }), listing({ userId: 7 })];
    index.load([open, closing, { ...closed, status: 'closed', remainingQuantity: 0 }]);
    expect(index.browse({ sort: 'new' }).listings.map((l) => l.id)).toEqual([closing.id, open.id]);

    index.upsert({ ...closing, status: 'closed', closedReason: 'closed', version: 2 });
    for (const sort of BROWSE_SORTS) {
      expect(index.browse({ sort }).listings.map((l) => l.id)).toEqual([open.id]);
      expect(index.browse({ sort, q: closing.item }).total).toBe(1);
    }
    expect(index.get(closing.id)?.status).toBe('closed');
    expect(index.byUser(7).map((l) => l.id)).toEqual([closed.id, closing.id, open.id]);
  });

  it('reconciles with a later snapshot: lost changes and deletions are caught up, newer local ones kept', () => {
    const index = new ListingIndex();
    const [kept, edited, gone] = [listing(), listing(), listing()];
    index.load([kept, edited, gone]);
    const startedAt = Date.now();
    const arrivedMeanwhile = listing({ updatedAt: new Date(startedAt + 1000).toISOString() });
    index.upsert(arrivedMeanwhile);

    // The database no longer has `gone` and has a newer `edited`; neither change was relayed here.
    index.load([kept, { ...edited, notes: 'edited elsewhere', version: 2 }], startedAt);

    expect(index.get(gone.id)).toBeUndefined();
    expect(index.get(edited.id)?.notes).toBe('edited elsewhere');
    expect(index.get(arrivedMeanwhile.id)).toBeDefined();
    expect(index.browse({ sort: 'new' }).listings.map((l) => l.id)).toEqual([
      arrivedMeanwhile.id,
      edited.id,
      kept.id,
    ]);
  });
});
