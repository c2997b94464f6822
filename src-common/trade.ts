/**
 * What a trade is: the quantity rules both sides need. An offer is for part or all of what remains of a
 * listing; accepting it consumes that quantity; a listing at 0 closes; a pending offer that no longer
 * fits is rejected with a reason its buyer reads.
 */

export const LISTING_STATUSES = ['active', 'closed'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** Why a listing closed: `sold` when its last items were taken, `closed` when its owner closed it. */
export const CLOSED_REASONS = ['sold', 'closed'] as const;
export type ClosedReason = (typeof CLOSED_REASONS)[number];

/** The reasons an automatically rejected offer carries (`rejection_reason`). */
export const SOLD_TO_ANOTHER_OFFER = 'Sold to another offer';
export const LISTING_CLOSED = 'Listing closed';
export const onlyLeft = (remaining: number) => `Only ${remaining} left`;

/** The trade state of a listing. Stored listings from before trades lack it: see `stockOf`. */
export interface Stock {
  quantity: number;
  remainingQuantity: number;
  status: ListingStatus;
}

/** A stored listing's stock; one written before trades existed is active with all of its quantity. */
export function stockOf(listing: {
  quantity: number;
  remainingQuantity?: number | null;
  status?: string | null;
}): Stock {
  return {
    quantity: listing.quantity,
    remainingQuantity: listing.remainingQuantity ?? listing.quantity,
    status: listing.status === 'closed' ? 'closed' : 'active',
  };
}

/** How many items accepted offers have taken from the listing. */
export const tradedQuantity = (stock: Stock) => stock.quantity - stock.remainingQuantity;

/** An offer without a quantity is for all that remains (what every offer was before trades). */
export const offerQuantity = (requested: number | null | undefined, stock: Stock) =>
  requested ?? stock.remainingQuantity;

/** Whether an offer of `quantity` can be made on, or accepted from, the listing as it is now. */
export const fits = (quantity: number, stock: Stock) =>
  stock.status === 'active' && quantity >= 1 && quantity <= stock.remainingQuantity;

/** The listing after an offer of `quantity` is accepted: it closes when nothing remains. */
export function afterAccept(stock: Stock, quantity: number): Stock {
  if (!fits(quantity, stock)) throw new RangeError(`an offer of ${quantity} does not fit`);
  const remainingQuantity = stock.remainingQuantity - quantity;
  return { ...stock, remainingQuantity, status: remainingQuantity === 0 ? 'closed' : 'active' };
}

/**
 * The listing after its owner sets a new quantity. What was already traded stays traded, so at least
 * one item must remain on top of it; `null` when the new quantity is too small.
 */
export function afterQuantityEdit(stock: Stock, quantity: number): Stock | null {
  const remainingQuantity = quantity - tradedQuantity(stock);
  if (remainingQuantity < 1) return null;
  return { ...stock, quantity, remainingQuantity };
}

/** The smallest quantity an edit may set (see afterQuantityEdit). */
export const smallestEditQuantity = (stock: Stock) => tradedQuantity(stock) + 1;

/**
 * Why a pending offer of `quantity` must now be rejected, or null while it still fits. A closed
 * listing takes no offers: sold out, or closed by its owner.
 */
export function rejectionReason(
  quantity: number,
  stock: Stock,
  closedReason: ClosedReason | null,
): string | null {
  if (stock.status === 'closed') return closedReason === 'closed' ? LISTING_CLOSED : SOLD_TO_ANOTHER_OFFER;
  if (quantity > stock.remainingQuantity) return onlyLeft(stock.remainingQuantity);
  return null;
}

/**
 * What a closed listing is shown as: Sold (a sell listing) or Bought (a buy listing) when its last items
 * were traded, Closed when its owner closed it by hand.
 */
export const closedLabel = (listing: { type: 'buy' | 'sell'; closedReason: ClosedReason | null }) => {
  if (listing.closedReason === 'closed') return 'Closed';
  return listing.type === 'sell' ? 'Sold' : 'Bought';
};

/** An offer's price per item, as market data reads it: the amount over the offer's quantity. */
export const offerUnitPrice = (offer: { offer_amount: number; quantity: number }) =>
  offer.offer_amount / offer.quantity;

/**
 * The listing after a trade of `quantity` on it was cancelled: the items come back. A listing that had
 * closed because it sold out reopens; one its owner closed stays closed.
 */
export function afterTradeCancelled(
  stock: Stock,
  closedReason: ClosedReason | null,
  quantity: number,
): Stock {
  const remainingQuantity = Math.min(stock.quantity, stock.remainingQuantity + quantity);
  const reopens = stock.status === 'closed' && closedReason !== 'closed';
  return { ...stock, remainingQuantity, status: reopens ? 'active' : stock.status };
}
