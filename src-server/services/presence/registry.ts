/**
 * Where the connected sockets of each user are counted: in this process's memory when it is the only
 * one (memory-registry.ts), in Redis with expiring heartbeats across processes (redis-registry.ts).
 * A user is online while any process that is still alive holds a socket of theirs.
 */
export interface PresenceRegistry {
  /** A socket of the user connected here; true when the user was offline everywhere before it. */
  connect(userId: number): Promise<boolean>;
  /** A socket of the user closed here; true when it was their last one anywhere. */
  disconnect(userId: number): Promise<boolean>;
  /** Which of these users are online. */
  onlineAmong(userIds: readonly number[]): Promise<Set<number>>;
  /** Every online user (a new process fills its listing index's online sellers from it). */
  allOnline(): Promise<number[]>;
  /**
   * Forgets the users of processes that died without closing their sockets (their heartbeat expired),
   * answering those that went offline with it and when that process was last heard of. Their presence
   * already reads as offline before this runs: it only tells watchers and keeps the last-seen time.
   */
  reapDead(): Promise<{ userId: number; lastSeen: Date }[]>;
  /**
   * Hears of users of this process who went back online because it was taken for dead while it was
   * only stalled, and reaped, and then counted their sockets again.
   */
  onReturned(listener: (userIds: number[]) => void): void;
  close(): Promise<void>;
}
