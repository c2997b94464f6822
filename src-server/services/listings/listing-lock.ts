import { withDocumentLock } from '../../lib/document-lock';

/**
 * Every write whose outcome depends on a listing's current state (its edit, its deletion, the offers
 * made on it and their status) runs under this one per-listing lock, because the embedded database
 * applies neither conditional updates nor `$inc` atomically (lib/document-lock.ts). One lock per
 * listing, never nested, so writes on the same listing queue and no two locks can deadlock.
 */
export const withListingLock = <T>(listingId: number, work: () => Promise<T>): Promise<T> =>
  withDocumentLock(`listing:${listingId}`, work);
