import { AUTO_COMPLETE_MS } from '../../src-common/trade-lifecycle';
import { CounterModel } from '../models/counter';
import { OfferModel, type OfferDoc } from '../models/offer';
import { ReputationModel } from '../models/reputation';
import { acceptedLifecycle, TradeModel, type LiveTradeDoc, type TradeDoc } from '../models/trade';

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

/**
 * Gives every trade recorded before trades had a lifecycle its status (`lifecycleSince`) and its total
 * (its offer's amount, or the unit price times the quantity when the offer is gone), then counts each
 * trader's completed trades anew from the trades. Runs at start-up after the trade history backfill
 * (migrations/trade-history.ts), which gives every accepted offer without a trade one, already with its
 * lifecycle, and before the read models load.
 *
 * Safe to run twice: a trade is changed only while it still lacks a status, and the counts are set, not
 * added to. A finished run leaves a mark, so later starts read one counters document.
 */
export async function migrateTradeStatus(now = new Date()): Promise<TradeStatusMigration> {
  const result: TradeStatusMigration = { trades: 0, traders: 0 };
  if (await CounterModel.exists({ _id: TRADE_STATUS_MARK })) return result;
  const legacy = await TradeModel.find({ status: { $exists: false } }).lean<TradeDoc[]>();
  const amounts = new Map(
    (
      await OfferModel.find({ _id: { $in: legacy.map((t) => t._id) } }, { offerAmount: 1 }).lean<
        Pick<OfferDoc, '_id' | 'offerAmount'>[]
      >()
    ).map((o) => [o._id, o.offerAmount]),
  );
  for (const trade of legacy) {
    const written = await TradeModel.updateOne(
      { _id: trade._id, status: { $exists: false } },
      {
        $set: {
          ...lifecycleSince(new Date(trade.at), now),
          total: amounts.get(trade._id) ?? trade.unitPrice * trade.quantity,
        },
      },
    );
    result.trades += written.modifiedCount;
  }
  result.traders = await countCompletedTrades();
  await CounterModel.updateOne({ _id: TRADE_STATUS_MARK }, { $set: { seq: 1 } }, { upsert: true });
  return result;
}

/** Sets every trader's `completedTrades` from the completed trades. */
async function countCompletedTrades(): Promise<number> {
  const completed = await TradeModel.find({ status: 'completed' }, { buyerId: 1, sellerId: 1 }).lean<
    Pick<LiveTradeDoc, 'buyerId' | 'sellerId'>[]
  >();
  const counts = new Map<number, number>();
  for (const { buyerId, sellerId } of completed) {
    for (const id of [buyerId, sellerId]) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  for (const [id, completedTrades] of counts) {
    await ReputationModel.updateOne({ _id: id }, { $set: { completedTrades } }, { upsert: true });
  }
  return counts.size;
}
