import { describe, expect, it } from 'vitest';
import { redactUrl } from './request-log';

describe('redactUrl', () => {
  it('keeps session tokens out of the request log', () => {
    expect(redactUrl('/auth-success?token=abc.def.ghi')).toBe('/auth-success?token=[redacted]');
    expect(redactUrl('/api/auth/discord?link=1&token=abc.def&x=2')).toBe(
      '/api/auth/discord?link=1&token=[redacted]&x=2',
    );
    expect(redactUrl('/api/listings?limit=10')).toBe('/api/listings?limit=10');
  });
});
