import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http as api } from '../../tests/helpers/http';
import { makeListing } from '../../tests/helpers/listing-fixture';
import { makeOffer } from '../../tests/helpers/offer-fixture';
import {
  killServerProcesses,
  serverPorts,
  startServerProcess,
  type ServerProcess,
} from '../../tests/helpers/server-process';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { signSessionToken } from '../lib/tokens';
import { TradeModel } from '../models/trade';
import { ListingIndex } from './listing-index';
import { reconcileTrades } from './load-market-history';
import { loadReadModels } from './load-read-models';
import { MarketHistory, type TradeFact } from './market-history';
import { OfferIndex } from './offer-index';
import { ReadModelStore } from './read-model-store';

const dirs: string[] = [];
const dir = () => {
  const made = mkdtempSync(path.join(os.tmpdir(), 'read-model-store-'));
  dirs.push(made);
  return made;
};
afterAll(() => {
  killServerProcesses();
  dirs.forEach((made) => rmSync(made, { recursive: true, force: true }));
});

const offer = (id: number, listingId: number) => makeOffer({ id, listing_id: listingId });
const models = () => ({
  listings: new ListingIndex(),
  offers: new OfferIndex(),
  history: new MarketHistory(),
});
const ITEM = 'Empty Gas Leech';
const trade = (id: number, unitPrice: number): TradeFact => ({
  id,
  item: ITEM,
  unitPrice,
  quantity: 1,
  at: Date.now() - 1000 + id,
});
const noError = (err: unknown) => {
  throw err;
};
const ids = (held: { all(): { id: number }[] }) =>
  held
    .all()
    .map((entry) => entry.id)
    .sort((a, b) => a - b);

