import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureClientBuilt } from '../../tests/helpers/client-build';
import { createUser, postListing } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';

let server: TestServer;
let api: ReturnType<typeof http>;
beforeAll(async () => {
  ensureClientBuilt();
  server = await startTestServer({ env: { RATE_LIMIT_DISABLED: 'true' } });
  api = http(server.url);
});
afterAll(() => server?.stop());

const count = (text: string, part: string) => text.split(part).length - 1;

describe('malformed requests', () => {
  it('GET /%E0%A4%A: 400, and nothing is logged as a server error', async () => {
    const logged = vi.spyOn(server.deps.logger, 'error');
    const res = await api.get('/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Malformed URL', code: 'VALIDATION_ERROR' });
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it.each(['/api/listings/%E0%A4%A', '/assets/%E0%A4%A.js', '/listing/%E0%A4%A'])(
    'GET %s: a client error, not a 500',
    async (path) => {
      const res = await api.get(path);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    },
  );

  it('an invalid JSON body: 400 without the body echoed back', async () => {
    const res = await api.post('/api/auth/login', '{"email": "hunter2-secret-text');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'The request body is not valid JSON', code: 'VALIDATION_ERROR' });
  });

  it('GET /api/listings?q=%00: 400 instead of every listing', async () => {
    const seller = await createUser(server.config);
    await postListing(server.url, seller.token, { notes: 'nothing to do with the search' });
    const res = await api.get('/api/listings?q=%00');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'q cannot contain control characters',
      code: 'VALIDATION_ERROR',
      field: 'q',
    });
  });
});

describe('GET /listing/{id} (the page)', () => {
  it("has one title, og:title and og:description, the listing's", async () => {
    const seller = await createUser(server.config);
    const listing = await postListing(server.url, seller.token);
    const html = await (await fetch(`${server.url}/listing/${listing.id}`)).text();
    expect(count(html, '<title>')).toBe(1);
    expect(count(html, 'property="og:title"')).toBe(1);
    expect(count(html, 'property="og:description"')).toBe(1);
    expect(count(html, 'name="description"')).toBe(1);
    expect(count(html, 'property="og:type"')).toBe(1);
    expect(html).toContain(`<meta property="og:title" content="Selling 1 x Empty Gas Leech for 1s each`);
    expect(html).toContain(`<meta property="og:description" content="${seller.username} is selling`);
  });

  it("a seller name holding $' or $& is written as is and leaves the page whole", async () => {
    const seller = await createUser(server.config, { username: "Cash$'and$&Co" });
    const listing = await postListing(server.url, seller.token);
    const html = await (await fetch(`${server.url}/listing/${listing.id}`)).text();
    expect(count(html, '</head>')).toBe(1);
    expect(count(html, '<div id="root">')).toBe(1);
    expect(html).toContain('content="Cash$&#39;and$&amp;Co is selling 1 x Empty Gas Leech');
  });
});
