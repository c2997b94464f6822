import { LRUCache } from 'lru-cache';
import { UserModel } from '../models/user';
import type { ProfileUser } from '../presenters/profile';

/** What a profile shows of an account, and whether it shows its stats to others. */
export interface PublicAccount extends ProfileUser {
  statsPublic: boolean;
  /** Whether an admin has suspended the account (lifting it is a write, which forgets this). */
  suspended: boolean;
}

/** The user fields a PublicAccount is read from (services/accounts/session-generations.ts reads them too). */
export const PUBLIC_ACCOUNT_FIELDS = {
  username: 1,
  avatar: 1,
  flags: 1,
  createdAt: 1,
  lastActiveAt: 1,
  'settings.statsPublic': 1,
  suspension: 1,
} as const;

export type PublicAccountDoc = ProfileUser & {
  settings?: { statsPublic?: boolean | null } | null;
  suspension?: unknown;
};

/** How many accounts a process keeps at most; the least recently used go first. */
export const ACCOUNTS_KEPT = 50_000;

/** What a read found, kept even when there is no such account (so a missing one is not read again). */
interface Known {
  account: PublicAccount | null;
}

/**
 * What this process knows of each account's public fields, so a profile is answered without a database
 * read each time (on the embedded FerretDB a find by `_id` is 1-3 ms, most of a profile's time). One read
 * per account at a time: callers that ask while it runs share it.
 *
 * Every write through the User model that touches a public field makes every process forget the account
 * (models/public-field-writes.ts, relayed through Redis by realtime/publish.ts) before it answers. What
 * the app does not write itself (the database edited by hand, a relay Redis lost) is seen once an entry
 * is older than `maxAgeMs`; 0 reads on every request.
 */
export class PublicAccounts {
  private readonly known: LRUCache<number, Known>;
  /** Raised by every forget: a read begun before it may hold what the write replaced, and is not kept. */
  private forgets = 0;

  constructor(
    private readonly maxAgeMs: number,
    max = ACCOUNTS_KEPT,
  ) {
    this.known = new LRUCache<number, Known>({
      max,
      // 0 is "no time limit" to lru-cache: with it every get refreshes instead (see get).
      ttl: maxAgeMs,
      // A forget while a read runs: its callers still get what it found, and the cache does not keep it.
      ignoreFetchAbort: true,
      fetchMethod: (userId) => this.read(userId),
    });
  }

  /** The account's public fields, or null when there is no such account. */
  async get(userId: number): Promise<PublicAccount | null> {
    const known = await this.known.fetch(userId, { forceRefresh: this.maxAgeMs === 0 });
    return known?.account ?? null;
  }

  /**
   * For another read of the user's public fields (the session check reads them with its generation):
   * call it before that read, and the function it returns with what the read found. What a read begun
   * before a write's forget found is not kept.
   */
  beginRead(): (doc: PublicAccountDoc) => void {
    const forgetsBefore = this.forgets;
    return (doc) => {
      if (this.forgets === forgetsBefore) this.known.set(doc._id, { account: publicAccount(doc) });
    };
  }

  /** Forgets the accounts a write changed; `null` forgets every one. */
  forget(userIds: number[] | null): void {
    this.forgets += 1;
    if (userIds === null) this.known.clear();
    else for (const id of userIds) this.known.delete(id);
  }

  private async read(userId: number): Promise<Known> {
    const doc = await UserModel.findById(userId, PUBLIC_ACCOUNT_FIELDS).lean<PublicAccountDoc>();
    return { account: doc ? publicAccount(doc) : null };
  }
}

function publicAccount(doc: PublicAccountDoc): PublicAccount {
  return {
    _id: doc._id,
    username: doc.username,
    avatar: doc.avatar,
    flags: doc.flags,
    createdAt: doc.createdAt,
    lastActiveAt: doc.lastActiveAt,
    statsPublic: doc.settings?.statsPublic !== false,
    suspended: !!doc.suspension,
  };
}
