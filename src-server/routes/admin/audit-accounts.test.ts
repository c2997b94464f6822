import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAccount } from '../../../src-common/schemas/admin-account';
import type { AuditEntry } from '../../../src-common/schemas/audit';
import type { Report } from '../../../src-common/schemas/report';
import {
  createAdmin,
  createUser,
  postListing,
  TEST_ITEMS,
  type TestUser,
} from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { acceptOffer, postOffer } from '../../../tests/helpers/trade-fixture';
import { AdminModel } from '../../models/admin';

let server: TestServer;
let api: ReturnType<typeof http>;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_DISABLED: 'true' } });
  api = http(server.url);
  admin = await createAdmin(server.config);
  member = await createUser(server.config, { discordId: '900000000000000002' });
});
afterAll(() => server?.stop());

const audit = async (query = '') => {
  const res = await api.get<AuditEntry[]>(`/api/admin/audit${query}`, admin.token);
  expect(res.status).toBe(200);
  return res.body;
};
const search = async (q: string) => {
  const res = await api.get<AdminAccount[]>(`/api/admin/accounts?q=${encodeURIComponent(q)}`, admin.token);
  expect(res.status).toBe(200);
  return res.body;
};

describe('GET /api/admin/audit', () => {
  it('401 without a session, 403 for a player', async () => {
    expect((await api.get('/api/admin/audit')).status).toBe(401);
    expect((await api.get('/api/admin/audit', member.token)).status).toBe(403);
  });

  it('records every admin action, newest first, and pages with before', async () => {
    const owner = await createUser(server.config);
    const listing = await postListing(server.url, owner.token, { item: TEST_ITEMS.fish });
    expect((await api.delete(`/api/admin/listings/${listing.id}`, admin.token)).status).toBe(204);
    expect((await api.post('/api/admin/users/add', { id: member.discordId }, admin.token)).status).toBe(200);
    expect((await api.post('/api/admin/users/remove', { id: member.discordId }, admin.token)).status).toBe(
      200,
    );
    expect((await api.post('/api/admin/users/add', { id: '900000000000000099' }, admin.token)).status).toBe(
      200,
    );
    await AdminModel.deleteOne({ _id: '900000000000000099' });
    expect(
      (await api.post(`/api/admin/users/${owner.id}/suspend`, { reason: 'Spam', days: 3 }, admin.token))
        .status,
    ).toBe(200);
    expect((await api.post(`/api/admin/users/${owner.id}/unsuspend`, undefined, admin.token)).status).toBe(
      200,
    );
    const filed = await api.post<Report>(
      '/api/reports',
      { target: { type: 'user', id: owner.id }, reason: 'spam' },
      member.token,
    );
    expect(filed.status).toBe(201);
    expect(
      (await api.post(`/api/admin/reports/${filed.body.id}/resolve`, { action: 'dismiss' }, admin.token))
        .status,
    ).toBe(200);

    const entries = await audit();
    const actor = { id: admin.id, username: admin.username };
    expect(
      entries.map(({ action, target, note, actor: by }) => ({ action, target, note, actor: by })),
    ).toEqual([
      {
        action: 'report.resolve',
        target: { type: 'report', id: filed.body.id },
        note: `dismiss on user ${owner.id}`,
        actor,
      },
      { action: 'user.unsuspend', target: { type: 'user', id: owner.id }, note: null, actor },
      {
        action: 'user.suspend',
        target: { type: 'user', id: owner.id },
        note: expect.stringContaining('Spam'),
        actor,
      },
      {
        action: 'admin.add',
        target: { type: 'discord-id', id: 0 },
        note: 'Discord ID 900000000000000099',
        actor,
      },
      {
        action: 'admin.remove',
        target: { type: 'user', id: member.id },
        note: `Discord ID ${member.discordId}`,
        actor,
      },
      {
        action: 'admin.add',
        target: { type: 'user', id: member.id },
        note: `Discord ID ${member.discordId}`,
        actor,
      },
      {
        action: 'listing.delete',
        target: { type: 'listing', id: listing.id },
        note: `${TEST_ITEMS.fish} (sell listing) by ${owner.username}`,
        actor,
      },
    ]);
    expect(entries[0]).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      actor,
      action: 'report.resolve',
      target: { type: 'report', id: filed.body.id },
      note: `dismiss on user ${owner.id}`,
    });
    const ids = entries.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const firstPage = await audit('?limit=3');
    expect(firstPage.map((e) => e.id)).toEqual(ids.slice(0, 3));
    const secondPage = await audit(`?limit=3&before=${firstPage[2].id}`);
    expect(secondPage.map((e) => e.id)).toEqual(ids.slice(3, 6));
    const lastPage = await audit(`?limit=3&before=${secondPage[2].id}`);
    expect(lastPage.map((e) => e.id)).toEqual(ids.slice(6));
  });

  it('an owner deleting their own listing is no admin action', async () => {
    const before = (await audit('?limit=1'))[0]?.id ?? 0;
    const listing = await postListing(server.url, member.token);
    expect((await api.delete(`/api/listings/${listing.id}`, member.token)).status).toBe(204);
    expect((await audit('?limit=1'))[0]?.id ?? 0).toBe(before);
  });

  it('400 for a bad before or limit', async () => {
    expect((await api.get('/api/admin/audit?before=abc', admin.token)).body).toMatchObject({
      field: 'before',
    });
    expect((await api.get('/api/admin/audit?limit=0', admin.token)).status).toBe(400);
  });

  it('no route changes or deletes an entry', async () => {
    const [entry] = await audit('?limit=1');
    expect((await api.put(`/api/admin/audit/${entry.id}`, { note: 'changed' }, admin.token)).status).toBe(
      404,
    );
    expect((await api.delete(`/api/admin/audit/${entry.id}`, admin.token)).status).toBe(404);
    // The log's own path takes GET only.
    expect((await api.delete('/api/admin/audit', admin.token)).status).toBe(405);
    expect((await audit('?limit=1'))[0]).toEqual(entry);
  });
});

