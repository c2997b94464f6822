import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PRICE_COPPER, MAX_QUANTITY, MAX_TOTAL_COPPER } from '../../../src-common/money';
import type { Listing, ListingDetail } from '../../../src-common/schemas/listing';
import { ListingModel } from '../../models/listing';
import { OfferModel } from '../../models/offer';
import { UserModel } from '../../models/user';
import {
  createUser,
  listingBody,
  postListing,
  TEST_ITEMS,
  type TestUser,
} from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { connectLive } from '../../../tests/helpers/live-events';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let server: TestServer;
let api: ReturnType<typeof http>;
let seller: TestUser;
let other: TestUser;

beforeAll(async () => {
  // One seller posts more listings a minute than the per-account limit allows (rate-limit.test.ts).
  server = await startTestServer({ env: { RATE_LIMIT_DISABLED: 'true' } });
  api = http(server.url);
  seller = await createUser(server.config, { flags: ['VIP', 'MVP'] });
  other = await createUser(server.config);
});
afterAll(() => server.stop());

describe('POST /api/listings', () => {
  it('401 without a session', async () => {
    const res = await api.post('/api/listings', listingBody());
    expect(res.status).toBe(401);
  });

  it('201 with the presented listing: seller from the account, item facts from the catalogue', async () => {
    const res = await api.post<Listing>(
      '/api/listings',
      listingBody({
        item: TEST_ITEMS.plain,
        quantity: 4,
        gold: 2,
        silver: 5,
        copper: 7,
        notes: 'fast trade',
        IGN: 'Me',
      }),
      seller.token,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      item: TEST_ITEMS.plain,
      type: 'sell',
      quantity: 4,
      price: 2_005_007,
      totalPrice: 8_020_028,
      priceMode: 'Each',
      notes: 'fast trade',
      IGN: 'Me',
      contactInfo: '',
      seller: seller.username,
      userId: seller.id,
      user_flags: 'VIP,MVP',
      sellerAvatar: null,
      episode: 'Mine of Mantuban',
      professions: ['Blacksmith', 'Stonemason'],
      category: 'Other',
      rarity: null,
      combatCategory: null,
      version: 1,
    });
    expect(res.body.image).toContain('brightershoreswiki.org');
    expect(Date.parse(res.body.timestamp)).not.toBeNaN();
    expect(res.body).not.toHaveProperty('_id');
  });

  it('stores the unit price in Total mode: the total divided by quantity, rounded down', async () => {
    const res = await api.post<Listing>(
      '/api/listings',
      listingBody({ quantity: 3, silver: 0, gold: 1, priceMode: 'Total' }),
      seller.token,
    );
    expect(res.body).toMatchObject({ price: 333_333, totalPrice: 999_999, priceMode: 'Total' });
  });

  it.each([
    ['seller', 'Impostor'],
    ['userId', 7],
    ['user_flags', 'Admin'],
    ['sellerAvatar', 'http://evil.test/a.png'],
    ['totalPrice', 1],
    ['version', 99],
    ['episode', 'Hopeport'],
  ])('refuses %s in the body, naming it, and posts nothing', async (field, value) => {
    const before = await ListingModel.countDocuments();
    const res = await api.post('/api/listings', listingBody({ [field]: value }), seller.token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: `Unknown field "${field}": not one this route takes`,
      code: 'VALIDATION_ERROR',
      field,
    });
    expect(await ListingModel.countDocuments()).toBe(before);
  });

  it('strips injection-like characters and patterns from notes', async () => {
    const res = await api.post<Listing>(
      '/api/listings',
      listingBody({ notes: `<script>x</script> it's; --fine /* */ javascript:go onclick=y` }),
      seller.token,
    );
    expect(res.body.notes).toBe('x its fine   go y');
  });

  it('keeps totals exact at the largest price and quantity', async () => {
    const res = await api.post<Listing>(
      '/api/listings',
      listingBody({ quantity: MAX_QUANTITY, platinum: 999, gold: 999, silver: 999, copper: 999 }),
      seller.token,
    );
    expect(res.body.price).toBe(MAX_PRICE_COPPER);
    expect(res.body.totalPrice).toBe(MAX_TOTAL_COPPER);
  });

  it('fills the combat category from the item and accepts rarity and combat fields on a weapon', async () => {
    const res = await api.post<Listing>(
      '/api/listings',
      listingBody({
        item: TEST_ITEMS.weapon,
        rarity: 'Rare',
        combatLevel: 2500,
        combatStrength: 3000,
        combatDmgType: 'Cryonae',
        combatDmgPercent: 49,
        combatImpact: 0,
        combatNecromae: 3000,
      }),
      seller.token,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      category: 'Weapon',
      combatCategory: 'Weapon',
      rarity: 'Rare',
      combatLevel: 2500,
      combatStrength: 3000,
      combatDmgType: 'Cryonae',
      combatDmgPercent: 49,
      combatImpact: 0,
      combatNecromae: 3000,
      combatArborae: null,
    });
  });

  it.each([0, 30, 49, 70, 89])('accepts Dmg %% %i', async (combatDmgPercent) => {
    const res = await api.post(
      '/api/listings',
      listingBody({ item: TEST_ITEMS.armor, combatDmgPercent }),
      seller.token,
    );
    expect(res.status).toBe(201);
  });

  it('treats empty combat fields as not given', async () => {
    const res = await api.post<Listing>(
      '/api/listings',
      listingBody({ combatLevel: '', rarity: null, combatDmgType: '' }),
      seller.token,
    );
    expect(res.status).toBe(201);
  });

  it('defaults quantity to 1 and price mode to Each', async () => {
    const res = await api.post<Listing>(
      '/api/listings',
      { item: TEST_ITEMS.fish, type: 'buy', price: 0 },
      seller.token,
    );
    expect(res.body).toMatchObject({
      quantity: 1,
      priceMode: 'Each',
      price: 0,
      type: 'buy',
      category: 'Other',
    });
  });

  it('publishes listing:created to every open page, with the REST shape', async () => {
    const live = await connectLive(server.url);
    try {
      const event = live.next('listing:created', (p) => p.listing.notes === 'live one');
      const res = await api.post<Listing>('/api/listings', listingBody({ notes: 'live one' }), seller.token);
      expect((await event).listing).toEqual(res.body);
    } finally {
      live.close();
    }
  });
});

