import { totalPrice, unitPrice, type PriceMode } from '../../../src-common/money';

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

/** What the offer form shows and sends for an entered price, its mode and the typed quantity. */
export function offerFigures(
  entered: number,
  mode: PriceMode,
  quantityDraft: string,
  remaining: number,
): OfferFigures {
  const quantity = quantityDraft === '' ? remaining : Number(quantityDraft);
  const amount = totalPrice(entered, mode, quantity);
  const fits = quantity >= 1 && quantity <= remaining;
  return {
    quantity,
    amount,
    perItem: unitPrice(amount, 'Total', quantity),
    quantityError: fits ? null : `Quantity must be a whole number from 1 to ${remaining}`,
  };
}
