import type {
  Notification,
  NotificationAgreement,
  NotificationKind,
} from '../../../src-common/schemas/notification';
import type { AppDeps } from '../../deps';
import { nextId } from '../../models/counter';
import { NotificationModel, type NotificationDoc } from '../../models/notification';
import { presentNotification } from '../../presenters/notification';

/** What a service says to a user. */
export interface NotificationInput {
  kind: NotificationKind;
  /** One sentence, shown as is in the bell, the system notification and the email digest. */
  message: string;
  /** A path on the site (`/alllistings?q=…` for a saved search); defaults to the listing's page. */
  link?: string;
  listingId?: number;
  offerId?: number;
  searchId?: number;
  /** What an accepted offer agreed (`offer_accepted`). */
  agreement?: NotificationAgreement;
  /**
   * The player whose act this is about (who made or cancelled the offer, posted the listing, wrote the
   * message). A user who blocked that player is not told: nothing is stored, sent or mailed.
   */
  causedBy?: number;
}

export type NotifyDeps = Pick<AppDeps, 'publisher' | 'logger' | 'digests' | 'blocks'>;

/** The page of a listing, where a notification about it leads. */
export const listingLink = (listingId: number) => `/listing/${listingId}`;

/**
 * The one way the server tells a user something (offer changes, saved-search matches):
 *
 * 1. stores it in `notifications` with a new integer id and `read: false` (GET /api/notifications);
 * 2. emits it as the live `notification` event to the user's room, the stored JSON as is;
 * 3. when none of the user's sockets is connected, on any process, and they want email, marks it for
 *    their next email digest and wakes the digest (services/notifications/digests.ts).
 *
 * Nothing happens when the user blocked the player who caused it (`causedBy`).
 *
 * Call it after the write it is about has succeeded (and `await` it to keep the order of several). It
 * never throws: that write is done and its request must not fail over a notification, so a failure to
 * store one is logged and answers null, and nothing is emitted without an id.
 *
 * Example: `await sendNotification(deps, search.userId, { kind: 'saved_search_match', message, listingId,
 * searchId, link: '/alllistings?q=…', causedBy: listing.userId })`.
 */
export async function sendNotification(
  deps: NotifyDeps,
  userId: number,
  input: NotificationInput,
): Promise<Notification | null> {
  if (input.causedBy !== undefined && deps.blocks.has(userId, input.causedBy)) return null;
  try {
    const link = input.link ?? (input.listingId !== undefined ? listingLink(input.listingId) : null);
    if (!link) throw new Error('a notification needs a link or a listingId');
    const mailPending = await deps.digests.wantsMail(userId);
    const now = new Date();
    const doc = await NotificationModel.create({
      _id: await nextId('notifications'),
      userId,
      kind: input.kind,
      message: input.message,
      link,
      listingId: input.listingId ?? null,
      offerId: input.offerId ?? null,
      searchId: input.searchId ?? null,
      agreement: input.agreement ?? null,
      read: false,
      createdAt: now,
      ...(mailPending ? { mailPending: true } : {}),
    });
    const notification = presentNotification(doc.toObject() as NotificationDoc);
    deps.publisher.notify(userId, notification);
    if (mailPending) deps.digests.wake(userId);
    return notification;
  } catch (err) {
    deps.logger.error({ err, userId, kind: input.kind }, 'notification not sent');
    return null;
  }
}
