import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { OverviewRow } from '../../../../src-common/schemas/market';
import { formatCopper } from '../../../../src-common/money';
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

/** The words for a sparkline: where the 7-day median started and ended. */
function trendWords(row: OverviewRow): string {
  const points = row.sparkline;
  if (points.length === 0) return 'No trades in 7 days';
  const first = points[0].median;
  const last = points[points.length - 1].median;
  return points.length === 1
    ? `7-day median ${formatCopper(Math.round(last))}`
    : `7-day median from ${formatCopper(Math.round(first))} to ${formatCopper(Math.round(last))}`;
}

/** One of the overview's three lists: each row links to its item page, with its 7-day median sparkline. */
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
                <span className="visually-hidden">{trendWords(row)}</span>
              </span>
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
