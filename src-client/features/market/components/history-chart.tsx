import { useMemo } from 'react';
import uPlot from 'uplot';
import type { HistoryBucket, HistoryRange } from '../../../../src-common/schemas/market';
import { PriceTiers } from '../../../components/money/price-tiers';
import { historyColumns, historyDomain, shortCopper, copperIncrements } from '../market-format';
import { BUCKET_MS, RANGE_MS } from '../market-state';
import { themedAxis, themedSeries, UPlotChart, withAlpha, type ChartColors } from './uplot-chart';

const BAND_MAX = 3;
const BAND_MIN = 2;

const priceValue = (_u: uPlot, v: number | null) => (v == null ? '-' : shortCopper(v));

const BAR_SHARE = 0.6;

/**
 * Each volume bar a share of its bucket wide, centred on the bucket's point. uPlot would size bars by the
 * gap between neighbouring points, and a lone bucket (no neighbour) would get the widest bar.
 */
function bucketBars(range: HistoryRange): uPlot.Series.BarsPathBuilderOpts['disp'] {
  const width = (BUCKET_MS[range] / 1000) * BAR_SHARE;
  const times = (u: uPlot) => u.data[0] as number[];
  return {
    x0: { unit: 1, values: (u) => times(u).map((t) => t - width / 2) },
    size: { unit: 1, values: (u) => times(u).map(() => width) },
  };
}

/** The time axis is the range's whole window as of each redraw, however few buckets have trades. */
function historyOptions(colors: ChartColors, range: HistoryRange): Omit<uPlot.Options, 'width' | 'height'> {
  const window: uPlot.Range.Function = (u) =>
    historyDomain(u.data[0] as number[], BUCKET_MS[range], RANGE_MS[range], Date.now());
  return {
    scales: {
      x: { time: true, range: window },
      price: {},
      volume: { range: (_u, _min, max) => [0, Math.max(1, max) * 3] },
    },
    series: [
      {},
      themedSeries(colors, {
        label: 'Median',
        scale: 'price',
        stroke: colors.accent,
        width: 2,
        points: { show: true, size: 6 },
        value: priceValue,
      }),
      themedSeries(colors, {
        label: 'Min',
        scale: 'price',
        stroke: withAlpha(colors.accent, 0.35),
        width: 1,
        value: priceValue,
      }),
      themedSeries(colors, {
        label: 'Max',
        scale: 'price',
        stroke: withAlpha(colors.accent, 0.35),
        width: 1,
        value: priceValue,
      }),
      {
        label: 'Volume',
        scale: 'volume',
        stroke: colors.muted,
        fill: withAlpha(colors.muted, 0.35),
        paths: uPlot.paths.bars!({ size: [BAR_SHARE, 24], disp: bucketBars(range) }),
        points: { show: false },
      },
    ],
    bands: [{ series: [BAND_MAX, BAND_MIN], fill: withAlpha(colors.accent, 0.15) }],
    axes: [
      themedAxis(colors),
      themedAxis(colors, {
        scale: 'price',
        values: (_u, splits) => splits.map(shortCopper),
        incrs: (_u, _axis, _min, max) => copperIncrements(max),
        size: 56,
      }),
      themedAxis(colors, { scale: 'volume', side: 1, grid: { show: false }, size: 40 }),
    ],
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
  };
}

/** One stable options builder per range (the chart is rebuilt when the range changes). */
const RANGE_OPTIONS: Record<HistoryRange, (colors: ChartColors) => Omit<uPlot.Options, 'width' | 'height'>> =
  {
    '48h': (colors) => historyOptions(colors, '48h'),
    '90d': (colors) => historyOptions(colors, '90d'),
  };

const RANGE_LABELS: Record<HistoryRange, string> = { '48h': '48 h', '90d': '90 d' };

function bucketLabel(start: string, range: HistoryRange): string {
  const date = new Date(start);
  return range === '48h'
    ? date.toLocaleString('en-GB', {
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'UTC',
      }) + ' UTC'
    : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

interface HistoryChartProps {
  range: HistoryRange;
  onRange(range: HistoryRange): void;
  buckets: readonly HistoryBucket[];
  status: 'loading' | 'ready' | 'missing' | 'error';
}

/** Price history: median line, min-max band and volume bars, with the same figures as a table for screen readers. */
export function HistoryChart({ range, onRange, buckets, status }: HistoryChartProps) {
  const data = useMemo<uPlot.AlignedData>(() => {
    const c = historyColumns(buckets, BUCKET_MS[range]);
    return [c.times, c.median, c.min, c.max, c.volume];
  }, [buckets, range]);
  return (
    <section className="card market-section" aria-labelledby="history-heading">
      <div className="row market-section-head">
        <h2 id="history-heading">Price history</h2>
        <div className="market-range" role="group" aria-label="Range">
          {(Object.keys(RANGE_LABELS) as HistoryRange[]).map((r) => (
            <button
              key={r}
              type="button"
              className={`btn small${r === range ? ' primary' : ' ghost'}`}
              aria-pressed={r === range}
              onClick={() => onRange(r)}
            >
              {RANGE_LABELS[r]}
            </button>
          ))}
        </div>
      </div>
      {status === 'error' && <p className="error-text">Failed to load the price history</p>}
      {status === 'loading' && buckets.length === 0 && <p className="muted">Loading price history...</p>}
      {status === 'ready' && buckets.length === 0 && (
        <p className="empty-state">No trades in the last {RANGE_LABELS[range]}.</p>
      )}
      {buckets.length > 0 && (
        <>
          <UPlotChart options={RANGE_OPTIONS[range]} data={data} height={240} />
          <p className="market-chart-key muted" aria-hidden="true">
            Line: median price each · band: lowest to highest · bars: quantity traded
          </p>
          {/* The wrapper hides it: a table ignores the class's 1 px width and would widen the page. */}
          <div className="visually-hidden">
            <table data-testid="history-table">
              <caption>
                Trades per {range === '48h' ? 'hour' : 'day'}, last {RANGE_LABELS[range]}, oldest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">{range === '48h' ? 'Hour' : 'Day'}</th>
                  <th scope="col">Trades</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Median each</th>
                  <th scope="col">Lowest</th>
                  <th scope="col">Highest</th>
                </tr>
              </thead>
              <tbody>
                {buckets.map((b) => (
                  <tr key={b.start}>
                    <th scope="row">{bucketLabel(b.start, range)}</th>
                    <td>{b.trades}</td>
                    <td>{b.volume}</td>
                    <td>
                      <PriceTiers copper={Math.round(b.median)} />
                    </td>
                    <td>
                      <PriceTiers copper={b.min} />
                    </td>
                    <td>
                      <PriceTiers copper={b.max} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
