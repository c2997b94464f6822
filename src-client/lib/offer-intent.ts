/**
 * The listing page with its offer form open from the start, its first field focused ("Make an offer" on a
 * card or a row). In the address rather than in router state, so the link also works opened in a new tab.
 */
export const offerPath = (listingId: number) => `/listing/${listingId}?offer=1`;

/** Whether the listing page was opened by an offerPath link (its location's search). */
export function hasOfferIntent(search: string): boolean {
  return new URLSearchParams(search).has('offer');
}
