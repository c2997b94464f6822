import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '../../../src-common/schemas/listing';
import type { Offer } from '../../../src-common/schemas/offer';
import { migrateToTrades, TRADES_MIGRATION_MARK } from '../../migrations/trades';
import { CounterModel } from '../../models/counter';
import { ListingModel } from '../../models/listing';
import { OfferModel } from '../../models/offer';
import { loadReadModels } from '../../read-models/load-read-models';
import { MarketHistory } from '../../read-models/market-history';
import { createUser, listingBody, postListing, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { legacyListing, legacyOffer } from '../../../tests/helpers/legacy-trades';
import { withLive } from '../../../tests/helpers/live-events';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { postOffer } from '../../../tests/helpers/trade-fixture';

let server: TestServer;
let api: ReturnType<typeof http>;
let owner: TestUser;
let buyers: TestUser[];

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
  owner = await createUser(server.config);
  buyers = await Promise.all(Array.from({ length: 10 }, () => createUser(server.config)));
});
afterAll(() => server.stop());

const listingOf = async (quantity: number) => (await postListing(server.url, owner.token, { quantity })).id;
const offer = (listingId: number, buyer: TestUser, quantity?: number, amount = 900) =>
  postOffer(server.url, buyer.token, {
    listing_id: listingId,
    offer_amount: amount,
    ...(quantity === undefined ? {} : { quantity }),
  });
const accept = (offerId: number) => api.put(`/api/offers/${offerId}`, { action: 'accept' }, owner.token);
const detail = async (id: number) => (await api.get<Listing>(`/api/listings/${id}`)).body;
const browseIds = async () => (await api.get<Listing[]>('/api/listings')).body.map((l) => l.id);
const offersOf = async (listingId: number) =>
  (await api.get<Offer[]>(`/api/offers/listing/${listingId}`)).body;

describe('partial offers', () => {
  it('an offer names a quantity; without one it is for all that remains', async () => {
    const listingId = await listingOf(20);
    expect(await detail(listingId)).toMatchObject({
      quantity: 20,
      remainingQuantity: 20,
      status: 'active',
      closedAt: null,
      closedReason: null,
    });
    const five = await offer(listingId, buyers[0], 5, 5_000);
    expect(five).toMatchObject({
      quantity: 5,
      offer_amount: 5_000,
      status: 'pending',
      rejection_reason: null,
    });
    expect((await offer(listingId, buyers[1])).quantity).toBe(20);
  });

  it('400 naming quantity for a quantity over what remains, or not a whole number from 1', async () => {
    const listingId = await listingOf(4);
    const over = await api.post(
      '/api/offers',
      { listing_id: listingId, offer_amount: 9, quantity: 5 },
      buyers[0].token,
    );
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      error: 'Quantity must be a whole number from 1 to 4',
      code: 'VALIDATION_ERROR',
      field: 'quantity',
    });
    for (const quantity of [0, 1.5, 'two']) {
      const res = await api.post(
        '/api/offers',
        { listing_id: listingId, offer_amount: 9, quantity },
        buyers[0].token,
      );
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('quantity');
    }
  });

  it('accepting takes the quantity: 15 of 20 left, the listing stays active and in browse, live', async () => {
    const listingId = await listingOf(20);
    const five = await offer(listingId, buyers[0], 5);
    await withLive(server.url, [undefined], async ([other]) => {
      const updated = other.next('listing:updated', ({ listing }) => listing.id === listingId);
      expect((await accept(five.id)).body).toMatchObject({ status: 'accepted', quantity: 5 });
      expect((await updated).listing).toMatchObject({ remainingQuantity: 15, status: 'active', version: 2 });
    });
    expect(await detail(listingId)).toMatchObject({ quantity: 20, remainingQuantity: 15, status: 'active' });
    expect(await browseIds()).toContain(listingId);
    expect((await offer(listingId, buyers[1])).quantity).toBe(15);
  });
});

