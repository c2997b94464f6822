import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../../src-common/schemas/report';
import { createUser, postListing, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { acceptOffer, postOffer } from '../../../tests/helpers/trade-fixture';
import { ReportModel } from '../../models/report';

let server: TestServer;
let api: ReturnType<typeof http>;
let owner: TestUser;
let buyer: TestUser;
let outsider: TestUser;
let listingId: number;

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
  [owner, buyer, outsider] = await Promise.all([
    createUser(server.config),
    createUser(server.config),
    createUser(server.config),
  ]);
  listingId = (await postListing(server.url, owner.token, { quantity: 5 })).id;
});
afterAll(() => server?.stop());

const report = (body: unknown, user?: TestUser) => api.post<Report>('/api/reports', body, user?.token);
const on = (type: string, id: number, reason = 'scam', details = '') => ({
  target: { type, id },
  reason,
  details,
});

const makeOffer = (listing: number, user: TestUser) =>
  postOffer(server.url, user.token, { listing_id: listing, offer_amount: 900, quantity: 1 });

describe('POST /api/reports', () => {
  it('files a report on a listing: 201 with the open report', async () => {
    const reporter = await createUser(server.config);
    const res = await report(
      on('listing', listingId, 'price-manipulation', '  Posts at 1 copper to move the price '),
      reporter,
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      status: 'open',
      target: { type: 'listing', id: listingId },
      reason: 'price-manipulation',
      details: 'Posts at 1 copper to move the price',
      createdAt: expect.any(String),
    });
    const stored = await ReportModel.findById(res.body.id).lean();
    expect(stored).toMatchObject({
      reporterId: reporter.id,
      targetUserIds: [owner.id],
      targetListingId: listingId,
    });
  });

  it('files a report on a player, details optional', async () => {
    const res = await report({ target: { type: 'user', id: owner.id }, reason: 'impersonation' }, outsider);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'open', target: { type: 'user', id: owner.id }, details: '' });
  });

  it('answers 401 to a visitor', async () => {
    const res = await report(on('listing', listingId));
    expect(res.status).toBe(401);
  });

  it('409 for a second open report by the same reporter on the same target; others may still report it', async () => {
    const reporter = await createUser(server.config);
    expect((await report(on('listing', listingId), reporter)).status).toBe(201);
    const again = await report(on('listing', listingId, 'spam'), reporter);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'CONFLICT',
      error: expect.stringContaining('already reported'),
    });
    expect((await report(on('listing', listingId), await createUser(server.config))).status).toBe(201);
  });

  it('404 when the target does not exist, for each kind', async () => {
    for (const [type, message] of [
      ['listing', 'Listing not found'],
      ['user', 'User not found'],
      ['offer', 'Offer not found'],
      ['trade', 'Trade not found'],
    ]) {
      const res = await report(on(type, 999_999), outsider);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', error: message });
    }
  });

  it('400 for reporting oneself or one’s own listing', async () => {
    const self = await report(on('user', owner.id), owner);
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ error: 'You cannot report yourself', field: 'target' });
    const own = await report(on('listing', listingId), owner);
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ error: 'You cannot report your own listing', field: 'target' });
  });

  it('400 naming the field for a bad reason, target or details', async () => {
    const reason = await report(on('listing', listingId, 'rude'), outsider);
    expect(reason.status).toBe(400);
    expect(reason.body).toMatchObject({ field: 'reason', error: 'Choose a reason' });
    const type = await report(on('item', listingId), outsider);
    expect(type.status).toBe(400);
    expect(type.body).toMatchObject({ field: 'target.type' });
    const long = await report(on('listing', listingId, 'other', 'x'.repeat(1001)), outsider);
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ field: 'details', error: 'Details can be at most 1000 characters' });
    expect((await report(on('listing', listingId, 'other', 'x'.repeat(1000)), outsider)).status).toBe(201);
  });

  it('an offer may be reported by its two traders only (403 for anyone else)', async () => {
    const offer = await makeOffer(listingId, buyer);
    expect((await report(on('offer', offer.id, 'offensive'), owner)).status).toBe(201);
    expect((await report(on('offer', offer.id, 'scam'), buyer)).status).toBe(201);
    const stranger = await report(on('offer', offer.id), outsider);
    expect(stranger.status).toBe(403);
    expect(stranger.body).toMatchObject({
      code: 'FORBIDDEN',
      error: 'Only the two traders of this offer can report it',
    });
  });

  it('a trade (id: its accepted offer’s) may be reported by its two traders only', async () => {
    const offer = await makeOffer(listingId, buyer);
    await acceptOffer(server.url, offer.id, owner);
    const res = await report(on('trade', offer.id, 'trade-dispute', 'Never delivered'), buyer);
    expect(res.status).toBe(201);
    expect(res.body.target).toEqual({ type: 'trade', id: offer.id });
    expect((await ReportModel.findById(res.body.id).lean())?.targetUserIds.sort()).toEqual(
      [owner.id, buyer.id].sort(),
    );
    expect((await report(on('trade', offer.id), outsider)).status).toBe(403);
  });

  it('a session only: a personal access token gets 403 TOKEN_SCOPE', async () => {
    const user = await createUser(server.config);
    const created = await api.post<{ secret: string }>(
      '/api/auth/tokens',
      { name: 'bot', scopes: ['read', 'trade'] },
      user.token,
    );
    expect(created.status).toBe(201);
    const res = await api.post('/api/reports', on('listing', listingId), created.body.secret);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'TOKEN_SCOPE' });
  });

  it('at most 10 reports an hour per account: the 11th answers 429 with Retry-After; refusals cost nothing', async () => {
    const reporter = await createUser(server.config);
    const players = await Promise.all(Array.from({ length: 11 }, () => createUser(server.config)));
    // Refused reports (404, 409) do not count towards the limit.
    expect((await report(on('user', 999_999), reporter)).status).toBe(404);
    for (const player of players.slice(0, 10)) {
      expect((await report(on('user', player.id), reporter)).status).toBe(201);
    }
    const limited = await report(on('user', players[10].id), reporter);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
    // Another account is not held back.
    expect((await report(on('user', players[10].id), outsider)).status).toBe(201);
  });
});
