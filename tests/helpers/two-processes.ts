import { afterAll, beforeAll } from 'vitest';
import { freePort } from '../../src-server/lib/ports';
import { startRedis, type RunningRedis } from './redis';
import { killServerProcesses, startServerProcess, type ServerProcess } from './server-process';
import { startTestServer, type TestServer } from './test-server';

export interface TwoProcesses {
  /** The in-process test server: the one that writes the embedded database. */
  readonly server: TestServer;
  /** The second server process beside it, on the same database and Redis. */
  readonly otherUrl: string;
}

/**
 * A server process beside the in-process test `server`, on its embedded database (TEST_SHARE_EMBEDDED:
 * it must not write) and on Redis, listening once this resolves.
 */
export async function startSecondProcess(
  server: TestServer,
  redisUrl: string,
  env: Record<string, string> = {},
): Promise<{ url: string; process: ServerProcess }> {
  const port = await freePort();
  const started = startServerProcess({
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    MONGODB_URI: server.config.MONGODB_URI ?? '',
    DB_NAME: server.config.DB_NAME,
    SMTP_URL: 'smtp://127.0.0.1:9',
    REDIS_URL: redisUrl,
    TEST_SHARE_EMBEDDED: 'true',
    JWT_SECRET: server.config.JWT_SECRET,
    DATA_DIR: server.config.DATA_DIR,
    ...env,
  });
  await started.listening();
  return { url: `http://127.0.0.1:${port}`, process: started };
}

/**
 * Two server processes sharing Redis and one embedded database, started before the calling file's tests
 * and stopped after them. The second runs with TEST_SHARE_EMBEDDED: only the first may write, since
 * the embedded database serialises writes in its one writer process.
 */
export function useTwoServerProcesses(): TwoProcesses {
  let redis: RunningRedis | undefined;
  let server: TestServer | undefined;
  let other: ServerProcess | undefined;
  let otherUrl = '';

  beforeAll(async () => {
    redis = await startRedis();
    server = await startTestServer({ env: { REDIS_URL: redis.url } });
    ({ url: otherUrl, process: other } = await startSecondProcess(server, redis.url));
  }, 120_000);
  afterAll(async () => {
    other?.child.kill('SIGTERM');
    await other?.exited;
    killServerProcesses();
    await server?.stop();
    await redis?.stop();
  });

  return {
    get server() {
      if (!server) throw new Error('the servers start in beforeAll');
      return server;
    },
    get otherUrl() {
      return otherUrl;
    },
  };
}
