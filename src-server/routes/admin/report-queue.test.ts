import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction } from '../../../src-common/schemas/audit';
import type { Notification } from '../../../src-common/schemas/notification';
import type { AdminReport, Report } from '../../../src-common/schemas/report';
import {
  createAdmin,
  createUser,
  postListing,
  TEST_ITEMS,
  type TestUser,
} from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { connectSocket, nextEvent } from '../../../tests/helpers/sockets';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { acceptOffer, postOffer } from '../../../tests/helpers/trade-fixture';
import { AuditEntryModel } from '../../models/audit-entry';
import { ListingModel } from '../../models/listing';
import { ReportModel } from '../../models/report';
import { UserModel } from '../../models/user';

let server: TestServer;
let api: ReturnType<typeof http>;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_DISABLED: 'true' } });
  api = http(server.url);
  admin = await createAdmin(server.config);
  member = await createUser(server.config);
});
afterAll(() => server?.stop());

const player = (username?: string) => createUser(server.config, username ? { username } : {});

async function report(
  user: TestUser,
  target: { type: string; id: number },
  reason = 'scam',
  details = '',
): Promise<Report> {
  const res = await api.post<Report>('/api/reports', { target, reason, details }, user.token);
  expect(res.status).toBe(201);
  return res.body;
}

const queue = async (status = 'open', query = '') => {
  const res = await api.get<AdminReport[]>(`/api/admin/reports?status=${status}${query}`, admin.token);
  expect(res.status).toBe(200);
  return res;
};
const inQueue = async (id: number, status = 'open') =>
  (await queue(status, '&limit=100')).body.find((r) => r.id === id);
const resolve = (id: number, body: Record<string, unknown>, token = admin.token) =>
  api.post<AdminReport>(`/api/admin/reports/${id}/resolve`, body, token);
const notificationsOf = async (user: TestUser) =>
  (await api.get<Notification[]>('/api/notifications', user.token)).body;
const auditOf = (action: AuditAction, targetId: number) => AuditEntryModel.find({ action, targetId }).lean();

const offerOn = (listingId: number, buyer: TestUser) =>
  postOffer(server.url, buyer.token, { listing_id: listingId, offer_amount: 500, quantity: 1 });

