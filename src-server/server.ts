import http from 'node:http';
import type { AddressInfo } from 'node:net';
import mongoose from 'mongoose';
import { createApp } from './app';
import { catalogueOf, seedCatalogue } from './catalogue/catalogue';
import type { Config } from './config';
import type { AppDeps } from './deps';
import { isDatabaseUnreachable } from './lib/database-unreachable';
import { drainable } from './lib/drainable';
import { detectDbEngine, type DbEngine } from './lib/db-engine';
import { createMailer, type Mailer } from './lib/mailer';
import { claimEmbeddedWriter } from './lib/writer-claim';
import { backfillTradeHistory } from './migrations/trade-history';
import { backfillReputations } from './migrations/reputations';
import { migrateSuspensionEnds } from './migrations/suspension-ends';
import { migrateTradeBooks } from './migrations/trade-books';
import { migrateTradeStatus } from './migrations/trade-status';
import { migrateToTrades } from './migrations/trades';
import { dropWriteLocks } from './migrations/write-locks';
import type { Logger } from './logger';
import { createRateLimits } from './middlewares/rate-limit';
import { AdminModel } from './models/admin';
import { ApiTokenModel } from './models/api-token';
import { CounterModel } from './models/counter';
import {
  DigestStateModel,
  keepNotificationsFor,
  NotificationModel,
  PRUNE_NOTIFICATIONS_EVERY_MS,
  pruneExpiredNotifications,
} from './models/notification';
import { ItemModel, MetaModel } from './models/item';
import { ListingModel } from './models/listing';
import { OfferModel } from './models/offer';
import { TradeModel } from './models/trade';
import { ReputationModel } from './models/reputation';
import { FeedbackModel } from './models/feedback';
import { SavedSearchModel } from './models/saved-search';
import { BlockModel } from './models/block';
import { WebhookDeliveryModel } from './models/webhook-delivery';
import { UserModel } from './models/user';
import { createRealtime } from './realtime/io';
import { createBroadcaster } from './realtime/broadcaster';
import { createPublisher } from './realtime/publish';
import { createReadModelUpdater } from './realtime/read-model-updater';
import { SessionGenerations } from './services/accounts/session-generations';
import { ProfileAnswers } from './read-models/profile-answers';
import { PublicAccounts } from './read-models/public-accounts';
import { logSlowCommands } from './lib/slow-commands';
import { startPresence } from './services/presence/start-presence';
import { createDigests } from './services/notifications/digests';
import { startSuspensionSweep } from './services/moderation/suspension-sweep';
import { createTradeSweep } from './services/trades/trade-sweep';
import { ListingIndex } from './read-models/listing-index';
import { reconcileTrades } from './read-models/load-market-history';
import { MarketData } from './read-models/market';
import { SavedSearchIndex } from './read-models/saved-search-index';
import { readAllSavedSearches } from './services/saved-searches/saved-searches';
import { BlockIndex } from './read-models/block-index';
import { readAllBlocks } from './services/blocks/blocks';
import { disableWebhooks } from './services/webhooks/saved-search-webhooks';
import { WebhookDispatcher } from './services/webhooks/webhook-dispatcher';
import { createWebhookLimiter } from './services/webhooks/webhook-limiter';
import { OfferIndex } from './read-models/offer-index';
import { ReadModelStore } from './read-models/read-model-store';
import { wireReadModels } from './read-models/wiring';
import { loadReadModels, reconcileReadModels, RECONCILE_EVERY_MS } from './read-models/load-read-models';

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps;
  close(): Promise<void>;
}

const models = [
  CounterModel,
  UserModel,
  ListingModel,
  OfferModel,
  AdminModel,
  ItemModel,
  MetaModel,
  ApiTokenModel,
  TradeModel,
  NotificationModel,
  DigestStateModel,
  ReputationModel,
  FeedbackModel,
  SavedSearchModel,
  BlockModel,
  WebhookDeliveryModel,
];

/**
 * How long an operation waits for a reachable database before it fails, answered 503
 * DB_UNAVAILABLE: short, so that while the database restarts or fails over requests fail fast rather
 * than hang. Start-up keeps trying for longer, since the database may still be coming up.
 */
const SERVER_SELECTION_TIMEOUT_MS = 500;
const CONNECT_DEADLINE_MS = 10_000;

/**
 * Connects, detects the engine (lib/db-engine.ts) and creates the indexes. With `slow`, commands that
 * take at least `slow.ms` are logged (lib/slow-commands.ts).
 */
