import { create } from 'zustand';
import { countLabel } from './count-label';

const UNITS: ReadonlyArray<[seconds: number, label: string]> = [
  [86_400, 'Day'],
  [3_600, 'Hour'],
  [60, 'Minute'],
  [1, 'Second'],
];

/** Younger than this reads "Just now": "0 Seconds Ago" says nothing a reader needs. */
const JUST_NOW_SECONDS = 10;

/**
 * Seconds, minutes, hours or days ago, in words a screen reader says well: "Just now",
 * "1 Minute Ago", "3 Days Ago" (proper plurals rather than "Day(s)").
 */
export function timeAgo(iso: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (seconds < JUST_NOW_SECONDS) return 'Just now';
  const [size, label] = UNITS.find(([s]) => seconds >= s) ?? UNITS[UNITS.length - 1];
  return `${countLabel(Math.floor(seconds / size), label, `${label}s`)} Ago`;
}

const SHORT_UNITS: ReadonlyArray<[seconds: number, suffix: string]> = [
  [86_400, 'd'],
  [3_600, 'h'],
  [60, 'm'],
];

/** The age in a compact row: "now", "5m", "3h", "2d" (timeAgo's words go beside it for screen readers). */
export function shortAge(iso: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  const unit = SHORT_UNITS.find(([s]) => seconds >= s);
  return unit ? `${Math.floor(seconds / unit[0])}${unit[1]}` : 'now';
}

/** One clock for every card, so hundreds of cards share a single timer. */
const useClock = create<{ now: number }>(() => ({ now: Date.now() }));
let ticking = false;

export function useNow(): number {
  if (!ticking && typeof window !== 'undefined') {
    ticking = true;
    setInterval(() => useClock.setState({ now: Date.now() }), 15_000);
  }
  return useClock((s) => s.now);
}
