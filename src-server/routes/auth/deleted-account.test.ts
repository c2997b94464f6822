import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, postListing } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let server: TestServer;
let api: ReturnType<typeof http>;

beforeAll(async () => {
  // An account removed in the database, behind the app's back, is seen once the session cache's entry
  // for it is older than SESSION_CACHE_SECONDS; 0 makes that every request.
  server = await startTestServer({ env: { SESSION_CACHE_SECONDS: '0' } });
  api = http(server.url);
});
afterAll(() => server?.stop());

const deleteAccount = (id: number) => mongoose.connection.collection('users').deleteOne({ _id: id } as never);

describe('a deleted account’s token', () => {
  it('gets 401 on accept, reject, listing delete, delete-all and stats', async () => {
    const seller = await createUser(server.config);
    const buyer = await createUser(server.config);
    const listing = await postListing(server.url, seller.token, { quantity: 5 });
    const offerOn = async () => {
      const res = await api.post('/api/offers', { listing_id: listing.id, offer_amount: 5 }, buyer.token);
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const first = await offerOn();
    const second = await offerOn();
    expect((await api.get('/api/offers/stats', seller.token)).status).toBe(200);

    await deleteAccount(seller.id);
    const tries = [
      await api.put(`/api/offers/${first}`, { action: 'accept' }, seller.token),
      await api.put(`/api/offers/${second}`, { action: 'reject' }, seller.token),
      await api.delete(`/api/listings/${listing.id}`, seller.token),
      await api.delete('/api/listings/mine', seller.token),
      await api.get('/api/offers/stats', seller.token),
    ];
    expect(tries.map((res) => res.status)).toEqual([401, 401, 401, 401, 401]);
    const offers = await api.get(`/api/offers/listing/${listing.id}`);
    expect(offers.body.map((o: { status: string }) => o.status)).toEqual(['pending', 'pending']);
    expect((await api.get(`/api/listings/${listing.id}`)).status).toBe(200);
  });

  it('gets 401 on cancel', async () => {
    const seller = await createUser(server.config);
    const buyer = await createUser(server.config);
    const listing = await postListing(server.url, seller.token);
    const offer = await api.post('/api/offers', { listing_id: listing.id, offer_amount: 5 }, buyer.token);
    await deleteAccount(buyer.id);
    expect((await api.delete(`/api/offers/${offer.body.id}`, buyer.token)).status).toBe(401);
    const offers = await api.get(`/api/offers/listing/${listing.id}`);
    expect(offers.body).toHaveLength(1);
  });
});
