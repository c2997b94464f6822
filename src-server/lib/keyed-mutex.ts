import { E_TIMEOUT, Mutex, withTimeout, type MutexInterface } from 'async-mutex';
import { dbBusy } from '../errors';

/**
 * One `async-mutex` Mutex per key, created on first use and dropped once nobody holds or waits for it, so
 * the map only ever holds the keys being written right now. A caller that waits longer than `waitMs` gives
 * up with 503 `DB_BUSY` (`Retry-After`) and never runs its work: a slow holder is waited for or refused,
 * never overtaken.
 */
export class KeyedMutex {
  private readonly entries = new Map<string, { mutex: MutexInterface; users: number }>();

  constructor(private readonly waitMs: number) {}

  async runExclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { mutex: withTimeout(new Mutex(), this.waitMs), users: 0 };
      this.entries.set(key, entry);
    }
    entry.users += 1;
    try {
      return await entry.mutex.runExclusive(work);
    } catch (err) {
      if (err === E_TIMEOUT) throw dbBusy(Math.max(1, Math.ceil(this.waitMs / 1000)));
      throw err;
    } finally {
      entry.users -= 1;
      if (entry.users === 0) this.entries.delete(key);
    }
  }

  /** How many keys are held or waited for (tests check that idle keys are dropped). */
  get size(): number {
    return this.entries.size;
  }
}
