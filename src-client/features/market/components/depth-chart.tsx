import { useMemo } from 'react';
import uPlot from 'uplot';
import type { BookLevel } from '../../../../src-common/schemas/market';
import { depthColumns, shortCopper, copperIncrements } from '../market-format';
import { themedAxis, themedSeries, UPlotChart, withAlpha, type ChartColors } from './uplot-chart';

function depthOptions(colors: ChartColors): Omit<uPlot.Options, 'width' | 'height'> {
  const stepped = uPlot.paths.stepped!({ align: 1 });
  return {
    scales: { x: { time: false }, depth: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] } },
    series: [
      {},
      themedSeries(colors, {
        label: 'Bids',
        scale: 'depth',
        stroke: colors.buy,
        fill: withAlpha(colors.buy, 0.2),
        width: 2,
        paths: stepped,
      }),
      themedSeries(colors, {
        label: 'Asks',
        scale: 'depth',
        stroke: colors.sell,
        fill: withAlpha(colors.sell, 0.2),
        width: 2,
        paths: stepped,
      }),
    ],
    axes: [
      themedAxis(colors, {
        values: (_u, splits) => splits.map(shortCopper),
        incrs: (_u, _axis, _min, max) => copperIncrements(max),
      }),
      themedAxis(colors, { scale: 'depth', size: 44 }),
    ],
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
  };
}

/** How much the book holds at each price, cumulative away from the spread. The book's tables carry the figures. */
export function DepthChart({ asks, bids }: { asks: readonly BookLevel[]; bids: readonly BookLevel[] }) {
  const data = useMemo<uPlot.AlignedData>(() => {
    const c = depthColumns(asks, bids);
    return [c.prices, c.bidDepth, c.askDepth];
  }, [asks, bids]);
  if (asks.length + bids.length === 0) return null;
  return (
    <figure className="market-depth">
      <UPlotChart options={depthOptions} data={data} height={180} />
      <figcaption className="muted">
        Depth: quantity wanted at or above each bid price (green), offered at or below each ask price (red)
      </figcaption>
    </figure>
  );
}
