import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RunningRedis } from '../../tests/helpers/redis';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { createApp } from '../app';
import { createRateLimits, type RateLimits } from './rate-limit';

/**
 * Two app instances whose rate limits share nothing but Redis (as two processes behind one proxy
 * would): a count started on one holds on the other.
 */
let redis: RunningRedis;
let server: TestServer;
let otherLimits: RateLimits;
let other: http.Server;
let otherUrl: string;

beforeAll(async () => {
  redis = await startRedis();
  server = await startTestServer({ env: { REDIS_URL: redis.url } });
  otherLimits = await createRateLimits({ disabled: false, redisUrl: redis.url, logger: server.deps.logger });
  other = http.createServer(createApp({ ...server.deps, rateLimits: otherLimits }).callback());
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(async () => {
  other?.closeAllConnections();
  await new Promise((resolve) => other?.close(resolve));
  await otherLimits?.close();
  await server?.stop();
  await redis?.stop();
});

const login = (base: string, password: string) =>
  fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'shared-count@example.test', password }),
  });

describe('rate limits with REDIS_URL', () => {
  it('wrong passwords spread over two instances share one count', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login(i % 2 ? server.url : otherUrl, `guess${i}`)).status).toBe(401);
    }
    const blocked = await login(server.url, 'guess');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(otherUrl, 'guess')).status).toBe(429);
  });
});
