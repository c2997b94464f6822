import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, listingBody, postListing, type TestUser } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';

/** Per-account write limits (policies/rate-limits.ts), with rate limits on as in production. */
let server: TestServer;
let api: ReturnType<typeof http>;

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
});
afterAll(() => server?.stop());

const statusesOf = (results: Array<{ status: number }>) => results.map((r) => r.status);

describe('POST /api/offers per account', () => {
  it('a burst of 40 offers on one listing: 30 are made, the rest get 429 with Retry-After', async () => {
    const [owner, buyer] = [await createUser(server.config), await createUser(server.config)];
    const listing = await postListing(server.url, owner.token);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        api.post('/api/offers', { listing_id: listing.id, offer_amount: 100 + i }, buyer.token),
      ),
    );
    const statuses = statusesOf(results);
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const blocked = results.find((r) => r.status === 429)!;
    expect(blocked.body).toEqual({
      code: 'RATE_LIMITED',
      error: expect.stringMatching(/^Too many offers\. Please try again in \d+ seconds\.$/),
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.headers.get('ratelimit-policy')).toBe('"offer-create";q=30;w=60');
    expect(blocked.headers.get('ratelimit')).toMatch(/^"offer-create";r=0;t=\d+$/);
    // Another buyer is not held back by this one's burst.
    const other = await createUser(server.config);
    expect(
      (await api.post('/api/offers', { listing_id: listing.id, offer_amount: 99 }, other.token)).status,
    ).toBe(201);
  });

  it('refused offers cost nothing: 30 invalid ones leave the quota whole', async () => {
    const [owner, buyer] = [await createUser(server.config), await createUser(server.config)];
    const listing = await postListing(server.url, owner.token);
    for (let i = 0; i < 30; i++) {
      expect(
        (await api.post('/api/offers', { listing_id: listing.id, offer_amount: -1 }, buyer.token)).status,
      ).toBe(400);
    }
    const res = await api.post('/api/offers', { listing_id: listing.id, offer_amount: 5 }, buyer.token);
    expect(res.status).toBe(201);
    expect(res.headers.get('ratelimit')).toMatch(/"offer-create";r=29;t=\d+/);
  });
});

describe('listing writes per account', () => {
  it('the 31st create or edit within a minute gets 429', async () => {
    const seller = await createUser(server.config);
    const first = await postListing(server.url, seller.token);
    for (let i = 0; i < 29; i++) {
      const res =
        i % 2
          ? await api.post('/api/listings', listingBody(), seller.token)
          : await api.put(`/api/listings/${first.id}`, listingBody({ quantity: i + 2 }), seller.token);
      expect(res.status).toBeLessThan(300);
    }
    expect((await api.post('/api/listings', listingBody(), seller.token)).status).toBe(429);
    expect((await api.put(`/api/listings/${first.id}`, listingBody(), seller.token)).status).toBe(429);
  });
});

describe('POST /api/auth/update-username per account', () => {
  it('3 renames a day; a refused one does not count', async () => {
    const user = await createUser(server.config);
    const taken = await createUser(server.config);
    const rename = (username: string) => api.post('/api/auth/update-username', { username }, user.token);
    expect((await rename(taken.username)).status).toBe(409);
    for (let i = 1; i <= 3; i++) expect((await rename(`Renamed${user.id}x${i}`)).status).toBe(200);
    const blocked = await rename(`Renamed${user.id}x4`);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(/^Too many username changes\./);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
  });
});

describe('POST /api/auth/link-email per account', () => {
  it('the 6th email change attempt in a day gets 429, whatever the answers before', async () => {
    const user: TestUser = await createUser(server.config);
    for (let i = 0; i < 5; i++) {
      const res = await api.post(
        '/api/auth/link-email',
        { email: `new${i}-${user.id}@example.test`, password: 'wrong password' },
        user.token,
      );
      expect(res.status).not.toBe(429);
    }
    const blocked = await api.post(
      '/api/auth/link-email',
      { email: `new9-${user.id}@example.test`, password: user.password },
      user.token,
    );
    expect(blocked.status).toBe(429);
  });
});

describe('POST /api/auth/change-password per account', () => {
  it('a stolen session gets 10 guesses of the current password a day, then 429', async () => {
    const user = await createUser(server.config);
    const guess = (currentPassword: string) =>
      api.post('/api/auth/change-password', { currentPassword, newPassword: 'a new secret' }, user.token);
    for (let i = 0; i < 10; i++) expect((await guess(`guess ${i}`)).status).not.toBe(429);
    const blocked = await guess(user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(/^Too many password changes\./);
  });
});
