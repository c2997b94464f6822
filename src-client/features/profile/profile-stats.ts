import type { Listing } from '../../../src-common/schemas/listing';
import { remainingTotal } from '../../../src-common/money';

/** A player's listings still on offer (active): how many, and what is left of them on each side. */
export interface ListingStats {
  activeListings: number;
  sellOrders: number;
  buyOrders: number;
  /** What the items still for sale come to, in copper. */
  sellValueLeft: number;
  /** What the player still offers to pay for the items wanted, in copper. */
  buyValueLeft: number;
}

/**
 * Computed from the live listings, so the panel follows every socket event. Only active listings count:
 * a sold or closed one is no longer on offer. Selling and buying are summed apart: one is coins to come,
 * the other coins to pay, and their sum means nothing.
 */
export function listingStats(all: readonly Listing[]): ListingStats {
  const stats: ListingStats = {
    activeListings: 0,
    sellOrders: 0,
    buyOrders: 0,
    sellValueLeft: 0,
    buyValueLeft: 0,
  };
  for (const listing of all) {
    if (listing.status !== 'active') continue;
    stats.activeListings += 1;
    if (listing.type === 'sell') {
      stats.sellOrders += 1;
      stats.sellValueLeft += remainingTotal(listing);
    } else {
      stats.buyOrders += 1;
      stats.buyValueLeft += remainingTotal(listing);
    }
  }
  return stats;
}

/** An active trader has something on offer now; a player with nothing on offer is not one. */
export function traderStatus(stats: ListingStats): string {
  return stats.activeListings > 0 ? 'Active Trader' : 'No active listings';
}

/** "November 2025"; "Unknown" without a usable date. */
export function monthYear(iso: string | null | undefined): string {
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(time)) return 'Unknown';
  return new Date(time).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
