import { CounterModel } from '../models/counter';
import { TradeModel, type LiveTradeDoc } from '../models/trade';
import {
  OpenTradeModel,
  TradeBookModel,
  type OpenTradeDoc,
  type TradeBookDoc,
  type TradeBookEntry,
} from '../models/trade-books';
import { insertIgnoringDuplicates } from '../lib/bulk-writes';
import { ensureTradeBooks } from '../services/trades/trade-books';

/** The counters document that says the trade bookkeeping was built from the trades on this database. */
export const TRADE_BOOKS_MARK = 'migration:trade-books';

export interface TradeBooksMigration {
  /** Book entries this run added. */
  entries: number;
  /** Open trades' deadlines this run added. */
  open: number;
}

/** Documents per round trip of the read: every trade is read. */
const BATCH_SIZE = 10_000;

type Facts = Pick<
  LiveTradeDoc,
  '_id' | 'at' | 'status' | 'listingId' | 'buyerId' | 'sellerId' | 'activityAt' | 'remindedAt'
>;

/**
 * Builds the trade bookkeeping (models/trade-books.ts: each trader's book, the open trades' deadlines)
 * from the trades, at start-up after every migration that gives trades their status and before serving:
 * one streamed read of every trade, then one write per trader and the missing deadlines, a thousand to
 * an insert. Only what is missing is added (an entry or a deadline a live write made is newer than the
 * read), so it is safe to run twice, and again after a start that gave trades their status (`again`); a
 * finished run leaves a mark, so later starts read one counters document.
 */
export async function migrateTradeBooks(again = false): Promise<TradeBooksMigration> {
  const result: TradeBooksMigration = { entries: 0, open: 0 };
  if (!again && (await CounterModel.exists({ _id: TRADE_BOOKS_MARK }))) return result;
  const books = new Map<number, Map<number, TradeBookEntry>>();
  const deadlines: OpenTradeDoc[] = [];
  const trades = TradeModel.find(
    { status: { $exists: true } },
    { at: 1, status: 1, listingId: 1, buyerId: 1, sellerId: 1, activityAt: 1, remindedAt: 1 },
  )
    .lean<Facts>()
    .cursor({ batchSize: BATCH_SIZE });
  for await (const doc of trades) {
    const trade = doc as Facts;
    for (const userId of [trade.buyerId, trade.sellerId]) {
      let book = books.get(userId);
      if (!book) books.set(userId, (book = new Map()));
      book.set(trade._id, { at: trade.at, status: trade.status, listingId: trade.listingId });
    }
    if (trade.status !== 'open') continue;
    deadlines.push({
      _id: trade._id,
      listingId: trade.listingId,
      activityAt: trade.activityAt ?? trade.at,
      remindedAt: trade.remindedAt ?? null,
    });
  }
  await ensureTradeBooks([...books.keys()]);
  for (const [userId, entries] of books) {
    const held = await TradeBookModel.findById(userId).lean<TradeBookDoc>();
    const missing = Object.fromEntries(
      [...entries].filter(([id]) => !held?.trades[id]).map(([id, entry]) => [`trades.${id}`, entry]),
    );
    const count = Object.keys(missing).length;
    if (!count) continue;
    await TradeBookModel.updateOne({ _id: userId }, { $set: missing });
    result.entries += count;
  }
  result.open = await insertIgnoringDuplicates(OpenTradeModel, deadlines);
  await CounterModel.updateOne({ _id: TRADE_BOOKS_MARK }, { $set: { seq: 1 } }, { upsert: true });
  return result;
}
