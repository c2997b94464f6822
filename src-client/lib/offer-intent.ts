/**
 * Router state of a link that opens a listing to make an offer on it ("Make an offer" in the browser's
 * list): the listing page opens its offer form at once.
 */
export function withOfferIntent<T extends object>(state: T | undefined): T & { makeOffer: true } {
  return { ...(state as T), makeOffer: true };
}

export function hasOfferIntent(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'makeOffer' in state;
}
