import type { Config } from '../../config';
import { digestMail } from '../../lib/mail-templates';
import type { Mailer } from '../../lib/mailer';
import { atomicWrite } from '../../lib/transactions';
import { WorkInFlight } from '../../lib/work-in-flight';
import { signUnsubscribeToken } from '../../lib/unsubscribe-tokens';
import type { Logger } from '../../logger';
import { DigestStateModel, NotificationModel, type NotificationDoc } from '../../models/notification';
import { UserModel, type UserDoc } from '../../models/user';
import type { Publisher } from '../../realtime/publish';
import { composeDigest } from './compose-digest';

/**
 * Email while away. A notification sent while none of the user's sockets is connected (on any process:
 * the adapter's `fetchSockets`, not presence, which a user may hide) and while they want email is stored
 * with `mailPending`. A user's pending notifications go out together, in one digest, at most once per
 * DIGEST_WINDOW_SECONDS (15 minutes unless configured): the first as soon as it is pending, the next
 * when the window since the last one has passed, listing everything pending since.
 *
 * Which process sends a digest is decided by the database: `claim` moves the user's `lastSentAt` forward
 * with one conditional update (atomic on MongoDB; under the user's lock on FerretDB, which has a single
 * writing process), so of several processes that try at once, one sends. Timers only say when to try:
 * each process wakes at the due time of the digests it queued, and every process sweeps for pending
 * notifications now and then, so a digest whose process died still goes.
 */
export interface Digests {
  /** Whether a notification for this user now should wait for a digest (away and wants email). */
  wantsMail(userId: number): Promise<boolean>;
  /** The user has a pending notification: send their digest now if it is due, or when it will be. */
  wake(userId: number): void;
  /** Tries every user with pending notifications (also run on a timer). */
  sweep(): Promise<void>;
  start(): void;
  /** Stops the timers and starts no more digests; settles once those being sent are done. */
  stop(): Promise<void>;
}

interface DigestDeps {
  config: Pick<Config, 'DIGEST_WINDOW_SECONDS' | 'PUBLIC_URL' | 'JWT_SECRET'>;
  logger: Logger;
  mailer: Mailer;
  publisher: Publisher;
}

/** The longest gap between sweeps; shorter when the window is (tests). */
const MAX_SWEEP_MS = 60_000;

const mailable = (user: Pick<UserDoc, 'email' | 'emailVerified' | 'settings'> | null) =>
  Boolean(user?.email && user.emailVerified && user.settings?.emailNotifications !== false);

export function createDigests(deps: DigestDeps): Digests {
  const windowMs = deps.config.DIGEST_WINDOW_SECONDS * 1000;
  const timers = new Map<number, NodeJS.Timeout>();
  let sweeping: NodeJS.Timeout | null = null;
  let stopped = false;
  const attempts = new WorkInFlight();

  const later = (userId: number, dueAt: number) => {
    clearTimeout(timers.get(userId));
    const timer = setTimeout(
      () => {
        timers.delete(userId);
        void attempt(userId);
      },
      Math.max(0, dueAt - Date.now()),
    ).unref();
    timers.set(userId, timer);
  };

  /** Takes the right to send the user's digest now, or answers when the next one is due. */
  const claim = async (
    userId: number,
    now: Date,
  ): Promise<{ claimed: true } | { claimed: false; dueAt: number }> => {
    const claimed = await atomicWrite(`digest:${userId}`, async () => {
      // Created first, apart from the condition: an upsert on a conditional filter could collide with itself.
      await DigestStateModel.updateOne(
        { _id: userId },
        { $setOnInsert: { lastSentAt: new Date(0) } },
        { upsert: true },
      );
      return DigestStateModel.findOneAndUpdate(
        { _id: userId, lastSentAt: { $lte: new Date(now.getTime() - windowMs) } },
        { $set: { lastSentAt: now } },
      ).lean();
    });
    if (claimed) return { claimed: true };
    const state = await DigestStateModel.findById(userId).lean();
    return { claimed: false, dueAt: (state?.lastSentAt.getTime() ?? 0) + windowMs };
  };

  const send = async (userId: number, now: Date) => {
    const user = await UserModel.findById(userId, {
      username: 1,
      email: 1,
      emailVerified: 1,
      settings: 1,
    }).lean<Pick<UserDoc, '_id' | 'username' | 'email' | 'emailVerified' | 'settings'>>();
    if (!mailable(user)) {
      // Turned off (or the address went) since: nothing pending is mailed.
      await NotificationModel.updateMany({ userId, mailPending: true }, { $unset: { mailPending: 1 } });
      return;
    }
    const items = await NotificationModel.find({
      userId,
      mailPending: true,
      read: false,
      createdAt: { $lte: now },
    })
      .sort({ _id: 1 })
      .lean<NotificationDoc[]>();
    if (items.length === 0) return;
    const digest = composeDigest(items, deps.config.PUBLIC_URL);
    const unsubscribeUrl = `${deps.config.PUBLIC_URL}/api/notifications/unsubscribe?token=${signUnsubscribeToken(userId, deps.config.JWT_SECRET)}`;
    await deps.mailer.send(digestMail(user!.email!, user!.username, digest, unsubscribeUrl));
    await NotificationModel.updateMany(
      { _id: { $in: items.map((n) => n._id) } },
      { $unset: { mailPending: 1 } },
    );
  };

  function attempt(userId: number): Promise<void> {
    return stopped ? Promise.resolve() : attempts.track(tryToSend(userId));
  }

  async function tryToSend(userId: number): Promise<void> {
    try {
      const pending = await NotificationModel.exists({ userId, mailPending: true, read: false });
      if (!pending) return;
      const now = new Date();
      const outcome = await claim(userId, now);
      if (!outcome.claimed) {
        later(userId, outcome.dueAt);
        return;
      }
      await send(userId, now);
    } catch (err) {
      // What stays pending goes in the next digest (the sweep finds it).
      deps.logger.error({ err, userId }, 'email digest not sent');
    }
  }

  async function sweep(): Promise<void> {
    const pending = await NotificationModel.find({ mailPending: true }, { userId: 1 }).lean<
      Pick<NotificationDoc, 'userId'>[]
    >();
    for (const userId of new Set(pending.map((n) => n.userId))) await attempt(userId);
  }

  return {
    async wantsMail(userId) {
      if (await deps.publisher.isConnected(userId)) return false;
      const user = await UserModel.findById(userId, { email: 1, emailVerified: 1, settings: 1 }).lean<
        Pick<UserDoc, 'email' | 'emailVerified' | 'settings'>
      >();
      return mailable(user);
    },
    wake: (userId) => void attempt(userId),
    sweep,
    start() {
      sweeping = setInterval(
        () => {
          sweep().catch((err) => deps.logger.error({ err }, 'email digest sweep failed'));
        },
        Math.min(windowMs, MAX_SWEEP_MS),
      ).unref();
    },
    async stop() {
      stopped = true;
      if (sweeping) clearInterval(sweeping);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await attempts.settled();
    },
  };
}
