import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordEnv, startDiscordStub, type DiscordStub } from '../../../tests/helpers/discord-stub';
import {
  createAdmin,
  createUser,
  postListing,
  TEST_ITEMS,
  type TestUser,
} from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { pathOf } from '../../../tests/helpers/mailbox';
import { connectSocket, nextEvent, type MarketSocket } from '../../../tests/helpers/sockets';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { postOffer } from '../../../tests/helpers/trade-fixture';
import { AuditEntryModel } from '../../models/audit-entry';
import { CounterModel } from '../../models/counter';
import { SuspensionEndModel } from '../../models/suspension-end';
import { UserModel } from '../../models/user';
import { migrateSuspensionEnds, SUSPENSION_ENDS_MARK } from '../../migrations/suspension-ends';
import { liftExpiredSuspensions } from '../../services/moderation/suspensions';

let stub: DiscordStub;
let server: TestServer;
let api: ReturnType<typeof http>;
let admin: TestUser;
let seq = 0;

beforeAll(async () => {
  stub = await startDiscordStub();
  server = await startTestServer({ env: discordEnv(stub) });
  api = http(server.url);
  admin = await createAdmin(server.config);
});
afterAll(async () => {
  await server?.stop();
  await stub?.stop();
});

const suspend = (userId: number, body: Record<string, unknown>, token = admin.token) =>
  api.post(`/api/admin/users/${userId}/suspend`, body, token);
const unsuspend = (userId: number, token = admin.token) =>
  api.post(`/api/admin/users/${userId}/unsuspend`, undefined, token);

/** A player, with a Discord id of their own so the Discord login can be tried. */
async function player(): Promise<TestUser> {
  seq += 1;
  return createUser(server.config, { discordId: `70000000000000${String(1000 + seq)}` });
}

/** A personal access token of the user with the given scopes. */
async function apiToken(user: TestUser, scopes: string[]): Promise<string> {
  const res = await api.post('/api/auth/tokens', { name: `bot ${scopes.join(' ')}`, scopes }, user.token);
  expect(res.status).toBe(201);
  return res.body.secret;
}

const makeOffer = async (token: string, listingId: number) =>
  (await postOffer(server.url, token, { listing_id: listingId, offer_amount: 500 })).id;

const offerOf = async (listingId: number, offerId: number) =>
  (await api.get(`/api/offers/listing/${listingId}`)).body.find((o: { id: number }) => o.id === offerId);

const browseIds = async (query = '') =>
  (await api.get(`/api/listings?limit=100${query}`)).body.map((l: { id: number }) => l.id);

/** The listings counted in an item's order book. */
const bookListings = async (item: string) => {
  const book = (await api.get(`/api/market/items/${encodeURIComponent(item)}`)).body;
  return [...book.asks, ...book.bids].reduce(
    (n: number, level: { listings: number }) => n + level.listings,
    0,
  );
};

/** Waits for the socket to be dropped by the server. */
const dropped = (socket: MarketSocket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

describe('POST /api/admin/users/{id}/suspend: who may', () => {
  it('401 without a session, 403 for a player, 403 TOKEN_SCOPE for a personal token', async () => {
    const target = await player();
    const other = await player();
    expect((await suspend(target.id, { reason: 'x' }, '')).status).toBe(401);
    expect((await suspend(target.id, { reason: 'x' }, other.token)).status).toBe(403);
    const res = await suspend(target.id, { reason: 'x' }, await apiToken(admin, ['read', 'trade']));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('TOKEN_SCOPE');
  });

  it('409 for the admin themselves and for another admin; 404 for an unknown user', async () => {
    const self = await suspend(admin.id, { reason: 'oops' });
    expect(self.status).toBe(409);
    expect(self.body.error).toBe('You cannot suspend yourself.');
    const other = await createAdmin(server.config);
    expect((await suspend(other.id, { reason: 'x' })).status).toBe(409);
    expect((await suspend(999_999, { reason: 'x' })).status).toBe(404);
    expect((await unsuspend(999_999)).status).toBe(404);
  });

  it('400 without a reason, and for days outside 1..3650 or not whole', async () => {
    const target = await player();
    const noReason = await suspend(target.id, { reason: '  ', days: 3 });
    expect(noReason.status).toBe(400);
    expect(noReason.body.field).toBe('reason');
    for (const days of [0, 3651, 1.5, '3']) {
      const res = await suspend(target.id, { reason: 'spam', days });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: 'days', error: 'days must be a whole number from 1 to 3650' });
    }
    expect((await suspend(target.id, { reason: 'x'.repeat(1001) })).status).toBe(400);
    expect((await UserModel.findById(target.id).lean())?.suspension ?? null).toBeNull();
  });
});

