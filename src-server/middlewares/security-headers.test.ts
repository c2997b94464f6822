import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../../tests/helpers/client-build';
import { createUser, type TestUser } from '../../tests/helpers/factories';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { headers, redirect: 'manual' });

/** The CSP's directives by name. */
function csp(res: Response): Map<string, string[]> {
  const header = res.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

describe('security headers (no trusted proxy)', () => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    ensureClientBuilt();
    server = await startTestServer();
    user = await createUser(server.config);
  });
  afterAll(() => server?.stop());

  it.each(['/alllistings', '/listing/1', '/api/listings', '/api/items', '/api/nothing-here', '/favicon.svg'])(
    'GET %s: CSP, no framing, nosniff, strict-origin-when-cross-origin',
    async (path) => {
      const res = await get(`${server.url}${path}`);
      const policy = csp(res);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('img-src')).toEqual(
        expect.arrayContaining(["'self'", 'https://brightershoreswiki.org']),
      );
      expect(policy.get('img-src')!.every((src) => !src.startsWith('http:'))).toBe(true);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it('the page carries no inline script', async () => {
    const html = await (await get(`${server.url}/alllistings`)).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc="/);
      expect(body.trim()).toBe('');
    }
  });

  it.each([
    '/auth-success?ticket=abc',
    '/login',
    '/register',
    '/reset-password?token=abc',
    '/verify-email?status=verified',
    '/api/auth/me',
    '/api/auth/verify-email?token=abc',
  ])('GET %s: Referrer-Policy no-referrer', async (path) => {
    expect((await get(`${server.url}${path}`)).headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('answers about the caller are never stored: /api/auth/* and anything asked with a token', async () => {
    const auth = { authorization: `Bearer ${user.token}` };
    for (const res of [
      await get(`${server.url}/api/auth/me`, auth),
      await get(`${server.url}/api/auth/me`),
      await get(`${server.url}/api/offers/stats`, auth),
      await get(`${server.url}/api/profile/${user.id}`, auth),
    ]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect((await get(`${server.url}/api/items`)).headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('no HSTS for a client claiming https when no proxy is trusted', async () => {
    const res = await get(`${server.url}/alllistings`, { 'x-forwarded-proto': 'https' });
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('security headers behind a trusted proxy, with analytics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { TRUST_PROXY: '1', ANALYTICS_URL: 'https://stats.example.test/collect' },
    });
  });
  afterAll(() => server?.stop());

  it('HSTS when the request came over https through the proxy, not over http', async () => {
    const secure = await get(`${server.url}/api/listings`, { 'x-forwarded-proto': 'https' });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const plain = await get(`${server.url}/api/listings`, { 'x-forwarded-proto': 'http' });
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('connect-src allows the analytics endpoint', async () => {
    const res = await get(`${server.url}/api/listings`);
    expect(csp(res).get('connect-src')).toEqual(["'self'", 'https://stats.example.test']);
  });
});
