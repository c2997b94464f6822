import { randomInt } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { open, type Database, type RootDatabase } from 'lmdb';
import type { Listing } from '../../src-common/schemas/listing';
import type { Offer } from '../../src-common/schemas/offer';
import { CounterModel } from '../models/counter';
import type { IndexObserver } from './index-observer';
import type { ListingIndex } from './listing-index';
import type { MarketHistory, TradeFact } from './market-history';
import type { OfferIndex } from './offer-index';

/** The database's `counters` document holding the token of the store that follows it. */
const MARK = 'read-model-store';
const STATE = 'state';
/** The store's token, and whether the process that last wrote it stopped cleanly. */
interface StoreState {
  token: number;
  clean: boolean;
}

export interface StoredReadModels {
  listings: Listing[];
  offers: Offer[];
  /** What the market history needs of every trade that was not cancelled (their price never changes). */
  trades: TradeFact[];
  /**
   * False after a crash: a change the database took just before it may have missed the store, so
   * the read models must be reconciled with the database (load-read-models.ts) before a clean stop.
   */
  clean: boolean;
}

const entries = <T>(db: Database<T, number>): T[] => Array.from(db.getRange(), ({ value }) => value);

/**
 * The listing and offer read models and the trades behind the market history on disk, kept by this
 * process as they change, so that a start on the embedded FerretDB need not read every listing, offer
 * and trade back (FerretDB decodes a few thousand documents a second: over a minute at 100,000
 * listings, several at 500,000 offers), after a crash as after a clean stop. Only for the embedded database, where this process is the only writer
 * (lib/writer-claim.ts).
 *
 * LMDB ([lmdb](https://github.com/kriszyp/lmdb-js)) keeps it: each change is one put or remove, committed
 * in order off the main thread, crash-safe. The store is trusted only while it provably follows this
 * database: it carries a random token that the database holds too (the counters document
 * `read-model-store`). Every start gives both a new token before serving, so a restored backup or another
 * data directory leaves tokens that differ, and the read models are read from the database instead.
 */
export class ReadModelStore {
  /** Whether the store holds what the read models do, but for the changes still being written. */
  private trusted = true;
  private token = 0;
  /** Changes after `close` (a reconcile still running at shutdown) are not kept: the store is not clean then. */
  private closed = false;
  /** Trades put since this start: LMDB commits puts in batches, and a reconcile must not add one twice. */
  private readonly tradesPut = new Set<number>();

  private constructor(
    private readonly root: RootDatabase,
    private readonly listings: Database<Listing, number>,
    private readonly offers: Database<Offer, number>,
    private readonly trades: Database<TradeFact, number>,
    private readonly meta: Database<StoreState, string>,
    private readonly onError: (err: unknown) => void,
  ) {}

  static async open(dataDir: string, onError: (err: unknown) => void): Promise<ReadModelStore> {
    // The JSON snapshots that earlier versions wrote at a clean stop; the store replaces them.
    await rm(path.join(dataDir, 'read-models.json'), { force: true });
    await rm(path.join(dataDir, 'market-history.json'), { force: true });
    const root = open({ path: path.join(dataDir, 'read-models.mdb'), maxDbs: 4 });
    // Shared structures: each record's keys are written once per store, not once per entry.
    const records = { sharedStructuresKey: Symbol.for('structures') };
    return new ReadModelStore(
      root,
      root.openDB<Listing, number>('listings', records),
      root.openDB<Offer, number>('offers', records),
      root.openDB<TradeFact, number>('trades', records),
      root.openDB<StoreState, string>({ name: 'meta' }),
      onError,
    );
  }

  /** What the store holds, when it follows this database; null when it does not (or holds nothing). */
  async read(): Promise<StoredReadModels | null> {
    const state = this.meta.get(STATE);
    const mark = await CounterModel.findById(MARK).lean<{ seq: number }>();
    if (!state || !mark || mark.seq !== state.token) return null;
    this.trusted = state.clean;
    return {
      listings: entries(this.listings),
      offers: entries(this.offers),
      trades: entries(this.trades),
      clean: state.clean,
    };
  }

  /** Makes what the store holds untrusted (a start migrated the data it was taken from). */
  async forget(): Promise<void> {
    await this.meta.remove(STATE);
  }

  /**
   * From now on the store keeps every trade the history adds and every one `keepTrade` is given (the
   * start-up read's). Unless `holds` (the history is loaded from it), it first drops those it held.
   */
  async keepTrades(history: MarketHistory, holds: boolean): Promise<void> {
    if (!holds) await this.trades.clearAsync();
    history.observe((trade) => this.keepTrade(trade));
    history.observeRemovals((id) => this.dropTrade(id));
  }

  /** A cancelled trade leaves the history, and so the store: a restart must not bring it back. */
  dropTrade(id: number): void {
    if (this.closed) return;
    this.tradesPut.delete(id);
    this.trades.remove(id).catch(this.failed);
  }

  keepTrade(trade: TradeFact): void {
    if (this.closed) return;
    this.tradesPut.add(trade.id);
    this.trades.put(trade.id, trade).catch(this.failed);
  }

  /**
   * From now on the store takes every change of the read models. Unless `holds` (they were just read from
   * it), it is first filled anew with what they hold. Then, once every change so far is on disk (the
   * trades kept too), the store and the database get a new token, the store first: a crash between the
   * two leaves tokens that differ.
   */
  async follow(models: { listings: ListingIndex; offers: OfferIndex }, holds: boolean): Promise<void> {
    const filled: Promise<unknown>[] = [];
    const follower = <T extends { id: number }>(db: Database<T, number>): IndexObserver<T> => {
      // The first reset is the one `observe` gives: what the store holds already when it was read.
      let skipReset = holds;
      return {
        changed: (before, after) => {
          if (this.closed) return;
          const written = after ? db.put(after.id, after) : db.remove(before!.id);
          written.catch(this.failed);
        },
        reset: (all) => {
          if (skipReset) {
            skipReset = false;
            return;
          }
          const rows = [...all];
          filled.push(
            db.transaction(() => {
              db.clearSync();
              for (const row of rows) db.putSync(row.id, row);
            }),
          );
        },
      };
    };
    models.listings.observe(follower(this.listings));
    models.offers.observe(follower(this.offers));
    await Promise.all(filled);
    this.token = randomInt(1, 2 ** 47);
    await this.meta.put(STATE, { token: this.token, clean: false });
    await this.root.flushed;
    await CounterModel.updateOne({ _id: MARK }, { $set: { seq: this.token } }, { upsert: true });
  }

  /** Whether the store holds the trade, or was given it since this start. */
  holdsTrade(id: number): boolean {
    return this.tradesPut.has(id) || this.trades.doesExist(id);
  }

  /** The trade as the store keeps it, if it does. */
  storedTrade(id: number): TradeFact | undefined {
    return this.trades.get(id);
  }

  /** The read models were reconciled with the database after a crash: they and the store match it again. */
  reconciled(): void {
    this.trusted = true;
  }

  /**
   * After the last write: waits for every change to be on disk, records whether the stop is clean (the
   * store then holds exactly what the database does), and closes.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.token) await this.meta.put(STATE, { token: this.token, clean: this.trusted });
    await this.root.flushed;
    await this.root.close();
  }

  private readonly failed = (err: unknown) => {
    this.trusted = false;
    this.onError(err);
  };
}
