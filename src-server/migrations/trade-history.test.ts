import mongoose from 'mongoose';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { MarketBook } from '../../src-common/schemas/market';
import { CounterModel } from '../models/counter';
import { ListingModel } from '../models/listing';
import { OfferModel } from '../models/offer';
import { TradeModel } from '../models/trade';
import { createUser } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { legacyListing, legacyOffer } from '../../tests/helpers/legacy-trades';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { TRADE_HISTORY_MARK } from './trade-history';
import { TRADES_MIGRATION_MARK } from './trades';

let last: TestServer | undefined;
afterAll(() => last?.stop());

const SOLD = 910_101;
const GONE = 910_102;
const ACCEPTED = 910_111;
const ORPHAN = 910_112;

const marketOf = async (server: TestServer) =>
  (await http(server.url).get<MarketBook>('/api/market/items/Empty%20Gas%20Leech')).body;

describe('the trade history backfill when the server starts', () => {
  it('records each offer accepted before trades once, and a restart adds nothing', async () => {
    const first = await startTestServer();
    const [owner, buyer] = [await createUser(first.config), await createUser(first.config)];
    const env = { DB_NAME: first.config.DB_NAME, JWT_SECRET: first.config.JWT_SECRET };
    await first.close();
    const db = await mongoose.createConnection(inject('mongoUri'), { dbName: env.DB_NAME }).asPromise();
    try {
      await db.collection(ListingModel.collection.collectionName).insertMany([legacyListing(SOLD, owner, 8)]);
      await db
        .collection(OfferModel.collection.collectionName)
        .insertMany([
          legacyOffer(ACCEPTED, SOLD, buyer, 'accepted'),
          legacyOffer(ORPHAN, GONE, buyer, 'accepted'),
        ]);
      // Data from before trades, as an old backup restored: neither migration has run on it.
      await db
        .collection<{ _id: string }>(CounterModel.collection.collectionName)
        .deleteMany({ _id: { $in: [TRADES_MIGRATION_MARK, TRADE_HISTORY_MARK] } });
    } finally {
      await db.close();
    }

    const second = await startTestServer({ env });
    // The old offer was for the listing's 8 items: 100 copper over 8 is 12.5, rounded to 13.
    const trades = await TradeModel.find().lean();
    expect(trades).toEqual([
      {
        _id: ACCEPTED,
        item: 'Empty Gas Leech',
        unitPrice: 13,
        quantity: 8,
        side: 'sell',
        listingId: SOLD,
        sellerId: owner.id,
        buyerId: buyer.id,
        at: expect.any(Date),
        // Accepted just now: open, with the offer's amount as its total (migrations/trade-status.ts).
        total: 100,
        status: 'open',
        confirmedBy: { buyer: null, seller: null },
        cancelRequestedBy: { buyer: null, seller: null },
        dispute: null,
        completedAt: null,
        cancelledAt: null,
        activityAt: trades[0].at,
        remindedAt: null,
        feedback: { buyer: null, seller: null },
        version: 1,
        updatedAt: expect.any(Date),
      },
    ]);
    const backfilled = await marketOf(second);
    expect(backfilled).toMatchObject({
      lastTrade: { unitPrice: 13, quantity: 8 },
      trades24h: 1,
      volume24h: 8,
    });
    await second.close();

    // Even with the mark gone, a second run cannot record the offer twice.
    const db2 = await mongoose.createConnection(inject('mongoUri'), { dbName: env.DB_NAME }).asPromise();
    await db2
      .collection<{ _id: string }>(CounterModel.collection.collectionName)
      .deleteOne({ _id: TRADE_HISTORY_MARK });
    await db2.close();
    last = await startTestServer({ env });
    expect(await TradeModel.countDocuments()).toBe(1);
    expect(await marketOf(last)).toEqual(backfilled);
  });
});
