import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTheme } from '../../../lib/theme';

/** The theme's colours as the canvas needs them, read from the CSS variables of global.css. */
export interface ChartColors {
  text: string;
  muted: string;
  grid: string;
  surface: string;
  accent: string;
  buy: string;
  sell: string;
}

function readColors(): ChartColors {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string) => css.getPropertyValue(name).trim();
  return {
    text: v('--text'),
    muted: v('--muted'),
    grid: v('--border'),
    surface: v('--surface'),
    accent: v('--accent'),
    buy: v('--success'),
    sell: v('--danger'),
  };
}

/** A #rrggbb colour at some opacity, for fills under lines and bands. */
export function withAlpha(hex: string, alpha: number): string {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return hex;
  return `${hex}${Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0')}`;
}

/** An axis in the theme's colours. */
export function themedAxis(colors: ChartColors, axis: uPlot.Axis = {}): uPlot.Axis {
  return {
    stroke: colors.muted,
    grid: { stroke: colors.grid, width: 1 },
    ticks: { stroke: colors.grid, width: 1 },
    ...axis,
  };
}

/** A data series whose points are hollow on the card's colour (uPlot fills them white by default). */
export function themedSeries(colors: ChartColors, series: uPlot.Series): uPlot.Series {
  return { ...series, points: { fill: colors.surface, ...series.points } };
}

interface UPlotChartProps {
  /** Builds the chart's options for the theme's colours; keep it a stable (module-level) function. */
  options(colors: ChartColors): Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height: number;
}

/**
 * One uPlot canvas as wide as its container: rebuilt when the theme changes (canvas colours do not follow
 * CSS), resized with the container, fed new data in place. Hidden from assistive technology: each chart
 * gives its figures as text beside it.
 */
export function UPlotChart({ options, data, height }: UPlotChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const dataRef = useRef(data);
  dataRef.current = data;
  const theme = useTheme((s) => s.theme);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const plot = new uPlot(
      { ...options(readColors()), width: box.clientWidth, height },
      dataRef.current,
      box,
    );
    plotRef.current = plot;
    const resize = new ResizeObserver(() => plot.setSize({ width: box.clientWidth, height }));
    resize.observe(box);
    return () => {
      resize.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [options, height, theme]);

  useEffect(() => {
    plotRef.current?.setData(data);
  }, [data]);

  return <div ref={boxRef} className="market-chart" aria-hidden="true" />;
}