describe('GET /api/admin/accounts', () => {
  it('401 without a session, 403 for a player, 400 without q', async () => {
    expect((await api.get('/api/admin/accounts?q=a')).status).toBe(401);
    expect((await api.get('/api/admin/accounts?q=a', member.token)).status).toBe(403);
    const empty = await api.get('/api/admin/accounts?q=', admin.token);
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ field: 'q' });
  });

  it('finds accounts by part of the name (case-blind), by email, and by Discord ID', async () => {
    const found = await createUser(server.config, {
      username: 'QuartzFinder',
      email: 'quartz.mail@example.test',
      discordId: '900000000000000077',
    });
    await createUser(server.config, { username: 'OtherPerson' });
    for (const q of ['quartzfind', 'RTZF', 'quartz.mail@example.test', 'QUARTZ.MAIL', '900000000000000077']) {
      expect((await search(q)).map((a) => a.id)).toEqual([found.id]);
    }
    expect(await search('no-such-person')).toEqual([]);
    // Pattern characters are taken literally.
    expect(await search('.*')).toEqual([]);
  });

  it('shows status, join date, listing and trade counts and open reports', async () => {
    const seller = await createUser(server.config, { username: 'CountedSeller' });
    const buyer = await createUser(server.config);
    const listing = await postListing(server.url, seller.token, { quantity: 3 });
    await postListing(server.url, seller.token);
    const offer = await postOffer(server.url, buyer.token, {
      listing_id: listing.id,
      offer_amount: 500,
      quantity: 1,
    });
    await acceptOffer(server.url, offer.id, seller);
    await api.post('/api/reports', { target: { type: 'user', id: seller.id }, reason: 'spam' }, buyer.token);
    await api.post(
      '/api/reports',
      { target: { type: 'listing', id: listing.id }, reason: 'scam' },
      member.token,
    );
    // The seller's own report on the trade is not a report about them.
    await api.post(
      '/api/reports',
      { target: { type: 'trade', id: offer.id }, reason: 'other' },
      seller.token,
    );

    const [account] = await search('countedseller');
    expect(account).toEqual({
      id: seller.id,
      username: 'CountedSeller',
      status: 'active',
      suspension: null,
      joinedAt: expect.any(String),
      listings: 2,
      trades: 1,
      openReports: 2,
    });

    expect(
      (await api.post(`/api/admin/users/${seller.id}/suspend`, { reason: 'Scams', days: 2 }, admin.token))
        .status,
    ).toBe(200);
    const [suspended] = await search('countedseller');
    expect(suspended).toMatchObject({
      status: 'suspended',
      suspension: { reason: 'Scams', until: expect.any(String) },
      listings: 2,
    });
  });
});
