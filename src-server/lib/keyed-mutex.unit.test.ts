import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { KeyedMutex } from './keyed-mutex';

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

describe('KeyedMutex', () => {
  it('runs the works of one key one at a time, in order, and other keys alongside', async () => {
    const locks = new KeyedMutex(60_000);
    const order: string[] = [];
    const first = gate();
    const a1 = locks.runExclusive('a', async () => {
      await first.opened;
      order.push('a1');
    });
    const a2 = locks.runExclusive('a', async () => void order.push('a2'));
    await locks.runExclusive('b', async () => void order.push('b'));
    first.open();
    await Promise.all([a1, a2]);
    expect(order).toEqual(['b', 'a1', 'a2']);
  });

  it('drops a key once nobody holds or waits for it, also after a failure', async () => {
    const locks = new KeyedMutex(60_000);
    await locks.runExclusive('a', async () => expect(locks.size).toBe(1));
    await expect(
      locks.runExclusive('b', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(locks.size).toBe(0);
  });

  it('refuses a waiter after the bound with 503 DB_BUSY and Retry-After, without running its work', async () => {
    const locks = new KeyedMutex(50);
    const held = gate();
    const holder = locks.runExclusive('a', () => held.opened);
    let ran = false;
    const err = await locks
      .runExclusive('a', async () => {
        ran = true;
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 503, code: 'DB_BUSY', headers: { 'Retry-After': '1' } });
    held.open();
    await holder;
    expect(ran).toBe(false);
    expect(locks.size).toBe(0);
    // The key works again once the holder is done.
    expect(await locks.runExclusive('a', async () => 'next')).toBe('next');
  });
});
