import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { UserModel } from '../../models/user';

/**
 * Rate limits on (the default), the server behind a trusted proxy so each test can speak from its own
 * address, and no mail server: the SMTP port refuses connections.
 */
let server: TestServer;
let ip = 0;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => server?.stop());

/** Each test speaks from its own address (X-Forwarded-For), so limits do not leak between tests. */
function client() {
  ip += 1;
  const from = `203.0.113.${ip}`;
  return (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify(body),
    }).then(async (res) => ({
      status: res.status,
      body: await res.json(),
      retryAfter: res.headers.get('retry-after'),
    }));
}

describe('rate limits', () => {
  it('POST /api/auth/login: 429 after 5 attempts on one email within a minute', async () => {
    const post = client();
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await post('/api/auth/login', { email: 'victim@example.test', password: `guess${i}` })).status,
      ).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email: 'VICTIM@example.test', password: 'guess' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    expect(blocked.body.error).toMatch(/^Too many login attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
  });

  it('POST /api/auth/login: 429 after 10 attempts from one address', async () => {
    const post = client();
    for (let i = 0; i < 10; i += 1) {
      expect((await post('/api/auth/login', { email: `spray${i}@example.test`, password: 'x' })).status).toBe(
        401,
      );
    }
    expect((await post('/api/auth/login', { email: 'spray-last@example.test', password: 'x' })).status).toBe(
      429,
    );
  });

  it('POST /api/auth/forgot-password: 429 after 3 requests for one email', async () => {
    const [a, b] = [client(), client()];
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await (i % 2 ? a : b)('/api/auth/forgot-password', { email: 'ghost@example.test' })).status,
      ).toBe(200);
    }
    expect((await a('/api/auth/forgot-password', { email: 'ghost@example.test' })).status).toBe(429);
  });

  it('POST /api/auth/resend-verification: 429 after 5 requests from one address', async () => {
    const post = client();
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/auth/resend-verification', { email: `who${i}@example.test` })).status).toBe(
        200,
      );
    }
    expect((await post('/api/auth/resend-verification', { email: 'who-else@example.test' })).status).toBe(
      429,
    );
  });

  it('POST /api/auth/register: 429 after 5 sign-ups from one address', async () => {
    const post = client();
    for (let i = 0; i < 5; i += 1) {
      await post('/api/auth/register', {
        username: `limited${i}`,
        email: `limited${i}@example.test`,
        password: 'secret1',
      });
    }
    const blocked = await post('/api/auth/register', {
      username: 'limited9',
      email: 'limited9@example.test',
      password: 'secret1',
    });
    expect(blocked.status).toBe(429);
  });
});

describe('POST /api/auth/register when mail cannot be sent', () => {
  it('503 MAIL_FAILED, keeps no account, and the same details can be tried again', async () => {
    const post = client();
    const account = { username: 'Unlucky', email: 'unlucky@example.test', password: 'secret1' };
    const first = await post('/api/auth/register', account);
    expect(first.status).toBe(503);
    expect(first.body.code).toBe('MAIL_FAILED');
    expect(await UserModel.exists({ usernameLower: 'unlucky' })).toBeNull();
    expect((await post('/api/auth/register', account)).status).toBe(503);
  });

  it('the register route still validates before anything else', async () => {
    const res = await http(server.url).post('/api/auth/register', { username: 'x' });
    expect(res.status).toBe(400);
  });
});
