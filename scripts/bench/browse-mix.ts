import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { isCombatItem, type CatalogueItem } from '../../src-common/catalogue';
import { signSessionToken } from '../../src-server/lib/tokens';
import { projectRoot } from '../../src-server/lib/project-root';
import { ListingIndex } from '../../src-server/read-models/listing-index';
import { loadReadModels } from '../../src-server/read-models/load-read-models';
import { MarketHistory } from '../../src-server/read-models/market-history';
import { OfferIndex } from '../../src-server/read-models/offer-index';
import { runOnBenchDatabase } from './lib/bench-database';
import { browseQueries } from './lib/browse-queries';
import { crashChild, hasWrk, startBareServer, startMarket, stopChild } from './lib/market';
import { wrk } from './lib/wrk';
import { postListings, postOne } from './lib/listing-writes';
import { seedListings } from './lib/seed-listings';
import { fmt, summarise } from './lib/stats';
import { heapAfterGc } from './lib/heap';
import { option } from './lib/options';

/**
 * `npm run bench -- browse-mix [--listings 100000] [--queries 500] [--seconds 20] [--connections 32]
 * [--writes 10]`
 *
 * Browsing as a market sees it: many players, each with their own search, filters, sort and page,
 * while new listings arrive. Seeds the listings straight into the embedded database, starts the
 * marketplace pinned to core 0 and loads it with wrk pinned to core 1, each request a path drawn at
 * random from the distinct queries; first with no writes, then while this process posts `--writes`
 * listings a second through the API (as 50 sellers, within the rate limits). Then the same load
 * against a bare node:http server answering one page from memory, for comparison. Also prints the
 * start-up times (reading the database; from the read models' store after a clean stop and after a
 * crash), each single query answered with nothing cached (in this process, over the same
 * data), and the memory of the browse read model. `--seconds`, each wrk run's length, may have a
 * fraction (0.2 for a smoke run).
 */
const LISTINGS = Number(option('listings', '100000'));
const QUERIES = Number(option('queries', '500'));
const SECONDS = Number(option('seconds', '20'));
const CONNECTIONS = Number(option('connections', '32'));
const WRITES_PER_SECOND = Number(option('writes', '10'));
const WRITERS = 50;
/** Two single queries of the browse page (with `limit=10`), also timed over HTTP right after a write. */
const PROBES = ['/api/listings?q=ore', '/api/listings?q=a&sort=asc'];

interface MixFigures {
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p95: number;
  p975: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Builds the read model in this process: its memory, and every query answered uncached. */
async function measureReadModel(paths: string[]) {
  const before = heapAfterGc();
  const index = new ListingIndex();
  const t = performance.now();
  await loadReadModels({ listings: index, offers: new OfferIndex(), history: new MarketHistory() });
  const loadMs = performance.now() - t;
  const memoryMb = (heapAfterGc() - before) / 1024 / 1024;
  const requests = [...PROBES.map((p) => `${p}&limit=10`), ...paths].map((p) => {
    const params = new URLSearchParams(p.split('?')[1]);
    return {
      path: p,
      request: {
        ...Object.fromEntries(
          ['q', 'type', 'category', 'episode', 'profession'].map((k) => [k, params.get(k) ?? undefined]),
        ),
        sort: (params.get('sort') ?? 'new') as 'new',
        limit: params.has('limit') ? Number(params.get('limit')) : undefined,
        offset: params.has('offset') ? Number(params.get('offset')) : undefined,
      },
    };
  });
  // Every query in two passes: the first also pays for compiling the code (a server does that in its first
  // seconds); the second is what each query costs from then on, the median of three runs of it, so that
  // a garbage collection falling inside one run is not counted as that query's cost. The index caches no
  // answer of its own.
  const time = (request: (typeof requests)[number]['request']) => {
    const started = performance.now();
    const page = index.browse(request);
    JSON.stringify(page.listings);
    return performance.now() - started;
  };
  const pass = (runs: number) => {
    const times: number[] = [];
    let worst = { ms: 0, path: '' };
    for (const { path: p, request } of requests) {
      const ms = Array.from({ length: runs }, () => time(request)).sort((a, b) => a - b)[runs >> 1];
      times.push(ms);
      if (ms > worst.ms) worst = { ms, path: p };
    }
    return { times: summarise(times), worst };
  };
  const cold = pass(1);
  const warm = pass(3);
  return { loadMs, memoryMb, cold, warm, held: index.size };
}

type Uncached = Awaited<ReturnType<typeof measureReadModel>>['warm'];
const uncachedLine = (label: string, { times, worst }: Uncached) =>
  `each of ${times.count} queries answered uncached (index + JSON), ${label}: p50 ${fmt(times.p50, 2)} ` +
  `p95 ${fmt(times.p95, 2)} p99 ${fmt(times.p99, 2)} max ${fmt(times.max, 2)} ms, slowest ${worst.path}`;

/**
 * The single queries (PROBES), each over HTTP right after a write through the API, five times,
 * in the order asked. Each ask has a limit of its own, so none is answered from the cache (which is
 * keyed by the query string); the same listings are walked.
 */
async function probeAfterWrites(
  base: string,
  tokens: string[],
  items: CatalogueItem[],
  { label, round }: { label: string; round: number },
) {
  for (const probe of PROBES) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const status = await postOne(base, tokens[i], items);
      if (status !== 201) throw new Error(`a write answered ${status}`);
      const started = performance.now();
      await (await fetch(`${base}${probe}&limit=${10 + round * 5 + i}`)).arrayBuffer();
      times.push(performance.now() - started);
    }
    console.log(
      `  ${probe} right after a write, over HTTP, ${label}: ${times.map((x) => fmt(x, 1)).join(', ')} ms`,
    );
  }
}

