import type { Listing } from '../../src-common/schemas/listing';
import type { ProfileResponse, ProfileStats } from '../../src-common/schemas/profile';
import type { UserDoc } from '../models/user';

export type ProfileUser = Pick<
  UserDoc,
  '_id' | 'username' | 'avatar' | 'flags' | 'createdAt' | 'lastActiveAt'
>;

/**
 * The stats panel, from the user's active listings (a closed one no longer counts). The sum of many large
 * totals could pass 2^53, where numbers stop being exact, so it saturates at Number.MAX_SAFE_INTEGER
 * instead of drifting.
 */
export function profileStats(user: ProfileUser, all: readonly Listing[]): ProfileStats {
  const listings = all.filter((l) => l.status === 'active');
  let totalValue = 0n;
  for (const listing of listings) totalValue += BigInt(listing.totalPrice);
  return {
    totalListings: listings.length,
    totalValue: Number(totalValue > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : totalValue),
    activeBuyListings: listings.filter((l) => l.type === 'buy').length,
    activeSellListings: listings.filter((l) => l.type === 'sell').length,
    joinDate: new Date(user.createdAt).toISOString(),
    lastActive: user.lastActiveAt ? new Date(user.lastActiveAt).toISOString() : null,
  };
}

/**
 * GET /api/profile/{userId}: public fields only, never email, Discord ID or settings. Of a suspension,
 * only that there is one: its reason and end are for the player and the admins.
 */
export function presentProfile(
  user: ProfileUser & { suspended?: boolean },
  listings: Listing[],
  stats: ProfileStats | null,
): ProfileResponse {
  return {
    profile: {
      id: user._id,
      username: user.username,
      avatar: user.avatar ?? null,
      createdAt: new Date(user.createdAt).toISOString(),
      flags: [...(user.flags ?? [])],
      ...(user.suspended ? { suspended: true } : {}),
    },
    listings,
    stats,
  };
}