describe('read model store (embedded database, one writer)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  /** A store that followed read models holding two listings and an offer, then took a few changes. */
  async function followed(dataDir: string) {
    const store = await ReadModelStore.open(dataDir, noError);
    const first = models();
    // The database holds nothing here: the read models start empty and the store follows them.
    expect(await loadReadModels(first, store)).toBe('database');
    first.listings.upsert(makeListing({ id: 1, item: 'Iron Ore' }));
    first.listings.upsert(makeListing({ id: 2, item: 'Rapier' }));
    first.listings.upsert(makeListing({ id: 2, item: 'Rapier', price: 7, version: 2 }));
    first.listings.upsert(makeListing({ id: 3, status: 'closed' }));
    first.listings.remove(3);
    first.offers.upsert(offer(1, 1));
    first.offers.upsert(offer(2, 2));
    first.offers.remove(2);
    first.history.add(trade(1, 100));
    first.history.add(trade(2, 300));
    return { store, first };
  }

  /** The next start trusts the store, which was filled anew from the (empty) database. */
  async function expectStoredEmpty(dataDir: string) {
    const store = await ReadModelStore.open(dataDir, noError);
    const loaded = models();
    expect(await loadReadModels(loaded, store)).toBe('store');
    expect([loaded.listings.size, loaded.offers.size]).toEqual([0, 0]);
    expect(loaded.history.lastTrade(ITEM)).toBeNull();
    await store.close();
  }

  it('after a clean stop, stands in for reading the database and builds the same read models', async () => {
    const dataDir = dir();
    const { store, first } = await followed(dataDir);
    await store.close();

    const again = await ReadModelStore.open(dataDir, noError);
    const loaded = models();
    expect(await loadReadModels(loaded, again)).toBe('store');
    expect(loaded.listings.all().sort((a, b) => a.id - b.id)).toEqual(
      first.listings.all().sort((a, b) => a.id - b.id),
    );
    expect(loaded.listings.get(2)?.price).toBe(7);
    expect(loaded.listings.browse({ sort: 'new', q: 'iron' }).listings.map((l) => l.id)).toEqual([1]);
    expect(loaded.offers.all()).toEqual([offer(1, 1)]);
    expect(loaded.history.windows(ITEM)).toEqual(first.history.windows(ITEM));
    expect(loaded.history.lastTrade(ITEM)).toMatchObject({ unitPrice: 300 });
    await again.close();
  });

  it('after a crash, holds the changes it took and says the read models must be reconciled', async () => {
    const dataDir = dir();
    const { store, first } = await followed(dataDir);
    // No close: the process died. Its writes were committed in order as they came.
    const again = await ReadModelStore.open(dataDir, noError);
    const loaded = models();
    expect(await loadReadModels(loaded, again)).toBe('store after a crash');
    expect(ids(loaded.listings)).toEqual(ids(first.listings));
    expect(ids(loaded.offers)).toEqual([1]);
    expect(loaded.history.windows(ITEM)).toMatchObject({ trades24h: 2, median24h: 200 });
    // Until it is reconciled, even a clean stop leaves it unclean: the next start reconciles again.
    await again.close();
    const third = await ReadModelStore.open(dataDir, noError);
    expect(await loadReadModels(models(), third)).toBe('store after a crash');
    third.reconciled();
    await third.close();
    const fourth = await ReadModelStore.open(dataDir, noError);
    expect(await loadReadModels(models(), fourth)).toBe('store');
    await fourth.close();
    await store.close();
  });

  it('is not trusted once another store followed this database (a restored backup, another data directory)', async () => {
    const dataDir = dir();
    const { store } = await followed(dataDir);
    await store.close();
    const other = await ReadModelStore.open(dir(), noError);
    await loadReadModels(models(), other);
    await other.close();

    const again = await ReadModelStore.open(dataDir, noError);
    expect(await again.read()).toBeNull();
    // The database (empty) is read instead, and the store is filled anew from it.
    const loaded = models();
    expect(await loadReadModels(loaded, again)).toBe('database');
    expect([loaded.listings.size, loaded.offers.size]).toEqual([0, 0]);
    expect(loaded.history.lastTrade(ITEM)).toBeNull();
    await again.close();
    await expectStoredEmpty(dataDir);
  });

  it('after a crash, finds the trades the database took that the store missed, once', async () => {
    const dataDir = dir();
    const { first } = await followed(dataDir);
    // Trades 1 and 2 reached the store; 3 was recorded in the database as the process died.
    await TradeModel.insertMany(
      [1, 2, 3].map((id) => ({
        _id: id,
        item: ITEM,
        unitPrice: [100, 300, 500][id - 1],
        quantity: 1,
        side: 'sell',
        listingId: 1,
        sellerId: 1,
        buyerId: 2,
        at: new Date(trade(id, 0).at),
      })),
    );
    const again = await ReadModelStore.open(dataDir, noError);
    const loaded = models();
    expect(await loadReadModels(loaded, again)).toBe('store after a crash');
    expect([1, 2, 3].filter((id) => !again.holdsTrade(id))).toEqual([3]);
    expect(await reconcileTrades(loaded.history, again)).toBe(1);
    expect(loaded.history.windows(ITEM)).toMatchObject({ trades24h: 3, median24h: 300 });
    expect(await reconcileTrades(loaded.history, again)).toBe(0);
    expect(first.history.windows(ITEM)).toMatchObject({ trades24h: 2 });
    await again.close();
    await TradeModel.deleteMany({ _id: { $in: [1, 2, 3] } });
  });

  it('drops a cancelled trade the history forgets: the next start does not bring it back', async () => {
    const dataDir = dir();
    const { store, first } = await followed(dataDir);
    const cancelled = trade(3, 900);
    first.history.add(cancelled);
    first.history.remove(cancelled);
    expect(store.holdsTrade(3)).toBe(false);
    await store.close();
    const again = await ReadModelStore.open(dataDir, noError);
    const loaded = models();
    expect(await loadReadModels(loaded, again)).toBe('store');
    expect(loaded.history.lastTrade(ITEM)).toMatchObject({ unitPrice: 300 });
    expect(loaded.history.windows(ITEM)).toMatchObject({ trades24h: 2 });
    await again.close();
  });

  it('after a crash, takes out a trade the database says was cancelled that the store still holds', async () => {
    const dataDir = dir();
    await followed(dataDir);
    // Trade 2 was cancelled in the database as the process died, before the store dropped it.
    await TradeModel.insertMany(
      [1, 2].map((id) => ({
        _id: id,
        item: ITEM,
        unitPrice: [100, 300][id - 1],
        quantity: 1,
        side: 'sell',
        listingId: 1,
        sellerId: 1,
        buyerId: 2,
        at: new Date(trade(id, 0).at),
        status: id === 2 ? 'cancelled' : 'open',
      })),
    );
    const again = await ReadModelStore.open(dataDir, noError);
    const loaded = models();
    expect(await loadReadModels(loaded, again)).toBe('store after a crash');
    expect(loaded.history.windows(ITEM)).toMatchObject({ trades24h: 2 });
    expect(await reconcileTrades(loaded.history, again)).toBe(0);
    expect(loaded.history.windows(ITEM)).toMatchObject({ trades24h: 1 });
    expect(loaded.history.lastTrade(ITEM)).toMatchObject({ unitPrice: 100 });
    again.reconciled();
    await again.close();
    await TradeModel.deleteMany({ _id: { $in: [1, 2] } });
    const reread = await ReadModelStore.open(dataDir, noError);
    expect((await reread.read())?.trades.map((kept) => kept.id)).toEqual([1]);
    await reread.close();
  });

  it('is not trusted once forgotten (a start migrated the data it holds), and is filled anew', async () => {
    const dataDir = dir();
    const { store } = await followed(dataDir);
    await store.close();
    const again = await ReadModelStore.open(dataDir, noError);
    await again.forget();
    const loaded = models();
    expect(await loadReadModels(loaded, again)).toBe('database');
    await again.close();
    await expectStoredEmpty(dataDir);
  });

  it('is not trusted when it holds nothing yet', async () => {
    const store = await ReadModelStore.open(dir(), noError);
    expect(await store.read()).toBeNull();
    await store.close();
  });
});

