import mongoose from 'mongoose';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Listing } from '../../src-common/schemas/listing';
import type { Offer } from '../../src-common/schemas/offer';
import { CounterModel } from '../models/counter';
import { ListingModel } from '../models/listing';
import { OfferModel } from '../models/offer';
import { createUser } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { legacyListing, legacyOffer } from '../../tests/helpers/legacy-trades';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { TRADES_MIGRATION_MARK } from './trades';

let last: TestServer | undefined;
afterAll(() => last?.stop());

const SOLD = 900_101;
const OPEN = 900_102;

/** What the server answers about the two listings and their offers. */
async function readBack(server: TestServer) {
  const api = http(server.url);
  return {
    browse: (await api.get<Listing[]>('/api/listings')).body.map((l) => l.id),
    sold: (await api.get<Listing>(`/api/listings/${SOLD}`)).body,
    open: (await api.get<Listing>(`/api/listings/${OPEN}`)).body,
    soldOffers: (await api.get<Offer[]>(`/api/offers/listing/${SOLD}`)).body,
    openOffers: (await api.get<Offer[]>(`/api/offers/listing/${OPEN}`)).body,
  };
}

describe('the trades migration when the server starts', () => {
  it('serves data from before trades migrated, and a restart changes nothing', async () => {
    // Accounts first, then the server stops and data from before trades is written behind its back.
    const first = await startTestServer();
    const [owner, buyer, other] = [
      await createUser(first.config),
      await createUser(first.config),
      await createUser(first.config),
    ];
    const env = { DB_NAME: first.config.DB_NAME, JWT_SECRET: first.config.JWT_SECRET };
    await first.close();
    const db = await mongoose.createConnection(inject('mongoUri'), { dbName: env.DB_NAME }).asPromise();
    try {
      await db
        .collection(ListingModel.collection.collectionName)
        .insertMany([legacyListing(SOLD, owner, 8), legacyListing(OPEN, owner, 3)]);
      await db
        .collection(OfferModel.collection.collectionName)
        .insertMany([
          legacyOffer(900_111, SOLD, buyer, 'accepted'),
          legacyOffer(900_112, SOLD, other, 'pending'),
          legacyOffer(900_113, OPEN, buyer, 'pending'),
          legacyOffer(900_114, OPEN, other, 'pending'),
        ]);
      // A database from before trades was never marked as migrated (the first server's start marked it).
      await db
        .collection<{ _id: string }>(CounterModel.collection.collectionName)
        .deleteOne({ _id: TRADES_MIGRATION_MARK });
    } finally {
      await db.close();
    }

    const second = await startTestServer({ env });
    const migrated = await readBack(second);
    expect(migrated.browse).toEqual([OPEN]);
    expect(migrated.sold).toMatchObject({ status: 'closed', closedReason: 'sold', remainingQuantity: 0 });
    expect(migrated.open).toMatchObject({ status: 'active', remainingQuantity: 3, quantity: 3 });
    expect(migrated.soldOffers.map((o) => [o.id, o.status, o.quantity, o.rejection_reason])).toEqual([
      [900_112, 'rejected', 8, 'Sold to another offer'],
      [900_111, 'accepted', 8, null],
    ]);
    expect(migrated.openOffers.map((o) => [o.status, o.quantity])).toEqual([
      ['pending', 3],
      ['pending', 3],
    ]);
    await second.close();

    last = await startTestServer({ env });
    expect(await readBack(last)).toEqual(migrated);

    // An old offer (for the whole quantity) accepted first closes the listing, as before trades.
    const api = http(last.url);
    const accepted = await api.put<Offer>('/api/offers/900113', { action: 'accept' }, owner.token);
    expect(accepted.body).toMatchObject({ status: 'accepted', quantity: 3 });
    const after = await readBack(last);
    expect(after.open).toMatchObject({ status: 'closed', closedReason: 'sold', remainingQuantity: 0 });
    expect(after.openOffers.find((o) => o.id === 900_114)).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Sold to another offer',
    });
    expect(after.browse).toEqual([]);
  });
});
