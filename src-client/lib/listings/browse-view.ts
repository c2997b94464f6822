import type { Listing } from '../../../src-common/schemas/listing';
import { compareListings, matchesBrowseFilter } from '../../../src-common/browse';
import { DEFAULT_FILTERS, filtersKey, PAGE_SIZE, type BrowseFilters } from './browse-filters';

/**
 * What the listing browser shows: the ids of the first results in server order, the server's total,
 * and how deep "Show More" went. Live events are placed into it here, with the same filter and sort
 * rules as the server, so the list stays what a fresh load would show.
 */
export interface BrowseView {
  filters: BrowseFilters;
  /**
   * filtersKey(filters) of the results held; null before the first load (the default filters' key is '',
   * so an empty string would pass for results of them).
   */
  loadedKey: string | null;
  ids: number[];
  total: number;
  limit: number;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /**
   * With status 'error': the server's reason when it refused the filters (a 400, such as an item name not
   * in the catalogue, where trying again cannot help); null when the load failed otherwise.
   */
  refusal: string | null;
  /** Ids that arrived live and are briefly highlighted. */
  fresh: Readonly<Record<number, true>>;
}

export const initialBrowseView: BrowseView = {
  filters: DEFAULT_FILTERS,
  loadedKey: null,
  ids: [],
  total: 0,
  limit: PAGE_SIZE,
  status: 'idle',
  refusal: null,
  fresh: {},
};

/**
 * New filters or sort: back to the first page, of `pageSize` results (the compact list shows more than
 * the cards). The same filters with a larger page size keep what is loaded and ask for at least that many.
 */
export function withFilters(view: BrowseView, filters: BrowseFilters, pageSize = PAGE_SIZE): BrowseView {
  if (filtersKey(filters) !== filtersKey(view.filters)) return { ...view, filters, limit: pageSize };
  return view.limit >= pageSize ? view : { ...view, limit: pageSize };
}

/** Whether the results held for the view's filters are all it should show (none missing from its page). */
export function isComplete(view: BrowseView): boolean {
  return (
    view.loadedKey === filtersKey(view.filters) &&
    view.status === 'ready' &&
    view.ids.length >= Math.min(view.limit, view.total)
  );
}

export function withSnapshot(view: BrowseView, key: string, ids: number[], total: number): BrowseView {
  return { ...view, loadedKey: key, ids, total, status: 'ready' };
}

interface Placement {
  /** The version held before this one, if any. */
  previous?: Listing;
  /** A listing:created event: it counts towards the total when it matches. */
  created: boolean;
}

/** Adds, moves or removes one listing after it was created or changed. */
export function placeListing(
  view: BrowseView,
  listing: Listing,
  { previous, created }: Placement,
  byId: Readonly<Record<number, Listing>>,
): BrowseView {
  const shown = view.ids.includes(listing.id);
  const rest = shown ? view.ids.filter((id) => id !== listing.id) : view.ids;
  const wasCounted = shown || (previous ? matchesBrowseFilter(previous, view.filters) : !created);
  const matches = matchesBrowseFilter(listing, view.filters);

  if (!matches) {
    if (!shown && !(previous && matchesBrowseFilter(previous, view.filters))) return view;
    return { ...view, ids: rest, total: Math.max(0, view.total - 1) };
  }

  const total = wasCounted ? view.total : view.total + 1;
  const compare = compareListings(view.filters.sort, view.filters.q);
  const found = rest.findIndex((id) => byId[id] !== undefined && compare(listing, byId[id]) < 0);
  const position = found === -1 ? rest.length : found;
  // Placed after everything loaded while the server holds more: it belongs to a later "Show More".
  if (position === rest.length && total - rest.length - 1 > 0) {
    return shown || total !== view.total ? { ...view, ids: rest, total } : view;
  }
  const placed = [...rest.slice(0, position), listing.id, ...rest.slice(position)];
  // The page keeps the length it was loaded at, as a fresh load would: what an arrival pushes past its end
  // belongs to the next "Show More". A page left open all day stays as light as when it was opened.
  const ids = placed.length > view.limit ? placed.slice(0, view.limit) : placed;
  // An edit that keeps its place leaves the view as it was, so the list itself does not re-render.
  if (shown && total === view.total && ids.every((id, i) => id === view.ids[i])) return view;
  const highlighted =
    shown || !ids.includes(listing.id) ? view.fresh : { ...view.fresh, [listing.id]: true as const };
  return { ...view, ids, total, fresh: withoutFresh(highlighted, placed.slice(ids.length)) };
}

function withoutFresh(fresh: BrowseView['fresh'], gone: number[]): BrowseView['fresh'] {
  if (!gone.some((id) => fresh[id])) return fresh;
  const kept = { ...fresh };
  for (const id of gone) delete kept[id];
  return kept;
}

/** A deleted listing leaves the list and the count. */
export function dropListing(view: BrowseView, id: number, previous: Listing | undefined): BrowseView {
  if (view.ids.includes(id))
    return { ...view, ids: view.ids.filter((x) => x !== id), total: Math.max(0, view.total - 1) };
  if (previous && view.loadedKey !== null && matchesBrowseFilter(previous, view.filters)) {
    return { ...view, total: Math.max(0, view.total - 1) };
  }
  return view;
}

export function unmarkFresh(view: BrowseView, id: number): BrowseView {
  return view.fresh[id] ? { ...view, fresh: withoutFresh(view.fresh, [id]) } : view;
}
