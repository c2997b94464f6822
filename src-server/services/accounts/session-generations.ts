import { sharedRead } from '../../lib/shared-read';
import { UserModel } from '../../models/user';
import {
  PUBLIC_ACCOUNT_FIELDS,
  type PublicAccountDoc,
  type PublicAccounts,
} from '../../read-models/public-accounts';

interface Known {
  generation: number;
  learnedAt: number;
}

/**
 * What this process knows of each account's session generation (models/user.ts `sessionVersion`), so
 * checking a token on every authenticated request does not read the database each time: on the embedded
 * FerretDB a find by `_id` scans the users collection (measured about 0.7-1 s at 10,000 users, against
 * 2 ms at 10).
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
  private readonly known = new Map<number, Known>();
  private readonly reading = new Map<number, Promise<number | null>>();

  constructor(
    private readonly maxAgeMs: number,
    private readonly accounts: PublicAccounts,
  ) {}

  /** Whether a token issued under `generation` is still a live session of the account. */
  async isCurrent(userId: number, generation: number): Promise<boolean> {
    return (await this.current(userId)) === generation;
  }

  /** False only when this process already knows the account moved past `generation`; never reads. */
  mayBeCurrent(userId: number, generation: number): boolean {
    const known = this.known.get(userId);
    return !known || known.generation === generation;
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
    const known = this.known.get(userId);
    this.known.set(userId, {
      generation: Math.max(known?.generation ?? generation, generation),
      learnedAt: Date.now(),
    });
  }

  private current(userId: number): Promise<number | null> {
    const known = this.known.get(userId);
    if (known && Date.now() - known.learnedAt < this.maxAgeMs) return Promise.resolve(known.generation);
    return sharedRead(this.reading, userId, () => this.read(userId));
  }

  /** The stored generation, or null when the account no longer exists. */
  private async read(userId: number): Promise<number | null> {
    const learnAccount = this.accounts.beginRead();
    const user = await UserModel.findById(userId, {
      sessionVersion: 1,
      ...PUBLIC_ACCOUNT_FIELDS,
    }).lean<PublicAccountDoc & { sessionVersion?: number }>();
    if (!user) {
      this.known.delete(userId);
      return null;
    }
    learnAccount(user);
    this.learn(userId, user.sessionVersion ?? 0);
    return this.known.get(userId)!.generation;
  }
}