describe('A suspension', () => {
  it('ends every session, drops session and token sockets, refuses tokens, and logins answer 403', async () => {
    const target = await player();
    const readToken = await apiToken(target, ['read']);
    const tradeToken = await apiToken(target, ['trade']);
    const sessionSocket = await connectSocket(server.url, target.token);
    const tokenSocket = await connectSocket(server.url, tradeToken);
    const drops = [dropped(sessionSocket), dropped(tokenSocket)];

    const res = await suspend(target.id, { reason: 'Scamming in trades', days: 7 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: target.id,
      username: target.username,
      suspension: { reason: 'Scamming in trades', by: admin.id },
    });
    const until = Date.parse(res.body.suspension.until);
    expect(until - Date.parse(res.body.suspension.at)).toBe(7 * 24 * 60 * 60 * 1000);
    expect(await Promise.all(drops)).toEqual(['io server disconnect', 'io server disconnect']);

    const me = await api.get('/api/auth/me', target.token);
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ error: 'This account is suspended', code: 'ACCOUNT_SUSPENDED' });
    expect((await api.get('/api/notifications', readToken)).status).toBe(401);
    expect((await api.post('/api/listings', {}, tradeToken)).status).toBe(401);
    await expect(connectSocket(server.url, target.token)).rejects.toThrow('invalid_token');
    await expect(connectSocket(server.url, tradeToken)).rejects.toThrow('invalid_token');

    const login = await api.post('/api/auth/login', { email: target.email, password: target.password });
    expect(login.status).toBe(403);
    expect(login.body).toEqual({
      error: 'This account is suspended',
      code: 'ACCOUNT_SUSPENDED',
      reason: 'Scamming in trades',
      until: new Date(until).toISOString(),
    });
    // A wrong password still reads as one: the suspension is not told to a guesser.
    expect((await api.post('/api/auth/login', { email: target.email, password: 'wrong' })).status).toBe(401);

    const entry = await AuditEntryModel.findOne({ action: 'user.suspend', targetId: target.id }).lean();
    expect(entry).toMatchObject({ actorId: admin.id, targetType: 'user' });
    expect(entry?.note).toContain('Scamming in trades');
  });

  it('refuses the Discord login, carrying the reason to the page (permanent: no end date)', async () => {
    const target = await player();
    expect((await suspend(target.id, { reason: 'Impersonation' })).body.suspension.until).toBeNull();
    stub.setUser({ id: target.discordId!, username: target.username });
    const begin = await fetch(`${server.url}/api/auth/discord`, { redirect: 'manual' });
    const cookie = (begin.headers.get('set-cookie') ?? '').split(';')[0];
    const approved = await fetch(begin.headers.get('location')!, { redirect: 'manual' });
    const back = await fetch(`${server.url}${pathOf(approved.headers.get('location')!)}`, {
      redirect: 'manual',
      headers: { cookie },
    });
    const landing = new URL(back.headers.get('location')!, server.url);
    expect(landing.pathname).toBe('/alllistings');
    expect(landing.searchParams.get('authError')).toBe('This account is suspended');
    expect(landing.searchParams.get('suspendedReason')).toBe('Impersonation');
    expect(landing.searchParams.get('suspendedUntil')).toBe('');
    expect(landing.searchParams.has('ticket')).toBe(false);
  });

  it('hides the active listings from browse, search, market and profile, live, and lifting brings them back', async () => {
    const target = await player();
    const item = TEST_ITEMS.fish;
    const listing = await postListing(server.url, target.token, { item, notes: 'suspendedseller wares' });
    const watcher = await connectSocket(server.url);
    try {
      expect(await browseIds()).toContain(listing.id);
      expect(await bookListings(item)).toBe(1);

      const gone = nextEvent(watcher, 'listing:deleted', ({ id }) => id === listing.id);
      expect((await suspend(target.id, { reason: 'Spam', days: 1 })).status).toBe(200);
      await gone;
      expect(await browseIds()).not.toContain(listing.id);
      expect(await browseIds('&q=suspendedseller')).toEqual([]);
      expect(await bookListings(item)).toBe(0);
      expect((await api.get(`/api/listings/${listing.id}`)).status).toBe(404);
      const profile = (await api.get(`/api/profile/${target.id}`)).body;
      expect(profile.profile.suspended).toBe(true);
      expect(profile.listings).toEqual([]);

      const back = nextEvent(watcher, 'listing:created', (e) => e.listing.id === listing.id);
      const lifted = await unsuspend(target.id);
      expect(lifted.status).toBe(200);
      expect(lifted.body).toEqual({ id: target.id, username: target.username, suspension: null });
      // Its sessions stay ended: the old token now reads as an expired session.
      expect((await api.get('/api/auth/me', target.token)).body.code).toBe('TOKEN_EXPIRED');
      const { listing: returned } = await back;
      expect(returned).not.toHaveProperty('sellerSuspended');
      const { version, updatedAt, ...unchanged } = returned;
      const { version: v0, updatedAt: u0, ...before } = listing;
      expect(unchanged).toEqual(before);
      expect(version).toBeGreaterThan(v0 as number);
      expect(Date.parse(updatedAt)).toBeGreaterThanOrEqual(Date.parse(u0 as string));
      expect(await browseIds('&q=suspendedseller')).toEqual([listing.id]);
      expect(await bookListings(item)).toBe(1);
      const shown = (await api.get(`/api/profile/${target.id}`)).body;
      expect(shown.profile).not.toHaveProperty('suspended');
      expect(shown.listings.map((l: { id: number }) => l.id)).toEqual([listing.id]);

      const audit = await AuditEntryModel.findOne({ action: 'user.unsuspend', targetId: target.id }).lean();
      expect(audit).toMatchObject({ actorId: admin.id, note: null });
      expect((await unsuspend(target.id)).status).toBe(409);
    } finally {
      watcher.close();
    }
  });

  it('rejects its pending offers and the offers on its listings, with the reason, live', async () => {
    const target = await player();
    const other = await player();
    const own = await postListing(server.url, target.token);
    const theirs = await postListing(server.url, other.token);
    const received = await makeOffer(other.token, own.id);
    const made = await makeOffer(target.token, theirs.id);
    const watcher = await connectSocket(server.url);
    try {
      await watcher.emitWithAck('listing:watch', { listingId: theirs.id });
      const live = nextEvent(watcher, 'offer:updated', (e) => e.offer.id === made);
      expect((await suspend(target.id, { reason: 'Scam' })).status).toBe(200);
      expect((await live).offer).toMatchObject({
        status: 'rejected',
        rejection_reason: 'This trader is suspended',
      });
      expect(await offerOf(theirs.id, made)).toMatchObject({
        status: 'rejected',
        rejection_reason: 'This trader is suspended',
      });
      expect(await offerOf(own.id, received)).toMatchObject({
        status: 'rejected',
        rejection_reason: 'This trader is suspended',
      });
      // A hidden listing takes no new offer.
      const late = await api.post('/api/offers', { listing_id: own.id, offer_amount: 5 }, other.token);
      expect(late.status).toBe(404);
    } finally {
      watcher.close();
    }
  });

  it('a lift and a new suspension racing leave the listings as the account ends up', async () => {
    const target = await player();
    const listings = await Promise.all([1, 2, 3].map(() => postListing(server.url, target.token)));
    await suspend(target.id, { reason: 'First', days: 1 });
    for (let round = 0; round < 3; round += 1) {
      await Promise.all([unsuspend(target.id), suspend(target.id, { reason: `Again ${round}` })]);
      const suspended = !!(await UserModel.findById(target.id).lean())?.suspension;
      const browsed = await browseIds();
      for (const { id } of listings) expect(browsed.includes(id)).toBe(!suspended);
      if (!suspended) await suspend(target.id, { reason: 'Reset' });
    }
  });

  it('suspending a suspended account replaces its reason and end', async () => {
    const target = await player();
    await suspend(target.id, { reason: 'First', days: 1 });
    const again = await suspend(target.id, { reason: 'Second' });
    expect(again.status).toBe(200);
    expect(again.body.suspension).toMatchObject({ reason: 'Second', until: null });
  });
});

