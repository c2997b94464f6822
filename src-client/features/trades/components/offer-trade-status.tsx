import { useCallback, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { selectUser, useSession } from '../../../lib/session';
import { useResync } from '../../../lib/live-sync';
import { ensureTradeSync } from '../trade-sync';
import { openTradeLines, roleOf, settledLine } from '../trade-view';
import { loadListingTrades, selectTrade, useTrades } from '../trades-store';
import { TradeStatusBadge } from './trade-status-badge';
import '../trades.css';

/**
 * An accepted offer's trade on the listing's page, for its two parties only: its status and where the
 * confirmations stand, live, with a link to act on it in My Trades.
 */
export function OfferTradeStatus({ tradeId, listingId }: { tradeId: number; listingId: number }) {
  const user = useSession(selectUser);
  const trade = useTrades(selectTrade(tradeId));
  const load = useCallback(() => loadListingTrades(listingId), [listingId]);
  useEffect(ensureTradeSync, []);
  useEffect(load, [load]);
  useResync(load);

  const role = trade ? roleOf(trade, user?.id) : null;
  if (!trade || !role) return null;
  const lines = openTradeLines(trade, role);
  return (
    <p className="offer-trade-status">
      <span className="muted">Trade: </span>
      <TradeStatusBadge status={trade.status} />{' '}
      {lines.length > 0 ? lines.join('. ') : settledLine(trade, role)}{' '}
      <Link to={`/myprofile?tab=trades&trade=${trade.id}`}>
        Open in My Trades<span className="visually-hidden"> ({trade.item})</span>
      </Link>
    </p>
  );
}
