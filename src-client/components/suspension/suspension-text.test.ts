import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { suspensionEndText, suspensionMessage, suspensionOf } from './suspension-text';

describe('suspensionEndText', () => {
  it('says permanently without an end date', () => {
    expect(suspensionEndText(null)).toBe('permanently');
  });

  it('names the day an ending suspension is over', () => {
    expect(suspensionEndText('2026-12-03T10:00:00.000Z')).toMatch(/^until 3 December 2026, \d\d:\d\d$/);
  });
});

describe('suspensionMessage', () => {
  it('gives the reason when the server sent one', () => {
    expect(suspensionMessage('Scamming', null)).toBe(
      'Your account is suspended permanently. Reason: Scamming',
    );
    expect(suspensionMessage(undefined, undefined)).toBe('Your account is suspended permanently.');
  });
});

describe('suspensionOf', () => {
  it('reads the reason and end of a suspended login', () => {
    const body = {
      error: 'This account is suspended',
      code: 'ACCOUNT_SUSPENDED',
      reason: 'Scam',
      until: null,
    };
    expect(suspensionOf(new ApiError(403, body.error, body.code, undefined, body))).toEqual({
      reason: 'Scam',
      until: null,
    });
    const until = '2026-12-03T10:00:00.000Z';
    expect(suspensionOf(new ApiError(403, 'x', 'ACCOUNT_SUSPENDED', undefined, { until }))).toEqual({
      reason: '',
      until,
    });
  });

  it('is null for any other failure', () => {
    expect(suspensionOf(new ApiError(401, 'Invalid email or password', 'UNAUTHORIZED'))).toBeNull();
    expect(suspensionOf(new Error('x'))).toBeNull();
  });
});
