import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { isCombatItem, type CatalogueItem } from '../../src-common/catalogue';
import { connectSocket, type MarketSocket } from '../../tests/helpers/sockets';
import { signSessionToken } from '../../src-server/lib/tokens';
import { projectRoot } from '../../src-server/lib/project-root';
import { loadMarketHistory } from '../../src-server/read-models/load-market-history';
import { MarketHistory } from '../../src-server/read-models/market-history';
import { runOnBenchDatabase } from './lib/bench-database';
import { seededRandom } from './lib/browse-queries';
import { postListings } from './lib/listing-writes';
import { hasWrk, startMarket, stopChild, type WrkReport } from './lib/market';
import { wrk } from './lib/wrk';
import { seedListings } from './lib/seed-listings';
import { markMigrated, seedTrades } from './lib/seed-trades';
import { fmt, summarise, wallNow } from './lib/stats';
import { heapAfterGc } from './lib/heap';
import { option } from './lib/options';

/**
 * `npm run bench -- market [--listings 100000] [--trades 1000000] [--traders 20000] [--items 500]
 * [--seconds 10] [--connections 8] [--price-sets 5000] [--writes 10] [--watchers 1000] [--accepts 30]`
 *
 * Market data at scale: seeds the listings and the trades (90 days of them between `--traders` players,
 * most on a few popular items, written straight into the embedded database as the app leaves them:
 * lib/seed-trades.ts), starts the marketplace pinned to core 0 and loads each market route with wrk
 * pinned to core 1, every request for an item drawn at random from `--items` distinct ones. Then GET
 * /api/market/prices, each request for one of `--price-sets` distinct sets of 100 items, while this
 * process posts `--writes` listings a second and trades one after another (a listing, an offer, its
 * accept) through the API. Then connects `--watchers` sockets that watch one item and accepts offers on
 * its listings through the API, timing each accept from its request to each watcher's `market:trade`.
 * Also prints the time to aggregate every trade into the price history and its memory (in this process),
 * and the server's start-up times: reading the database, and from the read model store after a clean
 * stop.
 */
const LISTINGS = Number(option('listings', '100000'));
const TRADES = Number(option('trades', '1000000'));
const TRADERS = Number(option('traders', '20000'));
const ITEMS = Number(option('items', '500'));
const SECONDS = Number(option('seconds', '10'));
const CONNECTIONS = Number(option('connections', '8'));
const PRICE_SETS = Number(option('price-sets', '5000'));
const WRITES_PER_SECOND = Number(option('writes', '10'));
const PRICE_ITEMS = 100;
const WATCHERS = Number(option('watchers', '1000'));
const ACCEPTS = Number(option('accepts', '30'));

const wrkLine = (label: string, r: WrkReport, target: number) =>
  `  ${label.padEnd(34)} p50 ${fmt(r.p50, 2)}  p95 ${fmt(r.p95, 2)}  p99 ${fmt(r.p99, 2)} ms  ` +
  `${fmt(r.rps, 0)} req/s  errors ${r.errors + r.non2xx}  (target p95 < ${target} ms: ${r.p95 < target ? 'MET' : 'NOT MET'})`;

/** `count` sockets watching `item`; each records when every market:trade reaches it, by the trade's time. */
async function watchers(base: string, item: string, count: number) {
  const arrivals = new Map<string, number[]>();
  const sockets: MarketSocket[] = [];
  for (let i = 0; i < count; i += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, count - i) }, async () => {
        const socket = await connectSocket(base);
        sockets.push(socket);
        socket.on('market:trade', ({ trade }) => {
          const at = wallNow();
          let list = arrivals.get(trade.at);
          if (!list) arrivals.set(trade.at, (list = []));
          list.push(at);
        });
        const ack = await socket.emitWithAck('market:watch', { item });
        if (!ack.ok) throw new Error(ack.error);
      }),
    );
  }
  return { arrivals, close: () => sockets.forEach((s) => s.close()) };
}

