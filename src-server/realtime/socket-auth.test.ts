import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, postListing, type TestUser } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { connectSocket, nextEvent, type MarketSocket } from '../../tests/helpers/sockets';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { signSessionToken } from '../lib/tokens';

let server: TestServer;
let api: ReturnType<typeof http>;
const sockets: MarketSocket[] = [];

beforeAll(async () => {
  // Session tokens the server issues here live 2 s (plus the clock tolerance), so expiry is quick to see.
  server = await startTestServer({ env: { JWT_EXPIRES_IN: '2s' } });
  api = http(server.url);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.stop();
});

/** A token that outlives the test, for the sockets whose expiry is not the point. */
const hourToken = (user: TestUser) =>
  signSessionToken({ id: user.id, username: user.username, sv: 0 }, server.config.JWT_SECRET, '1h');

async function connect(token?: string): Promise<MarketSocket> {
  const socket = await connectSocket(server.url, token);
  sockets.push(socket);
  return socket;
}

/** A socket that reconnects by itself, as the browser's does, and recovers its session when it can. */
function recoveringSocket(token: string): Promise<MarketSocket> {
  const socket: MarketSocket = io(server.url, {
    transports: ['websocket'],
    auth: { token },
    forceNew: true,
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Has the socket receive an event: only then does it hold an offset to recover from. */
async function receiveAnEvent(socket: MarketSocket): Promise<void> {
  const poster = await createUser(server.config);
  const marker = `offset ${poster.id}`;
  const seen = nextEvent(socket, 'listing:created', ({ listing }) => listing.notes === marker);
  await postListing(server.url, hourToken(poster), { notes: marker });
  await seen;
}

/** Drops the connection the way a network blip does (the server keeps the session for recovery). */
async function dropTransport(socket: MarketSocket): Promise<void> {
  const gone = new Promise((resolve) => socket.once('disconnect', resolve));
  socket.io.engine.close();
  await gone;
}

/** Reconnects a dropped socket with whatever `socket.auth` now holds; resolves how it went. */
function reconnect(
  socket: MarketSocket,
): Promise<{ connected: true; recovered: boolean } | { error: string }> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ connected: true, recovered: socket.recovered }));
    socket.once('connect_error', (err) => resolve({ error: err.message }));
    socket.connect();
  });
}

/**
 * Whether `socket` hears a notification meant for `seller`: a buyer's offer on the seller's listing sends
 * one to the seller's room, then a new listing goes to everyone; the socket hears the listing after the
 * notification if it hears both.
 */
async function hearsNotificationFor(socket: MarketSocket, seller: TestUser): Promise<boolean> {
  const buyer = await createUser(server.config);
  const listing = await postListing(server.url, hourToken(seller));
  let heard = false;
  socket.on('notification', () => (heard = true));
  const offer = await api.post('/api/offers', { listing_id: listing.id, offer_amount: 5 }, hourToken(buyer));
  expect(offer.status).toBe(201);
  const marker = `marker ${buyer.id}`;
  const barrier = nextEvent(socket, 'listing:created', ({ listing: l }) => l.notes === marker);
  await postListing(server.url, hourToken(buyer), { notes: marker });
  await barrier;
  return heard;
}

/**
 * The tests of both groups run at once (each on users of its own): three wait out a session token's life
 * (JWT_EXPIRES_IN plus the clock tolerance), and they wait it out together.
 */
