import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Listing } from '../../src-common/schemas/listing';
import {
  browsedFields,
  CATEGORIES,
  EPISODES,
  ITEMS,
  PROFESSIONS,
  SEARCHES,
} from '../../tests/helpers/browse-vocabulary';
import { makeListing } from '../../tests/helpers/listing-fixture';
import { ListingIndex } from './listing-index';
import { SavedSearchIndex, type IndexedSearch } from './saved-search-index';

const listingArb = fc
  .record({ ...browsedFields, price: fc.integer({ min: 1, max: 6 }) })
  .map((f): Listing =>
    makeListing({ id: 1, ...f, totalPrice: f.price, status: f.closed ? 'closed' : 'active' }),
  );

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const searchArb = fc
  .record({
    userId: fc.integer({ min: 1, max: 3 }),
    q: optional(fc.constantFrom(...SEARCHES)),
    item: optional(fc.constantFrom(...ITEMS)),
    type: optional(fc.constantFrom('buy', 'sell')),
    category: optional(fc.constantFrom(...CATEGORIES)),
    episode: optional(fc.constantFrom(...EPISODES)),
    profession: optional(fc.constantFrom(...PROFESSIONS)),
    limit: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
  })
  .map(({ userId, limit, ...filters }) => ({
    userId,
    filters,
    maxUnitPrice: filters.type === 'sell' ? limit : null,
    minUnitPrice: filters.type === 'buy' ? limit : null,
  }));

/** The reference: the listing browser itself, asked with the search's filters over this one listing. */
function browseFinds(listing: Listing, search: IndexedSearch): boolean {
  const index = new ListingIndex();
  index.load([listing]);
  if (index.browse({ ...search.filters, sort: 'new' }).total !== 1) return false;
  if (search.maxUnitPrice !== null && listing.price > search.maxUnitPrice) return false;
  return search.minUnitPrice === null || listing.price >= search.minUnitPrice;
}

describe('SavedSearchIndex', () => {
  it('finds exactly the searches the listing browser would show the listing for (brute force)', () => {
    fc.assert(
      fc.property(
        fc.array(searchArb, { maxLength: 25 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        listingArb,
        (searches, removals, listing) => {
          const index = new SavedSearchIndex();
          const held = searches.map((s, i) => ({ ...s, id: i + 1 }));
          index.load(held);
          const removed = new Set(removals.filter(() => held.length).map((n) => (n % held.length) + 1));
          for (const id of removed) index.remove(id);
          const expected = held.filter((s) => !removed.has(s.id) && browseFinds(listing, s)).map((s) => s.id);
          expect(index.matches(listing).map((s) => s.id)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('word starts, accents and case as the browser: "iron o" finds Iron Ore, "ron" does not', () => {
    const index = new SavedSearchIndex();
    const search = (id: number, q: string): IndexedSearch => ({
      id,
      userId: 1,
      filters: { q },
      maxUnitPrice: null,
      minUnitPrice: null,
    });
    index.load([search(1, 'iron o'), search(2, 'ron'), search(3, 'ELAN'), search(4, '.*')]);
    expect(index.matches(makeListing({ id: 1, item: 'Iron Ore' })).map((s) => s.id)).toEqual([1]);
    expect(index.matches(makeListing({ id: 2, item: 'Élan Ore' })).map((s) => s.id)).toEqual([3]);
  });

  it('a removed search stays out when a read from before its removal is loaded', () => {
    const index = new SavedSearchIndex();
    const search: IndexedSearch = {
      id: 7,
      userId: 1,
      filters: { type: 'sell' },
      maxUnitPrice: null,
      minUnitPrice: null,
    };
    index.remove(7);
    index.load([search]);
    expect(index.size).toBe(0);
    expect(index.matches(makeListing({ id: 1, type: 'sell' }))).toEqual([]);
  });
});
