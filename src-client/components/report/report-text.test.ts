import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { reportErrorMessage, waitText } from './report-text';

describe('waitText', () => {
  it('says seconds under a minute, minutes under an hour, hours after', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(45)).toBe('45 seconds');
    expect(waitText(60)).toBe('about 1 minute');
    expect(waitText(61)).toBe('about 2 minutes');
    expect(waitText(3540)).toBe('about 59 minutes');
    expect(waitText(3599)).toBe('about 1 hour');
    expect(waitText(3600)).toBe('about 1 hour');
    expect(waitText(9000)).toBe('about 3 hours');
  });
});

describe('reportErrorMessage', () => {
  it('says a second report on the same thing was already sent', () => {
    expect(reportErrorMessage(new ApiError(409, 'Conflict', 'CONFLICT'))).toMatch(
      /^You already reported this/,
    );
  });

  it('gives the wait of a rate-limited report', () => {
    expect(reportErrorMessage(new ApiError(429, 'Too many', 'RATE_LIMITED', undefined, {}, 1200))).toBe(
      'You have sent many reports in a short time. Please try again in about 20 minutes.',
    );
    expect(reportErrorMessage(new ApiError(429, 'Too many', 'RATE_LIMITED'))).toMatch(/try again later/);
  });

  it("passes the server's message through otherwise", () => {
    expect(reportErrorMessage(new ApiError(400, 'Choose a reason', 'VALIDATION_ERROR', 'reason'))).toBe(
      'Choose a reason',
    );
    expect(reportErrorMessage(new Error('boom'))).toBe('Failed to send the report');
  });
});