export async function connectDatabase(
  uri: string,
  dbName: string,
  slow?: { ms: number; logger: Logger },
): Promise<DbEngine> {
  const deadline = Date.now() + CONNECT_DEADLINE_MS;
  const monitorCommands = Boolean(slow?.ms);
  for (;;) {
    try {
      await mongoose.connect(uri, {
        dbName,
        serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
        monitorCommands,
      });
      break;
    } catch (err) {
      if (!isDatabaseUnreachable(err) || Date.now() >= deadline) throw err;
    }
  }
  if (slow?.ms) logSlowCommands(mongoose.connection.getClient(), slow.logger, slow.ms);
  const engine = await detectDbEngine(mongoose.connection);
  await Promise.all(models.map((m) => m.createIndexes()));
  await keepNotificationsFor(engine);
  return engine;
}

/**
 * On the embedded FerretDB this process must be the only writer (lib/writer-claim.ts); a second process
 * refuses to start, unless a test explicitly shares the database (TEST_SHARE_EMBEDDED).
 */
async function claimDatabase(engine: DbEngine, config: Config): Promise<() => Promise<void>> {
  if (engine !== 'ferretdb' || config.TEST_SHARE_EMBEDDED) return async () => undefined;
  try {
    return await claimEmbeddedWriter(config.DB_NAME);
  } catch (err) {
    await mongoose.disconnect();
    throw err;
  }
}

/** For the start-up steps' log lines: at scale a first start on FerretDB takes minutes. */
const msSince = (start: number) => Math.round(performance.now() - start);

/** Admins named by ADMIN_DISCORD_IDS exist from the first start on. */
async function seedAdmins(ids: string[]): Promise<void> {
  await Promise.all(
    ids.map((id) =>
      AdminModel.updateOne({ _id: id }, { $setOnInsert: { addedBy: 'config' } }, { upsert: true }),
    ),
  );
}

/**
 * Connects the database, seeds, and serves HTTP and Socket.IO on one port. `close` stops accepting
 * connections, answers what still arrives on open ones with `Connection: close`, lets in-flight
 * requests finish, then closes sockets and the database.
 */
