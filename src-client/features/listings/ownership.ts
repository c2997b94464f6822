import type { TokenPayload } from '../../../src-common/schemas/user';

/**
 * Whether the session user owns a listing. The account id decides when the listing has one; the
 * spec's comparison (seller equals username, trimmed, case-insensitive) covers listings without it.
 */
export function isListingOwner(
  listing: { userId: number; seller: string },
  user: TokenPayload | null,
): boolean {
  if (!user) return false;
  if (listing.userId > 0) return listing.userId === user.id;
  return listing.seller.trim().toLowerCase() === user.username.trim().toLowerCase();
}
