import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

const at = Date.UTC(2025, 5, 1, 12, 0, 0);
const before = (seconds: number) => new Date(at - seconds * 1000).toISOString();

describe('timeAgo', () => {
  it.each([
    [0, '0 Second(s) Ago'],
    [59, '59 Second(s) Ago'],
    [60, '1 Minute(s) Ago'],
    [3599, '59 Minute(s) Ago'],
    [7200, '2 Hour(s) Ago'],
    [86_400 * 3 + 5, '3 Day(s) Ago'],
  ])('%i seconds reads "%s"', (seconds, text) => {
    expect(timeAgo(before(seconds), at)).toBe(text);
  });

  it('reads a time slightly ahead of the local clock as 0 seconds', () => {
    expect(timeAgo(new Date(at + 5000).toISOString(), at)).toBe('0 Second(s) Ago');
  });
});
