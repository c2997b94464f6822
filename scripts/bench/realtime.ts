import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { startEmbeddedDatabase } from '../../src-server/embedded/embedded-database';
import { freePort, waitForPort } from '../../src-server/lib/ports';
import { signSessionToken } from '../../src-server/lib/tokens';
import { detectDbEngine } from '../../src-server/lib/db-engine';
import { nextId } from '../../src-server/models/counter';
import { UserModel } from '../../src-server/models/user';
import { startNodeOptions } from '../lib/start-options';
import { memoryAfterGc } from './lib/inspector';
import { builtServer } from './lib/server-build';
import { fmt, median, processCpuMs, summarise, wallNow } from './lib/stats';
import { option } from './lib/options';

/**
 * `npm run bench -- realtime [--events 30] [--sizes 1000,5000] [--pace-ms 150] [--settle-ms 1000]`
 *
 * Starts the marketplace (compiled, embedded FerretDB) pinned to core 0 and a load generator pinned to
 * core 1, connects N socket.io clients, posts listings over HTTP and measures, for every client, the time
 * from the POST's response to its `listing:created`. The same N clients then receive the same payload from a
 * bare `ws` server as the baseline. Server CPU per delivery subtracts the CPU the same requests cost with
 * no client connected, so both sides are charged for delivery only. Last, two server processes share a
 * Redis adapter with the clients split between them; the second runs with NODE_ENV=test and
 * TEST_SHARE_EMBEDDED, the only way a second process may join the embedded database's one writer.
 * `--pace-ms` is the least time between two events, `--settle-ms` the wait between the clients
 * connecting and the servers' memory being weighed.
 */
const EVENTS = Number(option('events', '30'));
const SIZES = option('sizes', '1000,5000').split(',').map(Number);
const PACE_MS = Number(option('pace-ms', '150'));
const SETTLE_MS = Number(option('settle-ms', '1000'));
/**
 * Events are paced so the one load-generator core can take in each before the next: socket.io-client
 * needs about 30 us per message, so at least 50 us per client between events (PACE_MS at the least).
 */
const paceFor = (clients: number) => Math.max(PACE_MS, clients * 0.05);
const here = path.dirname(new URL(import.meta.url).pathname);
const pinned = (core: number, args: string[]) => [
  '-c',
  String(core),
  process.execPath,
  '--import',
  'tsx',
  ...args,
];

interface Server {
  url: string;
  pid: number;
  inspectPort: number;
  child: ChildProcess;
}

async function waitExit(child: ChildProcess) {
  if (child.exitCode !== null) return;
  await new Promise((resolve) => child.once('exit', resolve));
}

/** The marketplace compiled, with the Node options of `npm start`, on core 0, with an inspector port. */
async function startMarket(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const inspectPort = await freePort();
  const node = [process.execPath, ...startNodeOptions(), `--inspect=127.0.0.1:${inspectPort}`, builtServer()];
  const child = spawn('taskset', ['-c', '0', ...node], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await waitForPort(port, { timeoutMs: 60_000, abort: exited });
  // The node process is taskset's child after exec; taskset replaces itself, so the pid is node's.
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, inspectPort, child };
}

