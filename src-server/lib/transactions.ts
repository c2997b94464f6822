import type { AsyncLocalStorage } from 'node:async_hooks';
import mongoose from 'mongoose';
import { WriteGuardModel } from '../models/write-guard';
import { dbEngine } from './db-engine';
import { KeyedMutex } from './keyed-mutex';

/**
 * How writes whose outcome depends on the current state stay correct on each engine (lib/db-engine.ts).
 * A key names the record a rule is about: `listing:12`, `admins`, `counter:offers`.
 *
 * - FerretDB (embedded): it applies neither conditional updates nor `$inc` atomically and has no
 *   transactions, but only this process writes to it (lib/writer-claim.ts), so the writes on one key are
 *   serialised in memory. A write that waits longer than LOCK_WAIT_MS for the key answers 503 `DB_BUSY`.
 * - MongoDB: see `inTransaction` and `atomicWrite`.
 */
export const LOCK_WAIT_MS = 5_000;

const locks = new KeyedMutex(LOCK_WAIT_MS);

// Model calls inside `connection.transaction(fn)` join its session without passing it by hand.
mongoose.set('transactionAsyncLocalStorage', true);

/**
 * Runs `work`, which reads state and then writes (possibly several documents), as one unit on `key`.
 *
 * On MongoDB it runs in a transaction that first bumps the key's guard document (models/write-guard.ts):
 * two concurrent transactions on one key then always write a common document, so MongoDB aborts one with
 * a write conflict (no write skew) and the driver reruns it, and the rerun sees the other's result.
 * `work` may therefore run more than once: keep side effects (live events, mail) outside, after it returns.
 * Never nest two `inTransaction` calls (an `atomicWrite` inside one is fine, on another key).
 */
export async function inTransaction<T>(key: string, work: () => Promise<T>): Promise<T> {
  if (dbEngine() === 'ferretdb') return locks.runExclusive(key, () => heldWork(key, work));
  // Created outside the transaction: concurrent first inserts of one _id inside transactions could fail
  // with a duplicate key instead of the retryable write conflict.
  await WriteGuardModel.updateOne({ _id: key }, { $setOnInsert: { writes: 0 } }, { upsert: true });
  return mongoose.connection.transaction(async () => {
    await WriteGuardModel.updateOne({ _id: key }, { $inc: { writes: 1 } });
    return heldWork(key, work);
  });
}

/**
 * For a write that is one conditional update MongoDB applies atomically by itself (a `$inc` counter, a
 * `findOneAndUpdate` on a status): on MongoDB it runs as is, outside any surrounding transaction (an id
 * taken from a counter need not roll back, and must not make unrelated transactions conflict); on
 * FerretDB under the key's lock.
 */
export async function atomicWrite<T>(key: string, work: () => Promise<T>): Promise<T> {
  if (dbEngine() === 'ferretdb') return locks.runExclusive(key, () => heldWork(key, work));
  return transactionContext().run({}, () => heldWork(key, work));
}

/**
 * For a one-document write that belongs to the surrounding unit of work (an `inTransaction` on another
 * key) while units on other keys write the same document too (a trader's book of trades, written by the
 * units of every listing they trade on): on MongoDB it joins the transaction, whose write conflicts order
 * two units writing the document; on FerretDB it holds this key's lock for the write. Take no other key
 * inside it, so it never deadlocks.
 */
export async function writeWithin<T>(key: string, work: () => Promise<T>): Promise<T> {
  if (dbEngine() === 'ferretdb') return locks.runExclusive(key, () => heldWork(key, work));
  return heldWork(key, work);
}

/** Mongoose's store of the current transaction's session (set above; missing from its typings). */
const transactionContext = () =>
  (mongoose as unknown as { transactionAsyncLocalStorage: AsyncLocalStorage<object> })
    .transactionAsyncLocalStorage;

/** Test hook (NODE_ENV=test only): the next write on `key` pauses, holding its lock, until released. */
export function holdNextWrite(key: string): { reached: Promise<void>; release: () => void } {
  if (process.env.NODE_ENV !== 'test') throw new Error('holdNextWrite is a test hook');
  let reach!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  holds.set(key, { reach, released });
  return { reached, release };
}

const holds = new Map<string, { reach: () => void; released: Promise<void> }>();

async function heldWork<T>(key: string, work: () => Promise<T>): Promise<T> {
  const hold = holds.get(key);
  if (hold) {
    holds.delete(key);
    hold.reach();
    await hold.released;
  }
  return work();
}