export async function startServer(
  config: Config & { MONGODB_URI: string; SMTP_URL: string },
  logger: Logger,
  overrides: { mailer?: Mailer } = {},
): Promise<RunningServer> {
  const started = performance.now();
  const engine = await connectDatabase(config.MONGODB_URI, config.DB_NAME, {
    ms: config.DB_SLOW_MS,
    logger,
  });
  logger.info({ engine, ms: msSince(started) }, 'database connected, indexes ready');
  const releaseDatabase = await claimDatabase(engine, config);
  const seed = await seedCatalogue();
  logger.info({ items: seed.count, seeded: seed.seeded }, 'catalogue ready');
  await seedAdmins(config.ADMIN_DISCORD_IDS);
  const migrating = performance.now();
  if (await dropWriteLocks()) logger.info('dropped write_locks, the lock rows of an earlier version');
  // Before the listing index reads the listings, so it never holds one from before trades.
  const migrated = await migrateToTrades();
  if (migrated.listings || migrated.offers) logger.info(migrated, 'listings and offers migrated to trades');
  const backfilled = await backfillTradeHistory();
  if (backfilled.recorded || backfilled.orphaned)
    logger.info(backfilled, 'accepted offers backfilled as trades');
  const reputations = await backfillReputations();
  if (reputations) logger.info({ users: reputations }, 'reputations computed from the stored offers');
  // After the backfills above, whose trades and reputations it completes.
  const tradeStatus = await migrateTradeStatus();
  if (tradeStatus.trades) logger.info(tradeStatus, 'trades given their status');
  // Once every trade has its status; again when this start gave trades one or recorded some.
  const tradeBooks = await migrateTradeBooks(tradeStatus.trades > 0 || backfilled.recorded > 0);
  if (tradeBooks.entries || tradeBooks.open) logger.info(tradeBooks, 'trade books and deadlines built');
  const suspensionEnds = await migrateSuspensionEnds();
  if (suspensionEnds) logger.info({ suspensionEnds }, 'suspension end dates gathered');
  logger.info({ ms: msSince(migrating) }, 'data migrations checked');

  const catalogue = catalogueOf(seed.items);
  const listings = new ListingIndex();
  const market = new MarketData((name) => catalogue.byName.has(name));
  const offers = new OfferIndex();
  const accounts = new PublicAccounts(config.SESSION_CACHE_SECONDS * 1000);
  const profiles = new ProfileAnswers(listings, accounts);
  const sessions = new SessionGenerations(config.SESSION_CACHE_SECONDS * 1000, accounts);
  const savedSearches = new SavedSearchIndex();
  const broadcaster = createBroadcaster(market);
  const publisher = createPublisher(
    createReadModelUpdater({ listings, offers, sessions, market, savedSearches, accounts }),
    broadcaster,
  );
  const mailer = overrides.mailer ?? createMailer(config.SMTP_URL, config.MAIL_FROM);
  const digests = createDigests({ config, logger, mailer, publisher });
  const presence = await startPresence(config, logger, (change) => publisher.presenceChanged(change));
  const blocks = new BlockIndex();
  const webhookLimiter = await createWebhookLimiter(config, logger);
  const webhooks = new WebhookDispatcher({
    config,
    logger,
    limiter: webhookLimiter,
    onGone: (webhookId, searchIds, status) => disableWebhooks(deps, webhookId, searchIds, status),
  });
  const stopHearingAccountWrites = wireReadModels({
    listings,
    market,
    profiles,
    publisher,
    broadcaster,
    presence,
    blocks,
  });
  const deps: AppDeps = {
    config,
    logger,
    presence,
    catalogue,
    publisher,
    listings,
    market,
    offers,
    accounts,
    profiles,
    mailer,
    digests,
    rateLimits: await createRateLimits({
      disabled: config.RATE_LIMIT_DISABLED,
      redisUrl: config.REDIS_URL,
      logger,
    }),
    sessions,
    savedSearches,
    blocks,
    webhooks,
  };
  const app = createApp(deps);
  const requests = drainable(app.callback());
  const server = http.createServer(requests.handle);
  const realtime = await createRealtime(server, config, logger, listings, sessions, market, presence);
  // Subscribed before the read models are read, so no change made meanwhile by another process is missed.
  publisher.attach(realtime.io, { clustered: Boolean(config.REDIS_URL) });
  listings.setOnlineSellers(await presence.visibleOnline());
  // The only writer of the embedded database keeps its read models on disk and starts from them (tests
  // start every server on a fresh database, which they drop before stopping).
  const readModelDir = engine === 'ferretdb' && config.NODE_ENV !== 'test' ? config.DATA_DIR : null;
  const store = readModelDir
    ? await ReadModelStore.open(readModelDir, (err) =>
        logger.error({ err }, 'writing the read model store failed; the next start reconciles'),
      )
    : null;
  // What was kept on disk predates the data this start migrated or backfilled: read from the database.
  if (migrated.listings || migrated.offers || backfilled.recorded) await store?.forget();
  const loading = performance.now();
  const source = await loadReadModels({ listings, offers, history: market.history }, store);
  let closing: Promise<void> | null = null;
  // After a crash, also the trades the store may lack (only it knows which trades the history holds);
  // the periodic runs of a cluster leave them to the relay, as before.
  const reconcileAll = async (afterCrash: boolean) => ({
    ...(await reconcileReadModels({ listings, offers })),
    ...(afterCrash && store ? { trades: { fetched: await reconcileTrades(market.history, store) } } : {}),
  });
  const reconcile = (afterCrash = false) =>
    reconcileAll(afterCrash).then(
      (repairs) => {
        store?.reconciled();
        logger.info(repairs, 'read models reconciled');
      },
      (err) =>
        closing
          ? logger.info('read model reconcile cut short by the stop')
          : logger.error({ err }, 'read model reconcile failed'),
    );
  const reconciling = config.REDIS_URL ? setInterval(() => reconcile(), RECONCILE_EVERY_MS).unref() : null;
  logger.info(
    { listings: listings.size, offers: offers.size, source, ms: msSince(loading) },
    'read models loaded',
  );
  // After the relay is attached, so a search saved meanwhile on another process is not missed.
  savedSearches.load(await readAllSavedSearches());
  blocks.load(await readAllBlocks());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  // After a crash the store may lack the changes the database took just before it: found while serving
  // (a stop before this ends leaves the store unclean, and the next start reconciles again).
  if (source === 'store after a crash') void reconcile(true);
  digests.start();
  await webhooks.start();
  const stopSuspensionSweep = startSuspensionSweep(deps);
  const tradeSweep = createTradeSweep(deps);
  tradeSweep.start();
  // FerretDB has no TTL index (models/notification.ts): expired notifications are deleted from here.
  const pruning =
    engine === 'ferretdb'
      ? setInterval(() => {
          pruneExpiredNotifications().catch((err) => logger.error({ err }, 'pruning notifications failed'));
        }, PRUNE_NOTIFICATIONS_EVERY_MS).unref()
      : null;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    deps,
    close: () =>
      (closing ??= (async () => {
        if (reconciling) clearInterval(reconciling);
        if (pruning) clearInterval(pruning);
        await stopSuspensionSweep();
        stopHearingAccountWrites();
        await digests.stop();
        await tradeSweep.stop();
        const drained = new Promise<void>((resolve) => server.close(() => resolve()));
        requests.drain();
        server.closeIdleConnections();
        logger.info('stopped accepting connections; finishing the requests in flight');
        await realtime.close();
        await drained;
        await webhooks.close();
        await webhookLimiter.close();
        // After the last write: the store must hold everything the database does.
        await store?.close().catch((err) => logger.error({ err }, 'closing the read model store failed'));
        deps.mailer.close();
        await deps.rateLimits.close();
        await releaseDatabase().catch((err) => logger.error({ err }, 'releasing the database failed'));
        await mongoose.disconnect();
      })()),
  };
}
