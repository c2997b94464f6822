import type { Stock } from '../../../src-common/trade';
import { stockOf, type ClosedReason } from '../../../src-common/trade';
import { conflict } from '../../errors';
import { ListingModel, type ListingDoc } from '../../models/listing';

/** What the trade rules need of a listing: its owner, item, type and stock. */
export interface StockedListing {
  _id: number;
  userId: number;
  item: string;
  type: 'buy' | 'sell';
  stock: Stock;
  closedReason: ClosedReason | null;
  /** The version read, which the write compares and bumps. */
  version: number;
}

/**
 * Reads a listing for a trade rule; call it under the listing's lock (listing-lock.ts). A listing hidden by
 * its seller's suspension reads as absent: no offer, decision, edit or close on it until it is back.
 */
export async function readStockedListing(id: number): Promise<StockedListing | null> {
  const doc = await ListingModel.findById(id, {
    userId: 1,
    item: 1,
    type: 1,
    quantity: 1,
    remainingQuantity: 1,
    status: 1,
    closedReason: 1,
    version: 1,
    sellerSuspended: 1,
  }).lean<
    Pick<
      ListingDoc,
      | '_id'
      | 'userId'
      | 'item'
      | 'type'
      | 'quantity'
      | 'remainingQuantity'
      | 'status'
      | 'version'
      | 'sellerSuspended'
    > & {
      closedReason?: ClosedReason | null;
    }
  >();
  if (!doc || doc.sellerSuspended) return null;
  return {
    _id: doc._id,
    userId: doc.userId,
    item: doc.item,
    type: doc.type,
    stock: stockOf(doc),
    closedReason: doc.closedReason ?? null,
    version: doc.version,
  };
}

/**
 * The filter that matches the listing only while its version and stock are still the ones read (a
 * compare-and-swap): the update below cannot apply to a listing another write changed in between.
 */
export const unchangedStock = (listing: StockedListing) => ({
  _id: listing._id,
  version: listing.version,
  status: listing.stock.status,
  quantity: listing.stock.quantity,
  remainingQuantity: listing.stock.remainingQuantity,
});

/** The stored fields of a stock: closing stamps when and why, an active listing has neither. */
export function stockFields(next: Stock, closedReason: ClosedReason) {
  const closed = next.status === 'closed';
  return {
    quantity: next.quantity,
    remainingQuantity: next.remainingQuantity,
    status: next.status,
    closedAt: closed ? new Date() : null,
    closedReason: closed ? closedReason : null,
  };
}

/**
 * Writes a listing's new stock as one conditional update that bumps `version`. `closedReason` is kept
 * only if the new stock is closed.
 */
export async function writeStock(
  listing: StockedListing,
  next: Stock,
  closedReason: ClosedReason,
): Promise<ListingDoc> {
  const doc = await ListingModel.findOneAndUpdate(
    unchangedStock(listing),
    { $set: stockFields(next, closedReason), $inc: { version: 1 } },
    { returnDocument: 'after' },
  ).lean<ListingDoc>();
  if (!doc) throw listingChanged();
  return doc;
}

/** The 409 for a listing that changed between its read and its write (another process wrote it). */
export const listingChanged = () => conflict('This listing has just changed. Please try again.');

export const LISTING_CLOSED_FOR_OFFERS = 'This listing is closed and no longer takes offers.';
export const LISTING_CLOSED_FOR_EDITS = 'This listing is closed and can no longer be edited.';
export const LISTING_ALREADY_CLOSED = 'This listing is already closed.';
