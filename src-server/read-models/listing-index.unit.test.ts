import { describe, expect, it } from 'vitest';
import { compareListings } from '../../src-common/browse';
import { BROWSE_SORTS, type BrowseSort, type Listing } from '../../src-common/schemas/listing';
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

  it('keeps large orders exact while their chunks split and empty', () => {
    const index = new ListingIndex();
    const live = new Map<number, Listing>();
    const check = () => {
      for (const sort of BROWSE_SORTS) {
        expect(index.browse({ sort }).listings.map((l) => l.id)).toEqual(expected([...live.values()], sort));
      }
    };
    const initial = Array.from({ length: 1100 }, () => listing({ price: Math.floor(random() * 5) }));
    index.load(initial);
    for (const l of initial) live.set(l.id, l);
    // Every new listing is the newest at one price: they pile into the first chunk of each order.
    for (let i = 0; i < 1200; i++) {
      const l = listing({ price: 2 });
      index.upsert(l);
      live.set(l.id, l);
    }
    check();
    for (const id of [...live.keys()].filter(() => random() < 0.7)) {
      index.remove(id);
      live.delete(id);
    }
    check();
    // The oldest, a run of whole chunks at the end of the newest order, go altogether.
    for (const l of initial) {
      index.remove(l.id);
      live.delete(l.id);
    }
    check();
    expect(index.browse({ sort: 'asc', offset: 100, limit: 5 }).listings.map((l) => l.id)).toEqual(
      expected([...live.values()], 'asc').slice(100, 105),
    );
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

  it('keeps a paged answer under its query string until a write that can alter it', () => {
    const index = new ListingIndex();
    const fish = listing({ item: 'Ballan Wraddock', notes: '' });
    index.load([fish, listing({ item: 'Iron Ore' })]);
    const fishAnswer = index.browseJson({ sort: 'new', q: 'ball', limit: 10 }, 'q=ball&limit=10');
    const allAnswer = index.browseJson({ sort: 'new', limit: 10 }, 'limit=10');
    expect(index.recall('q=ball&limit=10')).toBe(fishAnswer);
    expect(index.recall('limit=10')).toBe(allAnswer);

    // A new ore matches "everything" but not "ball": only the first answer goes.
    index.upsert(listing({ item: 'Iron Ore' }));
    expect(index.recall('q=ball&limit=10')).toBe(fishAnswer);
    expect(index.recall('limit=10')).toBeUndefined();

    // An edit that takes the fish out of the search forgets it too.
    index.upsert({ ...fish, item: 'Iron Bar', version: 2 });
    expect(index.recall('q=ball&limit=10')).toBeUndefined();
    expect(index.browseJson({ sort: 'new', q: 'ball', limit: 10 }, 'q=ball&limit=10').total).toBe(0);
  });

  it('keeps a full page that a write lands after, with its total moved, and forgets one it lands on', () => {
    const index = new ListingIndex();
    index.load(
      Array.from({ length: 6 }, (_, i) => listing({ price: 10 * (i + 1), totalPrice: 10 * (i + 1) })),
    );
    const cheapest = index.browseJson({ sort: 'asc', limit: 3 }, 'sort=asc&limit=3');
    index.browseJson({ sort: 'asc', limit: 3, offset: 4 }, 'sort=asc&limit=3&offset=4');

    const dear = listing({ price: 900, totalPrice: 900 });
    index.upsert(dear);
    expect(index.recall('sort=asc&limit=3')?.body).toBe(cheapest.body);
    expect(index.recall('sort=asc&limit=3')?.total).toBe(7);
    // The last page (two listings) is not full: a listing after it shows on it.
    expect(index.recall('sort=asc&limit=3&offset=4')).toBeUndefined();
    index.browseJson({ sort: 'asc', limit: 3, offset: 4 }, 'sort=asc&limit=3&offset=4');

    // Cheaper than the first page's last listing: every page from there on shifts.
    index.upsert(listing({ price: 25, totalPrice: 25 }));
    expect(index.recall('sort=asc&limit=3')).toBeUndefined();
    expect(index.recall('sort=asc&limit=3&offset=4')).toBeUndefined();
    const after = index.browseJson({ sort: 'asc', limit: 3 }, 'sort=asc&limit=3');
    expect(after.total).toBe(8);

    // Deleting the dearest listing, beyond the first page, takes one off its total and nothing off the page.
    index.remove(dear.id);
    expect(index.recall('sort=asc&limit=3')?.body).toBe(after.body);
    expect(index.recall('sort=asc&limit=3')?.total).toBe(7);
  });

  it('never keeps an answer without a limit (every listing), yet answers it whole', () => {
    const index = new ListingIndex();
    index.load(Array.from({ length: 30 }, () => listing()));
    const answer = index.browseJson({ sort: 'new' }, '');
    expect(JSON.parse(answer.body.toString())).toHaveLength(30);
    expect(index.recall('')).toBeUndefined();
  });

  it('bounds the kept answers by bytes, dropping the least recently used', () => {
    const index = new ListingIndex({ cacheBytes: 40_000 });
    index.load(Array.from({ length: 60 }, () => listing({ notes: 'x'.repeat(200) })));
    const answer = index.browseJson({ sort: 'new', limit: 10 }, 'a');
    // Each answer weighs twice its body (room for compressed copies) plus its key.
    const weight = 2 * answer.body.length;
    const fit = Math.floor(40_000 / (weight + 210));
    for (let i = 1; i < fit + 3; i++) index.browseJson({ sort: 'new', limit: 10, offset: i }, `a${i}`);
    expect(index.recall('a')).toBeUndefined();
    expect(index.recall(`a${fit + 2}`)).toBeDefined();
    let kept = 0;
    for (let i = 1; i < fit + 3; i++) if (index.recall(`a${i}`)) kept++;
    expect(kept * weight).toBeLessThanOrEqual(40_000);
    expect(kept).toBeGreaterThan(0);
  });

  describe('search', () => {
    const ids = (index: ListingIndex, q: string, sort: BrowseSort = 'new') =>
      index.browse({ sort, q }).listings.map((l) => l.id);

    it('matches the start of words in item names, seller names and notes, ignoring case and accents', () => {
      const index = new ListingIndex();
      const ore = listing({ item: 'Iron Ore', seller: 'Zed' });
      const seller = listing({ item: 'Copper Bar', seller: 'Ørjan_the-Trader' });
      const notes = listing({ item: 'Copper Bar', seller: 'Zed', notes: 'Négociable, PM me' });
      index.load([ore, seller, notes]);
      expect(ids(index, 'ORE')).toEqual([ore.id]);
      expect(ids(index, 'or')).toEqual([ore.id, seller.id]);
      expect(ids(index, 'ron')).toEqual([]);
      expect(ids(index, 'orjan')).toEqual([seller.id]);
      expect(ids(index, 'trad')).toEqual([seller.id]);
      expect(ids(index, 'negoc')).toEqual([notes.id]);
      expect(ids(index, 'NÉGO')).toEqual([notes.id]);
      // Punctuation alone asks for no word: nothing starts with it.
      expect(ids(index, '&')).toEqual([]);
      expect(ids(index, '  ')).toHaveLength(3);
    });

    it('narrows with each word, in any order and across fields', () => {
      const index = new ListingIndex();
      const a = listing({ item: 'Iron Ore', notes: 'fresh' });
      const b = listing({ item: 'Iron Bar', notes: 'fresh' });
      const c = listing({ item: 'Iron Ore', notes: 'old' });
      index.load([a, b, c]);
      expect(ids(index, 'iron', 'old')).toEqual([a.id, b.id, c.id]);
      expect(ids(index, 'ore iron', 'old')).toEqual([a.id, c.id]);
      expect(ids(index, 'iron fresh ore', 'old')).toEqual([a.id]);
    });

    it('lists the best item-name matches first with the default sort, newest first within each', () => {
      const index = new ListingIndex();
      const inNotes = listing({ item: 'Copper Bar', notes: 'ore too' });
      const exact = listing({ item: 'Ore' });
      const anyWord = listing({ item: 'Iron Ore' });
      const starts = listing({ item: 'Ore Sack' });
      const exactNewer = listing({ item: 'ore' });
      index.load([inNotes, exact, anyWord, starts, exactNewer]);
      expect(ids(index, 'ore')).toEqual([exactNewer.id, exact.id, starts.id, anyWord.id, inNotes.id]);
      // A word asked twice ranks as once, here and in the order the browser places live listings by.
      const twice = [...index.browse({ sort: 'new', q: 'ore ore' }).listings];
      expect(twice.map((l) => l.id)).toEqual([exactNewer.id, exact.id, starts.id, anyWord.id, inNotes.id]);
      expect([...twice].reverse().sort(compareListings('new', 'ore ore'))).toEqual(twice);
      // Any other sort keeps its order.
      expect(ids(index, 'ore', 'old')).toEqual([inNotes.id, exact.id, anyWord.id, starts.id, exactNewer.id]);
    });
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
});