describe('parallel accepts', () => {
  it('10 offers of 3 on 20, accepted at once: 6 accepted, 2 left, 4 rejected "Only 2 left"', async () => {
    const listingId = await listingOf(20);
    const offers = await Promise.all(buyers.map((buyer) => offer(listingId, buyer, 3)));
    const answers = await Promise.all(offers.map((o) => accept(o.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(6);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(4);
    for (const res of refused) {
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('This offer has already been rejected and can no longer be changed.');
    }
    expect(await detail(listingId)).toMatchObject({ remainingQuantity: 2, status: 'active', version: 7 });
    const stored = await offersOf(listingId);
    expect(stored.filter((o) => o.status === 'accepted')).toHaveLength(6);
    const rejected = stored.filter((o) => o.status === 'rejected');
    expect(rejected.map((o) => o.rejection_reason)).toEqual(Array(4).fill('Only 2 left'));
  });
});

describe('automatic rejections', () => {
  it('rejects what no longer fits, then everything when sold out, each with offer:updated and a notification', async () => {
    const listingId = await listingOf(10);
    const [a, b, c, d] = buyers;
    const four = await offer(listingId, a, 4);
    const six = await offer(listingId, b, 6);
    const five = await offer(listingId, c, 5);
    const all = await offer(listingId, d);
    await withLive(server.url, [undefined, c.token, d.token], async ([watcher, cLive, dLive]) => {
      await watcher.watch(listingId);
      const allRejected = watcher.next('offer:updated', ({ offer: o }) => o.id === all.id);
      const dNote = dLive.next('notification');
      expect((await accept(four.id)).status).toBe(200);
      expect((await allRejected).offer).toMatchObject({
        status: 'rejected',
        rejection_reason: 'Only 6 left',
        version: 2,
      });
      expect(await dNote).toMatchObject({
        kind: 'offer_rejected',
        listingId,
        offerId: all.id,
        message: 'Your offer on Empty Gas Leech was rejected: Only 6 left',
      });

      const closed = watcher.next('listing:updated', ({ listing }) => listing.id === listingId);
      const fiveRejected = watcher.next('offer:updated', ({ offer: o }) => o.id === five.id);
      const cNote = cLive.next('notification');
      expect((await accept(six.id)).status).toBe(200);
      expect((await closed).listing).toMatchObject({
        remainingQuantity: 0,
        status: 'closed',
        closedReason: 'sold',
      });
      expect((await fiveRejected).offer.rejection_reason).toBe('Sold to another offer');
      expect(await cNote).toMatchObject({
        kind: 'offer_rejected',
        offerId: five.id,
        message: 'Your offer on Empty Gas Leech was rejected: Sold to another offer',
      });
    });
    const listing = await detail(listingId);
    expect(listing).toMatchObject({ status: 'closed', closedReason: 'sold', remainingQuantity: 0 });
    expect(Date.parse(listing.closedAt!)).not.toBeNaN();
    expect(await browseIds()).not.toContain(listingId);
    expect((await offersOf(listingId)).map((o) => [o.id, o.status])).toEqual([
      [all.id, 'rejected'],
      [five.id, 'rejected'],
      [six.id, 'accepted'],
      [four.id, 'accepted'],
    ]);
  });

  it('an offer without a quantity, accepted first, closes the listing as before trades', async () => {
    const listingId = await listingOf(8);
    const whole = await offer(listingId, buyers[0]);
    const other = await offer(listingId, buyers[1], 2);
    expect((await accept(whole.id)).body).toMatchObject({ status: 'accepted', quantity: 8 });
    expect(await detail(listingId)).toMatchObject({ status: 'closed', remainingQuantity: 0 });
    expect((await offersOf(listingId)).find((o) => o.id === other.id)).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Sold to another offer',
    });
  });

  it('a manual reject carries no reason', async () => {
    const listingId = await listingOf(3);
    const one = await offer(listingId, buyers[0], 1);
    const res = await api.put<Offer>(`/api/offers/${one.id}`, { action: 'reject' }, owner.token);
    expect(res.body).toMatchObject({ status: 'rejected', rejection_reason: null });
    expect(await detail(listingId)).toMatchObject({ remainingQuantity: 3, status: 'active' });
  });
});

describe('POST /api/listings/:id/close', () => {
  it('401 without a session, 403 for another user, 404 for a missing listing', async () => {
    const listingId = await listingOf(2);
    expect((await api.post(`/api/listings/${listingId}/close`)).status).toBe(401);
    const other = await api.post(`/api/listings/${listingId}/close`, undefined, buyers[0].token);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ error: 'You can only close your own listings', code: 'FORBIDDEN' });
    const missing = await api.post('/api/listings/999999/close', undefined, owner.token);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Listing not found');
  });

  it('closes, keeps what remained, rejects pending offers "Listing closed" and tells everyone', async () => {
    const listingId = await listingOf(5);
    const taken = await offer(listingId, buyers[0], 2);
    await accept(taken.id);
    const pending = await offer(listingId, buyers[1], 1);
    await withLive(server.url, [undefined, buyers[1].token], async ([other, buyerLive]) => {
      await other.watch(listingId);
      const updated = other.next('listing:updated', ({ listing }) => listing.id === listingId);
      const rejected = other.next('offer:updated', ({ offer: o }) => o.id === pending.id);
      const note = buyerLive.next('notification');
      const res = await api.post<Listing>(`/api/listings/${listingId}/close`, undefined, owner.token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'closed', closedReason: 'closed', remainingQuantity: 3 });
      expect((await updated).listing).toEqual(res.body);
      expect((await rejected).offer).toMatchObject({
        status: 'rejected',
        rejection_reason: 'Listing closed',
      });
      expect(await note).toMatchObject({
        kind: 'offer_rejected',
        message: 'Your offer on Empty Gas Leech was rejected: Listing closed',
      });
    });
    expect(await browseIds()).not.toContain(listingId);
    const again = await api.post(`/api/listings/${listingId}/close`, undefined, owner.token);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'This listing is already closed.', code: 'CONFLICT' });
  });
});

