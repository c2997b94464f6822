import { useCallback, useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { TradeParty } from '../../../../src-common/schemas/trade';
import { CopyButton } from '../../../components/copy-button';
import { LoadError } from '../../../components/load-state/load-state';
import { selectUser, useSession } from '../../../lib/session';
import { useResync } from '../../../lib/live-sync';
import { ensureTradeSync } from '../trade-sync';
import { openTradeLines, roleOf, settledLine } from '../trade-view';
import { loadListingTrades, selectTrade, useListingTradesFailed, useTrades } from '../trades-store';
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

  const failed = useListingTradesFailed((s) => s[listingId] === true);

  if (!trade && failed) return <LoadError message="Failed to load this trade's status" onRetry={load} />;
  const role = trade ? roleOf(trade, user?.id) : null;
  if (!trade || !role) return null;
  const lines = openTradeLines(trade, role);
  return (
    <div className="offer-trade">
      <p className="offer-trade-status">
        <span className="muted">Trade: </span>
        <TradeStatusBadge status={trade.status} />{' '}
        {lines.length > 0 ? lines.join('. ') : settledLine(trade, role)}{' '}
        <Link to={`/myprofile?tab=trades&trade=${trade.id}`}>
          Open in My Trades<span className="visually-hidden"> ({trade.item})</span>
        </Link>
      </p>
      <PartnerIgn partner={trade[role === 'buyer' ? 'seller' : 'buyer']} />
    </div>
  );
}

/** The other trader's in-game name, to find them in the game, with Copy; or that they have not set one. */
function PartnerIgn({ partner }: { partner: TradeParty }) {
  if (partner.ign === undefined) return null;
  if (partner.ign === null) {
    return (
      <p className="offer-trade-ign muted">
        {partner.username} has not set an in-game name yet: ask for it in the messages below.
      </p>
    );
  }
  return (
    <p className="offer-trade-ign">
      <span className="muted">{partner.username}&apos;s in-game name: </span>
      <strong className="ign">{partner.ign}</strong>{' '}
      <CopyButton text={partner.ign} label={`${partner.username}'s in-game name`} />
    </p>
  );
}
