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