describe('GET /api/listings/:id', () => {
  it('returns the listing with its unit price split into tiers', async () => {
    const created = await postListing(server.url, seller.token, {
      platinum: 1,
      gold: 2,
      silver: 3,
      copper: 4,
    });
    const res = await api.get<ListingDetail>(`/api/listings/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.id,
      price: 1_002_003_004,
      platinum: 1,
      gold: 2,
      silver: 3,
      copper: 4,
    });
  });

  it.each(['999999', 'abc', '0', '-1', '1.5'])('404 "Listing not found" for %s', async (id) => {
    const res = await api.get(`/api/listings/${id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Listing not found', code: 'NOT_FOUND' });
  });
});

describe('PUT /api/listings/:id', () => {
  it('401 without a session', async () => {
    const created = await postListing(server.url, seller.token);
    expect((await api.put(`/api/listings/${created.id}`, listingBody())).status).toBe(401);
  });

  it('403 for someone else, and the listing is unchanged', async () => {
    const created = await postListing(server.url, seller.token, { notes: 'mine' });
    const res = await api.put(`/api/listings/${created.id}`, listingBody({ notes: 'hijack' }), other.token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'You can only edit your own listings', code: 'FORBIDDEN' });
    expect((await api.get<Listing>(`/api/listings/${created.id}`)).body.notes).toBe('mine');
  });

  it('404 for a missing listing', async () => {
    const res = await api.put('/api/listings/999999', listingBody(), seller.token);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Listing not found');
  });

  it('400 with the same validation as create', async () => {
    const created = await postListing(server.url, seller.token);
    const res = await api.put(`/api/listings/${created.id}`, listingBody({ quantity: 0 }), seller.token);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('quantity');
  });

  it('replaces the fields, bumps version, keeps the posting time and refreshes the seller name', async () => {
    const created = await postListing(server.url, seller.token);
    await UserModel.updateOne({ _id: seller.id }, { $set: { avatar: 'https://cdn.test/a.png' } });
    const res = await api.put<Listing>(
      `/api/listings/${created.id}`,
      listingBody({ type: 'buy', quantity: 2, gold: 1, silver: 0 }),
      seller.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.id,
      type: 'buy',
      quantity: 2,
      price: 1_000_000,
      totalPrice: 2_000_000,
      seller: seller.username,
      sellerAvatar: 'https://cdn.test/a.png',
      version: 2,
      timestamp: created.timestamp,
    });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(String(created.updatedAt)));
    await UserModel.updateOne({ _id: seller.id }, { $unset: { avatar: 1 } });
  });

  it('counts every one of several concurrent edits in version', async () => {
    const created = await postListing(server.url, seller.token);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        api.put(`/api/listings/${created.id}`, listingBody({ quantity: n }), seller.token),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await api.get<Listing>(`/api/listings/${created.id}`)).body.version).toBe(6);
  });

  it('publishes listing:updated with the new version', async () => {
    const created = await postListing(server.url, seller.token);
    const live = await connectLive(server.url);
    try {
      const event = live.next('listing:updated', (p) => p.listing.id === created.id);
      await api.put(`/api/listings/${created.id}`, listingBody({ notes: 'edited' }), seller.token);
      expect((await event).listing).toMatchObject({ id: created.id, notes: 'edited', version: 2 });
    } finally {
      live.close();
    }
  });
});

