import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { signSessionToken } from '../../src-server/lib/tokens';
import { UserModel } from '../../src-server/models/user';
import { runningEmbeddedDatabase } from '../../src-server/embedded/embedded-database';
import { freePort, waitForPort } from '../../src-server/lib/ports';
import { startNodeOptions } from '../lib/start-options';
import { builtServer } from './lib/server-build';
import { fmt, median } from './lib/stats';
import { option } from './lib/options';

/**
 * `npm run bench -- db-outage [--runs 3]`
 *
 * What a client sees when the embedded database dies under a running server. Each run starts the real
 * server (compiled, as `npm start` runs it, in development with the embedded FerretDB, its own ports
 * and DATA_DIR), SIGKILLs its FerretDB child, and from then on sends a database read
 * (`GET /api/offers/listing/:id`) and a write (`POST /api/listings`) every PROBE_MS until a write
 * succeeds. It prints, counted from the kill: when the first 503 `DB_UNAVAILABLE` arrived, the slowest
 * 503 answer, when the first write succeeded again, any other error status seen, and the supervisor's
 * restart attempts from the server's log.
 */
const RUNS = Number(option('runs', '3'));
const PROBE_MS = 20;
const GIVE_UP_MS = 60_000;

interface Answer {
  kind: 'read' | 'write';
  status: number;
  code?: string;
  retryAfter: string | null;
  sentMs: number;
  answeredMs: number;
}

interface RunResult {
  first503Ms: number;
  slowest503Ms: number;
  answers503: number;
  retryAfter: string[];
  writeBackMs: number;
  otherErrors: string[];
  restartAttempts: number;
  failedRestarts: number;
}

async function startServer(): Promise<{
  base: string;
  child: ChildProcess;
  log: () => string;
  dataDir: string;
  token: string;
  stop: () => Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-bench-outage-'));
  const port = await freePort();
  const dbPort = await freePort();
  const secret = randomBytes(24).toString('hex');
  const child = spawn(process.execPath, [...startNodeOptions(), builtServer()], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      DB_PORT: String(dbPort),
      DATA_DIR: dataDir,
      JWT_SECRET: secret,
      // Outbound mail is not part of this: an address nothing listens on keeps MailDev from starting.
      SMTP_URL: 'smtp://127.0.0.1:9',
      MONGODB_URI: '',
      RATE_LIMIT_DISABLED: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await waitForPort(port, { timeoutMs: 120_000, abort: exited }).catch((err: Error) => {
    throw new Error(`${err.message}\n${output}`);
  });

  // A verified seller written beside the server, under an id far above the users counter, and a session
  // token for it.
  const id = 999_999;
  await mongoose.connect(`mongodb://127.0.0.1:${dbPort}/`, { dbName: 'market' });
  await UserModel.create({
    _id: id,
    username: 'outageseller',
    usernameLower: 'outageseller',
    emailVerified: true,
  });
  await mongoose.disconnect();
  const token = signSessionToken({ id, username: 'outageseller', sv: 0 }, secret, '1h');

  return {
    base: `http://127.0.0.1:${port}`,
    child,
    log: () => output,
    dataDir,
    token,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function run(): Promise<RunResult> {
  const server = await startServer();
  try {
    const write = () =>
      fetch(`${server.base}/api/listings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
        body: JSON.stringify({
          item: 'Rapier',
          type: 'sell',
          quantity: 1,
          gold: 5,
          priceMode: 'Each',
          notes: '',
        }),
      });
    const warm = await write();
    if (warm.status !== 201)
      throw new Error(`POST /api/listings answered ${warm.status}: ${await warm.text()}`);
    const { id: listingId } = (await warm.json()) as { id: number };
    const read = () => fetch(`${server.base}/api/offers/listing/${listingId}`);

    const pid = runningEmbeddedDatabase(server.dataDir);
    if (!pid) throw new Error('no FerretDB runs for the server');
    const logBefore = server.log().length;
    const killedAt = performance.now();
    process.kill(pid, 'SIGKILL');

    const answers: Answer[] = [];
    const probe = async (kind: Answer['kind'], send: () => Promise<Response>) => {
      const sentMs = performance.now() - killedAt;
      const res = await send().catch(() => null);
      const body = res ? ((await res.json().catch(() => ({}))) as { code?: string }) : {};
      answers.push({
        kind,
        status: res?.status ?? 0,
        code: body.code,
        retryAfter: res?.headers.get('retry-after') ?? null,
        sentMs,
        answeredMs: performance.now() - killedAt,
      });
    };
    const inFlight = new Set<Promise<void>>();
    const writeBack = () => answers.find((a) => a.kind === 'write' && a.status === 201);
    while (!writeBack()) {
      if (performance.now() - killedAt > GIVE_UP_MS)
        throw new Error(`no write succeeded within ${GIVE_UP_MS} ms`);
      for (const p of [probe('read', read), probe('write', write)]) {
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
      }
      await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
    }
    await Promise.all(inFlight);

    const unavailable = answers.filter((a) => a.status === 503 && a.code === 'DB_UNAVAILABLE');
    const log = server.log().slice(logBefore);
    return {
      first503Ms: Math.min(...unavailable.map((a) => a.answeredMs)),
      slowest503Ms: Math.max(...unavailable.map((a) => a.answeredMs - a.sentMs)),
      answers503: unavailable.length,
      retryAfter: [...new Set(unavailable.map((a) => String(a.retryAfter)))],
      writeBackMs: Math.min(
        ...answers.filter((a) => a.kind === 'write' && a.status === 201).map((a) => a.answeredMs),
      ),
      otherErrors: answers
        .filter(
          (a) => a.status !== 200 && a.status !== 201 && !(a.status === 503 && a.code === 'DB_UNAVAILABLE'),
        )
        .map((a) => `${a.kind} ${a.status || 'no answer'}${a.code ? ` ${a.code}` : ''}`),
      restartAttempts: (log.match(/restarting FerretDB in \d+ ms/g) ?? []).length,
      failedRestarts: (log.match(/FerretDB restart failed/g) ?? []).length,
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  console.log(
    `database outage benchmark: ${RUNS} runs, SIGKILL of the embedded FerretDB, a read and a write every ${PROBE_MS} ms\n`,
  );
  const results: RunResult[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const r = await run();
    results.push(r);
    console.log(
      `run ${i}: first 503 DB_UNAVAILABLE ${fmt(r.first503Ms, 0)} ms after the kill (${r.answers503} answers, ` +
        `slowest ${fmt(r.slowest503Ms, 0)} ms, Retry-After ${r.retryAfter.join('/')}); a write succeeded again ` +
        `${fmt(r.writeBackMs, 0)} ms after the kill; restart attempts ${r.restartAttempts} ` +
        `(${r.failedRestarts} failed); other errors: ${r.otherErrors.length ? r.otherErrors.join(', ') : 'none'}`,
    );
  }
  console.log(
    `\nmedian: first 503 ${fmt(median(results.map((r) => r.first503Ms)), 0)} ms, write again ` +
      `${fmt(median(results.map((r) => r.writeBackMs)), 0)} ms after the kill`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
