import { TradeModel, type TradeDoc } from '../models/trade';
import type { MarketHistory, TradeFact } from './market-history';
import type { ReadModelStore } from './read-model-store';

/** Documents per round trip while streaming: large, as the whole collection is read. */
const BATCH_SIZE = 10_000;
/** Ids per `$in` when fetching the trades a store lacks. */
const FETCH_CHUNK = 1000;

export const tradeFact = (
  doc: Pick<TradeDoc, '_id' | 'item' | 'unitPrice' | 'quantity' | 'at'>,
): TradeFact => ({
  id: doc._id,
  item: doc.item,
  unitPrice: doc.unitPrice,
  quantity: doc.quantity,
  at: new Date(doc.at).getTime(),
});

/**
 * The stored trades (or those with the given ids) in one streamed read of the fields the aggregates need,
 * but the cancelled ones, which the market forgets (told apart here rather than by the query, which the
 * embedded database could not answer from its index).
 */
export async function readTrades(each: (trade: TradeFact) => void, ids?: number[]): Promise<void> {
  const cursor = TradeModel.find(ids ? { _id: { $in: ids } } : {}, {
    item: 1,
    unitPrice: 1,
    quantity: 1,
    at: 1,
    status: 1,
  })
    .lean<TradeDoc & { status?: string }>()
    .cursor({ batchSize: BATCH_SIZE });
  for await (const doc of cursor) {
    const trade = doc as TradeDoc & { status?: string };
    if (trade.status !== 'cancelled') each(tradeFact(trade));
  }
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
 * loaded from it, or still hold one cancelled just before: reads every trade's id and status, takes out
 * the cancelled ones it holds and adds those it lacks. Returns how many it added.
 */
export async function reconcileTrades(history: MarketHistory, store: ReadModelStore): Promise<number> {
  const ids: number[] = [];
  const cursor = TradeModel.find({}, { _id: 1, status: 1 })
    .lean<{ _id: number; status?: string }>()
    .cursor({ batchSize: BATCH_SIZE });
  const cancelled: number[] = [];
  for await (const doc of cursor) {
    const trade = doc as { _id: number; status?: string };
    (trade.status === 'cancelled' ? cancelled : ids).push(trade._id);
  }
  // Cancelled just before the crash, before the store dropped it.
  for (const id of cancelled) {
    const kept = store.storedTrade(id);
    if (kept) history.remove(kept);
  }
  const missing = store.missingTrades(ids);
  let added = 0;
  for (let i = 0; i < missing.length; i += FETCH_CHUNK) {
    await readTrades(
      (trade) => {
        // Recorded live since the ids were read: the history has it already.
        if (store.holdsTrade(trade.id)) return;
        history.add(trade);
        added += 1;
      },
      missing.slice(i, i + FETCH_CHUNK),
    );
  }
  return added;
}
