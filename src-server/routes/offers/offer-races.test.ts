import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offer } from '../../../src-common/schemas/offer';
import { createUser, postListing, type TestUser } from '../../../tests/helpers/factories';
import { http, type HttpResult } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { holdNextWrite, LOCK_WAIT_MS } from '../../lib/transactions';
import { ListingModel } from '../../models/listing';
import { OfferModel } from '../../models/offer';

/**
 * Racing writes on one listing through real HTTP against the embedded database: each race has exactly
 * one winner, and the stored state is the winner's.
 */
let server: TestServer;
let api: ReturnType<typeof http>;
let owner: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_DISABLED: 'true' } });
  api = http(server.url);
  owner = await createUser(server.config);
  buyer = await createUser(server.config);
});
afterAll(() => server?.stop());

const listing = async () => (await postListing(server.url, owner.token, { quantity: 5 })).id;
const offerOn = async (listingId: number) => {
  const res = await api.post<Offer>('/api/offers', { listing_id: listingId, offer_amount: 900 }, buyer.token);
  expect(res.status).toBe(201);
  return res.body.id;
};
const decide = (offerId: number, action: 'accept' | 'reject') =>
  api.put(`/api/offers/${offerId}`, { action }, owner.token);
const cancel = (offerId: number) => api.delete(`/api/offers/${offerId}`, buyer.token);
const ok = (r: HttpResult) => r.status === 200 || r.status === 204;
const statusesOf = (results: HttpResult[]) => results.map((r) => r.status).sort();

describe('racing decisions on one offer', () => {
  it('20 parallel accepts of one offer: one 200, nineteen 409, accepted once', async () => {
    const offerId = await offerOn(await listing());
    const results = await Promise.all(Array.from({ length: 20 }, () => decide(offerId, 'accept')));
    expect(statusesOf(results)).toEqual([200, ...Array(19).fill(409)]);
    expect(await OfferModel.findById(offerId).lean()).toMatchObject({ status: 'accepted', version: 2 });
  });

  it.each([1, 2, 3, 4, 5])(
    'accept vs reject: one wins, the offer ends as the winner said (trial %i)',
    async () => {
      const offerId = await offerOn(await listing());
      const [accepted, rejected] = await Promise.all([decide(offerId, 'accept'), decide(offerId, 'reject')]);
      expect(statusesOf([accepted, rejected])).toEqual([200, 409]);
      const winner = accepted.status === 200 ? 'accepted' : 'rejected';
      expect(await OfferModel.findById(offerId).lean()).toMatchObject({ status: winner, version: 2 });
    },
  );

  it.each([1, 2, 3, 4, 5])('accept vs cancel: exactly one succeeds (trial %i)', async () => {
    const offerId = await offerOn(await listing());
    const [accepted, cancelled] = await Promise.all([decide(offerId, 'accept'), cancel(offerId)]);
    expect([accepted, cancelled].filter(ok)).toHaveLength(1);
    const stored = await OfferModel.findById(offerId).lean();
    if (ok(accepted)) {
      expect(cancelled.status).toBe(409);
      expect(stored).toMatchObject({ status: 'accepted' });
    } else {
      expect([404, 409]).toContain(accepted.status);
      expect(stored).toBeNull();
    }
  });
});

describe('an offer racing its listing’s deletion', () => {
  it.each([1, 2, 3, 4, 5])('no offer outlives its listing (trial %i)', async () => {
    const listingId = await listing();
    const [made, deleted] = await Promise.all([
      api.post<Offer>('/api/offers', { listing_id: listingId, offer_amount: 900 }, buyer.token),
      api.delete(`/api/listings/${listingId}`, owner.token),
    ]);
    expect(deleted.status).toBe(204);
    expect([201, 404]).toContain(made.status);
    expect(await ListingModel.exists({ _id: listingId })).toBeNull();
    expect(await OfferModel.countDocuments({ listingId })).toBe(0);
  });
});

describe('a write stalled inside its lock', () => {
  it('makes a competing write on the same listing wait or fail with 503 DB_BUSY, never both win', async () => {
    const listingId = await listing();
    const offerId = await offerOn(listingId);
    const hold = holdNextWrite(`listing:${listingId}`);
    const stalled = decide(offerId, 'accept');
    await hold.reached;

    // Waits longer than the lock bound: refused cleanly, nothing written.
    const refused = await decide(offerId, 'reject');
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'DB_BUSY' });
    expect(Number(refused.headers.get('retry-after'))).toBe(Math.ceil(LOCK_WAIT_MS / 1000));
    expect(await OfferModel.findById(offerId).lean()).toMatchObject({ status: 'pending', version: 1 });

    // Queued while the first still holds the lock, it runs after it and sees its result.
    const queued = decide(offerId, 'reject');
    const elsewhere = await decide(await offerOn(await listing()), 'reject');
    expect(elsewhere.status).toBe(200); // other listings are not held up
    hold.release();
    expect((await stalled).status).toBe(200);
    expect((await queued).status).toBe(409);
    expect(await OfferModel.findById(offerId).lean()).toMatchObject({ status: 'accepted', version: 2 });
  });
});
