import { remainingTotal } from '../../../src-common/money';
import type { Listing } from '../../../src-common/schemas/listing';
import { closedLabel } from '../../../src-common/trade';

const count = (n: number) => n.toLocaleString('en-US');

/** An active listing that accepted offers took part of. */
const partlyTaken = (listing: Pick<Listing, 'quantity' | 'remainingQuantity' | 'status'>) =>
  listing.status === 'active' && listing.remainingQuantity < listing.quantity;

/** The card's quantity: "20", or "15 of 20 left" once accepted offers took part of an active listing. */
export function quantityText(listing: Pick<Listing, 'quantity' | 'remainingQuantity' | 'status'>): string {
  if (partlyTaken(listing)) {
    return `${count(listing.remainingQuantity)} of ${count(listing.quantity)} left`;
  }
  return count(listing.quantity);
}

/**
 * The card's total, beside its quantity: the total of what is left, with how many that is (`left`), once
 * part was taken; the whole total otherwise (a closed listing shows its whole quantity too).
 */
export function shownTotal(
  listing: Pick<Listing, 'price' | 'quantity' | 'totalPrice' | 'remainingQuantity' | 'status'>,
): { copper: number; left: number | null } {
  if (!partlyTaken(listing)) return { copper: listing.totalPrice, left: null };
  return { copper: remainingTotal(listing), left: listing.remainingQuantity };
}

/** The closed banner's headline: sold out (Sold / Bought) or closed by its owner. */
export const closedHeadline = (listing: Pick<Listing, 'type' | 'closedReason'>) =>
  listing.closedReason === 'closed' ? 'Closed by its owner' : closedLabel(listing);
