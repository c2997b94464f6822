import { formatCopper, totalPrice, unitPrice, type PriceMode } from '../../../src-common/money';
import type { Listing } from '../../../src-common/schemas/listing';

export interface OfferFigures {
  /** Items the offer is for: the typed quantity, or all that remains while the field is empty. */
  quantity: number;
  /** Copper for that quantity, what the offer sends. */
  amount: number;
  /** The amount per item, rounded down like a listing's Total price. */
  perItem: number;
  /** Set while the quantity is not from 1 to what remains (the server's message). */
  quantityError: string | null;
}

/** A price the player entered, per item (Each) or for the whole quantity (Total). */
export interface OfferEntry {
  entered: number;
  mode: PriceMode;
}

/**
 * What the offer form shows and sends for the typed quantity and the entered price; with no entry the
 * offer is at the listing's own price for that quantity (`listingAsking`).
 */
export function offerFigures(
  entry: OfferEntry | null,
  quantityDraft: string,
  listing: Asking & { remainingQuantity: number },
): OfferFigures {
  const remaining = listing.remainingQuantity;
  const quantity = quantityDraft === '' ? remaining : Number(quantityDraft);
  const amount = entry ? totalPrice(entry.entered, entry.mode, quantity) : listingAsking(listing, quantity);
  const fits = quantity >= 1 && quantity <= remaining;
  return {
    quantity,
    amount,
    perItem: unitPrice(amount, 'Total', quantity),
    quantityError: fits ? null : `Quantity must be a whole number from 1 to ${remaining}`,
  };
}

type Asking = Pick<Listing, 'type' | 'quantity' | 'price' | 'totalPrice'>;

/** What the listing itself asks for `quantity` items: its own total for the whole lot, else price x quantity. */
export function listingAsking(listing: Asking, quantity: number): number {
  return quantity === listing.quantity ? listing.totalPrice : listing.price * quantity;
}

/**
 * The question to ask before sending an offer that works against its sender: paying more than a sell
 * listing asks, or taking less than a buy listing pays (typing a lot's price per item does either).
 * Null when the offer is on the sender's side of the listing's own figure.
 */
export function offerBeyondAsking(listing: Asking, amount: number, quantity: number): string | null {
  const asking = listingAsking(listing, quantity);
  const selling = listing.type === 'sell';
  if (selling ? amount <= asking : amount >= asking) return null;
  const items = `${quantity.toLocaleString('en-US')} ${quantity === 1 ? 'item' : 'items'}`;
  const side = selling ? 'more than the listing asks' : 'less than the listing pays';
  return `Your offer of ${formatCopper(amount)} for ${items} is ${side} (${formatCopper(asking)}). Send it anyway?`;
}
