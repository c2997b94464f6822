import { describe, expect, it } from 'vitest';
import { shortAge, timeAgo } from './time-ago';

const at = Date.UTC(2025, 5, 1, 12, 0, 0);
const before = (seconds: number) => new Date(at - seconds * 1000).toISOString();

describe('timeAgo', () => {
  it.each([
    [0, 'Just now'],
    [9, 'Just now'],
    [10, '10 Seconds Ago'],
    [59, '59 Seconds Ago'],
    [60, '1 Minute Ago'],
    [3599, '59 Minutes Ago'],
    [3600, '1 Hour Ago'],
    [7200, '2 Hours Ago'],
    [86_400, '1 Day Ago'],
    [86_400 * 3 + 5, '3 Days Ago'],
  ])('%i seconds reads "%s"', (seconds, text) => {
    expect(timeAgo(before(seconds), at)).toBe(text);
  });

  it('reads a time slightly ahead of the local clock as just now', () => {
    expect(timeAgo(new Date(at + 5000).toISOString(), at)).toBe('Just now');
  });
});

describe('shortAge', () => {
  it.each([
    [0, 'now'],
    [59, 'now'],
    [60, '1m'],
    [3599, '59m'],
    [3600, '1h'],
    [86_399, '23h'],
    [86_400 * 12, '12d'],
  ])('%i seconds reads "%s"', (seconds, text) => {
    expect(shortAge(before(seconds), at)).toBe(text);
  });
});
