import { LRUCache } from 'lru-cache';
import type { Presence, PresenceChange, PresenceMap } from '../../../src-common/presence';
import { KeyedMutex } from '../../lib/keyed-mutex';
import { WorkInFlight } from '../../lib/work-in-flight';
import type { Logger } from '../../logger';
import { UserModel } from '../../models/user';
import type { PresenceRegistry } from './registry';

interface Visibility {
  _id: number;
  settings?: { showOnline?: boolean | null } | null;
  lastSeenAt?: Date | null;
}

const visible = (user: Visibility | null | undefined) => user?.settings?.showOnline !== false;
const HIDDEN = { online: false, lastSeen: null } as const;

/** What others may know of a user besides whether they are online now. */
interface Shown {
  visible: boolean;
  lastSeen: string | null;
}

/** Users whose visibility and last-seen time are held in memory (the rest are read again when asked). */
const KNOWN_MAX = 200_000;

function present(online: boolean, shown: Shown | undefined): Presence {
  if (!shown?.visible) return HIDDEN;
  return online ? { online: true, lastSeen: null } : { online: false, lastSeen: shown.lastSeen };
}

/** How long one user's presence change may wait behind the previous one (they are quick Redis calls). */
const ORDER_WAIT_MS = 30_000;

/**
 * Who is online, as others may see it: a user is online while a socket of theirs is connected to any
 * server process (registry.ts), and last seen when their last one closed (kept on the user as
 * `lastSeenAt`). A user who turned "Show when I'm online" off always reads as offline with no last-seen
 * time. Each change is handed to `publish` (realtime/publish.ts: the watchers' rooms, broadcaster.ts, and every listing
 * index, read-model-updater.ts), after the last-seen time is written.
 */
export class PresenceService {
  /** One user's connects and disconnects apply in the order they happened, so their events do too. */
  private readonly order = new KeyedMutex(ORDER_WAIT_MS);
  private readonly pending = new WorkInFlight();
  private readonly reaper: NodeJS.Timeout;
  /**
   * Each user's visibility and last-seen time as last published, here or by another process (`learn`), so
   * a watch does not read the database for users already known (FerretDB scans for an `$in`). Every
   * write of either publishes a change, except a hidden user's last-seen time, which is read again
   * when they show it.
   */
  private readonly known = new LRUCache<number, Shown>({ max: KNOWN_MAX });

  constructor(
    private readonly registry: PresenceRegistry,
    private readonly announce: (change: PresenceChange) => void,
    private readonly logger: Logger,
    reapEveryMs: number,
  ) {
    this.reaper = setInterval(() => this.track(this.reap()), reapEveryMs).unref();
    registry.onReturned((userIds) => {
      for (const userId of userIds)
        this.track(this.order.runExclusive(String(userId), () => this.cameBack(userId)));
    });
  }

  /** Online again after this process was reaped while stalled, unless their last socket closed since. */
  private async cameBack(userId: number): Promise<void> {
    if ((await this.registry.onlineAmong([userId])).has(userId)) await this.announceOnline(userId);
  }

  private async announceOnline(userId: number): Promise<void> {
    const user = await UserModel.findById(userId, { settings: 1 }).lean<Visibility>();
    if (visible(user)) this.publish({ userId, online: true, lastSeen: null });
  }

  /** A change published here or by another process. */
  learn(change: PresenceChange): void {
    const held = this.known.get(change.userId);
    if (change.online) this.known.set(change.userId, { visible: true, lastSeen: held?.lastSeen ?? null });
    else if (change.lastSeen) this.known.set(change.userId, { visible: true, lastSeen: change.lastSeen });
    // Offline with no last-seen time: hidden (a user never seen reads exactly the same).
    else this.known.set(change.userId, { visible: false, lastSeen: held?.lastSeen ?? null });
  }

  private publish(change: PresenceChange): void {
    this.learn(change);
    this.announce(change);
  }

  socketConnected(userId: number): void {
    this.track(
      this.order.runExclusive(String(userId), async () => {
        if (await this.registry.connect(userId)) await this.announceOnline(userId);
      }),
    );
  }

  socketDisconnected(userId: number): void {
    this.track(
      this.order.runExclusive(String(userId), async () => {
        if (await this.registry.disconnect(userId)) await this.wentOffline(userId, new Date());
      }),
    );
  }

  private async wentOffline(userId: number, at: Date): Promise<void> {
    const user = await UserModel.findByIdAndUpdate(userId, { $max: { lastSeenAt: at } }).lean<Visibility>();
    if (visible(user)) this.publish({ userId, online: false, lastSeen: at.toISOString() });
  }

  /** Presence of each id asked (an unknown id reads as offline, never seen). */
  async read(userIds: readonly number[]): Promise<PresenceMap> {
    const [online, shown] = await Promise.all([this.registry.onlineAmong(userIds), this.shown(userIds)]);
    const presence: PresenceMap = {};
    for (const id of userIds) presence[id] = present(online.has(id), shown.get(id));
    return presence;
  }

  /** Visibility and last-seen time of each id: from memory, else from the database (unknown ids: none). */
  private async shown(userIds: readonly number[], fresh = false): Promise<Map<number, Shown>> {
    const found = new Map<number, Shown>();
    const missing = fresh ? [...userIds] : userIds.filter((id) => !this.known.has(id));
    for (const id of userIds) if (!fresh && this.known.has(id)) found.set(id, this.known.get(id)!);
    if (missing.length === 0) return found;
    const users = await UserModel.find({ _id: { $in: missing } }, { settings: 1, lastSeenAt: 1 }).lean<
      Visibility[]
    >();
    for (const user of users) {
      const read = { visible: visible(user), lastSeen: user.lastSeenAt?.toISOString() ?? null };
      found.set(user._id, read);
      // A change published while this read was in flight is newer: it stays.
      if (fresh || !this.known.has(user._id)) this.known.set(user._id, read);
    }
    return found;
  }

  /** After "Show when I'm online" was saved: watchers see the user vanish, or their real presence again. */
  async visibilityChanged(userId: number, show: boolean): Promise<void> {
    if (!show) return this.publish({ userId, ...HIDDEN });
    // From the database: the last-seen time of a hidden user was not published.
    const [online, shown] = await Promise.all([
      this.registry.onlineAmong([userId]),
      this.shown([userId], true),
    ]);
    this.publish({ userId, ...present(online.has(userId), shown.get(userId)) });
  }

  /** The online users that show it (a new process's listing index starts from them). */
  async visibleOnline(): Promise<number[]> {
    const online = await this.registry.allOnline();
    if (online.length === 0) return [];
    const users = await UserModel.find({ _id: { $in: online } }, { settings: 1 }).lean<Visibility[]>();
    return users.filter(visible).map((user) => user._id);
  }

  private async reap(): Promise<void> {
    for (const { userId, lastSeen } of await this.registry.reapDead()) {
      await this.order.runExclusive(String(userId), () => this.wentOffline(userId, lastSeen));
    }
  }

  private track(work: Promise<void>): void {
    void this.pending.track(work.catch((err) => this.logger.error({ err }, 'presence update failed')));
  }

  /** Once the sockets have closed: their changes are applied, then the registry stops. */
  async close(): Promise<void> {
    clearInterval(this.reaper);
    await this.pending.settled();
    await this.registry.close();
  }
}
