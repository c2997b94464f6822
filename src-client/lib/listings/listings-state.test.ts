import { describe, expect, it } from 'vitest';
import type { Listing } from '../../../src-common/schemas/listing';
import { DEFAULT_FILTERS, filtersKey, PAGE_SIZE, type BrowseFilters } from './browse-filters';
import { withFilters } from './browse-view';
import { makeListing } from '../../../tests/helpers/listing-fixture';
import {
  initialListingsData,
  receiveBrowsePage,
  removeListing,
  syncListings,
  upsertListing,
  type ListingsData,
} from './listings-state';

/** A browser that loaded `page` for `filters` out of `total` matching listings. */
function loaded(page: Listing[], total: number, filters: BrowseFilters = DEFAULT_FILTERS): ListingsData {
  const state = { ...initialListingsData, browse: withFilters(initialListingsData.browse, filters) };
  return receiveBrowsePage(state, filtersKey(filters), page, total, state.table.clock);
}

const swords = (filters?: BrowseFilters) =>
  loaded([makeListing({ id: 3 }), makeListing({ id: 2 }), makeListing({ id: 1 })], 3, filters);

describe('listing:created in the browser', () => {
  it('puts a new matching listing at the top, highlighted, and counts it', () => {
    const state = upsertListing(swords(), makeListing({ id: 4 }), true);
    expect(state.browse.ids).toEqual([4, 3, 2, 1]);
    expect(state.browse.total).toBe(4);
    expect(state.browse.fresh[4]).toBe(true);
  });

  it('ignores a new listing that does not match the filters', () => {
    const filters = { ...DEFAULT_FILTERS, type: 'buy' as const };
    const state = upsertListing(loaded([], 0, filters), makeListing({ id: 4, type: 'sell' }), true);
    expect(state.browse.ids).toEqual([]);
    expect(state.browse.total).toBe(0);
  });

  it('counts but does not show a listing that sorts beyond the loaded page', () => {
    const filters = { ...DEFAULT_FILTERS, sort: 'asc' as const };
    const page = [makeListing({ id: 1, price: 10 }), makeListing({ id: 2, price: 20 })];
    const state = upsertListing(loaded(page, 5, filters), makeListing({ id: 9, price: 999 }), true);
    expect(state.browse.ids).toEqual([1, 2]);
    expect(state.browse.total).toBe(6);
  });

  it('places it by the sort within the loaded page', () => {
    const filters = { ...DEFAULT_FILTERS, sort: 'asc' as const };
    const page = [makeListing({ id: 1, price: 10 }), makeListing({ id: 2, price: 30 })];
    const state = upsertListing(loaded(page, 2, filters), makeListing({ id: 9, price: 20 }), true);
    expect(state.browse.ids).toEqual([1, 9, 2]);
  });

  it('keeps a full page at its length: an arrival at the top pushes the last one out, to "Show More"', () => {
    const page = Array.from({ length: PAGE_SIZE }, (_, i) => makeListing({ id: PAGE_SIZE - i }));
    let state = loaded(page, PAGE_SIZE + 3);
    const last = page.at(-1)!.id;
    state = upsertListing(state, makeListing({ id: 100 }), true);
    expect(state.browse.ids).toHaveLength(PAGE_SIZE);
    expect(state.browse.ids[0]).toBe(100);
    expect(state.browse.ids).not.toContain(last);
    expect(state.browse.total).toBe(PAGE_SIZE + 4);
    // The next arrival pushes out the one that was highlighted last: its highlight goes with it.
    for (let id = 101; id < 101 + PAGE_SIZE; id++) state = upsertListing(state, makeListing({ id }), true);
    expect(state.browse.ids).toHaveLength(PAGE_SIZE);
    expect(state.browse.fresh[100]).toBeUndefined();
    expect(Object.keys(state.browse.fresh)).toHaveLength(PAGE_SIZE);
  });

  it('ignores a duplicate created event', () => {
    const once = upsertListing(swords(), makeListing({ id: 4 }), true);
    expect(upsertListing(once, makeListing({ id: 4 }), true)).toBe(once);
  });
});

describe('listing:updated in the browser', () => {
  it('drops a listing that closed, and uncounts it; it stays held for its own page', () => {
    const state = upsertListing(
      swords(),
      makeListing({ id: 2, status: 'closed', remainingQuantity: 0, closedReason: 'sold', version: 2 }),
    );
    expect(state.browse.ids).toEqual([3, 1]);
    expect(state.browse.total).toBe(2);
    expect(state.table.byId[2]?.status).toBe('closed');
  });

  it('keeps a partly sold listing in place with its new remaining quantity', () => {
    const state = upsertListing(
      swords(),
      makeListing({ id: 2, quantity: 20, remainingQuantity: 15, version: 2 }),
    );
    expect(state.browse.ids).toEqual([3, 2, 1]);
    expect(state.table.byId[2]?.remainingQuantity).toBe(15);
  });

  it('removes a listing edited so it no longer matches, and uncounts it', () => {
    const filters = { ...DEFAULT_FILTERS, q: 'sword' };
    const state = upsertListing(swords(filters), makeListing({ id: 2, item: 'Iron Axe', version: 2 }));
    expect(state.browse.ids).toEqual([3, 1]);
    expect(state.browse.total).toBe(2);
  });

  it('keeps the place of an edited listing that still matches', () => {
    const state = upsertListing(swords(), makeListing({ id: 2, notes: 'now with notes', version: 2 }));
    expect(state.browse.ids).toEqual([3, 2, 1]);
    expect(state.browse.total).toBe(3);
    expect(state.table.byId[2].notes).toBe('now with notes');
  });

  it('applies out-of-order updates by version', () => {
    let state = upsertListing(swords(), makeListing({ id: 2, notes: 'v3', version: 3 }));
    state = upsertListing(state, makeListing({ id: 2, notes: 'v2', version: 2 }));
    expect(state.table.byId[2].notes).toBe('v3');
  });

  it('ignores a stale update that would remove a listing from the view', () => {
    const filters = { ...DEFAULT_FILTERS, q: 'sword' };
    let state = upsertListing(swords(filters), makeListing({ id: 2, version: 3 }));
    state = upsertListing(state, makeListing({ id: 2, item: 'Iron Axe', version: 2 }));
    expect(state.browse.ids).toEqual([3, 2, 1]);
  });
});

