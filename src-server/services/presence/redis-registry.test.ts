import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RunningRedis } from '../../../tests/helpers/redis';
import { RedisPresenceRegistry } from './redis-registry';

let redis: RunningRedis;
const registries: RedisPresenceRegistry[] = [];

async function registry(ttlMs = 600) {
  const started = await RedisPresenceRegistry.start(redis.url, ttlMs, (err) => {
    throw err;
  });
  registries.push(started);
  return started;
}

/** Makes a process look dead to the others, as a pause longer than the TTL would. */
async function lapse(proc: RedisPresenceRegistry) {
  const client = createClient({ url: redis.url });
  await client.connect();
  await client.del(`presence:alive:${proc.process}`);
  await client.quit();
}

beforeAll(async () => {
  redis = await startRedis();
});

afterAll(async () => {
  for (const r of registries) await r.close();
  await redis.stop();
});

describe('RedisPresenceRegistry', () => {
  it('a dead process is reaped by exactly one of the others, which reports its users offline', async () => {
    const dying = await registry(60_000);
    const [a, b] = [await registry(), await registry()];
    expect(await dying.connect(101)).toBe(true);
    expect(await a.connect(102)).toBe(true);
    expect(await dying.connect(102)).toBe(false);

    await lapse(dying);
    const [fromA, fromB] = await Promise.all([a.reapDead(), b.reapDead()]);
    const reaped = [...fromA, ...fromB];
    // 102 still has a socket on a: only 101 went offline, and only one reaper says so.
    expect(reaped.map((r) => r.userId)).toEqual([101]);
    expect([...(await a.onlineAmong([101, 102]))]).toEqual([102]);
  });

  it('a process reaped while it was only stalled counts its users again at its next heartbeat', async () => {
    const stalled = await registry();
    const other = await registry();
    expect(await stalled.connect(201)).toBe(true);
    expect(await stalled.connect(202)).toBe(true);
    expect(await stalled.disconnect(202)).toBe(true);

    const returned = new Promise<number[]>((resolve) => stalled.onReturned(resolve));
    await lapse(stalled);
    expect((await other.reapDead()).map((r) => r.userId)).toEqual([201]);
    expect(await other.onlineAmong([201])).toEqual(new Set());

    expect(await returned).toEqual([201]);
    expect(await other.onlineAmong([201, 202])).toEqual(new Set([201]));
    expect(await other.allOnline()).toContain(201);
  });
});
