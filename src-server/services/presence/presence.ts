import type { PresenceChange, PresenceMap } from '../../../src-common/schemas/presence';
import { KeyedMutex } from '../../lib/keyed-mutex';
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

/** How long one user's presence change may wait behind the previous one (they are quick Redis calls). */
const ORDER_WAIT_MS = 30_000;

/**
 * Who is online, as others may see it: a user is online while a socket of theirs is connected to any
 * server process (registry.ts), and last seen when their last one closed (kept on the user as
 * `lastSeenAt`). A user who turned "Show when I'm online" off always reads as offline with no last-seen
 * time. Each change is handed to `publish` (realtime/publish.ts: the watchers' rooms and every listing
 * index), after the last-seen time is written.
 */
export class PresenceService {
  /** One user's connects and disconnects apply in the order they happened, so their events do too. */
  private readonly order = new KeyedMutex(ORDER_WAIT_MS);
  private readonly pending = new Set<Promise<void>>();
  private readonly reaper: NodeJS.Timeout;

  constructor(
    private readonly registry: PresenceRegistry,
    private readonly publish: (change: PresenceChange) => void,
    private readonly logger: Logger,
    reapEveryMs: number,
  ) {
    this.reaper = setInterval(() => this.track(this.reap()), reapEveryMs).unref();
  }

  socketConnected(userId: number): void {
    this.track(
      this.order.runExclusive(String(userId), async () => {
        if (!(await this.registry.connect(userId))) return;
        const user = await UserModel.findById(userId, { settings: 1 }).lean<Visibility>();
        if (visible(user)) this.publish({ userId, online: true, lastSeen: null });
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
    const [online, users] = await Promise.all([
      this.registry.onlineAmong(userIds),
      UserModel.find({ _id: { $in: userIds } }, { settings: 1, lastSeenAt: 1 }).lean<Visibility[]>(),
    ]);
    const byId = new Map(users.map((user) => [user._id, user]));
    const presence: PresenceMap = {};
    for (const id of userIds) {
      const user = byId.get(id);
      if (!user || !visible(user)) presence[id] = HIDDEN;
      else if (online.has(id)) presence[id] = { online: true, lastSeen: null };
      else presence[id] = { online: false, lastSeen: user.lastSeenAt?.toISOString() ?? null };
    }
    return presence;
  }

  /** After "Show when I'm online" was saved: watchers see the user vanish, or their real presence again. */
  async visibilityChanged(userId: number, show: boolean): Promise<void> {
    const presence = show ? (await this.read([userId]))[userId] : HIDDEN;
    this.publish({ userId, ...presence });
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
    const done = work.catch((err) => this.logger.error({ err }, 'presence update failed'));
    this.pending.add(done);
    void done.finally(() => this.pending.delete(done));
  }

  /** Once the sockets have closed: their changes are applied, then the registry stops. */
  async close(): Promise<void> {
    clearInterval(this.reaper);
    while (this.pending.size > 0) await Promise.all([...this.pending]);
    await this.registry.close();
  }
}
