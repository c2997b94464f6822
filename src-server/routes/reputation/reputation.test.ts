import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Offer } from '../../../src-common/schemas/offer';
import { ANSWER_GRACE_HOURS, STATS_PRIVATE_MESSAGE } from '../../../src-common/schemas/reputation';
import { createUser, postListing, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { connectSocket, nextEvent, watchListing } from '../../../tests/helpers/sockets';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { backfillReputations, REPUTATIONS_MIGRATION_MARK } from '../../migrations/reputations';
import { reconcileReadModels } from '../../read-models/load-read-models';
import { CounterModel } from '../../models/counter';
import { nextId } from '../../models/counter';
import { ListingModel } from '../../models/listing';
import { OfferModel } from '../../models/offer';
import { ReputationModel } from '../../models/reputation';
import { UserModel } from '../../models/user';

let server: TestServer;
let api: ReturnType<typeof http>;

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
});
afterAll(async () => {
  await server?.stop();
});

async function offer(buyer: TestUser, listingId: number, quantity = 1): Promise<Offer> {
  const res = await api.post<Offer>(
    '/api/offers',
    { listing_id: listingId, offer_amount: 5, quantity },
    buyer.token,
  );
  expect(res.status).toBe(201);
  return res.body;
}
const decide = async (owner: TestUser, offerId: number, action: 'accept' | 'reject') =>
  expect((await api.put(`/api/offers/${offerId}`, { action }, owner.token)).status).toBe(200);
const reputation = (user: TestUser, caller?: TestUser) =>
  api.get(`/api/users/${user.id}/reputation`, caller?.token);

describe('GET /api/users/{id}/reputation', () => {
  it('starts empty: no rate and no response time to measure', async () => {
    const user = await createUser(server.config);
    const res = await reputation(user);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      trades: 0,
      completedTrades: 0,
      feedback: { positive: 0, neutral: 0, negative: 0 },
      latestFeedback: [],
      offersReceived: 0,
      offersAnswered: 0,
      answerRate: null,
      medianResponseSeconds: null,
      memberSince: expect.any(String),
    });
  });

  it('follows real offers: accepts are trades for both sides, cancels are not received, auto-rejects answer', async () => {
    const seller = await createUser(server.config);
    const [alice, bob, carol] = [
      await createUser(server.config),
      await createUser(server.config),
      await createUser(server.config),
    ];
    const listing = await postListing(server.url, seller.token, { quantity: 3 });
    const rejected = await offer(alice, listing.id);
    await decide(seller, rejected.id, 'reject');
    const accepted = await offer(bob, listing.id, 2);
    const cancelled = await offer(carol, listing.id);
    expect((await api.delete(`/api/offers/${cancelled.id}`, carol.token)).status).toBe(204);
    const unfit = await offer(carol, listing.id, 2);
    const pending = await offer(alice, listing.id);
    // Accepting 2 of 3 leaves 1: Carol's offer for 2 no longer fits and is rejected with it.
    await decide(seller, accepted.id, 'accept');
    const other = await postListing(server.url, seller.token);
    await offer(bob, other.id);

    const res = await reputation(seller);
    // The two pending offers are seconds old: within their grace time they count neither way.
    expect(res.body).toMatchObject({ trades: 1, offersReceived: 5, offersAnswered: 3, answerRate: 1 });
    expect(res.body.medianResponseSeconds).toBeGreaterThanOrEqual(0);
    expect(res.body.medianResponseSeconds).toBeLessThan(60);
    expect((await reputation(bob)).body).toMatchObject({ trades: 1, offersReceived: 0, answerRate: null });
    expect((await reputation(carol)).body.trades).toBe(0);
    expect(pending.status).toBe('pending');
    expect(unfit.quantity).toBe(2);
  });

  it('answers 403 when the stats are private, except to the user themself; 404 for no such user', async () => {
    const user = await createUser(server.config);
    const visitor = await createUser(server.config);
    await UserModel.updateOne({ _id: user.id }, { $set: { 'settings.statsPublic': false } });
    const refused = await reputation(user, visitor);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: STATS_PRIVATE_MESSAGE, code: 'FORBIDDEN' });
    expect((await reputation(user)).status).toBe(403);
    expect((await reputation(user, user)).status).toBe(200);
    expect((await api.get('/api/users/99999999/reputation')).status).toBe(404);
    expect((await api.get('/api/users/abc/reputation')).status).toBe(404);
  });
});

