import type { Offer } from '../../../src-common/schemas/offer';
import { rejectionReason, type ClosedReason, type Stock } from '../../../src-common/trade';
import { OfferModel, type OfferDoc } from '../../models/offer';
import type { NotifyDeps } from '../notifications/notify';
import { presentOffer } from '../../presenters/offer';
import { notifyOffer, type OfferListing } from './notify';

/**
 * After a listing's stock changed (an accept, an edit of its quantity, its closing), rejects each of its
 * pending offers that no longer fits, with the reason its buyer will read. Runs inside the write that
 * changed the stock, under the listing's lock; publish the result with `publishRejections` afterwards.
 */
export async function rejectUnfitOffers(
  listingId: number,
  stock: Stock,
  closedReason: ClosedReason | null,
): Promise<Offer[]> {
  const pending = await OfferModel.find({ listingId, status: 'pending' }, { quantity: 1 }).lean<
    Pick<OfferDoc, '_id' | 'quantity'>[]
  >();
  const rejected: Offer[] = [];
  for (const offer of pending) {
    const reason = rejectionReason(offer.quantity, stock, closedReason);
    if (!reason) continue;
    const done = await rejectIfPending(offer._id, reason);
    if (done) rejected.push(done);
  }
  return rejected;
}

/**
 * An automatic rejection: the offer's conditional pending -> rejected with the reason its buyer reads.
 * Null when it was no longer pending (decided or cancelled meanwhile). Run it under the listing's lock.
 */
export async function rejectIfPending(offerId: number, reason: string): Promise<Offer | null> {
  const doc = await OfferModel.findOneAndUpdate(
    { _id: offerId, status: 'pending' },
    { $set: { status: 'rejected', rejectionReason: reason }, $inc: { version: 1 } },
    { returnDocument: 'after' },
  ).lean<OfferDoc>();
  return doc ? presentOffer(doc) : null;
}

/** Each automatic rejection reaches the listing's watchers like a manual one: `offer:updated`. */
export function announceRejections(deps: Pick<NotifyDeps, 'publisher'>, offers: Offer[]): void {
  for (const offer of offers) deps.publisher.offerUpdated(offer);
}

/** Each automatic rejection's buyer gets `offer_rejected`, with the reason, like a manual one. */
export async function notifyRejections(
  deps: NotifyDeps,
  offers: Offer[],
  listing: OfferListing,
): Promise<void> {
  for (const offer of offers) await notifyOffer(deps, 'offer_rejected', offer.user_id, offer, listing);
}

/**
 * The rejections' live events, then their notifications: those are writes of their own, and a buyer told
 * of a rejection must already find every offer of the change as it is now.
 */
export async function publishRejections(
  deps: NotifyDeps,
  offers: Offer[],
  listing: OfferListing,
): Promise<void> {
  announceRejections(deps, offers);
  await notifyRejections(deps, offers, listing);
}
