import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListingModel } from '../models/listing';
import { ENDPOINTS } from '../openapi/endpoints';
import { recordAnswer } from '../../tests/helpers/contract';
import { createUser, listingBody, type TestUser } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';

let server: TestServer;
let api: ReturnType<typeof http>;
let user: TestUser;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_DISABLED: 'true' } });
  api = http(server.url);
  user = await createUser(server.config);
});
afterAll(() => server?.stop());

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: unknown;
}

/**
 * A request with any method, headers and body, as a bot or a fuzzer may send them (fetch refuses TRACE and
 * always names a type for a string body). Its answer is checked against the OpenAPI document like any other.
 */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const type = res.headers['content-type'] ?? null;
        const parsed: unknown = type?.includes('application/json') ? JSON.parse(text) : text;
        // OPTIONS is the router's answer on every path (its Allow), not an operation of the document.
        if (method !== 'OPTIONS') {
          recordAnswer({ method, path, status: res.statusCode!, contentType: type, body: parsed });
        }
        resolve({ status: res.statusCode!, headers: res.headers, text, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const allowed = (answer: RawAnswer) =>
  String(answer.headers.allow)
    .split(',')
    .map((m) => m.trim())
    .sort();

describe('a method a known path does not take', () => {
  it.each([
    ['PATCH', '/api/listings', ['GET', 'HEAD', 'POST']],
    ['DELETE', '/api/health', ['GET', 'HEAD']],
    ['TRACE', '/api/listings', ['GET', 'HEAD', 'POST']],
    ['QUERY', '/api/items', ['GET', 'HEAD']],
    ['POST', '/api/listings/1', ['DELETE', 'GET', 'HEAD', 'PUT']],
    ['PUT', '/api/notifications/unsubscribe', ['GET', 'HEAD', 'POST']],
    // Paths of their own that a route with an id would also match: the id route does not claim them.
    ['GET', '/api/listings/mine', ['DELETE']],
    ['PUT', '/api/offers/stats', ['GET', 'HEAD']],
  ])('%s %s: 405 with Allow, in the error shape', async (method, path, methods) => {
    const res = await raw(method, path, { authorization: `Bearer ${user.token}` });
    expect(res.status).toBe(405);
    expect(allowed(res)).toEqual(methods);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toEqual({
      error: `${method} is not allowed here. Allowed: ${String(res.headers.allow)}`,
      code: 'METHOD_NOT_ALLOWED',
    });
  });

  it.each([
    ['/api/listings', ['GET', 'HEAD', 'POST']],
    ['/api/listings/7', ['DELETE', 'GET', 'HEAD', 'PUT']],
    ['/api/listings/mine', ['DELETE']],
  ])('OPTIONS %s answers with Allow, not an error', async (path, methods) => {
    const res = await raw('OPTIONS', path);
    expect(res.status).toBe(200);
    expect(allowed(res)).toEqual(methods);
  });

  it('a path no route has is still a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PATCH']) {
      const res = await raw(method, '/api/nowhere');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Endpoint not found', code: 'NOT_FOUND' });
    }
  });

  it('every documented path takes each of its documented methods (none answers 405)', async () => {
    for (const endpoint of ENDPOINTS) {
      const path = endpoint.path.replace(/\{[^}]+\}/g, '1');
      const res = await raw(endpoint.method.toUpperCase(), path);
      expect(res.status, `${endpoint.method} ${endpoint.path}`).not.toBe(405);
    }
  });
});

describe('a body that is not JSON, on a route that reads JSON', () => {
  const body = JSON.stringify(listingBody());

  it.each([
    ['text/plain', { 'content-type': 'text/plain' }],
    ['form-encoded', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['multipart without a boundary', { 'content-type': 'multipart/form-data' }],
    ['of no stated type', {}],
  ])('%s: 415, and nothing is posted', async (_what, type) => {
    const before = await ListingModel.countDocuments();
    const res = await raw('POST', '/api/listings', { ...type, authorization: `Bearer ${user.token}` }, body);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      error: 'The request body must be JSON (Content-Type: application/json)',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(await ListingModel.countDocuments()).toBe(before);
  });

  it('application/json with a charset is JSON', async () => {
    const res = await raw(
      'POST',
      '/api/listings',
      { 'content-type': 'application/json; charset=utf-8', authorization: `Bearer ${user.token}` },
      body,
    );
    expect(res.status).toBe(201);
  });

  it('a request with no body at all reads as {}: the route names its first missing field', async () => {
    const res = await raw('POST', '/api/auth/login', { 'content-length': '0' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'email' });
  });
});

describe('keys that would reach a prototype', () => {
  it.each([
    ['at the top', '{"email":"a@b.c","password":"x","__proto__":{"admin":true}}'],
    ['nested', '{"email":"a@b.c","password":"x","x":{"__proto__":{}}}'],
    ['escaped', '{"email":"a@b.c","password":"x","\\u005f_proto__":{}}'],
  ])('"__proto__" %s: 400 that says so, not "not valid JSON"', async (_where, text) => {
    const res = await api.post('/api/auth/login', text);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'The request body holds a key named "__proto__", which is not accepted',
      code: 'VALIDATION_ERROR',
    });
  });

  it('"constructor" is a field like any other the route does not know', async () => {
    const res = await api.post('/api/auth/login', '{"email":"a@b.c","constructor":{"prototype":{}}}');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'constructor' });
  });
});

describe('a field the route does not know', () => {
  it('is refused with 400 naming it (a login with "remember")', async () => {
    const res = await api.post('/api/auth/login', { email: user.email, password: 'x', remember: true });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Unknown field "remember": not one this route takes',
      code: 'VALIDATION_ERROR',
      field: 'remember',
    });
  });

  it('is named by its path when it is nested (a saved search filter)', async () => {
    const res = await api.post(
      '/api/saved-searches',
      { name: 'Leeches', filters: { q: 'leech', colour: 'red' } },
      user.token,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'filters.colour' });
  });

  it('lists every unknown one, naming the first', async () => {
    const res = await api.post(
      '/api/offers',
      { listing_id: 1, offer_amount: 5, amount: 5, qty: 1 },
      user.token,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Unknown fields "amount", "qty": not one this route takes',
      code: 'VALIDATION_ERROR',
      field: 'amount',
    });
  });

  it.each(ENDPOINTS.filter((e) => e.body).map((e) => [`${e.method.toUpperCase()} ${e.path}`, e.body!]))(
    '%s: its body schema refuses one',
    (_route, schema) => {
      const result = schema.safeParse({ zzUnknownField: 1 });
      expect(result.error?.issues).toContainEqual(
        expect.objectContaining({ code: 'unrecognized_keys', keys: ['zzUnknownField'] }),
      );
    },
  );
});

describe('the unsubscribe link with no valid token', () => {
  it('answers a bot in the error shape', async () => {
    for (const method of ['GET', 'POST']) {
      const res = await raw(method, '/api/notifications/unsubscribe', { accept: '*/*' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'This unsubscribe link is not valid',
        code: 'VALIDATION_ERROR',
        field: 'token',
      });
    }
  });

  it("shows a person's browser the page that says what to do", async () => {
    const res = await raw('GET', '/api/notifications/unsubscribe?token=stale', {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.text).toContain('This unsubscribe link is not valid');
  });
});