describe('answer rate', () => {
  /** The seller's answer rate read `hours` from now (a visitor's read: no token to outlive). */
  async function answerRateIn(seller: TestUser, hours: number): Promise<number | null> {
    const later = Date.now() + hours * 3_600_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      return (await reputation(seller)).body.answerRate;
    } finally {
      clock.mockRestore();
    }
  }

  it(`counts a pending offer only once it has waited longer than ${ANSWER_GRACE_HOURS} hours`, async () => {
    const seller = await createUser(server.config);
    const [alice, bob] = [await createUser(server.config), await createUser(server.config)];
    const listing = await postListing(server.url, seller.token, { quantity: 5 });
    const fresh = await offer(alice, listing.id);
    expect((await reputation(seller)).body).toMatchObject({ offersReceived: 1, answerRate: null });

    const answered = await offer(bob, listing.id);
    await decide(seller, answered.id, 'accept');
    expect((await reputation(seller)).body).toMatchObject({ offersAnswered: 1, answerRate: 1 });

    expect(await answerRateIn(seller, ANSWER_GRACE_HOURS - 1)).toBe(1);
    expect(await answerRateIn(seller, ANSWER_GRACE_HOURS + 1)).toBe(0.5);

    // Answered at last, however late, it counts as answered.
    await decide(seller, fresh.id, 'reject');
    expect((await reputation(seller)).body).toMatchObject({ offersAnswered: 2, answerRate: 1 });
  });
});

describe('live', () => {
  it('counts an answer before the live event that tells of it, so a watcher re-reading the record finds it', async () => {
    const seller = await createUser(server.config);
    const buyer = await createUser(server.config);
    const listing = await postListing(server.url, seller.token);
    const made = await offer(buyer, listing.id);
    const watcher = await connectSocket(server.url);
    try {
      await watchListing(watcher, listing.id);
      const told = nextEvent(watcher, 'offer:updated', ({ offer: o }) => o.id === made.id);
      const accepting = api.put(`/api/offers/${made.id}`, { action: 'accept' }, seller.token);
      await told;
      expect((await reputation(seller)).body).toMatchObject({ trades: 1, offersAnswered: 1, answerRate: 1 });
      expect((await accepting).status).toBe(200);
    } finally {
      watcher.disconnect();
    }
  });
});

describe('backfill from the stored offers', () => {
  it('computes every reputation once at start-up, from offers stored before reputations were kept', async () => {
    const seller = await createUser(server.config);
    const buyer = await createUser(server.config);
    const listing = await postListing(server.url, seller.token, { quantity: 5 });
    const now = Date.now();
    const stored = (status: string, createdAgoS: number, answeredAgoS: number) =>
      nextId('offers').then((id) =>
        OfferModel.collection.insertOne({
          _id: id,
          listingId: listing.id,
          userId: buyer.id,
          username: buyer.username,
          quantity: 1,
          offerAmount: 5,
          status,
          version: 2,
          createdAt: new Date(now - createdAgoS * 1000),
          updatedAt: new Date(now - answeredAgoS * 1000),
        } as never),
      );
    await stored('accepted', 1000, 400); // answered in 600 s
    await stored('rejected', 100, 80); // 20 s
    await stored('rejected', 5000, 4990); // 10 s
    await stored('pending', 3 * 86_400, 3 * 86_400); // waited past the grace time: counts unanswered
    await stored('rejected', 200 * 86_400, 199 * 86_400); // answered, but outside the 90 days
    await ReputationModel.deleteMany({});
    await CounterModel.deleteOne({ _id: REPUTATIONS_MIGRATION_MARK });

    expect(await backfillReputations()).toBeGreaterThanOrEqual(2);
    // As a start-up would, the in-memory offers are read from the database too.
    await reconcileReadModels(server.deps);
    expect((await reputation(seller)).body).toMatchObject({
      trades: 1,
      offersReceived: 5,
      offersAnswered: 4,
      answerRate: 0.8,
      medianResponseSeconds: 20,
    });
    expect((await reputation(buyer)).body.trades).toBe(1);
    // Marked done: a second start reads the mark and changes nothing.
    await ListingModel.deleteOne({ _id: listing.id });
    expect(await backfillReputations()).toBe(0);
    expect((await reputation(seller)).body.offersReceived).toBe(5);
  });
});
