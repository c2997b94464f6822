import mongoose from 'mongoose';
import { NOTIFICATION_KINDS } from '../../src-common/schemas/notification';
import type { DbEngine } from '../lib/db-engine';

/** How long a notification is kept after `createdAt` (see `keepNotificationsFor` below). */
export const NOTIFICATION_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/** Every notification the server sent (services/notifications/notify.ts), for the bell and the digest. */
const notificationSchema = new mongoose.Schema(
  {
    _id: Number,
    userId: { type: Number, required: true },
    kind: { type: String, enum: NOTIFICATION_KINDS, required: true },
    message: { type: String, required: true },
    link: { type: String, required: true },
    listingId: { type: Number, default: null },
    offerId: { type: Number, default: null },
    searchId: { type: Number, default: null },
    read: { type: Boolean, default: false },
    /** What an accepted offer agreed (`offer_accepted` only; src-common/schemas/notification.ts). */
    agreement: {
      type: new mongoose.Schema(
        {
          tradeId: { type: Number, required: true },
          item: { type: String, required: true },
          quantity: { type: Number, required: true },
          amount: { type: Number, required: true },
          counterparty: {
            type: new mongoose.Schema(
              { id: Number, username: String, ign: { type: String, default: null } },
              { _id: false },
            ),
            required: true,
          },
        },
        { _id: false },
      ),
      default: null,
    },
    /**
     * Set while it waits for the user's next email digest (services/notifications/digests.ts): it was sent
     * while none of their sockets was connected and they want mail. Removed once mailed or read.
     */
    mailPending: { type: Boolean },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
notificationSchema.index({ userId: 1, _id: -1 });
notificationSchema.index({ userId: 1, read: 1 });
notificationSchema.index({ mailPending: 1 }, { sparse: true });

export const NotificationModel = mongoose.model('Notification', notificationSchema, 'notifications');
/**
 * Old notifications go by themselves on MongoDB: a TTL index, whose monitor deletes them (within a minute
 * or so of their 90 days). FerretDB 1.24 refuses the index ("Index option expireAfterSeconds is not
 * implemented yet"), so there the server deletes expired ones every PRUNE_NOTIFICATIONS_EVERY_MS
 * (`pruneExpiredNotifications`), off the path of any request, and reads skip any older than 90 days on
 * both engines.
 */
export async function keepNotificationsFor(engine: DbEngine): Promise<void> {
  if (engine !== 'mongodb') return;
  await NotificationModel.collection.createIndex(
    { createdAt: 1 },
    { name: 'createdAt_ttl', expireAfterSeconds: NOTIFICATION_TTL_MS / 1000 },
  );
}

/** How often a server on FerretDB deletes expired notifications (no TTL index there). */
export const PRUNE_NOTIFICATIONS_EVERY_MS = 60 * 60 * 1000;

export async function pruneExpiredNotifications(): Promise<void> {
  await NotificationModel.deleteMany({ createdAt: { $lt: new Date(Date.now() - NOTIFICATION_TTL_MS) } });
}

export type NotificationDoc = mongoose.InferSchemaType<typeof notificationSchema> & { _id: number };

/** The last email digest sent to each user: at most one per DIGEST_WINDOW_SECONDS (services/notifications/digests.ts). */
const digestStateSchema = new mongoose.Schema(
  { _id: Number, lastSentAt: { type: Date, required: true } },
  { versionKey: false },
);
export const DigestStateModel = mongoose.model('DigestState', digestStateSchema, 'notification_digests');