async function call(base: string, method: string, url: string, token: string, body: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Accepts `count` offers one after another; each accept's latency to every watcher's market:trade. */
async function acceptLatencies(base: string, item: string, jwtSecret: string, count: number) {
  const token = sessionToken(jwtSecret);
  const seller = token(1);
  const room = await watchers(base, item, WATCHERS);
  const latencies: number[] = [];
  const answered: number[] = [];
  let delivered = 0;
  try {
    for (let i = 0; i < count; i++) {
      const listing = await call(base, 'POST', '/api/listings', seller, {
        item,
        type: 'sell',
        quantity: 2,
        silver: 5,
        priceMode: 'Each',
      });
      const offer = await call(base, 'POST', '/api/offers', token(2 + (i % 400)), {
        listing_id: listing.id,
        offer_amount: 9_000,
        quantity: 2,
      });
      const sent = wallNow();
      const accepted = await call(base, 'PUT', `/api/offers/${offer.id}`, seller, { action: 'accept' });
      answered.push(wallNow() - sent);
      const at = String(accepted.updatedAt);
      // Let every watcher take the event in (and the book that follows) before the next accept.
      const deadline = wallNow() + 2_000;
      while ((room.arrivals.get(at)?.length ?? 0) < WATCHERS && wallNow() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const times = room.arrivals.get(at) ?? [];
      delivered += times.length;
      latencies.push(...times.map((t) => t - sent));
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  } finally {
    room.close();
  }
  return { latency: summarise(latencies), answered: summarise(answered), delivered };
}

/** `count` distinct GET /api/market/prices paths, each for PRICE_ITEMS distinct names drawn at random. */
function pricePaths(names: string[], count: number): string[] {
  const random = seededRandom(17);
  const paths = new Set<string>();
  while (paths.size < count) {
    const set = new Set<string>();
    while (set.size < Math.min(PRICE_ITEMS, names.length))
      set.add(names[Math.floor(random() * names.length)]);
    paths.add(`/api/market/prices?items=${[...set].map(encodeURIComponent).join(',')}`);
  }
  return [...paths];
}

/**
 * Trades through the API one after another (a sell listing of a random item, an offer on all of it, its
 * accept) until stopped: a trade changes the item's book, last trade and windows. Resolves to how many
 * were accepted and how many failed.
 */
function tradeMeanwhile(base: string, names: string[], token: (id: number) => string) {
  const random = seededRandom(13);
  let stopped = false;
  let accepted = 0;
  let failed = 0;
  const loop = (async () => {
    while (!stopped) {
      const item = names[Math.floor(random() * names.length)];
      try {
        const listing = await call(base, 'POST', '/api/listings', token(1), {
          item,
          type: 'sell',
          quantity: 2,
          silver: 1 + Math.floor(random() * 900),
          priceMode: 'Each',
        });
        const offer = await call(base, 'POST', '/api/offers', token(2 + (accepted % 400)), {
          listing_id: listing.id,
          offer_amount: 2 * Number(listing.price),
          quantity: 2,
        });
        await call(base, 'PUT', `/api/offers/${offer.id}`, token(1), { action: 'accept' });
        accepted += 1;
      } catch {
        failed += 1;
      }
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return { accepted, failed };
  };
}

/**
 * Seeds the listings and the trades, and prints what the price history of the trades costs this process
 * to aggregate (their facts in hand) and to hold.
 */
async function seed(names: string[]): Promise<void> {
  let t = performance.now();
  await seedListings(LISTINGS);
  console.log(
    `seeded ${LISTINGS.toLocaleString('en-US')} listings in ${fmt((performance.now() - t) / 1000)} s`,
  );
  t = performance.now();
  const trades = await seedTrades({ total: TRADES, items: names, listings: LISTINGS, traders: TRADERS });
  await markMigrated();
  console.log(`seeded ${TRADES.toLocaleString('en-US')} trades in ${fmt((performance.now() - t) / 1000)} s`);

  const before = heapAfterGc();
  const history = new MarketHistory();
  t = performance.now();
  await loadMarketHistory(history, trades);
  const loadMs = performance.now() - t;
  console.log(
    `price history (this process): every trade aggregated in ${fmt(loadMs / 1000, 2)} s, ` +
      `${fmt((heapAfterGc() - before) / 1024 / 1024, 0)} MB of heap (reading them from the database is ` +
      'part of the first start-up below)',
  );
}

const sessionToken = (jwtSecret: string) => (id: number) =>
  signSessionToken({ id, username: `Trader${id}`, sv: 0 }, jwtSecret, '1h');

if (!hasWrk()) {
  console.error('This benchmark drives load with wrk: apt-get install wrk');
  process.exit(1);
}

runOnBenchDatabase('market', async ({ db, dbName, dataDir, stopAtEnd }) => {
  const catalogue = JSON.parse(
    readFileSync(path.join(projectRoot, 'src-server/catalogue/items.json'), 'utf8'),
  ) as CatalogueItem[];
  const names = catalogue.filter((item) => !isCombatItem(item)).map((item) => item.Items);
  await seed(names);
  await mongoose.disconnect();

  const jwtSecret = randomBytes(24).toString('hex');
  process.env.RATE_LIMIT_DISABLED = 'true';
  let market = stopAtEnd(await startMarket({ dbUri: db.uri, dbName, dataDir, jwtSecret }));
  console.log(
    `start-up to listening, reading the listings and the trades: ${fmt(market.startupMs / 1000, 2)} s`,
  );
  // A clean stop leaves the read model store (listings, offers, trades); the next start reads it instead.
  await stopChild(market.child);
  market = stopAtEnd(await startMarket({ dbUri: db.uri, dbName, dataDir, jwtSecret }));
  console.log(
    `start-up to listening after a clean stop (read model store): ${fmt(market.startupMs / 1000, 2)} s`,
  );
  const { base } = market;
  // The machine's load after each phase: every figure here moves with the work of other processes.
  const loads = [os.loadavg()[0]];

  const random = seededRandom(5);
  const sample = Array.from({ length: ITEMS }, () => names[Math.floor(random() ** 2 * names.length)]);
  const enc = (name: string) => `/api/market/items/${encodeURIComponent(name)}`;
  const files = {
    item: sample.map(enc),
    history: sample.map((name, i) => `${enc(name)}/history?range=${i % 2 ? '90d' : '48h'}`),
    overview: ['/api/market/overview'],
  };
  console.log(`\n${ITEMS} distinct items, ${CONNECTIONS} connections, ${SECONDS} s each:`);
  const targets = { item: 10, history: 20, overview: 20 };
  for (const [name, paths] of Object.entries(files) as [keyof typeof files, string[]][]) {
    const file = path.join(dataDir, `${name}.txt`);
    writeFileSync(file, paths.join('\n'));
    const figures = await wrk<WrkReport>(base, {
      script: 'wrk-paths.lua',
      connections: CONNECTIONS,
      seconds: SECONDS,
      args: [file],
    });
    console.log(wrkLine(`GET ${name === 'item' ? 'items/{name}' : name}`, figures, targets[name]));
  }
  loads.push(os.loadavg()[0]);

  const pricesFile = path.join(dataDir, 'prices.txt');
  writeFileSync(pricesFile, pricePaths(names, PRICE_SETS).join('\n'));
  const token = sessionToken(jwtSecret);
  const writers = Array.from({ length: 50 }, (_, i) => token(i + 1));
  const plain = catalogue.filter((item) => !isCombatItem(item));
  const stopPosting = postListings(base, writers, plain, WRITES_PER_SECOND);
  const stopTrading = tradeMeanwhile(base, names, token);
  const prices = await wrk<WrkReport>(base, {
    script: 'wrk-paths.lua',
    connections: CONNECTIONS,
    seconds: SECONDS,
    args: [pricesFile],
  });
  const [posted, traded] = [await stopPosting(), await stopTrading()];
  loads.push(os.loadavg()[0]);
  console.log(
    `\n${PRICE_SETS} distinct sets of ${PRICE_ITEMS} items, ${CONNECTIONS} connections, ${SECONDS} s, writes arriving:`,
  );
  console.log(wrkLine(`GET prices (${PRICE_ITEMS} items)`, prices, 10));
  console.log(
    `  meanwhile: ${posted.accepted} of ${posted.sent} listings posted (aimed ${WRITES_PER_SECOND}/s, ` +
      `p95 ${fmt(posted.latency.p95, 1)} ms), ${traded.accepted} trades accepted one after another ` +
      `(${traded.failed} failed)`,
  );

  const { latency, answered, delivered } = await acceptLatencies(base, names[0], jwtSecret, ACCEPTS);
  console.log(
    `\naccepted offer -> market:trade, ${WATCHERS} watchers, ${ACCEPTS} accepts (from the accept request ` +
      `to each watcher's event, ${delivered} deliveries): p50 ${fmt(latency.p50, 1)} p95 ${fmt(latency.p95, 1)} ` +
      `p99 ${fmt(latency.p99, 1)} max ${fmt(latency.max, 1)} ms (target p99 < 100 ms: ${latency.p99 < 100 ? 'MET' : 'NOT MET'})`,
  );
  console.log(
    `  the accept's own answer (PUT /api/offers/{id}): p50 ${fmt(answered.p50, 1)} p95 ${fmt(answered.p95, 1)} ` +
      `max ${fmt(answered.max, 1)} ms`,
  );
  loads.push(os.loadavg()[0]);
  console.log(
    `\nload average (1 minute) after the start-ups, the market reads, the prices, the accepts: ` +
      `${loads.map((load) => fmt(load, 1)).join(', ')} on ${os.availableParallelism()} cores`,
  );
  console.log('(the watchers run in this process; on a shared machine other load adds noise)');
});
