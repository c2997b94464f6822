import { onServerEvent } from '../../lib/socket';
import { refreshSummaries } from '../../lib/reputation-summary-store';
import { ensureLiveSync } from '../../lib/live-sync';
import { tradeStore } from './trades-store';

let bound = false;

/**
 * Routes `trade:updated` (sent to both parties' sockets) into the trades store once per page, through
 * the same merge as REST. The other party's action is told by the server's notification toast, so
 * nothing is announced here. Any change of a trade (its status, a feedback) may change both traders'
 * records, which the server counts before it sends the event.
 */
export function ensureTradeSync(): void {
  if (bound) return;
  bound = true;
  ensureLiveSync();
  onServerEvent('trade:updated', ({ trade }) => {
    tradeStore.upsert(trade);
    refreshSummaries([trade.buyer.id, trade.seller.id]);
  });
}
