/**
 * The "by item" view of the listings (GET /api/listings/by-item): its orders, outside the zod schemas so
 * the browser's first paint does not carry zod for them.
 */
export const ITEM_GROUP_SORTS = ['new', 'listings', 'name', 'ask', 'bid'] as const;
export type ItemGroupSort = (typeof ITEM_GROUP_SORTS)[number];

/** Items in a page of GET /api/listings/by-item when no `limit` is asked. */
export const ITEM_GROUPS_PAGE = 50;