describe('DELETE /api/listings/:id', () => {
  it('401 without a session', async () => {
    const created = await postListing(server.url, seller.token);
    expect((await api.delete(`/api/listings/${created.id}`)).status).toBe(401);
  });

  it('403 for someone else', async () => {
    const created = await postListing(server.url, seller.token);
    const res = await api.delete(`/api/listings/${created.id}`, other.token);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('You can only delete your own listings');
    expect((await api.get(`/api/listings/${created.id}`)).status).toBe(200);
  });

  it('404 for a missing listing', async () => {
    expect((await api.delete('/api/listings/999999', seller.token)).status).toBe(404);
  });

  it('204, removes the listing and its offers, and publishes listing:deleted', async () => {
    const created = await postListing(server.url, seller.token);
    await api.post('/api/offers', { listing_id: created.id, offer_amount: 500 }, other.token);
    expect(await OfferModel.countDocuments({ listingId: created.id })).toBe(1);
    const live = await connectLive(server.url);
    try {
      const event = live.next('listing:deleted', (p) => p.id === created.id);
      const res = await api.delete(`/api/listings/${created.id}`, seller.token);
      expect(res.status).toBe(204);
      expect(await event).toEqual({ id: created.id });
    } finally {
      live.close();
    }
    expect((await api.get(`/api/listings/${created.id}`)).status).toBe(404);
    expect(await OfferModel.countDocuments({ listingId: created.id })).toBe(0);
  });
});

describe('DELETE /api/admin/listings/:id', () => {
  it('403 for a non-admin', async () => {
    const created = await postListing(server.url, seller.token);
    const res = await api.delete(`/api/admin/listings/${created.id}`, other.token);
    expect(res.status).toBe(403);
    expect((await api.get(`/api/listings/${created.id}`)).status).toBe(200);
  });

  it("lets an admin delete anyone's listing", async () => {
    const admin = await createUser(server.config, { discordId: '123456789012345678', admin: true });
    const created = await postListing(server.url, seller.token);
    expect((await api.delete(`/api/admin/listings/${created.id}`, admin.token)).status).toBe(204);
    expect((await api.get(`/api/listings/${created.id}`)).status).toBe(404);
    expect((await api.delete('/api/admin/listings/999999', admin.token)).status).toBe(404);
  });
});

describe('DELETE /api/listings/mine', () => {
  it("deletes every listing of the caller and nobody else's", async () => {
    const owner = await createUser(server.config);
    await postListing(server.url, owner.token);
    await postListing(server.url, owner.token, { type: 'buy' });
    const kept = await postListing(server.url, other.token);
    expect((await api.delete('/api/listings/mine')).status).toBe(401);
    const res = await api.delete('/api/listings/mine', owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 2 });
    const profile = await api.get(`/api/profile/${owner.id}`);
    expect(profile.body.listings).toEqual([]);
    expect((await api.get(`/api/listings/${kept.id}`)).status).toBe(200);
  });
});
