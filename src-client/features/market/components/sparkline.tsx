import { sparklinePoints } from '../market-format';

const WIDTH = 96;
const HEIGHT = 28;

/** A 7-day median line drawn in SVG (no chart library for a row's thumbnail); its words are in the row. */
export function Sparkline({ values }: { values: readonly number[] }) {
  if (values.length === 0) return <span className="market-sparkline is-empty" aria-hidden="true" />;
  return (
    <svg
      className="market-sparkline"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      aria-hidden="true"
    >
      <polyline
        points={sparklinePoints(values, WIDTH, HEIGHT)}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
    </svg>
  );
}
