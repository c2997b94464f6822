import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarkReadResponse, Notification } from '../../../src-common/schemas/notification';
import type { Offer } from '../../../src-common/schemas/offer';
import { NotificationModel, NOTIFICATION_TTL_MS, pruneExpiredNotifications } from '../../models/notification';
import { sendNotification } from '../../services/notifications/notify';
import { createUser, postListing, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { connectSocket, nextEvent, type MarketSocket } from '../../../tests/helpers/sockets';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let server: TestServer;
let api: ReturnType<typeof http>;
const sockets: MarketSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.stop();
});

const online = async (user: TestUser) => {
  const socket = await connectSocket(server.url, user.token);
  sockets.push(socket);
  return socket;
};

/** `count` notifications for the user, oldest first, through the service the offer flows use. */
async function notify(user: TestUser, count: number): Promise<Notification[]> {
  const sent: Notification[] = [];
  for (let i = 0; i < count; i += 1) {
    const note = await sendNotification(server.deps, user.id, {
      kind: 'saved_search_match',
      message: `match ${i + 1}`,
      listingId: 1000 + i,
      searchId: 7,
      link: '/alllistings?q=ore',
    });
    sent.push(note!);
  }
  return sent;
}

const list = (user: TestUser, query = '') =>
  api.get<Notification[]>(`/api/notifications${query}`, user.token);
const unreadOf = async (user: TestUser) => Number((await list(user)).headers.get('x-unread-count'));

describe('GET /api/notifications', () => {
  it('401 without a session', async () => {
    expect((await api.get('/api/notifications')).status).toBe(401);
  });

  it('newest first, limit and before page through, X-Unread-Count counts the unread', async () => {
    const user = await createUser(server.config);
    const sent = await notify(user, 5);
    const first = await list(user, '?limit=2');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-unread-count')).toBe('5');
    expect(first.body.map((n) => n.message)).toEqual(['match 5', 'match 4']);
    const next = await list(user, `?limit=2&before=${first.body[1].id}`);
    expect(next.body.map((n) => n.message)).toEqual(['match 3', 'match 2']);
    const last = await list(user, `?limit=2&before=${next.body[1].id}`);
    expect(last.body.map((n) => n.id)).toEqual([sent[0].id]);
    expect(last.body[0]).toEqual({
      id: sent[0].id,
      kind: 'saved_search_match',
      listingId: 1000,
      offerId: null,
      searchId: 7,
      message: 'match 1',
      link: '/alllistings?q=ore',
      read: false,
      at: sent[0].at,
      agreement: null,
    });
  });

  it('defaults to the 20 newest', async () => {
    const user = await createUser(server.config);
    await notify(user, 21);
    const res = await list(user);
    expect(res.body).toHaveLength(20);
    expect(res.body[0].message).toBe('match 21');
  });

  it.each([
    ['?limit=0', 'limit must be a whole number from 1 to 100'],
    ['?limit=101', 'limit must be a whole number from 1 to 100'],
    ['?limit=abc', 'limit must be a whole number from 1 to 100'],
    ['?before=-3', 'before must be a positive whole number'],
  ])('400 for %s', async (query, message) => {
    const user = await createUser(server.config);
    const res = await list(user, query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
  });

  it('does not show notifications older than 90 days', async () => {
    const user = await createUser(server.config);
    const [old] = await notify(user, 2);
    await NotificationModel.updateOne(
      { _id: old.id },
      { $set: { createdAt: new Date(Date.now() - NOTIFICATION_TTL_MS - 60_000) } },
    );
    const res = await list(user);
    expect(res.body.map((n) => n.message)).toEqual(['match 2']);
    expect(res.headers.get('x-unread-count')).toBe('1');
  });

  it('pruning deletes the notifications older than 90 days and keeps the rest', async () => {
    const user = await createUser(server.config);
    const [old, kept] = await notify(user, 2);
    await NotificationModel.updateOne(
      { _id: old.id },
      { $set: { createdAt: new Date(Date.now() - NOTIFICATION_TTL_MS - 60_000) } },
    );
    await pruneExpiredNotifications();
    const left = await NotificationModel.find({ userId: user.id }, { _id: 1 }).lean();
    expect(left.map((n) => n._id)).toEqual([kept.id]);
  });
});

describe('POST /api/notifications/read', () => {
  it('401 without a session', async () => {
    expect((await api.post('/api/notifications/read', { all: true })).status).toBe(401);
  });

  it.each([
    [{}, 'Send { "ids": [...] } or { "all": true }'],
    [{ all: false }, 'Send { "ids": [...] } or { "all": true }'],
    [{ ids: [] }, 'ids must name at least one notification'],
    [{ ids: ['x'] }, 'ids must be a list of notification ids'],
    [{ ids: 3 }, 'ids must be a list of notification ids'],
    [{ ids: [1], all: true }, 'Send { "ids": [...] } or { "all": true }'],
  ])('400 for %j', async (body, message) => {
    const user = await createUser(server.config);
    const res = await api.post('/api/notifications/read', body, user.token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
  });

  it('marks the named ones read; another user’s ids are left untouched', async () => {
    const me = await createUser(server.config);
    const other = await createUser(server.config);
    const mine = await notify(me, 3);
    const theirs = await notify(other, 2);
    const res = await api.post<MarkReadResponse>(
      '/api/notifications/read',
      { ids: [mine[0].id, mine[2].id, theirs[0].id] },
      me.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 2, unread: 1 });
    expect((await list(me)).body.map((n) => [n.message, n.read])).toEqual([
      ['match 3', true],
      ['match 2', false],
      ['match 1', true],
    ]);
    expect(await unreadOf(other)).toBe(2);
    expect((await list(other)).body.every((n) => !n.read)).toBe(true);
  });

  it('{ all: true } marks every one of the caller’s read, and only theirs', async () => {
    const me = await createUser(server.config);
    const other = await createUser(server.config);
    await notify(me, 3);
    await notify(other, 1);
    const res = await api.post<MarkReadResponse>('/api/notifications/read', { all: true }, me.token);
    expect(res.body).toEqual({ updated: 3, unread: 0 });
    expect(await unreadOf(me)).toBe(0);
    expect(await unreadOf(other)).toBe(1);
  });
});

describe('the live notification event', () => {
  it('carries the stored id and read: false, the same JSON as GET /api/notifications', async () => {
    const seller = await createUser(server.config);
    const buyer = await createUser(server.config);
    const socket = await online(seller);
    const listing = await postListing(server.url, seller.token);
    const heard = nextEvent(socket, 'notification', (n) => n.listingId === listing.id);
    const offer = await api.post<Offer>(
      '/api/offers',
      { listing_id: listing.id, offer_amount: 900 },
      buyer.token,
    );
    const event = await heard;
    expect(event).toMatchObject({
      kind: 'offer_received',
      listingId: listing.id,
      offerId: offer.body.id,
      searchId: null,
      link: `/listing/${listing.id}`,
      read: false,
    });
    expect((await list(seller)).body[0]).toEqual(event);
  });

  it('offer wording: on a buy listing the offerer is selling to the owner', async () => {
    const owner = await createUser(server.config);
    const seller = await createUser(server.config);
    const wanted = await postListing(server.url, owner.token, { type: 'buy', quantity: 3 });
    await api.post('/api/offers', { listing_id: wanted.id, offer_amount: 900, quantity: 2 }, seller.token);
    const [note] = (await list(owner)).body;
    expect(note.message).toBe(`${seller.username} offered to sell you 2 ${String(wanted.item)} for 900c`);
  });
});
