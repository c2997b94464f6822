import type {
  MarkReadInput,
  MarkReadResponse,
  Notification,
  NotificationQuery,
} from '../../../src-common/schemas/notification';
import { NotificationModel, NOTIFICATION_TTL_MS, type NotificationDoc } from '../../models/notification';
import { presentNotification } from '../../presenters/notification';

/** Older ones may still be stored where nothing deleted them yet (models/notification.ts): never shown. */
const kept = () => ({ createdAt: { $gte: new Date(Date.now() - NOTIFICATION_TTL_MS) } });

export const unreadCount = (userId: number) =>
  NotificationModel.countDocuments({ userId, read: false, ...kept() });

/** A page of the user's notifications, newest first; `before` (an id) continues after the last one shown. */
export async function listNotifications(
  userId: number,
  query: NotificationQuery,
): Promise<{ items: Notification[]; unread: number }> {
  const docs = await NotificationModel.find({
    userId,
    ...kept(),
    ...(query.before ? { _id: { $lt: query.before } } : {}),
  })
    .sort({ _id: -1 })
    .limit(query.limit)
    .lean<NotificationDoc[]>();
  return { items: docs.map(presentNotification), unread: await unreadCount(userId) };
}

/**
 * Marks the caller's notifications read, by id or all; ids of other users' notifications, or of none,
 * change nothing. A read notification no longer waits for the email digest.
 */
export async function markRead(userId: number, input: MarkReadInput): Promise<MarkReadResponse> {
  const which = input.all ? {} : { _id: { $in: input.ids ?? [] } };
  const result = await NotificationModel.updateMany(
    { userId, read: false, ...which },
    { $set: { read: true }, $unset: { mailPending: 1 } },
  );
  return { updated: result.modifiedCount, unread: await unreadCount(userId) };
}
