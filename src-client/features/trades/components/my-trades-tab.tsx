import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TRADE_STATUSES, type TradeStatus } from '../../../../src-common/schemas/trade';
import { LoadState, SkeletonLines, type LoadStatus } from '../../../components/load-state/load-state';
import { useResync } from '../../../lib/live-sync';
import { TRADE_STATUS_LABELS } from '../trade-view';
import { ensureTradeSync } from '../trade-sync';
import { selectTradesById, tradesWithStatus, tradeStore, useTrades } from '../trades-store';
import { TradeCard } from './trade-card';
import '../trades.css';

const EMPTY: Record<TradeStatus, string> = {
  open: 'No open trades. When an offer of yours is accepted, or you accept one, the trade shows here until both of you confirm it.',
  completed: 'No completed trades yet.',
  disputed: 'No disputed trades.',
  cancelled: 'No cancelled trades.',
};

/** A notification's link names one trade (`?trade=12`): its list is chosen and the trade is scrolled to. */
function useLinkedTrade(onFound: (status: TradeStatus) => void): number | null {
  const [params] = useSearchParams();
  const linked = Number(params.get('trade')) || null;
  useEffect(() => {
    if (linked === null) return;
    tradeStore.loadOne(linked).then(
      () => {
        const trade = useTrades.getState().table.byId[linked];
        if (trade) onFound(trade.status);
      },
      () => undefined,
    );
  }, [linked, onFound]);
  return linked;
}

/**
 * My Profile's trades: open, completed, disputed or cancelled, newest first, paged, live (a trade the
 * other party moves on changes here at once, and moves to its new list). `thread` gives each trade its
 * offer's conversation, from the offers feature.
 */
export function MyTradesTab({ userId, thread }: { userId: number; thread(offerId: number): ReactNode }) {
  const [status, setStatus] = useState<TradeStatus>('open');
  const [load, setLoad] = useState<LoadStatus>('loading');
  const [moreBusy, setMoreBusy] = useState(false);
  const linked = useLinkedTrade(setStatus);
  const byId = useTrades(selectTradesById);
  const pages = useTrades((s) => s.pages[status]);
  const trades = useMemo(
    () => tradesWithStatus(byId, status).filter((t) => t.buyer.id === userId || t.seller.id === userId),
    [byId, status, userId],
  );

  const reload = useCallback(() => {
    setLoad((current) => (useTrades.getState().pages[status] ? current : 'loading'));
    tradeStore.loadPage(status).then(
      () => setLoad('ready'),
      () => setLoad('error'),
    );
  }, [status]);
  useEffect(ensureTradeSync, []);
  useEffect(reload, [reload]);
  useResync(reload);

  useEffect(() => {
    if (linked === null || load !== 'ready') return;
    document.getElementById(`trade-${linked}`)?.scrollIntoView({ block: 'center' });
  }, [linked, load, status]);

  const more = async () => {
    setMoreBusy(true);
    await tradeStore.loadPage(status, true).catch(() => setLoad('error'));
    setMoreBusy(false);
  };

  return (
    <div className="stack my-trades">
      <h2 className="profile-section-title">My Trades</h2>
      <div className="row my-trades-views" role="group" aria-label="Which trades">
        {TRADE_STATUSES.map((value) => (
          <button
            key={value}
            type="button"
            className={`btn small${status === value ? ' primary' : ''}`}
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
          >
            {TRADE_STATUS_LABELS[value]}
          </button>
        ))}
      </div>
      <LoadState
        status={load}
        loadingLabel="Loading your trades"
        placeholder={<SkeletonLines count={6} />}
        error="Failed to load your trades"
        onRetry={reload}
      >
        {trades.length === 0 ? (
          <p className="empty-state">{EMPTY[status]}</p>
        ) : (
          <ul className="trade-list">
            {trades.map((trade) => (
              <li
                key={trade.id}
                id={`trade-${trade.id}`}
                className={trade.id === linked ? 'is-linked' : undefined}
              >
                <TradeCard trade={trade} userId={userId} thread={thread(trade.offerId)} />
              </li>
            ))}
          </ul>
        )}
        {pages && pages.offset < pages.total && (
          <div>
            <button type="button" className="btn" disabled={moreBusy} onClick={() => void more()}>
              {moreBusy ? 'Loading...' : 'Show more trades'}
            </button>
          </div>
        )}
      </LoadState>
    </div>
  );
}
