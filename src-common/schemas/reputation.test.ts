import { describe, expect, it } from 'vitest';
import { ANSWER_GRACE_HOURS, answerOverdueBefore, answerRate } from './reputation';

describe('answer rate', () => {
  it('counts answered offers and overdue pending ones, never those still within their grace time', () => {
    expect(answerRate(2, 0)).toBe(1);
    expect(answerRate(3, 1)).toBe(0.75);
    expect(answerRate(0, 2)).toBe(0);
  });

  it('is null while no offer counts: fresh pending offers do not make it 0%', () => {
    expect(answerRate(0, 0)).toBeNull();
  });

  it('calls an offer overdue once it has waited longer than the grace time', () => {
    const now = Date.UTC(2026, 10, 27, 12);
    expect(ANSWER_GRACE_HOURS).toBe(48);
    expect(answerOverdueBefore(now).toISOString()).toBe('2026-11-25T12:00:00.000Z');
  });
});
