import type { ItemGroupSort } from '../../../src-common/listing-groups';
import { stored } from '../stored';

/**
 * How the listing browser shows its results: cards, a compact list (one line per listing) or one row per
 * item. The URL's `view` says it, so Back and shared links keep it; without one, the player's last choice
 * (kept in localStorage, as the theme is) applies.
 */
export const LISTING_VIEWS = ['cards', 'list', 'items'] as const;
export type ListingView = (typeof LISTING_VIEWS)[number];

export const LISTING_VIEW_LABELS: Record<ListingView, string> = {
  cards: 'Cards',
  list: 'List',
  items: 'By item',
};
export const LISTING_VIEW_STORAGE_KEY = 'listingView';
export const DEFAULT_LISTING_VIEW: ListingView = 'cards';
/** The URL parameter that names the view. */
export const VIEW_PARAM = 'view';

const isView = (value: unknown): value is ListingView =>
  typeof value === 'string' && (LISTING_VIEWS as readonly string[]).includes(value);

export function storedView(): ListingView {
  const value = stored.get(LISTING_VIEW_STORAGE_KEY);
  return isView(value) ? value : DEFAULT_LISTING_VIEW;
}

export function rememberView(view: ListingView): void {
  // Where storage is refused, the view still shows for this visit (it is in the URL).
  stored.set(LISTING_VIEW_STORAGE_KEY, view);
}

/** The view the URL names, else the one remembered; an unknown `view` falls back the same way. */
export function viewFromSearch(
  params: URLSearchParams,
  remembered: () => ListingView = storedView,
): ListingView {
  const named = params.get(VIEW_PARAM);
  return isView(named) ? named : remembered();
}

/** The "by item" view's order: the URL parameter that holds it, and the choices with their labels. */
export const ITEM_SORT_PARAM = 'itemSort';
export const ITEM_SORT_LABELS: Record<ItemGroupSort, string> = {
  new: 'Newest listing first',
  listings: 'Most listings',
  name: 'Name: A to Z',
  ask: 'Lowest ask',
  bid: 'Highest bid',
};

export function itemSortFromSearch(params: URLSearchParams): ItemGroupSort {
  const named = params.get(ITEM_SORT_PARAM);
  return named !== null && Object.hasOwn(ITEM_SORT_LABELS, named) ? (named as ItemGroupSort) : 'new';
}

/** The parameters of the browser's address besides its filters, kept when the filters change. */
export const VIEW_PARAMS = [VIEW_PARAM, ITEM_SORT_PARAM] as const;
