import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, postListing } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { connectSocket, nextEvent, watchListing } from '../../../tests/helpers/sockets';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { verifySessionToken } from '../../lib/tokens';
import { ListingModel } from '../../models/listing';
import { OfferModel } from '../../models/offer';

let server: TestServer;
let api: ReturnType<typeof http>;

beforeAll(async () => {
  server = await startTestServer({ mail: true, env: { RATE_LIMIT_DISABLED: 'true' } });
  api = http(server.url);
});
afterAll(() => server?.stop());

const user = () => createUser(server.config);

describe('POST /api/auth/change-password', () => {
  it('changes the password when the current one matches', async () => {
    const u = await user();
    const res = await api.post(
      '/api/auth/change-password',
      { currentPassword: u.password, newPassword: 'a better one' },
      u.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Password changed successfully!');
    expect((await api.post('/api/auth/login', { email: u.email, password: 'a better one' })).status).toBe(
      200,
    );
  });

  it('400 when the current password is wrong', async () => {
    const u = await user();
    const res = await api.post(
      '/api/auth/change-password',
      { currentPassword: 'nope', newPassword: 'a better one' },
      u.token,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Current password is incorrect', field: 'currentPassword' });
  });

  it('400 when the new password is short', async () => {
    const u = await user();
    const res = await api.post(
      '/api/auth/change-password',
      { currentPassword: u.password, newPassword: 'short' },
      u.token,
    );
    expect(res.body).toEqual({
      error: 'New password must be at least 8 characters long',
      code: 'VALIDATION_ERROR',
      field: 'newPassword',
    });
  });

  it('401 without a session', async () => {
    expect(
      (await api.post('/api/auth/change-password', { currentPassword: 'x', newPassword: 'long enough' }))
        .status,
    ).toBe(401);
  });
});

describe('POST /api/auth/update-username', () => {
  it('pushes the new name on the user’s listings and offers to pages that show them', async () => {
    const [seller, buyer] = [await user(), await user()];
    const listing = await postListing(server.url, seller.token);
    const offer = await api.post('/api/offers', { listing_id: listing.id, offer_amount: 5 }, buyer.token);
    const watcher = await connectSocket(server.url);
    try {
      await watchListing(watcher, listing.id);
      const renamedOffer = nextEvent(watcher, 'offer:updated', (p) => p.offer.id === offer.body.id);
      await api.post('/api/auth/update-username', { username: `Buyer${buyer.id}x` }, buyer.token);
      expect((await renamedOffer).offer).toMatchObject({ username: `Buyer${buyer.id}x`, version: 2 });

      const renamedListing = nextEvent(watcher, 'listing:updated', (p) => p.listing.id === listing.id);
      await api.post('/api/auth/update-username', { username: `Seller${seller.id}x` }, seller.token);
      expect((await renamedListing).listing).toMatchObject({ seller: `Seller${seller.id}x`, version: 2 });
    } finally {
      watcher.close();
    }
  });

  it('trims, renames, returns a new token and renames the seller on the user’s listings and offers', async () => {
    const u = await user();
    const listing = await postListing(server.url, u.token);
    await OfferModel.create({
      _id: 9000 + u.id,
      listingId: 1,
      userId: u.id,
      username: u.username,
      offerAmount: 5,
      quantity: 1,
    });
    const res = await api.post('/api/auth/update-username', { username: `  Renamed${u.id}  ` }, u.token);
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(`Renamed${u.id}`);
    expect(verifySessionToken(res.body.newToken, server.config.JWT_SECRET)).toMatchObject({
      ok: true,
      payload: { id: u.id, username: `Renamed${u.id}` },
    });
    expect((await ListingModel.findById(listing.id).lean())?.seller).toBe(`Renamed${u.id}`);
    expect((await api.get(`/api/listings/${listing.id}`)).body).toMatchObject({
      seller: `Renamed${u.id}`,
      version: 2,
    });
    expect(await OfferModel.findById(9000 + u.id).lean()).toMatchObject({
      username: `Renamed${u.id}`,
      version: 2,
    });
    expect((await api.get('/api/auth/me', res.body.newToken)).body.username).toBe(`Renamed${u.id}`);
  });

  it('lets a user change only the case of their own name', async () => {
    const u = await user();
    const res = await api.post('/api/auth/update-username', { username: u.username.toUpperCase() }, u.token);
    expect(res.status).toBe(200);
  });

  it('409 when another user has the name in any case', async () => {
    const [a, b] = [await user(), await user()];
    const res = await api.post('/api/auth/update-username', { username: b.username.toUpperCase() }, a.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'That username is already taken', field: 'username' });
  });

  it('400 for a name under 3 characters after trimming', async () => {
    const u = await user();
    const res = await api.post('/api/auth/update-username', { username: '  ab ' }, u.token);
    expect(res.body).toMatchObject({ error: 'Username must be at least 3 characters', field: 'username' });
  });
});

describe('POST /api/auth/update-settings', () => {
  it('saves the settings sent and keeps the others', async () => {
    const u = await user();
    const res = await api.post('/api/auth/update-settings', { emailNotifications: false }, u.token);
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual({
      statsPublic: true,
      emailNotifications: false,
      directMessages: true,
      showOnline: true,
    });
    await api.post('/api/auth/update-settings', { statsPublic: false }, u.token);
    expect((await api.get('/api/auth/me', u.token)).body.settings).toEqual({
      statsPublic: false,
      emailNotifications: false,
      directMessages: true,
      showOnline: true,
    });
  });

  it('400 for a non-boolean or an empty body', async () => {
    const u = await user();
    expect((await api.post('/api/auth/update-settings', { statsPublic: 'yes' }, u.token)).status).toBe(400);
    expect((await api.post('/api/auth/update-settings', {}, u.token)).status).toBe(400);
  });
});
