import { LRUCache } from 'lru-cache';
import { UserModel } from '../../models/user';
import {
  ACCOUNTS_KEPT,
  PUBLIC_ACCOUNT_FIELDS,
  type PublicAccountDoc,
  type PublicAccounts,
} from '../../read-models/public-accounts';

/** What a read of the account found; `generation` null: there is no such account. */
interface Known {
  generation: number | null;
}

/**
 * What this process knows of each account's session generation (models/user.ts `sessionVersion`), so
 * checking a token on every authenticated request does not read the database each time (on the embedded
 * FerretDB a find by `_id` is 1-3 ms, more than the rest of most requests). One read per account at a
 * time: checks that ask while it runs share it. The least recently used of more than `max` accounts are
 * forgotten, and read again when next asked.
 *
 * Sessions ended through the app are never missed: services/accounts/sessions.ts tells this process
 * before it answers, and the other processes as soon as its relay through Redis arrives
 * (realtime/publish.ts). A generation never goes back, so a slow read cannot undo what was learned
 * meanwhile. What the app does not do itself (an account deleted in the database, a relay Redis lost)
 * is seen once an entry is older than `maxAgeMs` and is read again; 0 reads on every request.
 *
 * The same read takes the account's public fields for `accounts` (read-models/public-accounts.ts): a
 * signed-in player's first request has them at hand when they open their own profile.
 */
export class SessionGenerations {
  private readonly known: LRUCache<number, Known>;

  constructor(
    private readonly maxAgeMs: number,
    private readonly accounts: PublicAccounts,
    max = ACCOUNTS_KEPT,
  ) {
    this.known = new LRUCache<number, Known>({
      max,
      // 0 is "no time limit" to lru-cache: with it every check refreshes instead (see current).
      ttl: maxAgeMs,
      // A generation learned while a read runs replaces it: the read's callers get the later of the two.
      ignoreFetchAbort: true,
      fetchMethod: (userId) => this.read(userId),
    });
  }

  /** Whether a token issued under `generation` is still a live session of the account. */
  async isCurrent(userId: number, generation: number): Promise<boolean> {
    return (await this.current(userId)) === generation;
  }

  /** False only when this process already knows the account moved past `generation`; never reads. */
  mayBeCurrent(userId: number, generation: number): boolean {
    const known = this.latest(userId);
    return known === null || known === generation;
  }

  /**
   * Whether the account is suspended, for a token its suspension ended: from what the session check
   * read of the account with its generation (kept until SESSION_CACHE_SECONDS, forgotten on its writes).
   */
  async isSuspended(userId: number): Promise<boolean> {
    return (await this.accounts.get(userId))?.suspended ?? false;
  }

  /** Records the generation an account moved to, here or on another process. */
  learn(userId: number, generation: number): void {
    this.known.set(userId, { generation: Math.max(this.latest(userId) ?? generation, generation) });
  }

  private async current(userId: number): Promise<number | null> {
    const known = await this.known.fetch(userId, { forceRefresh: this.maxAgeMs === 0 });
    return known?.generation ?? null;
  }

  /** The generation this process last knew of, however old, or null. */
  private latest(userId: number): number | null {
    return this.known.peek(userId, { allowStale: true })?.generation ?? null;
  }

  /** The stored generation (or a later one learned meanwhile), or null when the account no longer exists. */
  private async read(userId: number): Promise<Known> {
    const learnAccount = this.accounts.beginRead();
    const user = await UserModel.findById(userId, {
      sessionVersion: 1,
      ...PUBLIC_ACCOUNT_FIELDS,
    }).lean<PublicAccountDoc & { sessionVersion?: number }>();
    if (!user) return { generation: null };
    learnAccount(user);
    const stored = user.sessionVersion ?? 0;
    return { generation: Math.max(this.latest(userId) ?? stored, stored) };
  }
}