/** Starting a server process takes seconds, several when the machine is busy. */
const processTests = { timeout: 180_000 };

describe('a server process on the embedded database, killed and started again', processTests, () => {
  const jwtSecret = 'read-model-store-test-secret-of-enough-length';
  let env: Record<string, string>;
  let server: ServerProcess;
  const url = () => `http://127.0.0.1:${env.PORT}`;

  beforeAll(async () => {
    env = {
      ...(await serverPorts()),
      DATA_DIR: dir(),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      DB_NAME: 'market',
      JWT_SECRET: jwtSecret,
      RATE_LIMIT_DISABLED: 'true',
      // Mail goes nowhere rather than to a mail catcher started with each server: that start takes
      // seconds, and nothing here sends mail.
      SMTP_URL: 'smtp://127.0.0.1:9',
    };
  });
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
  });

  async function start(): Promise<ServerProcess> {
    server = startServerProcess(env);
    await server.listening();
    return server;
  }

  /** The embedded database, written behind the server's back: a change the read models never heard of. */
  async function writeBehindTheServer(write: (client: MongoClient) => Promise<unknown>) {
    const client = await MongoClient.connect(`mongodb://127.0.0.1:${env.DB_PORT}/`);
    try {
      await write(client);
    } finally {
      await client.close();
    }
  }

  const browseIds = async () => {
    const res = await api(url()).get('/api/listings');
    expect(res.status).toBe(200);
    return (res.body as { id: number }[]).map((listing) => listing.id).sort((a, b) => a - b);
  };

  it('serves the listings and the market history from its store at once, and finds by reconciling what the store missed', async () => {
    const first = await start();
    await first.waitForOutput(/"source":"database".*"msg":"read models loaded"/);
    await writeBehindTheServer((client) =>
      client
        .db('market')
        .collection('users')
        .insertOne({ _id: 1, username: 'Keeper', usernameLower: 'keeper', emailVerified: true } as never),
    );
    const token = signSessionToken({ id: 1, username: 'Keeper', sv: 0 }, jwtSecret, '1h');
    const posted: number[] = [];
    for (const item of ['Red Worms', 'Caric Adathril Ore']) {
      const res = await api(url()).post(
        '/api/listings',
        { item, type: 'sell', quantity: 3, silver: 40, priceMode: 'Each', notes: 'kept on disk' },
        token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      posted.push((res.body as { id: number }).id);
    }
    // A listing the database took that the read models (and so the store) never heard of, as a write a
    // crash cut off between the database and the store would leave.
    const missed = Math.max(...posted) + 1000;
    await writeBehindTheServer(async (client) => {
      const [template] = await client
        .db('market')
        .collection('listings')
        .find({ _id: posted[0] } as never)
        .toArray();
      await client
        .db('market')
        .collection('listings')
        .insertOne({ ...template, _id: missed, version: 1 } as never);
    });
    expect(await browseIds()).toEqual(posted);
    // Likewise a trade (an accept the crash cut off after the database took it).
    await writeBehindTheServer((client) =>
      client
        .db('market')
        .collection('trades')
        .insertOne({
          _id: 77,
          item: 'Red Worms',
          unitPrice: 1234,
          quantity: 2,
          side: 'sell',
          listingId: posted[0],
          sellerId: 1,
          buyerId: 2,
          at: new Date(),
        } as never),
    );
    const lastTrade = async () =>
      ((await api(url()).get('/api/market/items/Red%20Worms')).body as { lastTrade: unknown }).lastTrade;
    expect(await lastTrade()).toBeNull();

    first.child.kill('SIGKILL');
    await first.exited;
    const second = await start();
    await second.waitForOutput(/"source":"store after a crash".*"msg":"read models loaded"/);
    expect(second.output()).toMatch(/"listings":2,"offers":0,"source":"store after a crash"/);
    await second.waitForOutput(
      /"listings":\{"fetched":1,"removed":0\}.*"trades":\{"fetched":1\}.*"msg":"read models reconciled"/,
    );
    expect(await browseIds()).toEqual([...posted, missed]);
    expect(await lastTrade()).toMatchObject({ unitPrice: 1234, quantity: 2 });

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    const third = await start();
    await third.waitForOutput(/"listings":3,"offers":0,"source":"store".*"msg":"read models loaded"/);
    expect(await browseIds()).toEqual([...posted, missed]);
    expect(await lastTrade()).toMatchObject({ unitPrice: 1234, quantity: 2 });
    expect(third.output()).not.toMatch(/read models reconciled/);
  });
});
