import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { connectSocket, type MarketSocket } from '../../tests/helpers/sockets';
import { signSessionToken } from '../../src-server/lib/tokens';
import { detectDbEngine } from '../../src-server/lib/db-engine';
import { nextId } from '../../src-server/models/counter';
import { UserModel } from '../../src-server/models/user';
import { usernameFields } from '../../src-server/services/accounts/usernames';
import { runOnBenchDatabase } from './lib/bench-database';
import { seededRandom } from './lib/browse-queries';
import { startMarket } from './lib/market';
import { fmt, summarise } from './lib/stats';
import { option } from './lib/options';

/**
 * `npm run bench -- presence [--sockets 5000] [--watch 50] [--users 500] [--changes 40]`
 *
 * Starts the marketplace (embedded FerretDB, one process, pinned to core 0), connects `sockets` visitor
 * sockets here, each watching `watch` users drawn from `users` accounts (presence:watch, in one call),
 * then makes `changes` presence changes (a user's socket connects: online; it closes: offline) one after
 * another, and measures for every watcher of that user the time from the change (connect or close
 * called here) to its presence:changed. Only the watchers hear it (a socket that watches nobody is
 * counted too, and must hear nothing).
 */
const SOCKETS = Number(option('sockets', '5000'));
const WATCH = Number(option('watch', '50'));
const USERS = Number(option('users', '500'));
const CHANGES = Number(option('changes', '40'));
const CONNECT_BATCH = 200;
/** How long a change may take to reach all its watchers before the run goes on without the rest. */
const DELIVERY_TIMEOUT_MS = 15_000;

/** A seeded shuffle, so runs watch the same users. */
function sample(ids: number[], n: number, seed: number): number[] {
  const next = seededRandom(seed);
  const pool = [...ids];
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(next() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, n);
}

runOnBenchDatabase('presence', async ({ db, dbName, dataDir, stopAtEnd }) => {
  const secret = randomBytes(24).toString('hex');
  await detectDbEngine(mongoose.connection);
  const users: { id: number; token: string }[] = [];
  for (let i = 0; i < USERS; i++) {
    const id = await nextId('users');
    const username = `presence${id}`;
    await UserModel.create({ _id: id, ...usernameFields(username), emailVerified: true });
    users.push({ id, token: signSessionToken({ id, username, sv: 0 }, secret, '2h') });
  }
  await mongoose.disconnect();

  process.env.RATE_LIMIT_DISABLED = 'true';
  const { base: url } = stopAtEnd(await startMarket({ dbUri: db.uri, dbName, dataDir, jwtSecret: secret }));
  const clients: MarketSocket[] = [];
  try {
    const ids = users.map((u) => u.id);
    const watchersOf = new Map<number, number>();
    /** Delivery times of the change in flight, and what the sockets that watch nobody heard. */
    let arrivals: number[] = [];
    let strays = 0;
    /** Called on each arrival while a change is awaited: resolves once every watcher has heard it. */
    let onArrival = () => {};
    const arrive = () => {
      arrivals.push(performance.now());
      onArrival();
    };
    const setupStart = performance.now();
    for (let i = 0; i < SOCKETS; i += CONNECT_BATCH) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(CONNECT_BATCH, SOCKETS - i) }, () => connectSocket(url)),
      );
      await Promise.all(
        batch.map(async (socket, j) => {
          const index = i + j;
          // Every 100th socket watches nobody: it must hear nothing.
          if (index % 100 === 99) {
            socket.on('presence:changed', () => (strays += 1));
            return;
          }
          const watched = sample(ids, WATCH, index + 1);
          for (const id of watched) watchersOf.set(id, (watchersOf.get(id) ?? 0) + 1);
          socket.on('presence:changed', arrive);
          const ack = await socket.emitWithAck('presence:watch', { userIds: watched });
          if (!ack.ok) throw new Error(ack.error);
        }),
      );
      clients.push(...batch);
    }
    const setupS = (performance.now() - setupStart) / 1000;
    console.log(
      `presence benchmark: ${SOCKETS} sockets, ${WATCH} users watched each (of ${USERS}), ${CHANGES} changes; ` +
        `connected and watching in ${fmt(setupS)} s\n`,
    );

    const latencies: number[] = [];
    let delivered = 0;
    let expected = 0;
    const waitFor = (count: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, DELIVERY_TIMEOUT_MS);
        function done() {
          clearTimeout(timer);
          onArrival = () => {};
          resolve();
        }
        onArrival = () => {
          if (arrivals.length >= count) done();
        };
        onArrival();
      });
    const changed = sample(ids, Math.ceil(CHANGES / 2), 7);
    for (const user of changed) {
      const watchers = watchersOf.get(user) ?? 0;
      const token = users.find((u) => u.id === user)!.token;
      arrivals = [];
      const onlineAt = performance.now();
      const socket = await connectSocket(url, token);
      await waitFor(watchers);
      latencies.push(...arrivals.map((t) => t - onlineAt));
      delivered += arrivals.length;
      arrivals = [];
      const offlineAt = performance.now();
      socket.close();
      await waitFor(watchers);
      latencies.push(...arrivals.map((t) => t - offlineAt));
      delivered += arrivals.length;
      expected += 2 * watchers;
    }
    const s = summarise(latencies);
    console.log(
      `fan-out of a presence change to its watchers (${fmt(expected / changed.length / 2, 0)} watchers a user on average):\n` +
        `  p50 ${fmt(s.p50)} ms  p95 ${fmt(s.p95)} ms  p99 ${fmt(s.p99)} ms  max ${fmt(s.max)} ms\n` +
        `  delivered ${delivered}/${expected}; heard by sockets watching nobody: ${strays}\n` +
        `  (from connect() or close() called in this process to the watcher's event, so an "online" includes the ` +
        `new socket's handshake; server on core 0, the ${SOCKETS} clients in this one process)`,
    );
  } finally {
    for (const socket of clients) socket.close();
  }
});
