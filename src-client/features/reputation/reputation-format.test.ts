import { describe, expect, it } from 'vitest';
import { formatDuration, trustLine } from './reputation-format';

const base = {
  trades: 31,
  offersReceived: 50,
  offersAnswered: 47,
  answerRate: 0.94,
  medianResponseSeconds: 720,
  memberSince: '2025-01-01T00:00:00.000Z',
};

describe('trustLine', () => {
  it('reads like the issue: trades, answer rate, usual response time', () => {
    expect(trustLine(base)).toBe('31 trades · answers 94% · usually within 12 min');
  });

  it('leaves out what cannot be measured yet, and says 1 trade', () => {
    expect(trustLine({ ...base, trades: 1, answerRate: null, medianResponseSeconds: null })).toBe('1 trade');
  });
});

describe('formatDuration', () => {
  it('uses minutes (at least 1), hours or days', () => {
    expect([0, 45, 90, 3 * 3600 + 100, 86_400, 3 * 86_400].map(formatDuration)).toEqual([
      '1 min',
      '1 min',
      '2 min',
      '3 h',
      '1 day',
      '3 days',
    ]);
  });
});
