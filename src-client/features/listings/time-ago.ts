import { create } from 'zustand';

const UNITS: ReadonlyArray<[seconds: number, label: string]> = [
  [86_400, 'Day'],
  [3_600, 'Hour'],
  [60, 'Minute'],
  [1, 'Second'],
];

/** "N Second(s) Ago" ... "N Day(s) Ago", the spec's wording. */
export function timeAgo(iso: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  const [size, label] = UNITS.find(([s]) => seconds >= s) ?? UNITS[UNITS.length - 1];
  return `${Math.floor(seconds / size)} ${label}(s) Ago`;
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
