import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/ports';
import { createUser } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { startRedis, type RunningRedis } from '../../tests/helpers/redis';
import {
  killServerProcesses,
  startServerProcess,
  type ServerProcess,
} from '../../tests/helpers/server-process';
import { connectSocket } from '../../tests/helpers/sockets';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';

let redis: RunningRedis;
let server: TestServer;
let other: ServerProcess;
let otherUrl: string;

beforeAll(async () => {
  redis = await startRedis();
  server = await startTestServer({ env: { REDIS_URL: redis.url } });
  const port = await freePort();
  otherUrl = `http://127.0.0.1:${port}`;
  other = startServerProcess({
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    MONGODB_URI: server.config.MONGODB_URI ?? '',
    DB_NAME: server.config.DB_NAME,
    SMTP_URL: 'smtp://127.0.0.1:9',
    REDIS_URL: redis.url,
    // Only this test's own first process writes: the embedded database allows one writer otherwise.
    TEST_SHARE_EMBEDDED: 'true',
    JWT_SECRET: server.config.JWT_SECRET,
    DATA_DIR: server.config.DATA_DIR,
  });
  await other.listening();
}, 120_000);
afterAll(async () => {
  other?.child.kill('SIGTERM');
  await other?.exited;
  killServerProcesses();
  await server?.stop();
  await redis?.stop();
});

describe('ending sessions across server processes', () => {
  it('a logout on one process reaches the other: its sockets are dropped and the token refused there', async () => {
    const user = await createUser(server.config);
    const there = http(otherUrl);
    // The other process has checked this session and keeps its generation in its cache.
    expect((await there.get('/api/auth/me', user.token)).status).toBe(200);
    const socket = await connectSocket(otherUrl, user.token);
    const dropped = new Promise((resolve) => socket.once('disconnect', resolve));

    expect((await http(server.url).post('/api/auth/logout', undefined, user.token)).status).toBe(204);
    expect((await http(server.url).get('/api/auth/me', user.token)).status).toBe(401);

    // The relay has arrived once the other process dropped the socket; it learned the generation first.
    expect(await dropped).toBe('io server disconnect');
    expect((await there.get('/api/auth/me', user.token)).status).toBe(401);
    await expect(connectSocket(otherUrl, user.token)).rejects.toThrow('invalid_token');
  });
});
