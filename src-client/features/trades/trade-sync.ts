import { onServerEvent } from '../../lib/socket';
import { refreshSummaries } from '../../lib/reputation-summary-store';
import { ensureLiveSync } from '../../lib/live-sync';
import { tradeStore, useTrades } from './trades-store';

let bound = false;

/**
 * Routes `trade:updated` (sent to both parties' sockets) into the trades store once per page, through
 * the same merge as REST. The other party's action is told by the server's notification toast, so
 * nothing is announced here. A trade that completes or is called off changes both traders' records.
 */
export function ensureTradeSync(): void {
  if (bound) return;
  bound = true;
  ensureLiveSync();
  onServerEvent('trade:updated', ({ trade }) => {
    const before = useTrades.getState().table.byId[trade.id];
    tradeStore.upsert(trade);
    if (before?.status !== trade.status) refreshSummaries([trade.buyer.id, trade.seller.id]);
  });
}
