import { sharedRead } from '../lib/shared-read';
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

interface Known {
  account: PublicAccount | null;
  learnedAt: number;
}

/**
 * What this process knows of each account's public fields, so a profile is answered without a database
 * read each time (on the embedded FerretDB a find by `_id` is 1-3 ms, most of a profile's time).
 *
 * Every write through the User model that touches a public field makes every process forget the account
 * (models/public-field-writes.ts, relayed through Redis by realtime/publish.ts) before it answers. What
 * the app does not write itself (the database edited by hand, a relay Redis lost) is seen once an entry
 * is older than `maxAgeMs`; 0 reads on every request.
 */
export class PublicAccounts {
  private readonly known = new Map<number, Known>();
  private readonly reading = new Map<number, Promise<PublicAccount | null>>();
  /** Raised by every forget: a read begun before it may hold what the write replaced, and is not kept. */
  private forgets = 0;

  constructor(private readonly maxAgeMs: number) {}

  /** The account's public fields, or null when there is no such account. */
  get(userId: number): Promise<PublicAccount | null> {
    const known = this.known.get(userId);
    if (known && Date.now() - known.learnedAt < this.maxAgeMs) return Promise.resolve(known.account);
    return sharedRead(this.reading, userId, () => this.read(userId));
  }

  /**
   * For another read of the user's public fields (the session check reads them with its generation):
   * call it before that read, and the function it returns with what the read found. What a read begun
   * before a write's forget found is not kept.
   */
  beginRead(): (doc: PublicAccountDoc) => void {
    const keep = this.keeper();
    return (doc) => keep(doc._id, publicAccount(doc));
  }

  /** Forgets the accounts a write changed; `null` forgets every one. */
  forget(userIds: number[] | null): void {
    this.forgets += 1;
    if (userIds === null) {
      this.known.clear();
      this.reading.clear();
      return;
    }
    for (const id of userIds) {
      this.known.delete(id);
      this.reading.delete(id);
    }
  }

  private async read(userId: number): Promise<PublicAccount | null> {
    const keep = this.keeper();
    const doc = await UserModel.findById(userId, PUBLIC_ACCOUNT_FIELDS).lean<PublicAccountDoc>();
    const account = doc ? publicAccount(doc) : null;
    keep(userId, account);
    return account;
  }

  /** Keeps what a read begun now finds, unless a forget came in between (it may hold what a write replaced). */
  private keeper(): (userId: number, account: PublicAccount | null) => void {
    const forgetsBefore = this.forgets;
    return (userId, account) => {
      if (this.forgets === forgetsBefore) this.known.set(userId, { account, learnedAt: Date.now() });
    };
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
