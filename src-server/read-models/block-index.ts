/**
 * A block added (`blocked: true`) or lifted, as the services tell every process
 * (realtime/read-model-updater.ts).
 */
export interface BlockChange {
  blockerId: number;
  blockedId: number;
  blocked: boolean;
}

const NONE: ReadonlySet<number> = new Set();

/**
 * Who blocked whom, in memory on every process: an offer, a notification and a browse request each ask
 * it, and the browse page must not wait on the database for it (most viewers blocked nobody, and their
 * answers come from the shared cache without a look at the database). Read at start-up, then kept by the
 * block services and the publisher's relay between processes.
 */
export class BlockIndex {
  private readonly byBlocker = new Map<number, Set<number>>();
  private readonly byBlocked = new Map<number, Set<number>>();

  load(pairs: Iterable<{ blockerId: number; blockedId: number }>): void {
    this.byBlocker.clear();
    this.byBlocked.clear();
    for (const { blockerId, blockedId } of pairs) this.add(blockerId, blockedId);
  }

  apply(changes: Iterable<BlockChange>): void {
    for (const { blockerId, blockedId, blocked } of changes) {
      if (blocked) this.add(blockerId, blockedId);
      else this.delete(blockerId, blockedId);
    }
  }

  /** Whether `blockerId` blocked `blockedId`. */
  has(blockerId: number, blockedId: number): boolean {
    return this.byBlocker.get(blockerId)?.has(blockedId) ?? false;
  }

  /** Whether either of the two blocked the other: then they cannot trade. */
  between(a: number, b: number): boolean {
    return this.has(a, b) || this.has(b, a);
  }

  /** The players `userId` blocked. */
  blockedBy(userId: number): ReadonlySet<number> {
    return this.byBlocker.get(userId) ?? NONE;
  }

  /** The players who blocked `userId`. */
  blockersOf(userId: number): ReadonlySet<number> {
    return this.byBlocked.get(userId) ?? NONE;
  }

  /** Nobody blocked anybody: a browse request need not even ask who is looking. */
  get empty(): boolean {
    return this.byBlocker.size === 0;
  }

  private add(blockerId: number, blockedId: number): void {
    link(this.byBlocker, blockerId, blockedId);
    link(this.byBlocked, blockedId, blockerId);
  }

  private delete(blockerId: number, blockedId: number): void {
    unlink(this.byBlocker, blockerId, blockedId);
    unlink(this.byBlocked, blockedId, blockerId);
  }
}

function link(map: Map<number, Set<number>>, key: number, value: number): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function unlink(map: Map<number, Set<number>>, key: number, value: number): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
