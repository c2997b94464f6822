import { TradeModel, type TradeDoc } from '../models/trade';
import { isSavedHistory, type MarketHistory, type SavedHistory, type TradeFact } from './market-history';
import { snapshotFile } from './snapshot-file';

/** Documents per round trip while streaming: large, as the whole collection is read. */
const BATCH_SIZE = 10_000;

/** The price history's snapshot (snapshot-file.ts), written at a clean stop of the embedded database's writer. */
const snapshot = snapshotFile<SavedHistory>('market-history.json', 'market-history-snapshot', isSavedHistory);

export const saveMarketHistory = (dataDir: string, history: MarketHistory) =>
  snapshot.save(dataDir, history.save());
/** No snapshot on disk matches any more (a start backfilled trades it lacks). */
export const forgetMarketHistory = () => snapshot.markWritten();

export const tradeFact = (
  doc: Pick<TradeDoc, '_id' | 'item' | 'unitPrice' | 'quantity' | 'at'>,
): TradeFact => ({
  id: doc._id,
  item: doc.item,
  unitPrice: doc.unitPrice,
  quantity: doc.quantity,
  at: new Date(doc.at).getTime(),
});

/** Every stored trade in one streamed read: only the fields the aggregates need, batch by batch. */
async function readTrades(history: MarketHistory): Promise<void> {
  const cursor = TradeModel.find({}, { item: 1, unitPrice: 1, quantity: 1, at: 1 })
    .lean<TradeDoc>()
    .cursor({ batchSize: BATCH_SIZE });
  for await (const doc of cursor) history.addLoaded(tradeFact(doc as TradeDoc));
}

/**
 * Fills the price history at start-up. Call it after the publisher is attached: trades recorded meanwhile
 * arrive live and are not added twice (MarketHistory.beginLoad). Given the data directory of the embedded
 * database's only writer, the snapshot its last clean stop left there stands in for reading every trade
 * while it still matches, as for the listing and offer indexes (load-read-models.ts).
 */
export async function loadMarketHistory(
  history: MarketHistory,
  snapshotDir: string | null = null,
): Promise<'snapshot' | 'database'> {
  const saved = snapshotDir ? await snapshot.read(snapshotDir) : null;
  if (saved) history.restore(saved);
  else {
    history.beginLoad();
    try {
      await readTrades(history);
    } finally {
      history.endLoad();
    }
  }
  if (snapshotDir) await snapshot.markWritten();
  return saved ? 'snapshot' : 'database';
}
