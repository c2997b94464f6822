import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, listingBody, postListing, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { connectSocket, nextEvent, type MarketSocket } from '../../../tests/helpers/sockets';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { ApiTokenModel } from '../../models/api-token';

let server: TestServer;
let api: ReturnType<typeof http>;
const sockets: MarketSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.stop();
});

async function newToken(user: TestUser, scopes: string[], name = 'bot'): Promise<string> {
  const res = await api.post('/api/auth/tokens', { name, scopes }, user.token);
  expect(res.status).toBe(201);
  return res.body.secret;
}

describe('POST /api/auth/tokens', () => {
  it('shows the secret once, as bsm_pat_<random>, and keeps only its SHA-256', async () => {
    const user = await createUser(server.config);
    const res = await api.post(
      '/api/auth/tokens',
      { name: ' Price bot ', scopes: ['trade', 'read'] },
      user.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.secret).toMatch(/^bsm_pat_[A-Za-z0-9_-]{43}$/);
    expect(res.body.token).toMatchObject({ name: 'Price bot', scopes: ['read', 'trade'], lastUsedAt: null });
    const stored = await ApiTokenModel.findById(res.body.token.id).lean();
    expect(stored!.tokenHash).toBe(createHash('sha256').update(res.body.secret).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(res.body.secret);

    const list = await api.get('/api/auth/tokens', user.token);
    expect(list.body.tokens).toEqual([res.body.token]);
    expect(JSON.stringify(list.body)).not.toContain(res.body.secret);
  });

  it('needs a name and at least one known scope', async () => {
    const user = await createUser(server.config);
    const noName = await api.post('/api/auth/tokens', { name: ' ', scopes: ['read'] }, user.token);
    expect(noName.body).toEqual({ error: 'Token name is required', code: 'VALIDATION_ERROR', field: 'name' });
    const noScope = await api.post('/api/auth/tokens', { name: 'x', scopes: [] }, user.token);
    expect(noScope.body).toMatchObject({ error: 'Choose at least one scope', field: 'scopes' });
    const badScope = await api.post('/api/auth/tokens', { name: 'x', scopes: ['admin'] }, user.token);
    expect(badScope.status).toBe(400);
  });

  it('allows at most 10 per user', async () => {
    const user = await createUser(server.config);
    for (let i = 0; i < 10; i += 1) await newToken(user, ['read'], `t${i}`);
    const eleventh = await api.post('/api/auth/tokens', { name: 'one more', scopes: ['read'] }, user.token);
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.code).toBe('CONFLICT');
  });
});

describe('a personal access token on REST', () => {
  it('reads with read, trades with trade, and is refused without the scope (403 TOKEN_SCOPE)', async () => {
    const user = await createUser(server.config);
    const reader = await newToken(user, ['read']);
    const trader = await newToken(user, ['trade']);

    const me = await api.get('/api/auth/me', reader);
    expect(me.body).toMatchObject({ id: user.id, username: user.username });
    expect((await api.get('/api/auth/me', trader)).body.code).toBe('TOKEN_SCOPE');

    const refused = await api.post('/api/listings', listingBody(), reader);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'This API token does not have the trade scope.',
      code: 'TOKEN_SCOPE',
    });
    const posted = await api.post('/api/listings', listingBody(), trader);
    expect(posted.status).toBe(201);
    expect(posted.body.userId).toBe(user.id);
  });

  it('can never change the account: password, email, username, tokens and admin work refuse it', async () => {
    const user = await createUser(server.config);
    const token = await newToken(user, ['read', 'trade']);
    const attempts = [
      api.post(
        '/api/auth/change-password',
        { currentPassword: user.password, newPassword: 'another one!' },
        token,
      ),
      api.post('/api/auth/link-email', { email: 'x@example.test', currentPassword: user.password }, token),
      api.post('/api/auth/update-username', { username: 'Hijacked' }, token),
      api.post('/api/auth/update-settings', { statsPublic: false }, token),
      api.post('/api/auth/logout', undefined, token),
      api.get('/api/auth/tokens', token),
      api.post('/api/auth/tokens', { name: 'child', scopes: ['read'] }, token),
      api.post('/api/admin/users/add', { id: '123456' }, token),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('TOKEN_SCOPE');
    }
    expect((await api.get('/api/auth/me', user.token)).body.username).toBe(user.username);
  });

  it('has its own rate limits, reported on every answer, and records its last use', async () => {
    const user = await createUser(server.config);
    const token = await newToken(user, ['read', 'trade']);
    const first = await api.get('/api/listings', token);
    expect(first.headers.get('ratelimit-policy')).toBe(
      '"token-requests";q=120;w=60, "token-requests-hour";q=3000;w=3600',
    );
    expect(first.headers.get('ratelimit')).toMatch(
      /^"token-requests";r=119;t=\d+, "token-requests-hour";r=2999;t=\d+$/,
    );
    // A route with limits of its own adds them after the token's.
    const posted = await api.post('/api/listings', listingBody(), token);
    expect(posted.headers.get('ratelimit-policy')).toMatch(
      /^"token-requests";q=120;w=60, "token-requests-hour";q=3000;w=3600, "listing-write";q=30;w=60/,
    );
    const [listed] = (await api.get('/api/auth/tokens', user.token)).body.tokens;
    expect(Date.parse(listed.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Another token of the same user counts apart.
    const other = await newToken(user, ['read']);
    expect((await api.get('/api/items/meta/names', other)).headers.get('ratelimit')).toMatch(
      /^"token-requests";r=119;/,
    );
  });

  it('answers 429 with Retry-After once its minute is used up', async () => {
    const user = await createUser(server.config);
    const token = await newToken(user, ['read']);
    let last = await api.get('/api/health', token);
    for (let i = 1; i <= 120; i += 1) last = await api.get('/api/health', token);
    expect(last.status).toBe(429);
    expect(last.body.code).toBe('RATE_LIMITED');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner's session is not limited by the token's count.
    expect((await api.get('/api/auth/me', user.token)).status).toBe(200);
  });
});

describe('DELETE /api/auth/tokens/:id', () => {
  it('revokes: the token is refused on REST and its sockets end at once', async () => {
    const user = await createUser(server.config);
    const secret = await newToken(user, ['read', 'trade']);
    const [listed] = (await api.get('/api/auth/tokens', user.token)).body.tokens;

    const socket = await connectSocket(server.url, secret);
    sockets.push(socket);
    // A read token's socket is in its owner's room: an offer on the owner's listing notifies it.
    const listing = await postListing(server.url, user.token, {});
    const buyer = await createUser(server.config);
    const notified = nextEvent(socket, 'notification', (n) => n.listingId === listing.id);
    await api.post('/api/offers', { listing_id: listing.id, offer_amount: 10 }, buyer.token);
    expect((await notified).kind).toBe('offer_received');

    const ended = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const other = await api.delete(`/api/auth/tokens/${listed.id}`, buyer.token);
    expect(other.status).toBe(404);
    expect((await api.delete(`/api/auth/tokens/${listed.id}`, user.token)).status).toBe(204);
    expect(await ended).toBe('io server disconnect');

    const after = await api.get('/api/auth/me', secret);
    expect(after.status).toBe(401);
    await expect(connectSocket(server.url, secret)).rejects.toThrow('invalid_token');
    expect((await api.get('/api/auth/tokens', user.token)).body.tokens).toEqual([]);
  });
});