async function startWsBaseline(): Promise<Server> {
  const port = await freePort();
  const inspectPort = await freePort();
  const baseline = path.join(here, 'lib/ws-baseline-server.ts');
  const child = spawn('taskset', pinned(0, [`--inspect=127.0.0.1:${inspectPort}`, baseline]), {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await waitForPort(port, { timeoutMs: 30_000, abort: exited });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, inspectPort, child };
}

/** The client process (lib/load-clients.ts), one for the whole run; each measurement connects its clients. */
class LoadGenerator {
  private child = spawn('taskset', pinned(1, [path.join(here, 'lib/load-clients.ts')]), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  private request(message: object, reply: string): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const onMessage = (m: { kind: string; error?: string }) => {
        if (m.kind === 'error') reject(new Error(m.error));
        if (m.kind !== reply) return;
        this.child.off('message', onMessage);
        resolve(m as Record<string, unknown>);
      };
      this.child.on('message', onMessage);
      this.child.send(message);
    });
  }
  connect(mode: 'socket.io' | 'ws', urls: string[], clients: number) {
    return this.request({ kind: 'start', mode, urls, clients }, 'ready');
  }
  /** What the clients received since the last report, once `expected` events have arrived (or 30 s). */
  async collect(expected: number): Promise<Record<string, number[]>> {
    const answer = await this.request({ kind: 'report', expected, timeoutMs: 30_000 }, 'report');
    return answer.received as Record<string, number[]>;
  }
  close() {
    return this.request({ kind: 'close' }, 'closed');
  }
  async exit() {
    this.child.send({ kind: 'exit' });
    await waitExit(this.child);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Trigger {
  (marker: string): Promise<void>;
}

/** Sends EVENTS triggers, paced, returning when each marker's request left and its response came. */
async function fire(
  prefix: string,
  trigger: Trigger,
  paceMs: number,
): Promise<Map<string, { sentAt: number; respondedAt: number }>> {
  const times = new Map<string, { sentAt: number; respondedAt: number }>();
  for (let i = 0; i < EVENTS; i++) {
    const marker = `${prefix} ${i}`;
    const sentAt = wallNow();
    await trigger(marker);
    times.set(marker, { sentAt, respondedAt: wallNow() });
    await pause(paceMs);
  }
  return times;
}

interface Result {
  label: string;
  clients: number;
  latency: ReturnType<typeof summarise>;
  /** Median over events of the last client's wait after the response, and after the request left. */
  lastClientMs: number;
  lastClientFromRequestMs: number;
  delivered: number;
  expected: number;
  cpuPerDeliveryUs: number;
  /** Per idle connection, after a full GC: JS heap + buffers, and the process's resident memory. */
  idleKbPerConnection: number;
  idleRssKbPerConnection: number;
}

async function measure(
  load: LoadGenerator,
  label: string,
  mode: 'socket.io' | 'ws',
  servers: Server[],
  clients: number,
  trigger: Trigger,
): Promise<Result> {
  const pace = paceFor(clients);
  const cpu = () => servers.reduce((sum, s) => sum + processCpuMs(s.pid), 0);
  const memory = async () => {
    const each = await Promise.all(servers.map((s) => memoryAfterGc(s.inspectPort)));
    return { heapKb: each.reduce((n, m) => n + m.heapKb, 0), rssKb: each.reduce((n, m) => n + m.rssKb, 0) };
  };
  await fire(`${label} warmup`, trigger, pace);
  // What the triggers cost with nobody listening: subtracted so only delivery is charged.
  const idleStart = cpu();
  await fire(`${label} idle`, trigger, pace);
  const idleCpu = cpu() - idleStart;

  const before = await memory();
  await load.connect(
    mode,
    servers.map((s) => s.url),
    clients,
  );
  await pause(SETTLE_MS);
  const after = await memory();
  const idleKbPerConnection = (after.heapKb - before.heapKb) / clients;
  const idleRssKbPerConnection = (after.rssKb - before.rssKb) / clients;
  await fire(`${label} warm`, trigger, pace);
  await load.collect(EVENTS * clients);

  const cpuStart = cpu();
  const responses = await fire(`${label} run`, trigger, pace);
  const received = await load.collect(EVENTS * clients);
  const cpuUsed = cpu() - cpuStart - idleCpu;
  await load.close();

  const latencies: number[] = [];
  const lastPerEvent: number[] = [];
  const lastFromRequest: number[] = [];
  let delivered = 0;
  for (const [marker, { sentAt, respondedAt }] of responses) {
    const times = received[marker] ?? [];
    delivered += times.length;
    // An event can beat the POST's response to a client; that counts as zero wait.
    const waits = times.map((t) => Math.max(0, t - respondedAt));
    latencies.push(...waits);
    if (!times.length) continue;
    lastPerEvent.push(Math.max(...waits));
    lastFromRequest.push(Math.max(...times) - sentAt);
  }
  return {
    label,
    clients,
    latency: summarise(latencies),
    lastClientMs: median(lastPerEvent),
    lastClientFromRequestMs: median(lastFromRequest),
    delivered,
    expected: EVENTS * clients,
    cpuPerDeliveryUs: (cpuUsed * 1000) / Math.max(1, delivered),
    idleKbPerConnection,
    idleRssKbPerConnection,
  };
}

function print(r: Result) {
  console.log(
    `${r.label.padEnd(34)} N=${String(r.clients).padStart(5)}  p50 ${fmt(r.latency.p50).padStart(6)} ms  ` +
      `p99 ${fmt(r.latency.p99).padStart(6)} ms  max ${fmt(r.latency.max).padStart(6)} ms  ` +
      `last client ${fmt(r.lastClientMs).padStart(6)} ms (${fmt(r.lastClientFromRequestMs).padStart(6)} ms from request)  delivered ${r.delivered}/${r.expected}  ` +
      `cpu/delivery ${fmt(r.cpuPerDeliveryUs, 2)} us  idle mem/conn ${fmt(r.idleKbPerConnection)} KB heap, ${fmt(r.idleRssKbPerConnection)} KB rss`,
  );
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-bench-rt-'));
  const db = await startEmbeddedDatabase({ dataDir, port: await freePort(), log: console.log });
  const redisPort = await freePort();
  const redis = spawn('redis-server', ['--port', String(redisPort), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  await waitForPort(redisPort, { timeoutMs: 10_000 });
  const secret = randomBytes(24).toString('hex');
  const env = {
    MONGODB_URI: db.uri,
    DB_NAME: 'bench_realtime',
    JWT_SECRET: secret,
    SMTP_URL: 'smtp://127.0.0.1:9',
    DATA_DIR: dataDir,
    RATE_LIMIT_DISABLED: 'true',
  };
  await mongoose.connect(db.uri, { dbName: env.DB_NAME });
  await detectDbEngine(mongoose.connection);
  const id = await nextId('users');
  await UserModel.create({
    _id: id,
    username: 'benchseller',
    usernameLower: 'benchseller',
    emailVerified: true,
  });
  const token = signSessionToken({ id, username: 'benchseller', sv: 0 }, secret, '1h');
  await mongoose.disconnect();

  const postListing = (base: string) => async (marker: string) => {
    const res = await fetch(`${base}/api/listings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        item: 'Rapier',
        type: 'sell',
        quantity: 1,
        gold: 5,
        priceMode: 'Each',
        notes: marker,
      }),
    });
    if (res.status !== 201) throw new Error(`POST /api/listings answered ${res.status}: ${await res.text()}`);
    sample ??= await res.json();
  };
  let sample: { listing?: unknown } | null = null;

  const results: Result[] = [];
  const load = new LoadGenerator();
  try {
    console.log(`realtime benchmark: ${EVENTS} events per run, server on core 0, clients on core 1\n`);
    const [market, ws] = await Promise.all([startMarket(env), startWsBaseline()]);
    const broadcast = async (marker: string) => {
      const listing = { ...(sample as object), notes: marker };
      await fetch(`${ws.url}/broadcast`, { method: 'POST', body: JSON.stringify({ listing }) });
    };
    for (const size of SIZES) {
      const sio = await measure(
        load,
        `socket.io, 1 process`,
        'socket.io',
        [market],
        size,
        postListing(market.url),
      );
      print(sio);
      const raw = await measure(load, `raw ws baseline`, 'ws', [ws], size, broadcast);
      print(raw);
      console.log(
        `  ratio socket.io / ws: cpu per delivery ${fmt(sio.cpuPerDeliveryUs / raw.cpuPerDeliveryUs, 2)}x, ` +
          `time from request to last client ${fmt(sio.lastClientFromRequestMs / raw.lastClientFromRequestMs, 2)}x ` +
          `(the marketplace's includes validating and writing the listing)\n`,
      );
      results.push(sio, raw);
    }
    market.child.kill('SIGTERM');
    ws.child.kill('SIGTERM');
    await Promise.all([waitExit(market.child), waitExit(ws.child)]);

    const redisEnv = { ...env, REDIS_URL: `redis://127.0.0.1:${redisPort}` };
    // The embedded database has one writer, which refuses a second process. The second joins it as the
    // project's tests of several processes do: NODE_ENV=test with TEST_SHARE_EMBEDDED (so it also keeps no
    // read-model store in the shared DATA_DIR). Every write of the run goes through the first, in production.
    const shared = { NODE_ENV: 'test', TEST_SHARE_EMBEDDED: 'true' };
    const pair = [await startMarket(redisEnv), await startMarket({ ...redisEnv, ...shared })];
    console.log(
      'two processes: the first (production) writes the embedded database, the second joins it with ' +
        'NODE_ENV=test and TEST_SHARE_EMBEDDED=true (the only way a second process may share it)',
    );
    const size = SIZES[0];
    const split = await measure(
      load,
      `socket.io, 2 processes + Redis`,
      'socket.io',
      pair,
      size,
      postListing(pair[0].url),
    );
    print(split);
    results.push(split);
    for (const s of pair) s.child.kill('SIGTERM');
    await Promise.all(pair.map((s) => waitExit(s.child)));
  } finally {
    await load.exit();
    redis.kill('SIGTERM');
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const lost = results.filter((r) => r.delivered !== r.expected);
  console.log(
    lost.length ? `\nLOST DELIVERIES in: ${lost.map((r) => r.label).join(', ')}` : '\nevery event delivered',
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
