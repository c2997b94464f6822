import type { OfferMessage } from '../../src-common/schemas/offer-message';
import type { OfferMessageDoc } from '../models/offer-message';

/** What a message shows of an account that no longer exists. */
export const DELETED_USER = 'Deleted user';

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
