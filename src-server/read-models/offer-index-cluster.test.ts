import { describe, expect, it } from 'vitest';
import type { Offer, OfferStats } from '../../src-common/schemas/offer';
import { createUser, postListing, type TestUser } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { useTwoServerProcesses } from '../../tests/helpers/two-processes';
import { ListingModel } from '../models/listing';
import { OfferModel, type OfferDoc } from '../models/offer';
import { presentOffer } from '../presenters/offer';
import { reconcileReadModels } from './load-read-models';

const cluster = useTwoServerProcesses();

/** What the database holds: the answers the offer reads gave when they queried it. */
async function storedOffers(listingId: number): Promise<Offer[]> {
  const docs = await OfferModel.find({ listingId }).sort({ createdAt: -1, _id: -1 }).lean<OfferDoc[]>();
  return docs.map((doc) => presentOffer(doc));
}

async function storedStats(userId: number): Promise<OfferStats> {
  const mine = (await ListingModel.find({ userId }, { _id: 1 }).lean<{ _id: number }[]>()).map((l) => l._id);
  const involving = { $or: [{ userId }, { listingId: { $in: mine } }] };
  return {
    made: await OfferModel.countDocuments({ userId }),
    received: await OfferModel.countDocuments({ listingId: { $in: mine } }),
    accepted: await OfferModel.countDocuments({ ...involving, status: 'accepted' }),
    pending: await OfferModel.countDocuments({ ...involving, status: 'pending' }),
  };
}

const bases = () => [cluster.server.url, cluster.otherUrl];

/** Both processes answer a listing's offers and each user's stats as the database holds them. */
async function expectBothMatchDatabase(listingIds: number[], users: TestUser[]): Promise<void> {
  for (const listingId of listingIds) {
    const expected = (await ListingModel.exists({ _id: listingId }))
      ? await storedOffers(listingId)
      : 'listing gone';
    for (const base of bases()) {
      await expect
        .poll(async () => {
          const res = await http(base).get<Offer[]>(`/api/offers/listing/${listingId}`);
          return res.status === 404 ? 'listing gone' : res.body;
        })
        .toEqual(expected);
    }
  }
  for (const user of users) {
    const stored = await storedStats(user.id);
    for (const base of bases()) {
      await expect
        .poll(async () => (await http(base).get<OfferStats>('/api/offers/stats', user.token)).body)
        .toEqual(stored);
    }
  }
}

describe('offer reads from memory, with two server processes', () => {
  it('answer as the database through offers made, accepted, rejected, cancelled and listings deleted', async () => {
    const [seller, buyer, rival] = [
      await createUser(cluster.server.config),
      await createUser(cluster.server.config),
      await createUser(cluster.server.config),
    ];
    const api = http(cluster.server.url);
    const sold = (await postListing(cluster.server.url, seller.token, { quantity: 5 })).id;
    const other = (await postListing(cluster.server.url, seller.token, { quantity: 5 })).id;
    const offer = async (listingId: number, user: TestUser, quantity: number) =>
      (
        await api.post<Offer>(
          '/api/offers',
          { listing_id: listingId, offer_amount: 100, quantity },
          user.token,
        )
      ).body;
    const listings = [sold, other];
    const users = [seller, buyer, rival];

    const taken = await offer(sold, buyer, 4);
    const tooMany = await offer(sold, rival, 3);
    const refused = await offer(other, rival, 1);
    const withdrawn = await offer(other, buyer, 2);
    await expectBothMatchDatabase(listings, users);
    expect((await storedStats(seller.id)).received).toBe(4);

    // Accepting 4 of 5 rejects the offer for 3 that no longer fits.
    expect((await api.put(`/api/offers/${taken.id}`, { action: 'accept' }, seller.token)).status).toBe(200);
    expect((await api.put(`/api/offers/${refused.id}`, { action: 'reject' }, seller.token)).status).toBe(200);
    expect((await api.delete(`/api/offers/${withdrawn.id}`, buyer.token)).status).toBe(204);
    expect((await OfferModel.findById(tooMany.id).lean())?.status).toBe('rejected');
    await expectBothMatchDatabase(listings, users);

    expect((await api.delete(`/api/listings/${other}`, seller.token)).status).toBe(204);
    await expectBothMatchDatabase(listings, users);
    expect(await storedStats(seller.id)).toEqual({ made: 0, received: 2, accepted: 1, pending: 0 });
  });

  it('reconciling repairs offers no relay carried, and changes nothing when nothing diverged', async () => {
    const [seller, buyer] = [
      await createUser(cluster.server.config),
      await createUser(cluster.server.config),
    ];
    const listing = (await postListing(cluster.server.url, seller.token, { quantity: 5 })).id;
    const api = http(cluster.server.url);
    const made = async () =>
      (
        await api.post<Offer>(
          '/api/offers',
          { listing_id: listing, offer_amount: 100, quantity: 1 },
          buyer.token,
        )
      ).body;
    const [changed, gone] = [await made(), await made()];
    // Written behind the processes' backs, as if the relays of another process were lost.
    await OfferModel.collection.updateOne(
      { _id: changed.id as never },
      { $set: { status: 'rejected', rejectionReason: 'changed elsewhere' }, $inc: { version: 1 } },
    );
    await OfferModel.collection.updateOne(
      { _id: gone.id as never },
      { $set: { updatedAt: new Date(Date.now() - 3_600_000) }, $inc: { version: 1 } },
    );
    expect((await reconcileReadModels(cluster.server.deps)).offers).toEqual({ fetched: 2, removed: 0 });

    // A deletion is caught up once its offer had not changed lately (one that did may be newer than the read).
    await OfferModel.collection.deleteOne({ _id: gone.id as never });
    expect((await reconcileReadModels(cluster.server.deps)).offers).toEqual({ fetched: 0, removed: 1 });
    const res = await api.get<Offer[]>(`/api/offers/listing/${listing}`);
    expect(res.body).toEqual(await storedOffers(listing));
    expect(res.body.map((o) => [o.id, o.rejection_reason])).toEqual([[changed.id, 'changed elsewhere']]);

    expect(await reconcileReadModels(cluster.server.deps)).toEqual({
      listings: { fetched: 0, removed: 0 },
      offers: { fetched: 0, removed: 0 },
    });
  });
});
