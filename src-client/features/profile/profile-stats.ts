import type { Listing } from '../../../src-common/schemas/listing';

export interface ListingStats {
  totalListings: number;
  /** Sum of price x quantity, in copper. */
  totalValue: number;
  buyOrders: number;
  sellOrders: number;
}

/**
 * Computed from the live listings, so the panel follows every socket event. Only active listings count:
 * a sold or closed one is no longer on offer.
 */
export function listingStats(all: readonly Listing[]): ListingStats {
  const listings = all.filter((l) => l.status === 'active');
  return {
    totalListings: listings.length,
    totalValue: listings.reduce((sum, l) => sum + l.totalPrice, 0),
    buyOrders: listings.filter((l) => l.type === 'buy').length,
    sellOrders: listings.filter((l) => l.type === 'sell').length,
  };
}

/** "November 2025"; "Unknown" without a usable date. */
export function monthYear(iso: string | null | undefined): string {
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(time)) return 'Unknown';
  return new Date(time).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
