import type { Listing } from '../../../src-common/schemas/listing';
import {
  emptyTable,
  removeEntity,
  reviveEntity,
  syncEntities,
  upsertEntity,
  upsertEntities,
  type EntityTable,
} from '../entity-table';
import { filtersKey } from './browse-filters';
import { dropListing, initialBrowseView, placeListing, withSnapshot, type BrowseView } from './browse-view';

/**
 * The listings slice as pure functions: every REST response and every socket event goes through
 * these, so the version rule and the browser's live placement are applied once.
 */
export interface ListingsData {
  table: EntityTable<Listing>;
  browse: BrowseView;
}

export const initialListingsData: ListingsData = { table: emptyTable<Listing>(), browse: initialBrowseView };

export function upsertListing(state: ListingsData, listing: Listing, created = false): ListingsData {
  const previous = state.table.byId[listing.id];
  const table = (created ? reviveEntity : upsertEntity)(state.table, listing);
  if (table === state.table) return state;
  return { table, browse: placeListing(state.browse, listing, { previous, created }, table.byId) };
}

export function removeListing(state: ListingsData, id: number): ListingsData {
  const previous = state.table.byId[id];
  return { table: removeEntity(state.table, id), browse: dropListing(state.browse, id, previous) };
}

/** Listings from a response that is not a complete scope (a single listing, a page of results). */
export function receiveListings(state: ListingsData, listings: readonly Listing[]): ListingsData {
  const table = upsertEntities(state.table, listings);
  return table === state.table ? state : { ...state, table };
}

/** A complete scope (a user's listings, every listing): held ones missing from it are gone. */
export function syncListings(
  state: ListingsData,
  snapshot: readonly Listing[],
  inScope: (listing: Listing) => boolean,
  startedAt: number,
): ListingsData {
  const table = syncEntities(state.table, snapshot, inScope, startedAt);
  const ids = state.browse.ids.filter((id) => table.byId[id]);
  const browse = ids.length === state.browse.ids.length ? state.browse : { ...state.browse, ids };
  return { table, browse };
}

/**
 * A page of browse results for `key`. Listings events changed after the request started are newer
 * than the page, so they are placed again on top of it; deleted ones stay out.
 */
export function receiveBrowsePage(
  state: ListingsData,
  key: string,
  page: readonly Listing[],
  total: number,
  startedAt: number,
  /** A further page (Show More): appended after the results shown, which stay. */
  append = false,
): ListingsData {
  if (key !== filtersKey(state.browse.filters)) return state;
  if (append && state.browse.loadedKey !== key) return state;
  const table = upsertEntities(state.table, page);
  const shown = append ? state.browse.ids : [];
  // A live insert since the request moves the server's pages down by one: what it sent twice is kept once.
  const fresh = page.map((l) => l.id).filter((id) => table.byId[id] && !shown.includes(id));
  const ids = [...shown, ...fresh];
  const dropped = page.filter((l) => !table.byId[l.id]).length;
  let browse = withSnapshot(state.browse, key, ids, total - dropped);
  for (const [id, at] of Object.entries(state.table.touched)) {
    if (at <= startedAt) continue;
    const listing = table.byId[Number(id)];
    if (listing && !ids.includes(listing.id))
      browse = placeListing(browse, listing, { created: true }, table.byId);
  }
  return { table, browse };
}
