import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { discordEnv, startDiscordStub, type DiscordStub } from '../../../tests/helpers/discord-stub';
import { createUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { pathOf } from '../../../tests/helpers/mailbox';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { verifySessionToken } from '../../lib/tokens';
import { AdminModel } from '../../models/admin';

let stub: DiscordStub;
let server: TestServer;
let api: ReturnType<typeof http>;

beforeAll(async () => {
  stub = await startDiscordStub();
  server = await startTestServer({ env: discordEnv(stub) });
  api = http(server.url);
});
afterAll(async () => {
  await server?.stop();
  await stub?.stop();
});

/** What a browser does: start, follow to "Discord", come back to the callback with the cookie it was given. */
async function throughDiscord(
  start = '/api/auth/discord',
  options: { keepCookie?: boolean } = {},
): Promise<URL> {
  const begin = await fetch(`${server.url}${start}`, { redirect: 'manual' });
  expect(begin.status).toBe(302);
  const cookie = (begin.headers.get('set-cookie') ?? '').split(';')[0];
  const authorize = new URL(begin.headers.get('location')!);
  expect(authorize.origin + authorize.pathname).toBe(`${stub.apiBase}/oauth2/authorize`);
  const approved = await fetch(authorize, { redirect: 'manual' });
  const callback = approved.headers.get('location')!;
  expect(new URL(callback).pathname).toBe('/api/auth/discord/callback');
  const back = await fetch(`${server.url}${pathOf(callback)}`, {
    redirect: 'manual',
    headers: options.keepCookie === false ? {} : { cookie },
  });
  expect(back.status).toBe(302);
  return new URL(back.headers.get('location')!, server.url);
}

/** What /auth-success does: trade the ticket in the URL (never a session token) for the session. */
async function sessionOf(landing: URL) {
  expect(landing.pathname).toBe('/auth-success');
  expect([...landing.searchParams.keys()]).toEqual(['ticket']);
  const res = await api.post('/api/auth/ticket', { ticket: landing.searchParams.get('ticket') });
  expect(res.status).toBe(200);
  const check = verifySessionToken(res.body.token, server.config.JWT_SECRET);
  if (!check.ok) throw new Error('no valid token');
  expect(res.body.user).toMatchObject({ id: check.payload.id, username: check.payload.username });
  return { ...check.payload, token: res.body.token as string };
}

/** What Settings does before navigating to the link flow: a ticket for the logged-in account. */
async function linkTicket(token: string): Promise<string> {
  const res = await api.post('/api/auth/discord/link-ticket', undefined, token);
  expect(res.status).toBe(200);
  return res.body.ticket;
}

describe('GET /api/auth/discord (login)', () => {
  it('creates the account on the first login and reuses it on the next', async () => {
    stub.setUser({ id: '500000000000000001', username: 'firstlogin', avatar: 'abc123' });
    const first = await sessionOf(await throughDiscord());
    expect(first.username).toBe('firstlogin');
    const me = await api.get('/api/auth/me', first.token);
    expect(me.body).toMatchObject({
      discord_id: '500000000000000001',
      discord_username: 'firstlogin',
      avatar: 'https://cdn.discordapp.com/avatars/500000000000000001/abc123.png',
      email: null,
    });
    const second = await sessionOf(await throughDiscord());
    expect(second.id).toBe(first.id);
  });

  it('makes the username unique when the Discord name is taken', async () => {
    const taken = await createUser(server.config, { username: 'Popular' });
    stub.setUser({ id: '500000000000000002', username: 'popular' });
    const session = await sessionOf(await throughDiscord());
    expect(session.id).not.toBe(taken.id);
    expect(session.username).toMatch(/^popular\d+$/);
  });

  it('gives an admin’s account the Admin flag', async () => {
    await AdminModel.create({ _id: '500000000000000003' });
    stub.setUser({ id: '500000000000000003', username: 'theboss' });
    const session = await sessionOf(await throughDiscord());
    expect((await api.get('/api/auth/me', session.token)).body.flags).toEqual(['Admin']);
  });

  it('sends a cancelled login back to the listings with the reason', async () => {
    stub.setUser(null);
    const landing = await throughDiscord();
    expect(landing.pathname).toBe('/alllistings');
    expect(landing.searchParams.get('authError')).toBe('Discord login was cancelled.');
  });

  it('refuses a callback from a browser that did not start the login', async () => {
    stub.setUser({ id: '500000000000000004', username: 'stranger' });
    const landing = await throughDiscord('/api/auth/discord', { keepCookie: false });
    expect(landing.pathname).toBe('/alllistings');
    expect(landing.searchParams.get('authError')).toMatch(/could not be verified/);
  });

  it('refuses a forged state', async () => {
    const res = await api.get('/api/auth/discord/callback?code=x&state=forged');
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!, server.url).searchParams.get('authError')).toMatch(
      /could not be verified/,
    );
  });
});