describe('a closed listing', () => {
  it('refuses offers and edits with 409, stays readable with its offers, and can be deleted', async () => {
    const listingId = await listingOf(1);
    const sold = await offer(listingId, buyers[0]);
    await accept(sold.id);
    const late = await api.post('/api/offers', { listing_id: listingId, offer_amount: 5 }, buyers[1].token);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({
      error: 'This listing is closed and no longer takes offers.',
      code: 'CONFLICT',
    });
    const edit = await api.put(`/api/listings/${listingId}`, listingBody({ quantity: 3 }), owner.token);
    expect(edit.status).toBe(409);
    expect(edit.body).toEqual({
      error: 'This listing is closed and can no longer be edited.',
      code: 'CONFLICT',
    });
    expect((await api.get(`/api/listings/${listingId}`)).status).toBe(200);
    expect((await offersOf(listingId)).map((o) => o.status)).toEqual(['accepted']);
    const profile = await api.get<{ listings: Listing[]; stats: { totalListings: number } }>(
      `/api/profile/${owner.id}`,
    );
    expect(profile.body.listings.find((l) => l.id === listingId)?.status).toBe('closed');
    expect((await api.delete(`/api/listings/${listingId}`, owner.token)).status).toBe(204);
    expect((await api.get(`/api/listings/${listingId}`)).status).toBe(404);
  });

  it('leaves the active count (X-Total-Count) whether it sold out or its owner closed it', async () => {
    const tag = `count${Date.now()}`;
    const activeCount = async () =>
      Number((await api.get(`/api/listings?q=${tag}&limit=10`)).headers.get('x-total-count'));
    const selling = await postListing(server.url, owner.token, { quantity: 3, notes: tag });
    const closing = await postListing(server.url, owner.token, { quantity: 3, notes: tag });
    expect(await activeCount()).toBe(2);
    expect((await accept((await offer(selling.id, buyers[0])).id)).status).toBe(200);
    expect(await activeCount()).toBe(1);
    await api.post(`/api/listings/${closing.id}/close`, undefined, owner.token);
    expect(await activeCount()).toBe(0);
  });

  it("leaves the profile's active figures", async () => {
    const seller = await createUser(server.config);
    const open = await postListing(server.url, seller.token, { quantity: 2 });
    const closing = await postListing(server.url, seller.token, { quantity: 2, type: 'buy' });
    await api.post(`/api/listings/${closing.id}/close`, undefined, seller.token);
    const res = await api.get<{ listings: Listing[]; stats: Record<string, number> }>(
      `/api/profile/${seller.id}`,
    );
    expect(res.body.listings.map((l) => l.id)).toEqual([closing.id, open.id]);
    expect(res.body.stats).toMatchObject({
      totalListings: 1,
      totalValue: open.totalPrice,
      activeBuyListings: 0,
      activeSellListings: 1,
    });
  });
});

