import type { Model } from 'mongoose';
import { ListingModel, type ListingDoc } from '../models/listing';
import { OfferModel, type OfferDoc } from '../models/offer';
import { presentListing } from '../presenters/listing';
import { presentOffer } from '../presenters/offer';
import type { ListingIndex } from './listing-index';
import { loadMarketHistory } from './load-market-history';
import type { MarketHistory } from './market-history';
import type { OfferIndex } from './offer-index';
import type { ReadModelStore } from './read-model-store';

/** The in-memory read models a server process keeps, reconciled with the database. */
export interface ReadModels {
  listings: ListingIndex;
  offers: OfferIndex;
}

/** What start-up fills: the read models and the price history built from the trades. */
export interface StartupModels extends ReadModels {
  history: MarketHistory;
}

/** Documents per round trip while streaming: large, as whole collections are read. */
const BATCH_SIZE = 5000;
/** Ids per `$in` when fetching the documents that diverged. */
const FETCH_CHUNK = 1000;

/**
 * Every document of a collection (or those with the given ids), presented, in one streamed read: each
 * batch is presented as it arrives, so the raw documents are never all held at once.
 */
async function readAll<D, T>(model: Model<D>, present: (doc: D) => T, ids?: number[]): Promise<T[]> {
  const found: T[] = [];
  const filter = ids ? { _id: { $in: ids } } : {};
  for await (const doc of model.find(filter).lean<D>().cursor({ batchSize: BATCH_SIZE })) {
    found.push(present(doc as D));
  }
  return found;
}

const readListings = (ids?: number[]) =>
  readAll(ListingModel as unknown as Model<ListingDoc>, presentListing, ids);
const readOffers = (ids?: number[]) => readAll(OfferModel as unknown as Model<OfferDoc>, presentOffer, ids);

/**
 * Where the read models came from at start-up: the database, or the store after a clean stop, or the
 * store after a crash, which must then be reconciled with the database (`reconcileReadModels`).
 */
export type LoadSource = 'database' | 'store' | 'store after a crash';

/**
 * Reads every listing, offer and trade once at start-up (the reads side by side) and builds the read
 * models and the price history in bulk; afterwards the publisher keeps them current. Call it after the
 * publisher is attached. Given the store of a process that is the database's only writer
 * (read-model-store.ts), what it holds stands in for the reads when it still follows this database,
 * and from then on it follows the read models and keeps the trades.
 */
export async function loadReadModels(
  models: StartupModels,
  store: ReadModelStore | null = null,
): Promise<LoadSource> {
  const stored = store ? await store.read() : null;
  await store?.keepTrades(models.history, stored !== null);
  const history = loadMarketHistory(
    models.history,
    stored?.trades ?? null,
    store ? (trade) => store.keepTrade(trade) : undefined,
  );
  const [listings, offers] = stored
    ? [stored.listings, stored.offers]
    : await Promise.all([readListings(), readOffers()]);
  await history;
  models.listings.load(listings);
  models.offers.load(offers);
  if (store) await store.follow(models, stored !== null);
  if (!stored) return 'database';
  return stored.clean ? 'store' : 'store after a crash';
}

/** How often a clustered process checks its read models against the database. */
export const RECONCILE_EVERY_MS = 5 * 60 * 1000;
/** Slack for clocks that differ between server processes. */
const CLOCK_SLACK_MS = 5000;

/** What a read model offers reconciling: its entries' versions, and the version rule for changes. */
interface Reconcilable<T extends { id: number; version: number; updatedAt: string }> {
  all(): T[];
  get(id: number): T | undefined;
  upsert(entry: T): boolean;
  remove(id: number): boolean;
}

export interface Repairs {
  /** Entries read again because the database holds a newer version, or one the model lacks. */
  fetched: number;
  /** Entries dropped because the database no longer has them. */
  removed: number;
}

/**
 * Compares one read model with its collection by each document's version (the change counter every
 * write increments), reading only `_id` and `version` of every document, then reads whole only the
 * documents that are newer or missing, and drops the entries whose document is gone, unless they changed
 * after the comparison began (created meanwhile, the database read just missed them).
 */
async function reconcileOne<D, T extends { id: number; version: number; updatedAt: string }>(
  model: Model<D>,
  held: Reconcilable<T>,
  read: (ids: number[]) => Promise<T[]>,
): Promise<Repairs> {
  const startedAt = Date.now() - CLOCK_SLACK_MS;
  const stored = new Map<number, number>();
  const stale: number[] = [];
  const cursor = model
    .find({}, { _id: 1, version: 1 })
    .lean<{ _id: number; version?: number }>()
    .cursor({ batchSize: BATCH_SIZE });
  for await (const doc of cursor) {
    const { _id: id, version = 1 } = doc as { _id: number; version?: number };
    stored.set(id, version);
    if ((held.get(id)?.version ?? 0) < version) stale.push(id);
  }
  let fetched = 0;
  for (let i = 0; i < stale.length; i += FETCH_CHUNK) {
    for (const entry of await read(stale.slice(i, i + FETCH_CHUNK))) {
      if (held.upsert(entry)) fetched += 1;
    }
  }
  let removed = 0;
  for (const entry of held.all()) {
    if (stored.has(entry.id) || Date.parse(entry.updatedAt) >= startedAt) continue;
    if (held.remove(entry.id)) removed += 1;
  }
  return { fetched, removed };
}

/**
 * Brings the read models back in line with the database. With several processes, changes made elsewhere
 * arrive through Redis; one lost on the way would otherwise stay missing until a restart. When nothing
 * diverged this costs one read of every document's id and version per collection and no change in memory.
 */
export async function reconcileReadModels(
  models: ReadModels,
): Promise<{ listings: Repairs; offers: Repairs }> {
  return {
    listings: await reconcileOne(ListingModel as unknown as Model<ListingDoc>, models.listings, readListings),
    offers: await reconcileOne(OfferModel as unknown as Model<OfferDoc>, models.offers, readOffers),
  };
}
