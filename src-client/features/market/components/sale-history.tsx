import { useCallback, useState } from 'react';
import { PriceTiers } from '../../../components/money/price-tiers';
import { useLiveLoader } from '../../../lib/live-sync';
import { useNow } from '../../../lib/time-ago';
import { perDayText, salesSummary } from '../desk-figures';
import { tradeTime } from '../market-format';
import { marketActions, selectItemMarket, useMarket } from '../market-store';

/** Sales shown at first, and added by each Show more. */
const SALES_STEP = 10;

/** The item's latest trades one by one (live), with their average price and sales a day. */
export function SaleHistory({ item }: { item: string }) {
  const load = useCallback(() => void marketActions.loadSales(item), [item]);
  useLiveLoader(load);
  const sales = useMarket(selectItemMarket(item)).sales;
  const [shown, setShown] = useState(SALES_STEP);
  const now = useNow();
  const list = sales?.list ?? [];
  const visible = list.slice(0, shown);
  const summary = salesSummary(visible, now);
  return (
    <section className="card market-section stack" aria-labelledby="sales-heading">
      <h2 id="sales-heading">Sale history</h2>
      {sales?.status === 'error' && <p className="error-text">Failed to load the sale history</p>}
      {(!sales || sales.status === 'loading') && list.length === 0 && (
        <p className="muted">Loading sale history...</p>
      )}
      {sales?.status === 'ready' && list.length === 0 && (
        <p className="empty-state">{item} has not traded here yet.</p>
      )}
      {summary && (
        <p className="sales-summary" data-testid="sales-summary">
          Average <PriceTiers copper={summary.averageEach} /> each over the {visible.length}{' '}
          {visible.length === 1 ? 'sale' : 'sales'} shown ({summary.volume.toLocaleString('en-US')}{' '}
          {summary.volume === 1 ? 'item' : 'items'}), {perDayText(summary.perDay)} since{' '}
          {new Date(summary.since).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })}.
        </p>
      )}
      {visible.length > 0 && (
        <table className="market-book-table sales-table">
          <caption className="visually-hidden">Sales, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col" className="desk-number">
                Quantity
              </th>
              <th scope="col" className="desk-number">
                Price each
              </th>
            </tr>
          </thead>
          <tbody>
            {visible.map((sale, i) => (
              <tr key={`${sale.at}-${i}`}>
                <td>
                  <time dateTime={sale.at}>{tradeTime(sale.at)}</time>
                </td>
                <td className="desk-number">{sale.quantity.toLocaleString('en-US')}</td>
                <td className="desk-number">
                  <PriceTiers copper={sale.unitPrice} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.length > shown && (
        <div>
          <button type="button" className="btn small" onClick={() => setShown((n) => n + SALES_STEP)}>
            Show more sales
          </button>
        </div>
      )}
    </section>
  );
}
