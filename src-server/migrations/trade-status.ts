import type { TradeStatus } from '../../src-common/schemas/trade';
import { AUTO_COMPLETE_MS } from '../../src-common/trade-lifecycle';
import { bulkWriteInChunks } from '../lib/bulk-writes';
import { CounterModel } from '../models/counter';
import { OfferModel, type OfferDoc } from '../models/offer';
import { ReputationModel } from '../models/reputation';
import { acceptedLifecycle, TradeModel, type TradeDoc } from '../models/trade';

/** The counters document that says every trade got its lifecycle on this database. */
export const TRADE_STATUS_MARK = 'migration:trade-status';

/**
 * The lifecycle of a trade accepted at `at` that predates it: `open` (nobody confirmed yet, so the 14 days
 * count from the accept) when accepted less than 14 days before `now`, else `completed` on the day the
 * 14 days ended, as if it had completed by itself then.
 */
export function lifecycleSince(at: Date, now: Date) {
  const lifecycle = acceptedLifecycle(at, now);
  if (now.getTime() - at.getTime() < AUTO_COMPLETE_MS) return lifecycle;
  return {
    ...lifecycle,
    status: 'completed' as const,
    completedAt: new Date(at.getTime() + AUTO_COMPLETE_MS),
  };
}

export interface TradeStatusMigration {
  /** Trades given a status by this run. */
  trades: number;
  /** Traders whose completed trades were counted. */
  traders: number;
}

/** What the migration reads of every trade. */
type Stored = Pick<TradeDoc, '_id' | 'unitPrice' | 'quantity' | 'at' | 'buyerId' | 'sellerId'> & {
  status?: TradeStatus;
};

/** Documents per round trip of the migration's reads: whole collections are read. */
const BATCH_SIZE = 10_000;

/**
 * Gives every trade recorded before trades had a lifecycle its status (`lifecycleSince`) and its total
 * (its offer's amount, or the unit price times the quantity when the offer is gone), then counts each
 * trader's completed trades anew from the trades. Runs at start-up after the trade history backfill
 * (migrations/trade-history.ts), which gives every accepted offer without a trade one, already with its
 * lifecycle, and before the read models load.
 *
 * One streamed read of the trades finds both the trades to change and the completed ones (on FerretDB
 * any filter but `_id` reads every trade, so two queries would read them twice), and the writes go
 * `WRITES_PER_COMMAND` to a round trip.
 *
 * Safe to run twice: a trade is changed only while it still lacks a status, and the counts are set, not
 * added to. A finished run leaves a mark, so later starts read one counters document.
 */
export async function migrateTradeStatus(now = new Date()): Promise<TradeStatusMigration> {
  const result: TradeStatusMigration = { trades: 0, traders: 0 };
  if (await CounterModel.exists({ _id: TRADE_STATUS_MARK })) return result;
  const legacy: Stored[] = [];
  const completed = new Map<number, number>();
  const trades = TradeModel.find({}, { unitPrice: 1, quantity: 1, at: 1, status: 1, buyerId: 1, sellerId: 1 })
    .lean<Stored>()
    .cursor({ batchSize: BATCH_SIZE });
  for await (const doc of trades) {
    const trade = doc as Stored;
    if (!trade.status) legacy.push(trade);
    if ((trade.status ?? lifecycleSince(new Date(trade.at), now).status) !== 'completed') continue;
    for (const id of [trade.buyerId, trade.sellerId]) completed.set(id, (completed.get(id) ?? 0) + 1);
  }
  const amounts = legacy.length
    ? await offerAmounts(new Set(legacy.map((t) => t._id)))
    : new Map<number, number>();
  result.trades = await bulkWriteInChunks(TradeModel, statusWrites(legacy, amounts, now));
  await bulkWriteInChunks(
    ReputationModel,
    [...completed].map(([id, completedTrades]) => ({
      updateOne: { filter: { _id: id }, update: { $set: { completedTrades } }, upsert: true },
    })),
  );
  result.traders = completed.size;
  await CounterModel.updateOne({ _id: TRADE_STATUS_MARK }, { $set: { seq: 1 } }, { upsert: true });
  return result;
}

/** The writes that give each trade without a status its lifecycle and total, made as they are sent. */
function* statusWrites(legacy: Stored[], amounts: Map<number, number>, now: Date) {
  for (const trade of legacy) {
    const total = amounts.get(trade._id) ?? trade.unitPrice * trade.quantity;
    yield {
      updateOne: {
        filter: { _id: trade._id, status: { $exists: false } },
        update: { $set: { ...lifecycleSince(new Date(trade.at), now), total } },
      },
    };
  }
}

/**
 * The amounts of the offers with these ids, in one streamed read of every offer's amount: a trade's id
 * is its offer's, and on FerretDB an `$in` of them would read every offer anyway, once per query.
 */
async function offerAmounts(ids: Set<number>): Promise<Map<number, number>> {
  const amounts = new Map<number, number>();
  const offers = OfferModel.find({}, { offerAmount: 1 })
    .lean<Pick<OfferDoc, '_id' | 'offerAmount'>>()
    .cursor({ batchSize: BATCH_SIZE });
  for await (const doc of offers) {
    const offer = doc as Pick<OfferDoc, '_id' | 'offerAmount'>;
    if (ids.has(offer._id)) amounts.set(offer._id, offer.offerAmount);
  }
  return amounts;
}
