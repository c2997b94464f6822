import mongoose from 'mongoose';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Reputation } from '../../src-common/schemas/reputation';
import type { Trade } from '../../src-common/schemas/trade';
import { DAY_MS } from '../../src-common/trade-lifecycle';
import { CounterModel } from '../models/counter';
import { OfferModel } from '../models/offer';
import { ReputationModel } from '../models/reputation';
import { TradeModel } from '../models/trade';
import { OpenTradeModel, TradeBookModel, type TradeBookDoc } from '../models/trade-books';
import { createUser } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { legacyOffer } from '../../tests/helpers/legacy-trades';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { migrateTradeBooks, TRADE_BOOKS_MARK } from './trade-books';
import { migrateTradeStatus, TRADE_STATUS_MARK } from './trade-status';

let last: TestServer | undefined;
afterAll(() => last?.stop());

/** The first test's buyer, whose trades the second lists. */
let buyerToken = '';

const RECENT = 920_001;
const OLD = 920_002;
const NO_OFFER = 920_003;

/** A trade document as stored before trades had a lifecycle. */
const legacyTrade = (id: number, daysAgo: number, seller: number, buyer: number) => ({
  _id: id as never,
  item: 'Empty Gas Leech',
  unitPrice: 50,
  quantity: 2,
  side: 'sell',
  listingId: 1,
  sellerId: seller,
  buyerId: buyer,
  at: new Date(Date.now() - daysAgo * DAY_MS),
});

describe('the trade status migration when the server starts', () => {
  it('gives each trade without a status one by its age, counts completed trades, and runs twice safely', async () => {
    const first = await startTestServer();
    const [seller, buyer] = [await createUser(first.config), await createUser(first.config)];
    buyerToken = buyer.token;
    const env = { DB_NAME: first.config.DB_NAME, JWT_SECRET: first.config.JWT_SECRET };
    await first.close();
    const db = await mongoose.createConnection(inject('mongoUri'), { dbName: env.DB_NAME }).asPromise();
    try {
      await db
        .collection(TradeModel.collection.collectionName)
        .insertMany([
          legacyTrade(RECENT, 3, seller.id, buyer.id),
          legacyTrade(OLD, 20, seller.id, buyer.id),
          legacyTrade(NO_OFFER, 40, seller.id, buyer.id),
        ]);
      await db.collection(OfferModel.collection.collectionName).insertMany([
        { ...legacyOffer(RECENT, 1, buyer, 'accepted'), quantity: 2 },
        { ...legacyOffer(OLD, 1, buyer, 'accepted'), quantity: 2 },
      ]);
      await db
        .collection<{ _id: string }>(CounterModel.collection.collectionName)
        .deleteOne({ _id: TRADE_STATUS_MARK });
    } finally {
      await db.close();
    }

    last = await startTestServer({ env });
    const api = http(last.url);
    const trades = (await api.get<Trade[]>('/api/trades', buyer.token)).body;
    expect(trades.map((t) => [t.id, t.status, t.total])).toEqual([
      [RECENT, 'open', 100],
      [OLD, 'completed', 100],
      [NO_OFFER, 'completed', 100],
    ]);
    const recent = trades[0];
    expect(Date.parse(recent.autoCompleteAt!) - Date.parse(recent.acceptedAt)).toBe(14 * DAY_MS);
    const old = trades[1];
    expect(Date.parse(old.completedAt!) - Date.parse(old.acceptedAt)).toBe(14 * DAY_MS);
    const rep = (await api.get<Reputation>(`/api/users/${seller.id}/reputation`)).body;
    expect(rep.completedTrades).toBe(2);

    // Run again: the mark stops it; without the mark it finds nothing to change and counts the same.
    expect(await migrateTradeStatus()).toEqual({ trades: 0, traders: 0 });
    await CounterModel.deleteOne({ _id: TRADE_STATUS_MARK });
    const before = await TradeModel.find().sort({ _id: 1 }).lean();
    expect(await migrateTradeStatus()).toEqual({ trades: 0, traders: 2 });
    expect(await TradeModel.find().sort({ _id: 1 }).lean()).toEqual(before);
    expect((await ReputationModel.findById(seller.id).lean())?.completedTrades).toBe(2);
    expect(await CounterModel.exists({ _id: TRADE_STATUS_MARK })).not.toBeNull();
  });

  it("builds each trader's book and the open trades' deadlines from the trades, and runs twice safely", async () => {
    // The server above started on the migrated trades: its start built the books.
    const [trade] = await TradeModel.find({ _id: RECENT }).lean();
    for (const userId of [trade.sellerId, trade.buyerId]) {
      const book = await TradeBookModel.findById(userId).lean<TradeBookDoc>();
      expect(
        Object.keys(book?.trades ?? {})
          .map(Number)
          .sort(),
      ).toEqual([RECENT, OLD, NO_OFFER]);
      expect(book?.trades[OLD]).toMatchObject({ status: 'completed', listingId: 1 });
    }
    expect((await OpenTradeModel.find().lean()).map((d) => d._id)).toEqual([RECENT]);

    expect(await migrateTradeBooks()).toEqual({ entries: 0, open: 0 });
    await CounterModel.deleteOne({ _id: TRADE_BOOKS_MARK });
    expect(await migrateTradeBooks()).toEqual({ entries: 0, open: 0 });
    // An entry and a deadline lost (a crash of a version before the books): a run puts back only those.
    await TradeBookModel.updateOne({ _id: trade.buyerId }, { $unset: { [`trades.${OLD}`]: 1 } });
    await OpenTradeModel.deleteOne({ _id: RECENT });
    expect(await migrateTradeBooks(true)).toEqual({ entries: 1, open: 1 });
    const completed = await http(last!.url).get<Trade[]>('/api/trades?status=completed', buyerToken);
    expect(completed.body.map((t) => t.id)).toEqual([OLD, NO_OFFER]);
    expect(await CounterModel.exists({ _id: TRADE_BOOKS_MARK })).not.toBeNull();
  });
});
