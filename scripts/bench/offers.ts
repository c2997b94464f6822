import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { CounterModel } from '../../src-server/models/counter';
import { ListingModel } from '../../src-server/models/listing';
import { OfferModel } from '../../src-server/models/offer';
import { UserModel } from '../../src-server/models/user';
import { signSessionToken } from '../../src-server/lib/tokens';
import { runOnBenchDatabase } from './lib/bench-database';
import { seededRandom } from './lib/browse-queries';
import { crashChild, startMarket, stopChild } from './lib/market';
import { seedListings } from './lib/seed-listings';
import { requestTimer } from './lib/time-requests';
import { fmt, summarise } from './lib/stats';
import { flag, option } from './lib/options';

/**
 * `npm run bench -- offers [--offers 500000] [--listings 20000] [--requests 1000] [--skip-before]`
 *
 * The offer reads at market scale: seeds the listings (500 sellers) and the offers (made by the other
 * sellers, spread over every listing, a third of them decided) straight into the embedded database,
 * starts the marketplace pinned to core 0, and times, one request at a time over HTTP, many distinct
 * `GET /api/offers/listing/{id}`, `GET /api/offers/stats` (each as another user) and
 * `GET /api/profile/{id}` read by its own user (My Listings). For comparison it also times the queries
 * those reads made of the database before the offer index (unless `--skip-before`: each is a scan of
 * the offers on FerretDB, over a minute at 500,000 offers). Prints p50/p95/p99/max and the start-up
 * times: reading the database, and from the read model store after a clean stop and after a crash.
 */
const OFFERS = Number(option('offers', '500000'));
const LISTINGS = Number(option('listings', '20000'));
const REQUESTS = Number(option('requests', '1000'));
const SKIP_BEFORE = flag('skip-before');
/** seedListings' sellers; listing i + 1 belongs to seller (i % 500) + 1. */
const USERS = 500;
const BATCH = 5000;
/** Database queries timed for the "before" figures (each is a scan on FerretDB). */
const DB_SAMPLES = 3;

const random = seededRandom(11);
const pick = (n: number) => 1 + Math.floor(random() * n);

async function seedOffers(): Promise<void> {
  const now = Date.now();
  const statuses = ['pending', 'pending', 'pending', 'pending', 'accepted', 'rejected'] as const;
  for (let start = 0; start < OFFERS; start += BATCH) {
    const docs = [];
    for (let i = start; i < Math.min(OFFERS, start + BATCH); i++) {
      const listingId = (i % LISTINGS) + 1;
      const seller = ((listingId - 1) % USERS) + 1;
      const buyer = (seller + 1 + (i % (USERS - 1))) % USERS || USERS;
      const at = new Date(now - (OFFERS - i) * 100);
      docs.push({
        _id: i + 1,
        listingId,
        userId: buyer,
        username: `Trader${buyer}`,
        userAvatar: null,
        quantity: 1,
        offerAmount: 100 + (i % 1000),
        message: i % 4 === 0 ? 'quick trade?' : '',
        status: statuses[i % statuses.length],
        rejectionReason: null,
        version: 1,
        createdAt: at,
        updatedAt: at,
      });
    }
    await OfferModel.collection.insertMany(docs as never[], { ordered: false });
  }
  await CounterModel.collection.insertOne({ _id: 'offers', seq: OFFERS } as never);
}

async function timeQuery(run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < DB_SAMPLES; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return summarise(times);
}

const line = (label: string, s: ReturnType<typeof summarise>) =>
  `  ${label.padEnd(44)} p50 ${fmt(s.p50, 2)}  p95 ${fmt(s.p95, 2)}  p99 ${fmt(s.p99, 2)}  max ${fmt(s.max, 2)} ms  (${s.count})`;

