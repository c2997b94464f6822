import type { OfferMessage, OfferMessageInput, OfferThread } from '../../../src-common/schemas/offer-message';
import type { AppDeps } from '../../deps';
import { conflict, forbidden, notFound } from '../../errors';
import { nextId } from '../../models/counter';
import { OfferMessageModel, type OfferMessageDoc } from '../../models/offer-message';
import { OfferThreadModel, type ThreadRole } from '../../models/offer-thread';
import { UserModel } from '../../models/user';
import { assertCanTrade } from '../../policies/blocks';
import { assertCanReadThread, assertThreadParty, otherRole, partyOf } from '../../policies/offer-thread';
import { presentOfferMessage } from '../../presenters/offer-message';
import { withListingLock } from '../listings/listing-lock';
import { sendNotification, type NotifyDeps } from '../notifications/notify';
import { loadThread, requireThread, type Thread } from './offer-thread';
import { closedThreadMessage } from './thread-state';

type Deps = NotifyDeps & Pick<AppDeps, 'accounts'>;

/** Messages presented with their authors' current names (a thread has two authors, read once each). */
async function presentMessages(
  deps: Pick<Deps, 'accounts'>,
  docs: OfferMessageDoc[],
): Promise<OfferMessage[]> {
  const authors = [...new Set(docs.map((doc) => doc.authorId))];
  const names = new Map(
    await Promise.all(
      authors.map(async (id) => [id, (await deps.accounts.get(id))?.username ?? null] as const),
    ),
  );
  return docs.map((doc) => presentOfferMessage(doc, names.get(doc.authorId) ?? null));
}

/** GET /api/offers/{id}/messages: the whole thread, oldest first, for its two traders and admins. */
export async function readOfferThread(deps: Deps, userId: number, offerId: number): Promise<OfferThread> {
  const thread = await requireThread(offerId);
  const role = await assertCanReadThread(thread, userId);
  const docs = await OfferMessageModel.find({ offerId }).sort({ _id: 1 }).lean<OfferMessageDoc[]>();
  return {
    offerId,
    messages: await presentMessages(deps, docs),
    open: thread.open,
    closedReason: thread.closedReason,
    lastReadId: role ? (thread.doc?.[role]?.lastReadId ?? 0) : 0,
  };
}

/**
 * The thread's document after a message: the other party has one more unread, and the author has read
 * everything up to their own message (they wrote it looking at the thread). Runs under the listing's
 * lock, so a plain read and write is safe on both engines (and no upsert: FerretDB scans for those).
 */
async function countMessage(thread: Thread, author: ThreadRole, messageId: number): Promise<void> {
  const other = otherRole(author);
  if (thread.doc) {
    await OfferThreadModel.updateOne(
      { _id: thread.offerId },
      {
        $set: { lastMessageId: messageId, [`${author}.lastReadId`]: messageId, [`${author}.unread`]: 0 },
        $inc: { [`${other}.unread`]: 1 },
      },
    );
    return;
  }
  await OfferThreadModel.create({
    _id: thread.offerId,
    listingId: thread.listingId,
    makerId: thread.makerId,
    ownerId: thread.ownerId,
    lastMessageId: messageId,
    [author]: { lastReadId: messageId, unread: 0 },
    [other]: { lastReadId: 0, unread: 1 },
    closed: null,
  });
}

/**
 * A player who turned "Allow direct messages" off is not written to first: the other party may write only
 * in a thread where that player has already written, so the player decides whether the talk starts.
 */
async function assertTakesMessages(recipientId: number, offerId: number): Promise<void> {
  const closed = await UserModel.exists({ _id: recipientId, 'settings.directMessages': false });
  if (!closed) return;
  if (await OfferMessageModel.exists({ offerId, authorId: recipientId })) return;
  throw forbidden('This player does not take messages.');
}

const EXCERPT_MAX = 80;
const excerpt = (body: string) => (body.length > EXCERPT_MAX ? `${body.slice(0, EXCERPT_MAX - 1)}…` : body);

/**
 * One of the two traders writes in the thread while it is open. The check and the write run under the
 * listing's lock, the same unit of work as the offer's decision and cancellation (and the trade's
 * changes), so no message lands after the thread closed. Both traders' sockets hear it, and the other
 * trader gets a notification (which goes into their digest when they are away).
 */
export async function postOfferMessage(
  deps: Deps,
  userId: number,
  offerId: number,
  input: OfferMessageInput,
): Promise<OfferMessage> {
  const seen = await requireThread(offerId);
  const role = assertThreadParty(seen, userId);
  // Two players of whom one blocked the other do not talk either, even about a trade agreed before.
  assertCanTrade(deps.blocks, userId, partyOf(seen, otherRole(role)));
  await assertTakesMessages(partyOf(seen, otherRole(role)), offerId);
  const { thread, doc } = await withListingLock(seen.listingId, async () => {
    const current = await loadThread(offerId);
    if (!current) throw notFound('offer');
    if (!current.open) throw conflict(closedThreadMessage(current.closedReason));
    const id = await nextId('offerMessages');
    const created = await OfferMessageModel.create({
      _id: id,
      offerId,
      authorId: userId,
      body: input.body,
      createdAt: new Date(),
    });
    await countMessage(current, role, id);
    return { thread: current, doc: created.toObject() as OfferMessageDoc };
  });
  const [message] = await presentMessages(deps, [doc]);
  deps.publisher.offerMessage([thread.makerId, thread.ownerId], message);
  await sendNotification(deps, partyOf(thread, otherRole(role)), {
    kind: 'offer_message',
    message: `${message.author.username} wrote about ${thread.item ?? 'your trade'}: ${excerpt(message.body)}`,
    listingId: thread.listingId,
    offerId,
    causedBy: userId,
  });
  return message;
}
