import type { Listing } from '../../../src-common/schemas/listing';
import { closedLabel } from '../../../src-common/trade';

const count = (n: number) => n.toLocaleString('en-US');

/** The card's quantity: "20", or "15 of 20 left" once accepted offers took part of an active listing. */
export function quantityText(listing: Pick<Listing, 'quantity' | 'remainingQuantity' | 'status'>): string {
  if (listing.status === 'active' && listing.remainingQuantity < listing.quantity) {
    return `${count(listing.remainingQuantity)} of ${count(listing.quantity)} left`;
  }
  return count(listing.quantity);
}

type Closed = Pick<Listing, 'type' | 'closedReason'>;

/** A closed card's badge: Sold or Bought when its last items were traded, Closed when its owner closed it. */
export const closedBadge = (listing: Closed) =>
  listing.closedReason === 'closed' ? 'Closed' : closedLabel(listing.type);

/** The closed banner's headline: sold out (Sold / Bought) or closed by its owner. */
export const closedHeadline = (listing: Closed) =>
  listing.closedReason === 'closed' ? 'Closed by its owner' : closedLabel(listing.type);
