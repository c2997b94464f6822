import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresenceChange } from '../../../src-common/schemas/presence';
import { createUser, postListing, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { connectSocket, nextEvent, recordEvents, type MarketSocket } from '../../../tests/helpers/sockets';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let server: TestServer;
let api: ReturnType<typeof http>;
const sockets: MarketSocket[] = [];

async function connect(token?: string) {
  const socket = await connectSocket(server.url, token);
  sockets.push(socket);
  return socket;
}

/** A watcher (a visitor's socket) that heard the user's presence at the watch. */
async function watcher(...userIds: number[]) {
  const socket = await connect();
  const ack = await socket.emitWithAck('presence:watch', { userIds });
  expect(ack.ok).toBe(true);
  return socket;
}

const changeOf = (socket: MarketSocket, user: TestUser, online: boolean) =>
  nextEvent(socket, 'presence:changed', (c) => c.userId === user.id && c.online === online);

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.stop();
});

describe('GET /api/presence', () => {
  it('answers online while a socket of the user is connected, then last seen when the last one closed', async () => {
    const seller = await createUser(server.config);
    const never = await api.get(`/api/presence?ids=${seller.id}`);
    expect(never.status).toBe(200);
    expect(never.body).toEqual({ [seller.id]: { online: false, lastSeen: null } });

    const watching = await watcher(seller.id);
    const first = await connect(seller.token);
    await changeOf(watching, seller, true);
    const second = await connect(seller.token);
    expect((await api.get(`/api/presence?ids=${seller.id}`)).body).toEqual({
      [seller.id]: { online: true, lastSeen: null },
    });

    first.close();
    // One socket still connected: still online (a hidden tab keeps its socket, so it stays online too).
    const stillOnline = await api.get(`/api/presence?ids=${seller.id}`);
    expect(stillOnline.body[seller.id].online).toBe(true);
    const before = Date.now();
    second.close();
    const offline = await changeOf(watching, seller, false);
    const lastSeen = Date.parse(offline.lastSeen!);
    expect(lastSeen).toBeGreaterThanOrEqual(before - 1000);
    expect((await api.get(`/api/presence?ids=${seller.id}`)).body).toEqual({
      [seller.id]: { online: false, lastSeen: offline.lastSeen },
    });
  });

  it('answers every id asked, an unknown one as offline and never seen', async () => {
    const user = await createUser(server.config);
    await connect(user.token);
    const res = await api.get(`/api/presence?ids=${user.id},999999,${user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      [user.id]: { online: true, lastSeen: null },
      999999: { online: false, lastSeen: null },
    });
  });

  it.each([
    ['', 'ids is required'],
    ['?ids=', 'ids is required'],
    ['?ids=1,abc', 'ids must be a comma-separated list of user ids (positive whole numbers)'],
    ['?ids=0', 'ids must be a comma-separated list of user ids (positive whole numbers)'],
    ['?ids=1,,2', 'ids must be a comma-separated list of user ids (positive whole numbers)'],
    [`?ids=${Array.from({ length: 201 }, (_, i) => i + 1).join(',')}`, 'At most 200 ids'],
  ])('400 for %s', async (query, message) => {
    const res = await api.get(`/api/presence${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.body.error).toContain(message);
  });

  it('answers 200 ids', async () => {
    const res = await api.get(`/api/presence?ids=${Array.from({ length: 200 }, (_, i) => i + 1).join(',')}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toHaveLength(200);
  });
});

describe('presence:watch and presence:unwatch', () => {
  it('acks the presence of the users watched', async () => {
    const online = await createUser(server.config);
    const offline = await createUser(server.config);
    await connect(online.token);
    const socket = await connect();
    const ack = await socket.emitWithAck('presence:watch', { userIds: [online.id, offline.id] });
    expect(ack).toEqual({
      ok: true,
      presence: {
        [online.id]: { online: true, lastSeen: null },
        [offline.id]: { online: false, lastSeen: null },
      },
    });
  });

  it('delivers presence:changed only to the sockets watching that user, and not after unwatch', async () => {
    const seller = await createUser(server.config);
    const other = await createUser(server.config);
    const watching = await watcher(seller.id);
    const unwatched = await watcher(seller.id);
    const elsewhere = await watcher(other.id);
    const bystander = await connect();
    expect(await unwatched.emitWithAck('presence:unwatch', { userIds: [seller.id] })).toEqual({ ok: true });
    const heardElsewhere = recordEvents(elsewhere, 'presence:changed');
    const heardBystander = recordEvents(bystander, 'presence:changed');
    const heardUnwatched = recordEvents(unwatched, 'presence:changed');

    const session = await connect(seller.token);
    expect(await changeOf(watching, seller, true)).toEqual({
      userId: seller.id,
      online: true,
      lastSeen: null,
    });
    session.close();
    await changeOf(watching, seller, false);
    // The other sockets hear of a later change to a user they do watch, so anything earlier has arrived.
    const marker = await connect(other.token);
    await changeOf(elsewhere, other, true);
    marker.close();
    expect(heardElsewhere.map((c: PresenceChange) => c.userId)).toEqual([other.id]);
    expect(heardBystander).toEqual([]);
    expect(heardUnwatched).toEqual([]);
  });

  it('refuses more than 200 users in one call and more than 1,000 per socket', async () => {
    const socket = await connect();
    const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
    expect(await socket.emitWithAck('presence:watch', { userIds: ids(1, 201) })).toEqual({
      ok: false,
      error: 'At most 200 userIds per call',
    });
    for (let from = 1; from <= 1000; from += 200) {
      expect((await socket.emitWithAck('presence:watch', { userIds: ids(from, 200) })).ok).toBe(true);
    }
    // Watching one already watched again adds nothing; one more does.
    expect((await socket.emitWithAck('presence:watch', { userIds: [5] })).ok).toBe(true);
    expect(await socket.emitWithAck('presence:watch', { userIds: [1001] })).toEqual({
      ok: false,
      error: 'At most 1000 users watched per connection',
    });
    await socket.emitWithAck('presence:unwatch', { userIds: [1] });
    expect((await socket.emitWithAck('presence:watch', { userIds: [1001] })).ok).toBe(true);
  });

  it.each([
    [{}, 'userIds must be an array of user ids'],
    [{ userIds: 'x' }, 'userIds must be an array of user ids'],
    [{ userIds: [0] }, 'userIds must be user ids'],
    [{ userIds: [1.5] }, 'userIds must be user ids'],
  ])('refuses %j', async (payload, error) => {
    const socket = await connect();
    expect(await socket.emitWithAck('presence:watch', payload as { userIds: number[] })).toEqual({
      ok: false,
      error,
    });
  });
});

describe("the setting Show when I'm online", () => {
  it('off: the user reads as offline with no last seen, to REST, watchers and the online filter', async () => {
    const seller = await createUser(server.config);
    const listing = await postListing(server.url, seller.token);
    const watching = await watcher(seller.id);
    const session = await connect(seller.token);
    await changeOf(watching, seller, true);

    const hidden = changeOf(watching, seller, false);
    const saved = await api.post('/api/auth/update-settings', { showOnline: false }, seller.token);
    expect(saved.status).toBe(200);
    expect(saved.body.settings.showOnline).toBe(false);
    expect(await hidden).toEqual({ userId: seller.id, online: false, lastSeen: null });
    expect((await api.get(`/api/presence?ids=${seller.id}`)).body).toEqual({
      [seller.id]: { online: false, lastSeen: null },
    });
    const browse = await api.get('/api/listings?online=1&limit=100');
    expect(browse.body.map((l: { id: number }) => l.id)).not.toContain(listing.id);

    // Closing and opening sockets while hidden tells no one.
    const heard = recordEvents(watching, 'presence:changed');
    session.close();
    await connect(seller.token);
    expect((await api.get(`/api/presence?ids=${seller.id}`)).body[seller.id]).toEqual({
      online: false,
      lastSeen: null,
    });

    const shown = changeOf(watching, seller, true);
    await api.post('/api/auth/update-settings', { showOnline: true }, seller.token);
    await shown;
    expect(heard.filter((c: PresenceChange) => c.online === false)).toEqual([]);
    expect(
      (await api.get('/api/listings?online=1&limit=100')).body.map((l: { id: number }) => l.id),
    ).toContain(listing.id);
  });

  it('is on by default', async () => {
    const user = await createUser(server.config);
    expect((await api.get('/api/auth/me', user.token)).body.settings.showOnline).toBe(true);
  });
});

describe('GET /api/listings?online=1', () => {
  it('keeps only listings whose seller is online, and follows them going on and off line', async () => {
    const seller = await createUser(server.config);
    const away = await createUser(server.config);
    const mine = await postListing(server.url, seller.token);
    const theirs = await postListing(server.url, away.token);
    const ids = async (query: string) =>
      (await api.get(`/api/listings?${query}`)).body.map((l: { id: number }) => l.id) as number[];

    // Cached answers (the same query string twice) must follow presence too.
    expect(await ids('online=1&limit=100')).not.toContain(mine.id);
    const watching = await watcher(seller.id);
    const session = await connect(seller.token);
    await changeOf(watching, seller, true);
    const online = await api.get('/api/listings?online=1&limit=100');
    expect(online.body.map((l: { id: number }) => l.id)).toContain(mine.id);
    expect(online.body.map((l: { id: number }) => l.id)).not.toContain(theirs.id);
    expect(Number(online.headers.get('x-total-count'))).toBe(online.body.length);
    expect(await ids('online=1&limit=100')).toContain(mine.id);
    expect(await ids('limit=100')).toEqual(expect.arrayContaining([mine.id, theirs.id]));

    session.close();
    await changeOf(watching, seller, false);
    expect(await ids('online=1&limit=100')).not.toContain(mine.id);
    expect(await ids('online=0&limit=100')).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });

  it('400 for a value other than 1 or 0', async () => {
    const res = await api.get('/api/listings?online=yes');
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('online must be 1 or 0');
  });
});
