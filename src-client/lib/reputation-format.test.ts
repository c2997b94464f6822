import { describe, expect, it } from 'vitest';
import { formatDuration, summaryLine, trustLine } from './reputation-format';

const base = {
  trades: 31,
  completedTrades: 28,
  feedback: { positive: 20, neutral: 1, negative: 1 },
  latestFeedback: [],
  offersReceived: 50,
  offersAnswered: 47,
  answerRate: 0.94,
  medianResponseSeconds: 720,
  memberSince: '2025-01-01T00:00:00.000Z',
};

describe('trustLine', () => {
  it('reads trades, answer rate, usual response time', () => {
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

describe('summaryLine', () => {
  it('says the completed trades and, once there is feedback, the positive share', () => {
    expect(summaryLine({ completedTrades: 12, positiveShare: 0.954 })).toBe('12 completed · 95% positive');
    expect(summaryLine({ completedTrades: 1, positiveShare: null })).toBe('1 completed');
    expect(summaryLine({ completedTrades: 0, positiveShare: 0 })).toBe('0 completed · 0% positive');
  });

  it('says so when there is nothing yet', () => {
    expect(summaryLine({ completedTrades: 0, positiveShare: null })).toBe('No completed trades');
  });
});