describe('GET /api/admin/reports', () => {
  it('401 without a session, 403 for a player', async () => {
    expect((await api.get('/api/admin/reports')).status).toBe(401);
    const res = await api.get('/api/admin/reports', member.token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('400 for an unknown status', async () => {
    const res = await api.get('/api/admin/reports?status=closed', admin.token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'status' });
  });

  it('lists open reports newest first, with reporter, target summary, reason, details and open count', async () => {
    const owner = await player();
    const [first, second] = await Promise.all([player(), player()]);
    const listing = await postListing(server.url, owner.token, { item: TEST_ITEMS.fish, type: 'buy' });
    const older = await report(first, { type: 'listing', id: listing.id }, 'scam', 'Took my gold');
    const newer = await report(second, { type: 'listing', id: listing.id }, 'spam');
    const onPlayer = await report(first, { type: 'user', id: owner.id }, 'impersonation');

    const res = await queue('open', '&limit=100');
    const ids = res.body.map((r) => r.id);
    expect(ids.indexOf(onPlayer.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(Number(res.headers.get('x-total-count'))).toBe(
      await ReportModel.countDocuments({ status: 'open' }),
    );
    expect(res.body.find((r) => r.id === older.id)).toEqual({
      id: older.id,
      status: 'open',
      reporter: { id: first.id, username: first.username },
      target: {
        type: 'listing',
        id: listing.id,
        summary: `${TEST_ITEMS.fish} (buy listing) by ${owner.username}`,
      },
      reason: 'scam',
      details: 'Took my gold',
      openOnTarget: 2,
      createdAt: older.createdAt,
      resolution: null,
    });
    expect(res.body.find((r) => r.id === onPlayer.id)).toMatchObject({
      target: { type: 'user', id: owner.id, summary: owner.username },
      openOnTarget: 1,
    });
  });

  it('summarises offers (item and maker) and trades (item and parties)', async () => {
    const [seller, buyer] = await Promise.all([player(), player()]);
    const listing = await postListing(server.url, seller.token, { quantity: 3 });
    const offer = await offerOn(listing.id, buyer);
    const offerReport = await report(seller, { type: 'offer', id: offer.id }, 'offensive');
    const traded = await offerOn(listing.id, buyer);
    await acceptOffer(server.url, traded.id, seller);
    const tradeReport = await report(buyer, { type: 'trade', id: traded.id }, 'trade-dispute');

    expect((await inQueue(offerReport.id))?.target.summary).toBe(
      `${buyer.username}'s offer on ${TEST_ITEMS.plain} (${seller.username}'s sell listing)`,
    );
    expect((await inQueue(tradeReport.id))?.target.summary).toBe(
      `${TEST_ITEMS.plain}: ${seller.username} sold to ${buyer.username}`,
    );
  });

  it('pages with limit and offset', async () => {
    const all = (await queue('open', '&limit=100')).body;
    expect(all.length).toBeGreaterThan(2);
    const page = (await queue('open', '&limit=2&offset=1')).body;
    expect(page.map((r) => r.id)).toEqual(all.slice(1, 3).map((r) => r.id));
  });
});

describe('POST /api/admin/reports/{id}/resolve', () => {
  it('401 without a session, 403 for a player, 404 for no such report', async () => {
    const target = await player();
    const filed = await report(member, { type: 'user', id: target.id });
    expect((await resolve(filed.id, { action: 'dismiss' }, '')).status).toBe(401);
    expect((await resolve(filed.id, { action: 'dismiss' }, member.token)).status).toBe(403);
    const missing = await resolve(999_999, { action: 'dismiss' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'Report not found' });
    expect((await inQueue(filed.id))?.status).toBe('open');
  });

  it('400 for an unknown action, and for a suspension without a reason', async () => {
    const target = await player();
    const filed = await report(member, { type: 'user', id: target.id });
    const unknown = await resolve(filed.id, { action: 'ban' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ field: 'action' });
    const noReason = await resolve(filed.id, { action: 'suspend-user', note: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ field: 'note' });
  });

  it('dismiss: resolves every open report on the target, records who and when, thanks each reporter', async () => {
    const target = await player();
    const [a, b] = await Promise.all([player(), player()]);
    const first = await report(a, { type: 'user', id: target.id }, 'spam', 'Spams the chat');
    const second = await report(b, { type: 'user', id: target.id }, 'offensive');
    const other = await report(a, { type: 'user', id: member.id }, 'spam');

    const res = await resolve(first.id, { action: 'dismiss', note: 'Nothing wrong found' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: first.id,
      status: 'resolved',
      openOnTarget: 0,
      resolution: {
        action: 'dismiss',
        note: 'Nothing wrong found',
        by: { id: admin.id, username: admin.username },
        at: expect.any(String),
      },
    });
    const resolvedSecond = await inQueue(second.id, 'resolved');
    expect(resolvedSecond?.resolution).toEqual(res.body.resolution);
    expect(await inQueue(other.id)).toBeDefined();
    expect(await inQueue(first.id)).toBeUndefined();

    for (const reporter of [a, b]) {
      const [thanks] = (await notificationsOf(reporter)).filter((n) => n.kind === 'report_resolved');
      expect(thanks).toMatchObject({
        message: `Thanks for your report about ${target.username}: an admin has looked at it.`,
        link: `/profile/${target.id}`,
      });
    }
    expect(await notificationsOf(target)).toEqual([]);
    const [entry] = await auditOf('report.resolve', first.id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'report',
      note: `dismiss on user ${target.id}: Nothing wrong found`,
    });
  });

  it('409 for a report already resolved', async () => {
    const target = await player();
    const filed = await report(member, { type: 'user', id: target.id });
    expect((await resolve(filed.id, { action: 'dismiss' })).status).toBe(200);
    const again = await resolve(filed.id, { action: 'dismiss' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', error: 'This report has already been resolved' });
  });

  it('400 for remove-listing on a player report, which stays open', async () => {
    const target = await player();
    const filed = await report(member, { type: 'user', id: target.id });
    const res = await resolve(filed.id, { action: 'remove-listing' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'action' });
    expect((await inQueue(filed.id))?.status).toBe('open');
  });

  it('remove-listing deletes the listing (every page hears listing:deleted) and audits both actions', async () => {
    const owner = await player();
    const reporter = await player();
    const listing = await postListing(server.url, owner.token);
    const filed = await report(reporter, { type: 'listing', id: listing.id });
    const watcher = await connectSocket(server.url);
    try {
      const deleted = nextEvent(watcher, 'listing:deleted', (e) => e.id === listing.id);
      const res = await resolve(filed.id, { action: 'remove-listing', note: 'Scam listing' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'resolved',
        target: { type: 'listing', id: listing.id, summary: `Listing ${listing.id} (deleted)` },
        resolution: { action: 'remove-listing', note: 'Scam listing' },
      });
      await deleted;
    } finally {
      watcher.close();
    }
    expect(await ListingModel.exists({ _id: listing.id })).toBeNull();
    expect((await api.get(`/api/listings/${listing.id}`)).status).toBe(404);
    expect(await auditOf('listing.delete', listing.id)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        targetType: 'listing',
        note: `${TEST_ITEMS.plain} (sell listing) by ${owner.username}: Scam listing`,
      }),
    ]);
    expect(await auditOf('report.resolve', filed.id)).toHaveLength(1);
    const [thanks] = (await notificationsOf(reporter)).filter((n) => n.kind === 'report_resolved');
    expect(thanks).toMatchObject({
      message: `Thanks for your report about the ${TEST_ITEMS.plain} listing: an admin has looked at it.`,
      listingId: listing.id,
    });
  });

  it('remove-listing on an offer report removes the offer’s listing', async () => {
    const [seller, buyer] = await Promise.all([player(), player()]);
    const listing = await postListing(server.url, seller.token);
    const offer = await offerOn(listing.id, buyer);
    const filed = await report(buyer, { type: 'offer', id: offer.id }, 'scam');
    expect((await resolve(filed.id, { action: 'remove-listing' })).status).toBe(200);
    expect(await ListingModel.exists({ _id: listing.id })).toBeNull();
  });

  it('remove-listing when the listing is already gone answers 409 and leaves the report open', async () => {
    const owner = await player();
    const listing = await postListing(server.url, owner.token);
    const filed = await report(member, { type: 'listing', id: listing.id });
    expect((await api.delete(`/api/listings/${listing.id}`, owner.token)).status).toBe(204);
    const res = await resolve(filed.id, { action: 'remove-listing' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT', error: expect.stringMatching(/already gone/) });
    expect((await inQueue(filed.id))?.status).toBe('open');
  });

  it('suspend-user on a listing report suspends its owner, for the days given', async () => {
    const owner = await player();
    const listing = await postListing(server.url, owner.token);
    const filed = await report(member, { type: 'listing', id: listing.id });
    const res = await resolve(filed.id, { action: 'suspend-user', note: 'Repeated scams', days: 7 });
    expect(res.status).toBe(200);
    expect(res.body.resolution).toMatchObject({ action: 'suspend-user', note: 'Repeated scams' });
    const stored = await UserModel.findById(owner.id).lean();
    expect(stored?.suspension).toMatchObject({ reason: 'Repeated scams', by: admin.id });
    const days = (stored!.suspension!.until!.getTime() - stored!.suspension!.at.getTime()) / 86_400_000;
    expect(days).toBe(7);
    expect((await api.get('/api/auth/me', owner.token)).status).toBe(401);
    expect(await auditOf('user.suspend', owner.id)).toHaveLength(1);
  });

  it('suspend-user on a trade report suspends the other trader, never the reporter', async () => {
    const [seller, buyer] = await Promise.all([player(), player()]);
    const listing = await postListing(server.url, seller.token, { quantity: 2 });
    const offer = await offerOn(listing.id, buyer);
    await acceptOffer(server.url, offer.id, seller);
    const filed = await report(seller, { type: 'trade', id: offer.id }, 'trade-dispute');
    expect((await resolve(filed.id, { action: 'suspend-user', note: 'Never paid' })).status).toBe(200);
    expect((await UserModel.findById(buyer.id).lean())?.suspension).toMatchObject({
      reason: 'Never paid',
      until: null,
    });
    expect((await UserModel.findById(seller.id).lean())?.suspension ?? null).toBeNull();
  });

  it('a refused suspension (an admin) answers 409 and leaves the reports open', async () => {
    const otherAdmin = await createAdmin(server.config);
    const filed = await report(member, { type: 'user', id: otherAdmin.id });
    const res = await resolve(filed.id, { action: 'suspend-user', note: 'Abuse' });
    expect(res.status).toBe(409);
    expect((await inQueue(filed.id))?.status).toBe('open');
    expect(await auditOf('report.resolve', filed.id)).toEqual([]);
  });
});
