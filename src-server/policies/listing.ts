import { forbidden } from '../errors';

interface Owned {
  userId: number;
}

/** Ownership is the account id stored on the listing at creation, never a name from the request. */
export const ownsListing = (userId: number, listing: Owned): boolean => listing.userId === userId;

export function assertCanEditListing(userId: number, listing: Owned): void {
  if (!ownsListing(userId, listing)) throw forbidden('You can only edit your own listings');
}

export function assertCanDeleteListing(userId: number, listing: Owned): void {
  if (!ownsListing(userId, listing)) throw forbidden('You can only delete your own listings');
}

export function assertCanCloseListing(userId: number, listing: Owned): void {
  if (!ownsListing(userId, listing)) throw forbidden('You can only close your own listings');
}

export function assertCanMakeOffer(userId: number, listing: Owned): void {
  if (ownsListing(userId, listing)) throw forbidden('You cannot make an offer on your own listing');
}

export function assertCanDecideOffer(userId: number, listing: Owned): void {
  if (!ownsListing(userId, listing)) throw forbidden('Only the listing owner can accept or reject offers');
}

export function assertCanCancelOffer(userId: number, offer: Owned): void {
  if (offer.userId !== userId) throw forbidden('You can only cancel your own offers');
}
