import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, listingBody, postListing, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { issueToken } from '../../lib/one-time-tokens';

let server: TestServer;
let api: ReturnType<typeof http>;

beforeAll(async () => {
  // Many logins from one address in a few seconds: the login limits are tested elsewhere.
  server = await startTestServer({ env: { RATE_LIMIT_DISABLED: 'true' } });
  api = http(server.url);
});
afterAll(() => server?.stop());

const EXPIRED = { error: 'Your session has expired. Please log in again.', code: 'TOKEN_EXPIRED' };

/** Two logged-in devices of one account, each with its own login. */
async function twoDevices(): Promise<{ user: TestUser; first: string; second: string }> {
  const user = await createUser(server.config);
  const login = async () => {
    const res = await api.post('/api/auth/login', { email: user.email, password: user.password });
    expect(res.status).toBe(200);
    return res.body.token as string;
  };
  return { user, first: await login(), second: await login() };
}

async function expectEnded(token: string) {
  const me = await api.get('/api/auth/me', token);
  expect(me.status).toBe(401);
  expect(me.body).toEqual(EXPIRED);
  expect((await api.post('/api/listings', listingBody(), token)).status).toBe(401);
}

async function expectLive(token: string, userId: number) {
  const me = await api.get('/api/auth/me', token);
  expect(me.status).toBe(200);
  expect(me.body.id).toBe(userId);
}

describe('POST /api/auth/change-password ends every session', () => {
  it('old tokens get 401 on /api/auth/me and on posting a listing; this device gets a fresh token', async () => {
    const { user, first, second } = await twoDevices();
    await expectLive(first, user.id);
    const res = await api.post(
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword: 'a brand new secret' },
      first,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password changed successfully!', token: expect.any(String) });
    await expectEnded(first);
    await expectEnded(second);
    await expectEnded(user.token);
    await expectLive(res.body.token, user.id);
    expect((await api.post('/api/listings', listingBody(), res.body.token)).status).toBe(201);
  });

  it('a failed change ends nothing', async () => {
    const { user, first, second } = await twoDevices();
    const res = await api.post(
      '/api/auth/change-password',
      { currentPassword: 'not the password', newPassword: 'a brand new secret' },
      first,
    );
    expect(res.status).toBe(400);
    await expectLive(first, user.id);
    await expectLive(second, user.id);
  });
});

describe('POST /api/auth/reset-password ends every session', () => {
  it('tokens from before the reset get 401 on /api/auth/me and on posting a listing', async () => {
    const { user, first, second } = await twoDevices();
    const link = await issueToken('reset-password', user.id, user.email.toLowerCase());
    const res = await api.post('/api/auth/reset-password', { token: link, newPassword: 'reset to this one' });
    expect(res.status).toBe(200);
    await expectEnded(first);
    await expectEnded(second);
    const login = await api.post('/api/auth/login', { email: user.email, password: 'reset to this one' });
    expect(login.status).toBe(200);
    await expectLive(login.body.token, user.id);
  });
});

describe('POST /api/auth/logout', () => {
  it('answers 204 and ends every session of the account, not only the caller’s', async () => {
    const { user, first, second } = await twoDevices();
    const other = await twoDevices();
    const res = await api.post('/api/auth/logout', undefined, first);
    expect(res.status).toBe(204);
    await expectEnded(first);
    await expectEnded(second);
    await expectLive(other.first, other.user.id);
    const again = await api.post('/api/auth/login', { email: user.email, password: user.password });
    await expectLive(again.body.token, user.id);
  });

  it('401 without a live session', async () => {
    expect((await api.post('/api/auth/logout')).status).toBe(401);
    const { first } = await twoDevices();
    await api.post('/api/auth/logout', undefined, first);
    expect((await api.post('/api/auth/logout', undefined, first)).status).toBe(401);
  });

  it('an ended session gets 401 on every authenticated route', async () => {
    const { user, first } = await twoDevices();
    const mine = await postListing(server.url, first);
    const seller = await createUser(server.config);
    const theirs = await postListing(server.url, seller.token);
    const offer = await api.post('/api/offers', { listing_id: theirs.id, offer_amount: 5 }, first);
    expect(offer.status).toBe(201);
    await api.post('/api/auth/logout', undefined, first);
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/change-password', { currentPassword: user.password, newPassword: 'x'.repeat(10) }],
      ['POST', '/api/auth/update-username', { username: 'renamed_after' }],
      ['POST', '/api/auth/link-email', { email: 'new@example.test', password: 'whatever1' }],
      ['POST', '/api/auth/update-settings', { statsPublic: false }],
      ['POST', '/api/auth/logout'],
      ['POST', '/api/auth/discord/link-ticket'],
      ['GET', '/api/is-admin'],
      ['GET', '/api/admin/users'],
      ['POST', '/api/listings', listingBody()],
      ['PUT', `/api/listings/${mine.id}`, listingBody({ quantity: 2 })],
      ['POST', `/api/listings/${mine.id}/close`],
      ['DELETE', `/api/listings/${mine.id}`],
      ['DELETE', '/api/listings/mine'],
      ['DELETE', `/api/admin/listings/${mine.id}`],
      ['GET', '/api/offers/stats'],
      ['POST', '/api/offers', { listing_id: theirs.id, offer_amount: 7 }],
      ['PUT', `/api/offers/${offer.body.id}`, { action: 'accept' }],
      ['DELETE', `/api/offers/${offer.body.id}`],
    ];
    for (const [method, path, body] of routes) {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${first}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} 401`);
    }
    expect((await api.get(`/api/listings/${mine.id}`)).status).toBe(200);
  });
});

describe('session tokens are strict', () => {
  const claims = (user: TestUser) => ({ id: user.id, username: user.username, sv: 0 });
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('refuses alg none, HS512, a missing exp and a missing sv', async () => {
    const user = await createUser(server.config);
    const secret = server.config.JWT_SECRET;
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims(user), exp: now + 600 })}.`;
    const refused = [
      unsigned,
      jwt.sign(claims(user), secret, { algorithm: 'HS512', expiresIn: '1h' }),
      jwt.sign(claims(user), secret, { algorithm: 'HS256' }),
      jwt.sign({ id: user.id, username: user.username }, secret, { algorithm: 'HS256', expiresIn: '1h' }),
    ];
    for (const token of refused) expect((await api.get('/api/auth/me', token)).status).toBe(401);
    const accepted = jwt.sign(claims(user), secret, { algorithm: 'HS256', expiresIn: '1h' });
    expect((await api.get('/api/auth/me', accepted)).status).toBe(200);
  });

  it('allows a few seconds of clock skew, not more', async () => {
    const user = await createUser(server.config);
    const now = Math.floor(Date.now() / 1000);
    const expiredAgo = (seconds: number) =>
      jwt.sign({ ...claims(user), exp: now - seconds }, server.config.JWT_SECRET, { algorithm: 'HS256' });
    expect((await api.get('/api/auth/me', expiredAgo(2))).status).toBe(200);
    const late = await api.get('/api/auth/me', expiredAgo(31));
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('TOKEN_EXPIRED');
  });
});
