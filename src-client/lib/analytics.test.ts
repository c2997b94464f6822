import { describe, expect, it } from 'vitest';
import { redactUrl } from './analytics';

describe('redactUrl (the referrer analytics may send)', () => {
  it('drops the whole query of auth pages', () => {
    expect(redactUrl('https://market.test/auth-success?ticket=abc&x=1')).toBe(
      'https://market.test/auth-success',
    );
    expect(redactUrl('https://market.test/auth-success?token=eyJ.a.b')).toBe(
      'https://market.test/auth-success',
    );
    expect(redactUrl('https://market.test/reset-password?token=t')).toBe(
      'https://market.test/reset-password',
    );
    expect(redactUrl('https://market.test/verify-email?status=success')).toBe(
      'https://market.test/verify-email',
    );
    expect(redactUrl('https://market.test/api/auth/discord?link=1&ticket=t')).toBe(
      'https://market.test/api/auth/discord',
    );
  });

  it('drops ticket, token, code and state anywhere, and the fragment, keeping the rest', () => {
    expect(
      redactUrl('https://discord.test/oauth2/authorize?client_id=1&state=s&code=c&token=t&ticket=k#frag'),
    ).toBe('https://discord.test/oauth2/authorize?client_id=1');
    expect(redactUrl('https://market.test/alllistings?q=rapier')).toBe(
      'https://market.test/alllistings?q=rapier',
    );
  });

  it('gives nothing for an empty or unparseable referrer', () => {
    expect(redactUrl('')).toBe('');
    expect(redactUrl('not a url')).toBe('');
  });
});
