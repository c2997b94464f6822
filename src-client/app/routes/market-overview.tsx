import { useCallback } from 'react';
import {
  listedFigure,
  moveFigure,
  OverviewList,
  tradesFigure,
} from '../../features/market/components/overview-list';
import { marketActions, selectOverview, useMarket } from '../../features/market/market-store';
import { useLiveLoader } from '../../lib/live-sync';
import { useNow } from '../../lib/time-ago';
import '../../features/market/components/market.css';

/** /market: the most traded items, the biggest movers and the newest listed, each row linking to its item page. */
export function Component() {
  const overview = useMarket(selectOverview);
  const now = useNow();
  const load = useCallback(() => void marketActions.loadOverview(), []);
  useLiveLoader(load);
  const data = overview.data;
  return (
    <div className="stack">
      <h1 className="page-title">Market</h1>
      {overview.status === 'error' && (
        <div className="row">
          <p className="error-text">Failed to load the market overview</p>
          <button type="button" className="btn small" onClick={load}>
            Try again
          </button>
        </div>
      )}
      {!data && overview.status !== 'error' && (
        <p className="muted" role="status">
          Loading market...
        </p>
      )}
      {data && (
        <div className="market-overview">
          <OverviewList
            id="most-traded"
            title="Most traded, 24 h"
            rows={data.mostTraded}
            figure={tradesFigure}
            empty="No trades in the last 24 hours."
          />
          <OverviewList
            id="movers"
            title="Movers, 24 h against 7 days"
            rows={data.movers}
            figure={moveFigure}
            empty="No price moved: no item traded enough this week, or its price held."
          />
          <OverviewList
            id="newest"
            title="Newest listed"
            rows={data.newest}
            figure={(row) => listedFigure(row, now)}
            empty="No live listings."
          />
        </div>
      )}
    </div>
  );
}
