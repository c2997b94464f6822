import type { ThreadReadState, UnreadThreads } from '../../../src-common/schemas/offer-message';
import { OfferMessageModel } from '../../models/offer-message';
import { OfferThreadModel, type OfferThreadDoc } from '../../models/offer-thread';
import { assertThreadParty, roleOf } from '../../policies/offer-thread';
import { withListingLock } from '../listings/listing-lock';
import { requireThread } from './offer-thread';

/**
 * POST /api/offers/{id}/messages/read: one of the two traders read the thread up to `upTo` (every message
 * when left out). The marker never moves back, so a late request from an older tab changes nothing; what
 * is still unread after it is counted from the messages, under the listing's lock like every message.
 */
export async function markThreadRead(
  userId: number,
  offerId: number,
  upTo: number | undefined,
): Promise<ThreadReadState> {
  const thread = await requireThread(offerId);
  const role = assertThreadParty(thread, userId);
  return withListingLock(thread.listingId, async () => {
    const doc = await OfferThreadModel.findById(offerId).lean<OfferThreadDoc>();
    if (!doc) return { lastReadId: 0, unread: 0 };
    const last = doc.lastMessageId ?? 0;
    const lastReadId = Math.max(doc[role]?.lastReadId ?? 0, Math.min(upTo ?? last, last));
    const unread =
      lastReadId >= last
        ? 0
        : await OfferMessageModel.countDocuments({
            offerId,
            authorId: { $ne: userId },
            _id: { $gt: lastReadId },
          });
    await OfferThreadModel.updateOne(
      { _id: offerId },
      { $set: { [`${role}.lastReadId`]: lastReadId, [`${role}.unread`]: unread } },
    );
    return { lastReadId, unread };
  });
}

/** GET /api/offers/threads/unread: the caller's unread messages by offer, only threads that have any. */
export async function unreadThreads(userId: number): Promise<UnreadThreads> {
  const docs = await OfferThreadModel.find(
    { $or: [{ makerId: userId }, { ownerId: userId }] },
    { makerId: 1, ownerId: 1, 'maker.unread': 1, 'owner.unread': 1 },
  ).lean<Pick<OfferThreadDoc, '_id' | 'makerId' | 'ownerId' | 'maker' | 'owner'>[]>();
  const unread: UnreadThreads = {};
  for (const doc of docs) {
    const role = roleOf(doc, userId);
    const count = role ? (doc[role]?.unread ?? 0) : 0;
    if (count > 0) unread[String(doc._id)] = count;
  }
  return unread;
}

/**
 * A cancelled offer is deleted; its thread document keeps the two parties, so they can still read what
 * they wrote, and says why it takes no more messages. Call it in the cancel's unit of work.
 */
export async function closeCancelledThread(offer: {
  id: number;
  listingId: number;
  makerId: number;
  ownerId: number;
}): Promise<void> {
  const exists = await OfferThreadModel.exists({ _id: offer.id });
  if (exists) {
    await OfferThreadModel.updateOne({ _id: offer.id }, { $set: { closed: 'cancelled' } });
    return;
  }
  await OfferThreadModel.create({
    _id: offer.id,
    listingId: offer.listingId,
    makerId: offer.makerId,
    ownerId: offer.ownerId,
    lastMessageId: 0,
    maker: { lastReadId: 0, unread: 0 },
    owner: { lastReadId: 0, unread: 0 },
    closed: 'cancelled',
  });
}
