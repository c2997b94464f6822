import type { TokenPayload } from '../../../src-common/schemas/user';
import { sameUsername } from '../../../src-common/usernames';

/**
 * Whether the session user owns a listing. The account id decides when the listing has one; without it,
 * the seller must equal the username, trimmed and case-insensitive (here on the NFKC form the server
 * compares names in).
 */
export function isListingOwner(
  listing: { userId: number; seller: string },
  user: TokenPayload | null,
): boolean {
  if (!user) return false;
  if (listing.userId > 0) return listing.userId === user.id;
  return sameUsername(listing.seller, user.username);
}