describe('POST /api/auth/ticket (the login ticket from /auth-success)', () => {
  const ticketOf = (landing: URL) => landing.searchParams.get('ticket') ?? '';

  it('works once', async () => {
    stub.setUser({ id: '500000000000000010', username: 'onceonly' });
    const ticket = ticketOf(await throughDiscord());
    expect((await api.post('/api/auth/ticket', { ticket })).status).toBe(200);
    const again = await api.post('/api/auth/ticket', { ticket });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({
      error: 'This login link has expired. Please log in again.',
      code: 'UNAUTHORIZED',
    });
  });

  it('expires after 60 seconds', async () => {
    stub.setUser({ id: '500000000000000011', username: 'tooslow' });
    const ticket = ticketOf(await throughDiscord());
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      expect((await api.post('/api/auth/ticket', { ticket })).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('dies with the account’s sessions', async () => {
    stub.setUser({ id: '500000000000000012', username: 'loggedoutelsewhere' });
    const first = await sessionOf(await throughDiscord());
    const ticket = ticketOf(await throughDiscord());
    expect((await api.post('/api/auth/logout', undefined, first.token)).status).toBe(204);
    expect((await api.post('/api/auth/ticket', { ticket })).status).toBe(401);
  });

  it('400 without a ticket, 401 for one it never issued', async () => {
    expect((await api.post('/api/auth/ticket', {})).status).toBe(400);
    expect((await api.post('/api/auth/ticket', { ticket: 'made-up' })).status).toBe(401);
  });
});

describe('GET /api/auth/discord?link=1 (link from Settings)', () => {
  it('links the Discord account to the logged-in user', async () => {
    const u = await createUser(server.config);
    stub.setUser({ id: '600000000000000001', username: 'linkme' });
    const landing = await throughDiscord(`/api/auth/discord?link=1&ticket=${await linkTicket(u.token)}`);
    expect(landing.pathname + landing.search).toBe('/myprofile?tab=settings&linked=discord');
    expect((await api.get('/api/auth/me', u.token)).body).toMatchObject({
      discord_id: '600000000000000001',
      discord_username: 'linkme',
    });
    stub.setUser({ id: '600000000000000001', username: 'linkme' });
    expect((await sessionOf(await throughDiscord())).id).toBe(u.id);
  });

  it('fails clearly when the Discord account belongs to another user', async () => {
    await createUser(server.config, { discordId: '600000000000000002' });
    const u = await createUser(server.config);
    stub.setUser({ id: '600000000000000002', username: 'someoneelse' });
    const landing = await throughDiscord(`/api/auth/discord?link=1&ticket=${await linkTicket(u.token)}`);
    expect(landing.pathname).toBe('/myprofile');
    expect(landing.searchParams.get('authError')).toBe(
      'This Discord account is already linked to another user.',
    );
    expect((await api.get('/api/auth/me', u.token)).body.discord_id).toBeNull();
  });

  it('refuses to start without a valid ticket, and a session token in the URL is no ticket', async () => {
    const u = await createUser(server.config);
    for (const query of ['ticket=bad', `token=${u.token}`, `ticket=${u.token}`]) {
      const res = await api.get(`/api/auth/discord?link=1&${query}`);
      const landing = new URL(res.headers.get('location')!, server.url);
      expect(landing.pathname).toBe('/myprofile');
      expect(landing.searchParams.get('authError')).toBe('Your session has expired. Please log in again.');
    }
  });

  it('a link ticket works once', async () => {
    const u = await createUser(server.config);
    const ticket = await linkTicket(u.token);
    expect((await api.get(`/api/auth/discord?link=1&ticket=${ticket}`)).headers.get('location')).toMatch(
      /^https?:\/\/[^/]+\/oauth2\/authorize/,
    );
    const again = await api.get(`/api/auth/discord?link=1&ticket=${ticket}`);
    expect(new URL(again.headers.get('location')!, server.url).searchParams.get('authError')).toBe(
      'Your session has expired. Please log in again.',
    );
  });

  it('POST /api/auth/discord/link-ticket needs a live session', async () => {
    expect((await api.post('/api/auth/discord/link-ticket')).status).toBe(401);
    const u = await createUser(server.config);
    expect((await api.post('/api/auth/logout', undefined, u.token)).status).toBe(204);
    expect((await api.post('/api/auth/discord/link-ticket', undefined, u.token)).status).toBe(401);
  });
});
