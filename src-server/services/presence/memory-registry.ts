import type { PresenceRegistry } from './registry';

/** One process, no Redis: each user's sockets counted in memory; they die with the process. */
export class MemoryPresenceRegistry implements PresenceRegistry {
  private readonly sockets = new Map<number, number>();

  async connect(userId: number): Promise<boolean> {
    const count = (this.sockets.get(userId) ?? 0) + 1;
    this.sockets.set(userId, count);
    return count === 1;
  }

  async disconnect(userId: number): Promise<boolean> {
    const count = (this.sockets.get(userId) ?? 0) - 1;
    if (count > 0) {
      this.sockets.set(userId, count);
      return false;
    }
    return this.sockets.delete(userId);
  }

  async onlineAmong(userIds: readonly number[]): Promise<Set<number>> {
    return new Set(userIds.filter((id) => this.sockets.has(id)));
  }

  async allOnline(): Promise<number[]> {
    return [...this.sockets.keys()];
  }

  async reapDead(): Promise<{ userId: number; lastSeen: Date }[]> {
    return [];
  }

  /** Alone, this process is never taken for dead. */
  onReturned(): void {}

  async close(): Promise<void> {
    this.sockets.clear();
  }
}
