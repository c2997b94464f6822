import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { ListingModel } from '../../src-server/models/listing';
import { runOnBenchDatabase } from './lib/bench-database';
import { hasWrk, startBareServer, startMarket, type WrkReport } from './lib/market';
import { wrk } from './lib/wrk';
import { seedListings } from './lib/seed-listings';
import { fmt, median } from './lib/stats';
import { option } from './lib/options';

/**
 * `npm run bench -- listings [--listings 100000] [--rounds 3] [--seconds 8] [--connections 32]`
 *
 * Seeds the listings into the embedded database, starts the marketplace pinned to core 0 and loads it
 * with wrk pinned to core 1: the first browse page, and a filtered, text-searched, price-sorted page.
 * Each round also loads a bare node:http server that answers the same JSON from memory, alternately,
 * so the ratio is clear on a noisy machine; the figures quoted are the medians of the rounds.
 * It also times the same first page asked of the database directly, to show why the server keeps a
 * listing index in memory. `--seconds`, each wrk run's length, may have a fraction (0.2 for a smoke run).
 */
const LISTINGS = Number(option('listings', '100000'));
const ROUNDS = Number(option('rounds', '3'));
const SECONDS = Number(option('seconds', '8'));
const CONNECTIONS = Number(option('connections', '32'));

const SCENARIOS = [
  { name: 'first page', query: '/api/listings?limit=10&sort=new' },
  { name: 'filtered + search', query: '/api/listings?q=ore&type=sell&episode=Hopeport&sort=desc&limit=10' },
];

const load = (url: string) =>
  wrk<WrkReport>(url, { script: 'wrk-report.lua', connections: CONNECTIONS, seconds: SECONDS });

if (!hasWrk()) {
  console.error('This benchmark drives load with wrk: apt-get install wrk');
  process.exit(1);
}

runOnBenchDatabase('listings', async ({ db, dbName, dataDir, stopAtEnd }) => {
  let t = performance.now();
  await seedListings(LISTINGS);
  console.log(
    `seeded ${LISTINGS.toLocaleString('en-US')} listings in ${fmt((performance.now() - t) / 1000)} s`,
  );
  t = performance.now();
  await ListingModel.find().sort({ createdAt: -1 }).limit(10).lean();
  const directMs = performance.now() - t;
  console.log(`the first page asked of the database directly: ${fmt(directMs, 0)} ms (no sort pushdown)`);
  await mongoose.disconnect();

  const market = stopAtEnd(
    await startMarket({ dbUri: db.uri, dbName, dataDir, jwtSecret: randomBytes(24).toString('hex') }),
  );
  console.log(`marketplace started (listing index loaded) in ${fmt(market.startupMs / 1000)} s\n`);
  const { base } = market;

  let bare: Awaited<ReturnType<typeof startBareServer>> | null = null;
  for (const scenario of SCENARIOS) {
    const res = await fetch(base + scenario.query);
    const body = await res.text();
    console.log(
      `${scenario.name}: ${scenario.query} -> ${res.status}, ${res.headers.get('x-total-count')} matching, ${body.length} bytes`,
    );
    // One baseline process for every scenario: the next one's page replaces the body it answers with.
    if (bare) await fetch(`${bare.base}/`, { method: 'PUT', body });
    else bare = stopAtEnd(await startBareServer(body));
    const marketRuns: WrkReport[] = [];
    const bareRuns: WrkReport[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      marketRuns.push(await load(base + scenario.query));
      bareRuns.push(await load(`${bare.base}/`));
    }
    const line = (label: string, runs: WrkReport[]) =>
      `  ${label.padEnd(22)} p50 ${fmt(median(runs.map((r) => r.p50)), 2).padStart(7)} ms  ` +
      `p95 ${fmt(median(runs.map((r) => r.p95)), 2).padStart(7)} ms  ` +
      `p99 ${fmt(median(runs.map((r) => r.p99)), 2).padStart(7)} ms  ` +
      `${fmt(median(runs.map((r) => r.rps)), 0).padStart(7)} req/s  ` +
      `errors ${runs.reduce((n, r) => n + r.errors + r.non2xx, 0)}`;
    console.log(line('marketplace', marketRuns));
    console.log(line('bare node:http', bareRuns));
    const ratio = median(marketRuns.map((r) => r.rps)) / median(bareRuns.map((r) => r.rps));
    const p95 = median(marketRuns.map((r) => r.p95));
    console.log(
      `  throughput ${fmt(ratio * 100, 0)}% of bare (target >= 33%), p95 ${fmt(p95, 2)} ms (target < 25 ms): ` +
        `${ratio >= 1 / 3 && p95 < 25 ? 'MET' : 'NOT MET'}\n`,
    );
  }
  console.log(
    `(${ROUNDS} alternating rounds of ${SECONDS} s each, ${CONNECTIONS} connections, medians quoted)`,
  );
});