describe('editing the quantity of a partly traded listing', () => {
  it('must leave one item on top of what was traded; pending offers that no longer fit are rejected', async () => {
    const listingId = await listingOf(20);
    await accept((await offer(listingId, buyers[0], 5)).id);
    const four = await offer(listingId, buyers[1], 4);
    const tooSmall = await api.put(`/api/listings/${listingId}`, listingBody({ quantity: 5 }), owner.token);
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body).toEqual({
      error: 'Quantity must be at least 6: 5 already traded',
      code: 'VALIDATION_ERROR',
      field: 'quantity',
    });
    await withLive(server.url, [buyers[1].token], async ([buyerLive]) => {
      const note = buyerLive.next('notification');
      const res = await api.put<Listing>(
        `/api/listings/${listingId}`,
        listingBody({ quantity: 8 }),
        owner.token,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ quantity: 8, remainingQuantity: 3, status: 'active' });
      expect(await note).toMatchObject({ offerId: four.id, message: expect.stringMatching(/Only 3 left$/) });
    });
  });
});

describe('migration of listings from before trades', () => {
  it('closes listings with an accepted offer, keeps their offers, and changes nothing when run again', async () => {
    await ListingModel.collection.insertMany([
      legacyListing(900_001, owner, 8),
      legacyListing(900_002, owner, 3),
    ]);
    await OfferModel.collection.insertMany([
      legacyOffer(900_011, 900_001, buyers[0], 'accepted'),
      legacyOffer(900_012, 900_001, buyers[0], 'pending'),
      legacyOffer(900_013, 900_002, buyers[0], 'pending'),
    ]);

    // A database from before trades has never been marked as migrated (the test server's start marked it).
    await CounterModel.deleteOne({ _id: TRADES_MIGRATION_MARK });
    expect(await migrateToTrades()).toEqual({ listings: 2, closed: 1, offers: 3 });
    const snapshot = async () => ({
      listings: await ListingModel.find({ _id: { $in: [900_001, 900_002] } })
        .sort({ _id: 1 })
        .lean(),
      offers: await OfferModel.find({ listingId: { $in: [900_001, 900_002] } })
        .sort({ _id: 1 })
        .lean(),
    });
    const first = await snapshot();
    expect(first.listings.map((l) => [l.status, l.remainingQuantity, l.closedReason, l.version])).toEqual([
      ['closed', 0, 'sold', 2],
      ['active', 3, null, 2],
    ]);
    expect(first.offers.map((o) => [o.status, o.quantity, o.rejectionReason ?? null])).toEqual([
      ['accepted', 8, null],
      ['rejected', 8, 'Sold to another offer'],
      ['pending', 3, null],
    ]);

    expect(await migrateToTrades()).toEqual({ listings: 0, closed: 0, offers: 0 });
    expect(await snapshot()).toEqual(first);

    await loadReadModels({ ...server.deps, history: new MarketHistory() });
    expect(await detail(900_001)).toMatchObject({ status: 'closed', remainingQuantity: 0 });
    expect(await browseIds()).toContain(900_002);
    expect(await browseIds()).not.toContain(900_001);
  });
});