describe('The end of a suspension', () => {
  /** Moves the suspension's end (and its entry among the end dates) into the past, as if its days had gone by. */
  const expire = async (userId: number) => {
    const until = new Date(Date.now() - 1000);
    await UserModel.updateOne({ _id: userId }, { $set: { 'suspension.until': until } });
    await SuspensionEndModel.updateOne({ _id: userId }, { $set: { until } });
  };
  const endOf = async (userId: number) =>
    (await SuspensionEndModel.findById(userId).lean<{ until: Date }>())?.until.toISOString() ?? null;

  it('keeps the end date of a timed suspension beside it: set, replaced, dropped when permanent or lifted', async () => {
    const target = await player();
    const timed = await suspend(target.id, { reason: 'Cool down', days: 3 });
    expect(await endOf(target.id)).toBe(timed.body.suspension.until);
    const longer = await suspend(target.id, { reason: 'Cool down', days: 10 });
    expect(await endOf(target.id)).toBe(longer.body.suspension.until);
    await suspend(target.id, { reason: 'For good' });
    expect(await endOf(target.id)).toBeNull();
    await suspend(target.id, { reason: 'Cool down', days: 1 });
    expect(await unsuspend(target.id)).toMatchObject({ status: 200 });
    expect(await endOf(target.id)).toBeNull();
  });

  it('the sweep drops an end date whose account has no timed suspension any more', async () => {
    const target = await player();
    await suspend(target.id, { reason: 'Cool down', days: 1 });
    await expire(target.id);
    // The account went (deleted by hand) while its end date stayed.
    await UserModel.updateOne({ _id: target.id }, { $set: { suspension: null } });
    expect(await liftExpiredSuspensions(server.deps)).toBe(0);
    expect(await endOf(target.id)).toBeNull();
  });

  it('the end dates are gathered from the users once, safely twice', async () => {
    const target = await player();
    await suspend(target.id, { reason: 'Cool down', days: 2 });
    const until = await endOf(target.id);
    await SuspensionEndModel.deleteOne({ _id: target.id });
    expect(await migrateSuspensionEnds()).toBe(0);
    await CounterModel.deleteOne({ _id: SUSPENSION_ENDS_MARK });
    expect(await migrateSuspensionEnds()).toBe(1);
    expect(await endOf(target.id)).toBe(until);
    await CounterModel.deleteOne({ _id: SUSPENSION_ENDS_MARK });
    expect(await migrateSuspensionEnds()).toBe(0);
    expect(await CounterModel.exists({ _id: SUSPENSION_ENDS_MARK })).not.toBeNull();
    await unsuspend(target.id);
  });

  it('the sweep lifts an expired one like an unsuspend, once, in the name of the admin who suspended', async () => {
    const target = await player();
    const listing = await postListing(server.url, target.token);
    const watcher = await connectSocket(server.url);
    try {
      await suspend(target.id, { reason: 'Cool down', days: 1 });
      expect(await liftExpiredSuspensions(server.deps)).toBe(0);
      expect(await browseIds()).not.toContain(listing.id);
      await expire(target.id);
      const back = nextEvent(watcher, 'listing:created', (e) => e.listing.id === listing.id);
      const [a, b] = await Promise.all([
        liftExpiredSuspensions(server.deps),
        liftExpiredSuspensions(server.deps),
      ]);
      expect(a + b).toBe(1);
      await back;
      expect(await browseIds()).toContain(listing.id);
      expect((await UserModel.findById(target.id).lean())?.suspension ?? null).toBeNull();
      expect(await endOf(target.id)).toBeNull();
      const entries = await AuditEntryModel.find({ action: 'user.unsuspend', targetId: target.id }).lean();
      expect(entries).toMatchObject([{ actorId: admin.id, note: 'expired' }]);
      const login = await api.post('/api/auth/login', { email: target.email, password: target.password });
      expect(login.status).toBe(200);
    } finally {
      watcher.close();
    }
  });

  it('a login after the end date succeeds before the sweep has run, and lifts it', async () => {
    const target = await player();
    const listing = await postListing(server.url, target.token);
    await suspend(target.id, { reason: 'Cool down', days: 2 });
    await expire(target.id);
    const login = await api.post('/api/auth/login', { email: target.email, password: target.password });
    expect(login.status).toBe(200);
    expect((await api.get('/api/auth/me', login.body.token)).status).toBe(200);
    expect(await browseIds()).toContain(listing.id);
    expect((await UserModel.findById(target.id).lean())?.suspension ?? null).toBeNull();
  });
});
