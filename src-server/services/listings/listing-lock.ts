import { inTransaction } from '../../lib/transactions';

/**
 * Every write whose outcome depends on a listing's current state (its edit, its deletion, the offers
 * made on it and their status) runs as one unit on the listing's key (lib/transactions.ts): on MongoDB a
 * transaction, on the embedded FerretDB under the listing's in-memory lock. One key per listing, never
 * nested, so writes on the same listing queue and no two can deadlock. `work` may run more than once on
 * MongoDB: publish after it returns.
 */
export const withListingLock = <T>(listingId: number, work: () => Promise<T>): Promise<T> =>
  inTransaction(`listing:${listingId}`, work);