const mixLine = (label: string, r: MixFigures) =>
  `  ${label.padEnd(26)} p50 ${fmt(r.p50, 2)}  p90 ${fmt(r.p90, 2)}  p95 ${fmt(r.p95, 2)}  ` +
  `p97.5 ${fmt(r.p975, 2)}  p99 ${fmt(r.p99, 2)} ms  ${fmt(r.rps, 0)} req/s  errors ${r.errors + r.non2xx}`;

if (!hasWrk()) {
  console.error('This benchmark drives load with wrk: apt-get install wrk');
  process.exit(1);
}

runOnBenchDatabase('browse-mix', async ({ db, dbName, dataDir, stopAtEnd }) => {
  const catalogue = JSON.parse(
    readFileSync(path.join(projectRoot, 'src-server/catalogue/items.json'), 'utf8'),
  ) as CatalogueItem[];
  const paths = browseQueries(catalogue, QUERIES);
  const pathsFile = path.join(dataDir, 'paths.txt');
  writeFileSync(pathsFile, paths.join('\n'));
  const t = performance.now();
  await seedListings(LISTINGS);
  console.log(
    `seeded ${LISTINGS.toLocaleString('en-US')} listings in ${fmt((performance.now() - t) / 1000)} s`,
  );
  const model = await measureReadModel(paths);
  await mongoose.disconnect();
  console.log(
    `read model (this process): ${model.held.toLocaleString('en-US')} listings read and built in ` +
      `${fmt(model.loadMs / 1000, 2)} s, ${fmt(model.memoryMb, 0)} MB of heap (target < 100 MB)`,
  );
  console.log(uncachedLine('first pass', model.cold) + ' (includes compiling the code)');
  console.log(
    uncachedLine('second pass, median of 3 each', model.warm) +
      ` (target < 5 ms: ${model.warm.times.max < 5 ? 'MET' : 'NOT MET'})`,
  );

  const jwtSecret = randomBytes(24).toString('hex');
  let market = stopAtEnd(await startMarket({ dbUri: db.uri, dbName, dataDir, jwtSecret }));
  const { base } = market;
  console.log(`start-up to listening, reading the database: ${fmt(market.startupMs / 1000, 2)} s`);
  // Seeded sellers 1-50; a fresh account's session generation is 0.
  const tokens = Array.from({ length: WRITERS }, (_, i) =>
    signSessionToken({ id: i + 1, username: `Trader${i + 1}`, sv: 0 }, jwtSecret, '1h'),
  );
  const items = catalogue.filter((item) => !isCombatItem(item));

  await probeAfterWrites(base, tokens, items, { label: 'a fresh process', round: 0 });
  const load = (url: string) =>
    wrk<MixFigures>(url, {
      script: 'wrk-paths.lua',
      connections: CONNECTIONS,
      seconds: SECONDS,
      args: [pathsFile],
    });
  console.log(`\n${paths.length} distinct queries, ${CONNECTIONS} connections, ${SECONDS} s each:`);
  console.log(mixLine('browse, no writes', await load(base)));
  await probeAfterWrites(base, tokens, items, { label: 'after that load', round: 1 });
  const stopWriting = postListings(base, tokens, items, WRITES_PER_SECOND);
  const mixed = await load(base);
  const writes = await stopWriting();
  console.log(mixLine(`browse, ${WRITES_PER_SECOND} writes/s`, mixed));
  const wanted = WRITES_PER_SECOND * SECONDS;
  console.log(
    `  writes: ${writes.accepted} accepted of ${writes.sent} sent (${fmt(writes.accepted / SECONDS, 1)}/s, aimed ${wanted}), ` +
      `p50 ${fmt(writes.latency.p50, 1)} p95 ${fmt(writes.latency.p95, 1)} max ${fmt(writes.latency.max, 1)} ms` +
      (writes.accepted < writes.sent ? `, statuses ${JSON.stringify([...writes.statuses])}` : ''),
  );
  const met =
    mixed.p95 < 25 &&
    mixed.p99 < 50 &&
    mixed.rps >= 2000 &&
    writes.accepted >= wanted &&
    writes.latency.p95 < 50;
  console.log(
    `  targets (p95 < 25, p99 < 50 ms, >= 2,000 req/s, every write accepted with p95 < 50 ms): ${met ? 'MET' : 'NOT MET'}`,
  );

  const page = await (await fetch(`${base}/api/listings?limit=20`)).text();
  // The read models' store in the data directory stands in for reading the database: after a clean stop,
  // and after a crash (then the server reconciles with the database while it serves).
  await stopChild(market.child);
  market = stopAtEnd(await startMarket({ dbUri: db.uri, dbName, dataDir, jwtSecret }));
  console.log(
    `\nstart-up to listening after a clean stop: ${fmt(market.startupMs / 1000, 2)} s (target < 5 s)`,
  );
  for (let i = 0; i < 5; i++) await postOne(market.base, tokens[i], items);
  await crashChild(market.child);
  market = stopAtEnd(await startMarket({ dbUri: db.uri, dbName, dataDir, jwtSecret }));
  console.log(
    `start-up to listening after a crash (SIGKILL): ${fmt(market.startupMs / 1000, 2)} s (target < 5 s)`,
  );
  await stopChild(market.child);
  const bare = stopAtEnd(await startBareServer(page));
  console.log(mixLine('bare node:http (one page)', await load(bare.base)));
  console.log('\n(latencies from wrk; on a shared machine other load adds noise: compare runs, not digits)');
});
