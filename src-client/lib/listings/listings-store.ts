import { create } from 'zustand';
import { BROWSE_LIMIT_MAX } from '../../../src-common/browse';
import type { Listing, ListingDetail } from '../../../src-common/schemas/listing';
import { api, ApiError, apiRequest } from '../api-client';
import { browseApiQuery, filtersKey, PAGE_SIZE, type BrowseFilters } from './browse-filters';
import { isComplete, unmarkFresh, withFilters } from './browse-view';
import {
  initialListingsData,
  receiveBrowsePage,
  receiveListings,
  removeListing,
  syncListings,
  upsertListing,
  type ListingsData,
} from './listings-state';

/** Listings by id plus the browser's view; one store, fed by REST and by socket events alike. */
export const useListings = create<ListingsData>(() => initialListingsData);

/** How long a listing that arrived live stays highlighted. */
const FRESH_MS = 4000;

const clock = () => useListings.getState().table.clock;

/** The Show More request in flight: a second click waits for it rather than asking the same page. */
let showingMore: Promise<void> | null = null;

async function fetchBrowse(filters: BrowseFilters, limit: number, offset: number) {
  const { data, headers } = await apiRequest<Listing[]>('GET', '/listings', {
    query: browseApiQuery(filters, limit, offset),
  });
  return { page: data, total: Number(headers.get('X-Total-Count') ?? data.length) };
}

function failBrowse(key: string, err: unknown) {
  const refusal = err instanceof ApiError && err.status === 400 ? err.message : null;
  useListings.setState((s) =>
    filtersKey(s.browse.filters) === key ? { browse: { ...s.browse, status: 'error', refusal } } : s,
  );
}

export const listingActions = {
  /** From REST or a listing:created / listing:updated event. */
  upsert(listing: Listing, created = false) {
    useListings.setState((s) => upsertListing(s, listing, created));
    if (useListings.getState().browse.fresh[listing.id]) {
      setTimeout(
        () => useListings.setState((s) => ({ browse: unmarkFresh(s.browse, listing.id) })),
        FRESH_MS,
      );
    }
  },
  remove(id: number) {
    useListings.setState((s) => removeListing(s, id));
  },
  receive(listings: readonly Listing[]) {
    useListings.setState((s) => receiveListings(s, listings));
  },

  /**
   * Sets the browser's filters (back to the first `pageSize` results when they changed) and loads if
   * needed.
   */
  async browse(filters: BrowseFilters, pageSize = PAGE_SIZE) {
    useListings.setState((s) => ({ browse: withFilters(s.browse, filters, pageSize) }));
    if (isComplete(useListings.getState().browse)) return;
    await listingActions.reloadBrowse();
  },
  /** Events were lost: the next visit to the browser reloads its results instead of trusting them. */
  markBrowseStale() {
    useListings.setState((s) =>
      s.browse.status === 'ready' ? { browse: { ...s.browse, status: 'idle' } } : s,
    );
  },
  /**
   * The next page after the results shown, appended: nothing shown is downloaded again. Live events keep
   * the results shown in the server's order, so their count is where the next page starts.
   */
  async showMore(pageSize = PAGE_SIZE) {
    if (showingMore) return showingMore;
    const { filters, ids, loadedKey } = useListings.getState().browse;
    const key = filtersKey(filters);
    if (loadedKey !== key) return;
    useListings.setState((s) => ({ browse: { ...s.browse, limit: ids.length + pageSize } }));
    const startedAt = clock();
    showingMore = fetchBrowse(filters, pageSize, ids.length)
      .then(({ page, total }) =>
        useListings.setState((s) => receiveBrowsePage(s, key, page, total, startedAt, true)),
      )
      .catch((err: unknown) => failBrowse(key, err))
      .finally(() => (showingMore = null));
    return showingMore;
  },
  /**
   * Loads the first `limit` results again, in pages the server accepts: on filter change, after a lost
   * reconnect and to try again after a failure.
   */
  async reloadBrowse() {
    const { filters, limit } = useListings.getState().browse;
    const key = filtersKey(filters);
    const startedAt = clock();
    useListings.setState((s) => ({
      browse: { ...s.browse, status: s.browse.loadedKey === key ? 'ready' : 'loading' },
    }));
    try {
      const listings: Listing[] = [];
      let total = 0;
      while (listings.length < limit) {
        const asked = Math.min(BROWSE_LIMIT_MAX, limit - listings.length);
        const next = await fetchBrowse(filters, asked, listings.length);
        listings.push(...next.page);
        total = next.total;
        if (next.page.length < asked) break;
      }
      useListings.setState((s) => receiveBrowsePage(s, key, listings, total, startedAt));
    } catch (err) {
      failBrowse(key, err);
    }
  },

  /** One listing (detail page, edit form). Throws ApiError (404 "Listing not found"). */
  async fetchOne(id: number): Promise<ListingDetail> {
    const listing = await api.get<ListingDetail>(`/listings/${id}`);
    listingActions.receive([listing]);
    return listing;
  },

  /** Every active listing (admin list). */
  async fetchAll(): Promise<void> {
    const startedAt = clock();
    const listings = await api.get<Listing[]>('/listings');
    // The browse answer is every active listing; closed ones held for their own pages are not in it.
    useListings.setState((s) => syncListings(s, listings, (l) => l.status === 'active', startedAt));
  },

  /** Every active listing of an item (its page): held active ones of the item the answer lacks are gone. */
  syncItem(item: string, listings: readonly Listing[], startedAt: number) {
    useListings.setState((s) =>
      syncListings(s, listings, (l) => l.item === item && l.status === 'active', startedAt),
    );
  },

  /** A user's complete set of listings, e.g. from their profile response. */
  syncUser(userId: number, listings: readonly Listing[], startedAt: number) {
    useListings.setState((s) => syncListings(s, listings, (l) => l.userId === userId, startedAt));
  },
  clock,
};

/** The selectors views use; each returns stable references so only real changes re-render. */
export const selectListing = (id: number) => (s: ListingsData) => s.table.byId[id] as Listing | undefined;
export const selectWasDeleted = (id: number) => (s: ListingsData) => Boolean(s.table.tombstones[id]);
export const selectListingsById = (s: ListingsData) => s.table.byId;
export const selectBrowse = (s: ListingsData) => s.browse;
