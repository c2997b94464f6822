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

/** The closed banner's headline: sold out (Sold / Bought) or closed by its owner. */
export const closedHeadline = (listing: Pick<Listing, 'type' | 'closedReason'>) =>
  listing.closedReason === 'closed' ? 'Closed by its owner' : closedLabel(listing);
