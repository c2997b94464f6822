import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, listingBody, postListing, type TestUser } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';

let server: TestServer;
let api: ReturnType<typeof http>;
let seller: TestUser;
let listingId: number;

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
  seller = await createUser(server.config);
  listingId = (await postListing(server.url, seller.token)).id;
});
afterAll(() => server.stop());

const fromElsewhere = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, {
    ...init,
    headers: { origin: 'https://tools.example', ...(init.headers as Record<string, string>) },
  });

describe('CORS on public reads', () => {
  it('lets any origin read listings, items, profiles, offers of a listing, without credentials', async () => {
    for (const path of [
      '/api/listings',
      `/api/listings/${listingId}`,
      '/api/items',
      '/api/items/meta/names',
      `/api/profile/${seller.id}`,
      `/api/offers/listing/${listingId}`,
      `/api/user/resolve/${encodeURIComponent(seller.username)}`,
      '/api/openapi.json',
    ]) {
      const res = await fromElsewhere(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(res.headers.get('access-control-allow-credentials'), path).toBeNull();
      expect(res.headers.get('access-control-expose-headers'), path).toContain('ETag');
    }
  });

  it('allows nothing that writes and nothing under /api/auth', async () => {
    const writes = [
      fromElsewhere('/api/listings', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${seller.token}` },
        body: JSON.stringify(listingBody()),
      }),
      fromElsewhere(`/api/listings/${listingId}`, { method: 'OPTIONS' }),
      fromElsewhere('/api/auth/me', { headers: { authorization: `Bearer ${seller.token}` } }),
      fromElsewhere('/api/auth/login', { method: 'POST' }),
      fromElsewhere('/api/offers/stats', { headers: { authorization: `Bearer ${seller.token}` } }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});

/**
 * A revalidation as a browser's cache sends it. (fetch() given an If-None-Match adds
 * `Cache-Control: no-cache` unless the request names one, and no-cache asks for a full answer.)
 */
const revalidate = (path: string, etag: string) =>
  fetch(`${server.url}${path}`, { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });

describe('conditional requests', () => {
  it('answers 304 to a listing read whose ETag the client holds, and 200 once the listing changed', async () => {
    const first = await api.get(`/api/listings/${listingId}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await revalidate(`/api/listings/${listingId}`, etag);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    await api.put(`/api/listings/${listingId}`, listingBody({ quantity: 2 }), seller.token);
    const changed = await revalidate(`/api/listings/${listingId}`, etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('does the same for browsing (also from the fast path), the catalogue and a listing’s offers', async () => {
    for (const path of [
      '/api/listings?limit=5',
      '/api/listings?limit=5',
      '/api/items',
      '/api/items/meta/names',
      `/api/offers/listing/${listingId}`,
    ]) {
      const first = await fetch(`${server.url}${path}`);
      const etag = first.headers.get('etag');
      expect(etag, path).toBeTruthy();
      const again = await revalidate(path, etag!);
      expect(again.status, path).toBe(304);
    }
  });

  it('answers a browse page in full, with its new total, once a write changed only the total', async () => {
    const path = '/api/listings?sort=asc&limit=1';
    const first = await fetch(`${server.url}${path}`);
    const etag = first.headers.get('etag')!;
    const total = Number(first.headers.get('x-total-count'));
    const page = await first.text();
    // Dearer than the cheapest listing: the page shows the same listing, out of one more.
    await postListing(server.url, seller.token, { silver: 900 });
    const after = await revalidate(path, etag);
    expect(after.status).toBe(200);
    expect(after.headers.get('x-total-count')).toBe(String(total + 1));
    expect(await after.text()).toBe(page);
    expect(after.headers.get('etag')).not.toBe(etag);
  });
});