describe('listing:deleted in the browser', () => {
  it('removes the listing and uncounts it', () => {
    const state = removeListing(swords(), 2);
    expect(state.browse.ids).toEqual([3, 1]);
    expect(state.browse.total).toBe(2);
  });

  it('does not bring a deleted listing back on a late update', () => {
    let state = removeListing(swords(), 2);
    state = upsertListing(state, makeListing({ id: 2, version: 5 }));
    expect(state.browse.ids).toEqual([3, 1]);
    expect(state.table.byId[2]).toBeUndefined();
  });

  it('keeps a deleted listing out of a page that was requested before the delete', () => {
    const state = swords();
    const startedAt = state.table.clock;
    const afterDelete = removeListing(state, 2);
    const page = [makeListing({ id: 3 }), makeListing({ id: 2 }), makeListing({ id: 1 })];
    const next = receiveBrowsePage(afterDelete, '', page, 3, startedAt);
    expect(next.browse.ids).toEqual([3, 1]);
    expect(next.browse.total).toBe(2);
  });
});

describe('receiveBrowsePage', () => {
  it('adds a listing created while the page was being fetched', () => {
    const state = swords();
    const startedAt = state.table.clock;
    const withNew = upsertListing(state, makeListing({ id: 4 }), true);
    const page = [makeListing({ id: 3 }), makeListing({ id: 2 }), makeListing({ id: 1 })];
    const next = receiveBrowsePage(withNew, '', page, 3, startedAt);
    expect(next.browse.ids).toEqual([4, 3, 2, 1]);
    expect(next.browse.total).toBe(4);
  });

  it('drops a page for filters that are no longer selected', () => {
    const state = swords();
    expect(receiveBrowsePage(state, 'type=buy', [makeListing({ id: 8 })], 1, 0)).toBe(state);
  });

  it('appends a further page after the results shown, keeping once what a live insert pushed into it', () => {
    // Listings 30..21 shown of 25 matching; 31 arrived live and pushed 21 out, to the next page.
    const first = Array.from({ length: 10 }, (_, i) => makeListing({ id: 30 - i }));
    let state = upsertListing(loaded(first, 25), makeListing({ id: 31 }), true);
    expect(state.browse.ids).toEqual([31, ...Array.from({ length: 9 }, (_, i) => 30 - i)]);
    // "Show More" makes room for 10 more; 32 arrives while the page is asked at offset 10, after 32 was
    // counted by the server, so the page repeats 22.
    state = { ...state, browse: withFilters(state.browse, DEFAULT_FILTERS, 20) };
    state = upsertListing(state, makeListing({ id: 32 }), true);
    const next = Array.from({ length: 10 }, (_, i) => makeListing({ id: 22 - i }));
    const more = receiveBrowsePage(state, '', next, 27, state.table.clock, true);
    expect(more.browse.ids).toEqual([32, 31, ...Array.from({ length: 18 }, (_, i) => 30 - i)]);
    expect(more.browse.total).toBe(27);
    expect(more.browse.status).toBe('ready');
  });
});

describe('syncListings (a complete scope such as a profile)', () => {
  it('drops the user listings the snapshot no longer has, from the table and the browser', () => {
    const state = swords();
    const next = syncListings(
      state,
      [makeListing({ id: 1 }), makeListing({ id: 3 })],
      (l) => l.userId === 1,
      state.table.clock,
    );
    expect(next.table.byId[2]).toBeUndefined();
    expect(next.browse.ids).toEqual([3, 1]);
  });
});

describe('selective re-rendering', () => {
  it('leaves the browser view untouched when an edit keeps a listing in place', () => {
    const state = swords();
    const next = upsertListing(state, makeListing({ id: 2, notes: 'edited', version: 2 }));
    expect(next.browse).toBe(state.browse);
    expect(next.table).not.toBe(state.table);
  });
});

describe('before the first load', () => {
  it('holds no results for any filters, the defaults (key "") included, so nothing claims "0 Active Listings"', () => {
    expect(filtersKey(DEFAULT_FILTERS)).toBe('');
    expect(initialListingsData.browse.loadedKey).not.toBe(filtersKey(DEFAULT_FILTERS));
  });
});
