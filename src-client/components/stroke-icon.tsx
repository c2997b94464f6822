import type { ReactNode } from 'react';

/**
 * A line icon on the 24-unit grid, drawn in the text's colour (`currentColor`), hidden from assistive
 * technology: the control it sits in carries the name. Its shapes inherit the stroke; each sets only its
 * own caps and joins.
 */
export function StrokeIcon({
  size,
  strokeWidth = 2,
  children,
}: {
  size: number;
  strokeWidth?: number;
  children: ReactNode;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
    >
      {children}
    </svg>
  );
}
