import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { OverviewRow } from '../../../../src-common/schemas/market';
import { PriceTiers, priceInWords } from '../../../components/money/price-tiers';
import { itemPath } from '../../../lib/item-path';
import { timeAgo } from '../../../lib/time-ago';
import { formatChange } from '../market-format';
import { Sparkline } from './sparkline';

interface OverviewListProps {
  id: string;
  title: string;
  rows: readonly OverviewRow[];
  /** The figure the list ranks by, as the row shows it. */
  figure(row: OverviewRow): ReactNode;
  empty: string;
}

/** The row's price in words: the latest 7-day median, and where it started when the week moved it. */
function MedianLine({ row }: { row: OverviewRow }) {
  const points = row.sparkline;
  if (points.length === 0) return <span className="market-row-median">No trades in 7 days</span>;
  const first = Math.round(points[0].median);
  const last = Math.round(points[points.length - 1].median);
  return (
    <span className="market-row-median">
      7-day median <PriceTiers copper={last} />
      {first !== last && <span className="visually-hidden">, from {priceInWords(first)}</span>}
    </span>
  );
}

/**
 * One of the overview's three lists: each row links to its item page, with its ranking figure, and its
 * 7-day median in words under a sparkline of it.
 */
export function OverviewList({ id, title, rows, figure, empty }: OverviewListProps) {
  return (
    <section className="card market-section market-overview-list" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p className="empty-state">{empty}</p>
      ) : (
        <ol className="market-rows">
          {rows.map((row) => (
            <li key={row.item} className="market-row">
              <Link className="market-row-name" to={itemPath(row.item)}>
                {row.item}
              </Link>
              <span className="market-row-figure">{figure(row)}</span>
              <span className="market-row-trend">
                <Sparkline values={row.sparkline.map((p) => p.median)} />
              </span>
              <MedianLine row={row} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export const tradesFigure = (row: OverviewRow) =>
  `${row.trades24h.toLocaleString('en-US')} ${row.trades24h === 1 ? 'trade' : 'trades'}`;

export const moveFigure = (row: OverviewRow) =>
  row.change === null ? (
    '-'
  ) : (
    <span className={row.change >= 0 ? 'market-up' : 'market-down'}>{formatChange(row.change)}</span>
  );

export const listedFigure = (row: OverviewRow, now: number) =>
  row.listedAt ? (
    <time dateTime={row.listedAt} title={new Date(row.listedAt).toLocaleString()}>
      {timeAgo(row.listedAt, now)}
    </time>
  ) : (
    '-'
  );