async function measureBefore() {
  console.log(`\nbefore (the database queries the reads made; ${DB_SAMPLES} each, this process):`);
  console.log(
    line(
      "a listing's offers",
      await timeQuery(() =>
        OfferModel.find({ listingId: pick(LISTINGS) })
          .sort({ createdAt: -1 })
          .lean(),
      ),
    ),
  );
  console.log(
    line(
      'offer stats (4 counts)',
      await timeQuery(async () => {
        const userId = pick(USERS);
        const mine = (await ListingModel.find({ userId }, { _id: 1 }).lean()).map((l) => l._id);
        const involving = { $or: [{ userId }, { listingId: { $in: mine } }] };
        await Promise.all([
          OfferModel.countDocuments({ userId }),
          OfferModel.countDocuments({ listingId: { $in: mine } }),
          OfferModel.countDocuments({ ...involving, status: 'accepted' }),
          OfferModel.countDocuments({ ...involving, status: 'pending' }),
        ]);
      }),
    ),
  );
}

runOnBenchDatabase('offers', async ({ db, dbName, dataDir, stopAtEnd }) => {
  // Started first, so that it is ready by the time there is something to ask.
  const timer = stopAtEnd(requestTimer());
  const t = performance.now();
  await seedListings(LISTINGS);
  // Profiles show when each account joined.
  await UserModel.collection.updateMany({}, { $set: { createdAt: new Date() } });
  await seedOffers();
  console.log(
    `seeded ${LISTINGS.toLocaleString('en-US')} listings and ${OFFERS.toLocaleString('en-US')} offers ` +
      `in ${fmt((performance.now() - t) / 1000)} s`,
  );

  if (!SKIP_BEFORE) await measureBefore();
  await mongoose.disconnect();

  const jwtSecret = randomBytes(24).toString('hex');
  let market = stopAtEnd(await startMarket({ dbUri: db.uri, dbName, dataDir, jwtSecret }));
  console.log(`\nstart-up to listening, reading the database: ${fmt(market.startupMs / 1000, 2)} s`);
  const tokens = Array.from({ length: USERS }, (_, i) =>
    signSessionToken({ id: i + 1, username: `Trader${i + 1}`, sv: 0 }, jwtSecret, '1h'),
  );
  const users = Array.from({ length: REQUESTS }, () => pick(USERS));
  console.log(`after (the offer index), ${REQUESTS} distinct reads each over HTTP, one at a time:`);
  const measure = async (base: string) => {
    const times = await timer.time(base, {
      // Each account's first authenticated request reads its session generation from the database (kept
      // for SESSION_CACHE_SECONDS, services/accounts/session-generations.ts): not what is measured here.
      sessions: [...new Set(users)].map((u) => ({ path: '/api/offers/stats', token: tokens[u - 1] })),
      listing: Array.from({ length: REQUESTS }, () => ({ path: `/api/offers/listing/${pick(LISTINGS)}` })),
      stats: users.map((u) => ({ path: '/api/offers/stats', token: tokens[u - 1] })),
      profile: users.map((u) => ({ path: `/api/profile/${u}`, token: tokens[u - 1] })),
    });
    console.log(line('GET /api/offers/listing/{id}', times.listing));
    console.log(line('GET /api/offers/stats', times.stats));
    console.log(line('GET /api/profile/{own id} (My Listings)', times.profile));
  };
  await measure(market.base);

  await stopChild(market.child);
  market = stopAtEnd(await startMarket({ dbUri: db.uri, dbName, dataDir, jwtSecret }));
  console.log(
    `\nstart-up to listening after a clean stop (read model store): ${fmt(market.startupMs / 1000, 2)} s`,
  );
  await measure(market.base);
  await crashChild(market.child);
  market = stopAtEnd(await startMarket({ dbUri: db.uri, dbName, dataDir, jwtSecret }));
  console.log(
    `start-up to listening after a crash (SIGKILL; the store, then a reconcile while serving): ` +
      `${fmt(market.startupMs / 1000, 2)} s`,
  );
  await stopChild(market.child);
  console.log('\n(on a shared machine other load adds noise: compare runs, not digits)');
});
