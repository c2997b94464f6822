import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketOf, dayOf, windowMedian, type DayHistogram } from './response-histogram';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 23, 12);

function histogramsOf(answers: { seconds: number; daysAgo: number }[]): Record<string, DayHistogram> {
  const days: Record<string, DayHistogram> = {};
  for (const { seconds, daysAgo } of answers) {
    const day = (days[dayOf(now - daysAgo * DAY)] ??= {});
    const bucket = bucketOf(seconds);
    day[bucket] = (day[bucket] ?? 0) + 1;
  }
  return days;
}

describe('windowMedian', () => {
  it('is null with no answer in the window', () => {
    expect(windowMedian({}, now)).toBeNull();
    expect(windowMedian(histogramsOf([{ seconds: 30, daysAgo: 90 }]), now)).toBeNull();
  });

  it('is exact under a minute and counts today and the 89 days before', () => {
    const days = histogramsOf([
      { seconds: 5, daysAgo: 0 },
      { seconds: 40, daysAgo: 89 },
      { seconds: 7, daysAgo: 3 },
      { seconds: 1, daysAgo: 120 },
    ]);
    expect(windowMedian(days, now)).toBe(7);
  });

  it('is the lower median within 2.5% of the true one (brute force)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            seconds: fc.integer({ min: 0, max: 30 * 86_400 }),
            daysAgo: fc.integer({ min: 0, max: 89 }),
          }),
          { minLength: 1, maxLength: 60 },
        ),
        (answers) => {
          const sorted = answers.map((a) => a.seconds).sort((a, b) => a - b);
          const truth = sorted[Math.ceil(sorted.length / 2) - 1];
          const median = windowMedian(histogramsOf(answers), now)!;
          if (truth < 60) expect(median).toBe(truth);
          else expect(Math.abs(median - truth) / truth).toBeLessThanOrEqual(0.025);
        },
      ),
    );
  });
});
