import type { OfferMessage } from '../../src-common/schemas/offer-message';
import { DELETED_USER } from '../../src-common/schemas/trade';
import type { OfferMessageDoc } from '../models/offer-message';

/** A stored message as REST returns it and `offer:message` carries it; `username` null: the account is gone. */
export function presentOfferMessage(doc: OfferMessageDoc, username: string | null): OfferMessage {
  return {
    id: doc._id,
    offerId: doc.offerId,
    author: { id: doc.authorId, username: username ?? DELETED_USER },
    body: doc.body,
    createdAt: new Date(doc.createdAt).toISOString(),
  };
}
