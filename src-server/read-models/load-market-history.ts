import { TradeModel, type TradeDoc } from '../models/trade';
import type { MarketHistory, TradeFact } from './market-history';

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

/**
 * Adds every stored trade to the history in one streamed read at start-up (only the fields the
 * aggregates need, batch by batch, never the whole collection at once). Call it after the publisher is
 * attached: trades recorded meanwhile arrive live and are not added twice (MarketHistory.beginLoad).
 */
export async function loadMarketHistory(history: MarketHistory): Promise<number> {
  history.beginLoad();
  let count = 0;
  try {
    const cursor = TradeModel.find({}, { item: 1, unitPrice: 1, quantity: 1, at: 1 })
      .lean<TradeDoc>()
      .cursor({ batchSize: BATCH_SIZE });
    for await (const doc of cursor) {
      history.addLoaded(tradeFact(doc as TradeDoc));
      count += 1;
    }
  } finally {
    history.endLoad();
  }
  return count;
}
