import type { AsyncLocalStorage } from 'node:async_hooks';
import mongoose from 'mongoose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WriteGuardModel } from '../models/write-guard';
import { atomicWrite, inTransaction } from './transactions';

/**
 * The MongoDB branch, without a MongoDB (none can run here): the calls it makes, in order. The FerretDB
 * branch is exercised for real by the race tests.
 */
vi.mock('./db-engine', () => ({ dbEngine: () => 'mongodb' }));

const store = () =>
  (mongoose as unknown as { transactionAsyncLocalStorage: AsyncLocalStorage<{ session?: unknown }> })
    .transactionAsyncLocalStorage;

afterEach(() => vi.restoreAllMocks());

function fakeMongo() {
  const calls: string[] = [];
  const session = { id: 'session' };
  vi.spyOn(WriteGuardModel, 'updateOne').mockImplementation(((filter: object, update: object) => {
    const inside = store().getStore()?.session === session;
    calls.push(`guard ${JSON.stringify(filter)} ${Object.keys(update)[0]}${inside ? ' in transaction' : ''}`);
    return Promise.resolve({});
  }) as never);
  vi.spyOn(mongoose.connection, 'transaction').mockImplementation(((fn: () => Promise<unknown>) => {
    calls.push('transaction');
    // What Mongoose does with transactionAsyncLocalStorage on: run the callback with the session in scope.
    return store().run({ session }, fn);
  }) as never);
  return { calls, session };
}

describe('on MongoDB', () => {
  it('inTransaction creates the key’s guard, then bumps it inside the transaction before the work', async () => {
    const { calls, session } = fakeMongo();
    const result = await inTransaction('listing:7', async () => {
      calls.push(store().getStore()?.session === session ? 'work in transaction' : 'work outside');
      return 42;
    });
    expect(result).toBe(42);
    expect(calls).toEqual([
      'guard {"_id":"listing:7"} $setOnInsert',
      'transaction',
      'guard {"_id":"listing:7"} $inc in transaction',
      'work in transaction',
    ]);
  });

  it('atomicWrite runs its work outside any surrounding transaction, and takes no lock', async () => {
    const { calls, session } = fakeMongo();
    await inTransaction('listing:8', () =>
      atomicWrite('counter:offers', async () => {
        calls.push(store().getStore()?.session === session ? 'counter in transaction' : 'counter outside');
      }),
    );
    expect(calls.at(-1)).toBe('counter outside');
  });
});
