import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareListings, matchesBrowseFilter } from '../../src-common/browse';
import { BROWSE_SORTS, type Listing } from '../../src-common/schemas/listing';
import {
  browsedFields,
  CATEGORIES,
  EPISODES,
  ITEMS,
  PROFESSIONS,
  SEARCHES,
} from '../../tests/helpers/browse-vocabulary';
import { makeListing } from '../../tests/helpers/listing-fixture';
import { ListingIndex, type BrowseRequest } from './listing-index';

const fields = fc.record({
  ...browsedFields,
  price: fc.integer({ min: 0, max: 6 }),
  quantity: fc.integer({ min: 1, max: 3 }),
  minute: fc.integer({ min: 0, max: 8 }),
});
type Fields = typeof fields extends fc.Arbitrary<infer T> ? T : never;

const build = (id: number, f: Fields, version = 1): Listing =>
  makeListing({
    id,
    version,
    item: f.item,
    seller: f.seller,
    notes: f.notes,
    type: f.type,
    category: f.category,
    episode: f.episode,
    professions: f.professions,
    price: f.price,
    quantity: f.quantity,
    totalPrice: f.price * f.quantity,
    timestamp: new Date(Date.UTC(2025, 0, 1, 0, f.minute)).toISOString(),
    status: f.closed ? 'closed' : 'active',
  });

const operation = fc.oneof(
  { arbitrary: fields.map((f) => ({ kind: 'create' as const, f })), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), f: fields }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('stale' as const), pick: fc.nat(), f: fields }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }), weight: 2 },
);

const request: fc.Arbitrary<BrowseRequest> = fc.record(
  {
    q: fc.constantFrom(...SEARCHES),
    item: fc.constantFrom(...ITEMS),
    type: fc.constantFrom('buy', 'sell'),
    category: fc.constantFrom(...CATEGORIES),
    episode: fc.constantFrom(...EPISODES),
    profession: fc.constantFrom(...PROFESSIONS),
    sort: fc.constantFrom(...BROWSE_SORTS),
    limit: fc.integer({ min: 1, max: 12 }),
    offset: fc.integer({ min: 0, max: 30 }),
  },
  { requiredKeys: ['sort'] },
);

/** The brute-force answer: filter everything held, sort it all, slice the page. */
function reference(all: Iterable<Listing>, r: BrowseRequest) {
  const matching = [...all].filter((l) => matchesBrowseFilter(l, r)).sort(compareListings(r.sort, r.q));
  const offset = r.offset ?? 0;
  const end = r.limit === undefined ? undefined : offset + r.limit;
  return { ids: matching.slice(offset, end).map((l) => l.id), total: matching.length };
}

/**
 * Short pages of broad filters: most are full, and most writes land after their last listing, so the
 * kept answers whose total a write moved are checked too.
 */
const shortPage: fc.Arbitrary<BrowseRequest> = fc.record(
  {
    type: fc.constantFrom('buy', 'sell'),
    sort: fc.constantFrom(...BROWSE_SORTS),
    limit: fc.integer({ min: 1, max: 4 }),
    offset: fc.integer({ min: 0, max: 3 }),
  },
  { requiredKeys: ['sort', 'limit'] },
);

const queryString = (r: BrowseRequest) =>
  new URLSearchParams(Object.entries(r).map(([k, v]) => [k, String(v)])).toString();

describe('ListingIndex against a brute-force reference (property-based)', () => {
  it.each([
    ['every filter, search, sort and page', request],
    ['short pages of broad filters', shortPage],
  ])('answers %s like filtering and sorting everything, through any writes', (_, requests) => {
    fc.assert(
      fc.property(
        fc.array(fields, { maxLength: 25 }),
        fc.array(fc.tuple(operation, fc.array(requests, { maxLength: 3 })), { maxLength: 30 }),
        (initial, steps) => {
          const index = new ListingIndex();
          const held = new Map<number, Listing>();
          let nextId = 1;
          for (const f of initial) {
            const l = build(nextId++, f);
            held.set(l.id, l);
          }
          index.load([...held.values()]);
          const asked = new Map<string, BrowseRequest>();
          const check = (r: BrowseRequest) => {
            const page = index.browse(r);
            expect({ ids: page.listings.map((l) => l.id), total: page.total }).toEqual(
              reference(held.values(), r),
            );
          };
          for (const [op, requests] of steps) {
            const ids = [...held.keys()];
            const target =
              op.kind !== 'create' && ids.length ? held.get(ids[op.pick % ids.length]) : undefined;
            if (op.kind === 'create') {
              const l = build(nextId++, op.f);
              expect(index.upsert(l)).toBe(true);
              held.set(l.id, l);
            } else if (target && op.kind === 'edit') {
              const l = build(target.id, op.f, target.version + 1);
              expect(index.upsert(l)).toBe(true);
              held.set(l.id, l);
            } else if (target && op.kind === 'stale') {
              expect(index.upsert(build(target.id, op.f, target.version))).toBe(false);
            } else if (target && op.kind === 'remove') {
              index.remove(target.id);
              held.delete(target.id);
            }
            // Every answer still cached must be what a fresh answer would be.
            for (const [qs, r] of asked) {
              const kept = index.recall(qs);
              if (!kept) continue;
              const expected = reference(held.values(), r);
              expect(kept.total).toBe(expected.total);
              expect((JSON.parse(kept.body.toString()) as Listing[]).map((l) => l.id)).toEqual(expected.ids);
            }
            for (const r of requests) {
              check(r);
              check({ ...r, limit: undefined });
              const qs = queryString(r);
              index.browseJson(r, qs);
              asked.set(qs, r);
            }
          }
          for (const sort of BROWSE_SORTS) check({ sort });
          expect(index.size).toBe(held.size);
        },
      ),
      { numRuns: 300 },
    );
  });
});
