import { describe, expect, it } from 'vitest';
import { EMPTY_SUSPENSION, suspendBody, suspendProblem } from './suspend-fields';

describe('suspendProblem', () => {
  it('asks for a reason', () => {
    expect(suspendProblem({ ...EMPTY_SUSPENSION, reason: '  ' })).toBe('Give a reason for the suspension');
  });

  it('takes 1 to 3650 whole days, or permanent whatever the days say', () => {
    const base = { ...EMPTY_SUSPENSION, reason: 'Scam' };
    expect(suspendProblem({ ...base, days: '1' })).toBeNull();
    expect(suspendProblem({ ...base, days: '3650' })).toBeNull();
    for (const days of ['0', '3651', '1.5', '', 'x'])
      expect(suspendProblem({ ...base, days })).toMatch(/^days must be/);
    expect(suspendProblem({ ...base, days: '', permanent: true })).toBeNull();
  });
});

describe('suspendBody', () => {
  it('sends days as a number, or null when permanent', () => {
    expect(suspendBody({ reason: ' Scam ', days: '30', permanent: false })).toEqual({
      reason: 'Scam',
      days: 30,
    });
    expect(suspendBody({ reason: 'Scam', days: '30', permanent: true })).toEqual({
      reason: 'Scam',
      days: null,
    });
  });
});
