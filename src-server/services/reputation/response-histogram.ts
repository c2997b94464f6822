/**
 * Response times kept as per-day histograms, so a median over a window costs the same however many
 * offers a trader answered: at most WINDOW_DAYS days of at most ~300 buckets each.
 *
 * Buckets: one per whole second below a minute (exact), then geometric buckets 5% wide; a bucket stands
 * for the geometric middle of its range, so a median from it is within 2.5% of the true one.
 */
const LINEAR_UP_TO = 60;
const RATIO = 1.05;

/** Days (UTC) the median looks back over, today included. */
export const WINDOW_DAYS = 90;
const DAY_MS = 86_400_000;

/** A day's histogram: bucket key (`b<n>`) to how many answers fell in it. */
export type DayHistogram = Record<string, number>;

/** The bucket key of a response time in seconds (negative clock skew counts as 0). */
export function bucketOf(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < LINEAR_UP_TO) return `b${s}`;
  return `b${LINEAR_UP_TO + Math.floor(Math.log(s / LINEAR_UP_TO) / Math.log(RATIO))}`;
}

/** The time a bucket stands for, in whole seconds. */
export function bucketSeconds(key: string): number {
  const n = Number(key.slice(1));
  if (n < LINEAR_UP_TO) return n;
  return Math.round(LINEAR_UP_TO * RATIO ** (n - LINEAR_UP_TO + 0.5));
}

/** The key of the UTC day a time falls on (`d<days since 1970>`). */
export function dayOf(at: Date | number): string {
  return `d${Math.floor(new Date(at).getTime() / DAY_MS)}`;
}

/** Whether a day key lies within the window that ends on the day of `now`. */
export function inWindow(day: string, now: Date | number): boolean {
  const today = Math.floor(new Date(now).getTime() / DAY_MS);
  return Number(day.slice(1)) > today - WINDOW_DAYS;
}

/**
 * The lower median (the ⌈n/2⌉-th smallest answer) of the days within the window, in seconds; null when
 * they hold no answer.
 */
export function windowMedian(days: Record<string, DayHistogram>, now: Date | number): number | null {
  const counts = new Map<number, number>();
  let total = 0;
  for (const [day, histogram] of Object.entries(days)) {
    if (!inWindow(day, now)) continue;
    for (const [key, count] of Object.entries(histogram)) {
      const n = Number(key.slice(1));
      counts.set(n, (counts.get(n) ?? 0) + count);
      total += count;
    }
  }
  if (total === 0) return null;
  const rank = Math.ceil(total / 2);
  let seen = 0;
  for (const n of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(n)!;
    if (seen >= rank) return bucketSeconds(`b${n}`);
  }
  return null;
}
