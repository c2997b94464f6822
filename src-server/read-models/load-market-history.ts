import { TradeModel, type TradeDoc } from '../models/trade';
import type { MarketHistory, TradeFact } from './market-history';
import type { ReadModelStore } from './read-model-store';

/** Documents per round trip while streaming: large, as the whole collection is read. */
const BATCH_SIZE = 10_000;

export const tradeFact = (
  doc: Pick<TradeDoc, '_id' | 'item' | 'unitPrice' | 'quantity' | 'at'>,
): TradeFact => ({
  id: doc._id,
  item: doc.item,
  unitPrice: doc.unitPrice,
  quantity: doc.quantity,
  at: new Date(doc.at).getTime(),
});

type StoredTrade = Pick<TradeDoc, '_id' | 'item' | 'unitPrice' | 'quantity' | 'at'> & { status?: string };

/** Every stored trade, in one streamed read of the fields the aggregates need and the status. */
async function streamTrades(each: (trade: StoredTrade) => void): Promise<void> {
  const cursor = TradeModel.find({}, { item: 1, unitPrice: 1, quantity: 1, at: 1, status: 1 })
    .lean<StoredTrade>()
    .cursor({ batchSize: BATCH_SIZE });
  for await (const doc of cursor) each(doc as StoredTrade);
}

/**
 * The stored trades but the cancelled ones, which the market forgets (told apart here rather than by
 * the query, which the embedded database could not answer from its index).
 */
export async function readTrades(each: (trade: TradeFact) => void): Promise<void> {
  await streamTrades((trade) => {
    if (trade.status !== 'cancelled') each(tradeFact(trade));
  });
}

/**
 * Fills the price history at start-up, from the trades the read model store kept or else from the
 * database (each trade read is also handed to `read`). Call it after the publisher is attached: trades
 * recorded meanwhile arrive live and are not added twice (MarketHistory.beginLoad).
 */
export async function loadMarketHistory(
  history: MarketHistory,
  stored: readonly TradeFact[] | null,
  read?: (trade: TradeFact) => void,
): Promise<void> {
  history.beginLoad();
  try {
    if (stored) for (const trade of stored) history.addLoaded(trade);
    else
      await readTrades((trade) => {
        history.addLoaded(trade);
        read?.(trade);
      });
  } finally {
    history.endLoad();
  }
}

/**
 * After a crash the store may lack the last trades the database took before it, and so the history
 * loaded from it, or still hold one cancelled just before: in one streamed read of every trade (on
 * FerretDB reading only ids costs nearly as much, and reading by id lists scans again for every list),
 * takes out the cancelled ones it holds and adds those it lacks. Returns how many it added.
 */
export async function reconcileTrades(history: MarketHistory, store: ReadModelStore): Promise<number> {
  let added = 0;
  await streamTrades((trade) => {
    if (trade.status === 'cancelled') {
      // Cancelled just before the crash, before the store dropped it.
      const kept = store.storedTrade(trade._id);
      if (kept) history.remove(kept);
      return;
    }
    // Also skips one recorded live since this start: the history has it already.
    if (store.holdsTrade(trade._id)) return;
    history.add(tradeFact(trade));
    added += 1;
  });
  return added;
}
