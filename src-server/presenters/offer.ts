import type { Offer } from '../../src-common/schemas/offer';
import type { OfferDoc } from '../models/offer';

/** A stored offer as REST returns it and offer:* events carry it (an allowlist of fields). */
export function presentOffer(doc: OfferDoc): Offer {
  return {
    id: doc._id,
    listing_id: doc.listingId,
    user_id: doc.userId,
    username: doc.username,
    user_avatar: doc.userAvatar ?? null,
    quantity: doc.quantity,
    offer_amount: doc.offerAmount,
    message: doc.message ?? '',
    status: doc.status ?? 'pending',
    rejection_reason: doc.rejectionReason ?? null,
    created_at: new Date(doc.createdAt).toISOString(),
    updatedAt: new Date(doc.updatedAt).toISOString(),
    version: doc.version ?? 1,
  };
}