describe.concurrent('sockets end with the session', () => {
  it('a logout disconnects the account’s sockets, and the old token cannot reconnect', async ({ expect }) => {
    const user = await createUser(server.config);
    const token = hourToken(user);
    const [first, second] = [await connect(token), await connect(token)];
    const bystander = await connect(hourToken(await createUser(server.config)));
    const reasons = Promise.all([first, second].map((s) => new Promise((r) => s.once('disconnect', r))));
    expect((await api.post('/api/auth/logout', undefined, token)).status).toBe(204);
    expect(await reasons).toEqual(['io server disconnect', 'io server disconnect']);
    expect(bystander.connected).toBe(true);
    await expect(connectSocket(server.url, token)).rejects.toThrow('invalid_token');
  });

  it('a password change disconnects the sockets; the fresh token connects', async ({ expect }) => {
    const user = await createUser(server.config);
    const socket = await connect(hourToken(user));
    const reason = new Promise((resolve) => socket.once('disconnect', resolve));
    const res = await api.post(
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword: 'another secret' },
      hourToken(user),
    );
    expect(res.status).toBe(200);
    expect(await reason).toBe('io server disconnect');
    expect((await connect(res.body.token)).connected).toBe(true);
  });

  it('a socket is disconnected when its token expires', async ({ expect }) => {
    const user = await createUser(server.config);
    const login = await api.post('/api/auth/login', { email: user.email, password: user.password });
    const socket = await connect(login.body.token);
    const reason = await new Promise((resolve) => socket.once('disconnect', resolve));
    expect(reason).toBe('io server disconnect');
    await expect(connectSocket(server.url, login.body.token)).rejects.toThrow('invalid_token');
  }, 20_000);
});

describe.concurrent('connection state recovery checks the token again', () => {
  it('a garbage token does not recover the session, and a visitor’s reconnect gets no private room back', async ({
    expect,
  }) => {
    const seller = await createUser(server.config);
    const socket = await recoveringSocket(hourToken(seller));
    expect(await hearsNotificationFor(socket, seller)).toBe(true);

    await dropTransport(socket);
    socket.auth = { token: 'garbage.token.here' };
    expect(await reconnect(socket)).toEqual({ error: 'invalid_token' });

    socket.auth = {};
    expect(await reconnect(socket)).toMatchObject({ connected: true });
    expect(await hearsNotificationFor(socket, seller)).toBe(false);
  });

  /**
   * A recovering socket on a freshly issued (short-lived) token, its connection just dropped, and a twin
   * socket on the same token: the server's disconnect of the twin at expiry tells when it has expired.
   */
  async function awayWithExpiringToken() {
    const seller = await createUser(server.config);
    const login = await api.post('/api/auth/login', { email: seller.email, password: seller.password });
    const socket = await recoveringSocket(login.body.token);
    const twin = await connect(login.body.token);
    const expired = new Promise((resolve) => twin.once('disconnect', resolve));
    await receiveAnEvent(socket);
    await dropTransport(socket);
    return { seller, socket, twin, expired };
  }

  it('an expired token does not recover the session', async ({ expect }) => {
    const { socket, expired } = await awayWithExpiringToken();
    await expired;
    expect(await reconnect(socket)).toEqual({ error: 'invalid_token' });
  }, 20_000);

  it('private events missed while away are not replayed once the token has expired', async ({ expect }) => {
    const { seller, socket, twin, expired } = await awayWithExpiringToken();
    const heard: unknown[] = [];
    socket.on('notification', (payload) => heard.push(payload));
    // Sent while the socket is away: the twin hearing it shows it went out to the user's room.
    const sent = nextEvent(twin, 'notification', (p) => p.offerId === 777);
    server.deps.publisher.notify(seller.id, {
      kind: 'offer_received',
      id: 901,
      searchId: null,
      agreement: null,
      link: '/listing/1',
      read: false,
      listingId: 1,
      offerId: 777,
      message: 'sent while away',
      at: new Date().toISOString(),
    });
    await sent;
    await expired;
    // What the browser does after invalid_token: carry on as a visitor.
    socket.auth = {};
    expect(await reconnect(socket)).toEqual({ connected: true, recovered: false });
    await receiveAnEvent(socket);
    expect(heard).toEqual([]);
  }, 20_000);

  it('a live token still recovers, with its private room', async ({ expect }) => {
    const seller = await createUser(server.config);
    const socket = await recoveringSocket(hourToken(seller));
    await receiveAnEvent(socket);
    await dropTransport(socket);
    expect(await reconnect(socket)).toEqual({ connected: true, recovered: true });
    expect(await hearsNotificationFor(socket, seller)).toBe(true);
  });
});
