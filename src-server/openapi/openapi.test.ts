import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractProblem } from '../../tests/helpers/contract';
import { http } from '../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { createUser } from '../../tests/helpers/factories';
import { apiRouter } from '../routes';
import { ENDPOINTS } from './endpoints';

interface Parameter {
  name: string;
  schema: { enum?: string[]; anyOf?: object[] };
}

let server: TestServer;
let api: ReturnType<typeof http>;

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
});
afterAll(() => server.stop());

/** `GET /api/listings/{id}` for each method of each route the Koa router holds (HEAD goes with GET). */
function registeredRoutes(): string[] {
  return apiRouter(server.deps)
    .stack.map((layer) => ({ path: String(layer.path), methods: layer.methods }))
    .filter((layer) => !layer.path.includes('{*'))
    .flatMap((layer) =>
      layer.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => `${method} ${layer.path.replace(/\/$/, '').replace(/:(\w+)/g, '{$1}')}`),
    );
}

describe('GET /api/openapi.json', () => {
  it('documents exactly the routes the Koa router has', async () => {
    const res = await api.get('/api/openapi.json');
    expect(res.status).toBe(200);
    const documented = Object.entries(res.body.paths as Record<string, object>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual([...new Set(registeredRoutes())].sort());
  });

  it('is OpenAPI 3.1 with the error shape, both auth schemes and the rate-limit headers', async () => {
    const { body, headers } = await api.get('/api/openapi.json');
    expect(headers.get('access-control-allow-origin')).toBe('*');
    expect(body.openapi).toBe('3.1.0');
    expect(body.components.schemas.Error).toMatchObject({
      required: ['error', 'code'],
      properties: { code: { enum: expect.arrayContaining(['VALIDATION_ERROR', 'TOKEN_SCOPE']) } },
    });
    expect(Object.keys(body.components.securitySchemes)).toEqual(['session', 'personalToken']);
    expect(Object.keys(body.components.headers)).toEqual([
      'RateLimit',
      'RateLimit-Policy',
      'Retry-After',
      'ETag',
      'Allow',
      'X-Total-Count',
      'X-Unread-Count',
    ]);
    expect(Object.keys(body.paths['/api/listings/{id}'].get.responses)).toContain('304');
    // What the body parser and the method check answer, wherever they can.
    const postListing = body.paths['/api/listings'].post.responses;
    expect(Object.keys(postListing)).toEqual(expect.arrayContaining(['400', '405', '413', '415']));
    expect(postListing['405'].headers.Allow).toEqual({ $ref: '#/components/headers/Allow' });
    expect(Object.keys(body.paths['/api/listings/{id}/close'].post.responses)).not.toContain('415');
    // Rate-limit headers only where they are sent: not on a session-only route's answers to a session.
    const logout = body.paths['/api/auth/logout'].post.responses;
    expect(logout['204'].headers).toEqual({});
    expect(logout['403'].headers.RateLimit).toBeDefined();
    expect(body.paths['/api/notifications'].get.responses['200'].headers['X-Unread-Count']).toBeDefined();
    expect(body.paths['/api/listings'].get.responses['200'].headers['X-Total-Count']).toBeDefined();
    const makeOffer = body.paths['/api/offers'].post;
    expect(makeOffer['x-token-scope']).toBe('trade');
    expect(makeOffer.responses['429'].headers['Retry-After']).toEqual({
      $ref: '#/components/headers/Retry-After',
    });
    expect(makeOffer.responses['201'].headers.RateLimit).toEqual({ $ref: '#/components/headers/RateLimit' });
    // Generated from the same zod schema that validates the body.
    expect(makeOffer.requestBody.content['application/json'].schema.required).toEqual([
      'listing_id',
      'offer_amount',
    ]);
    expect(body.paths['/api/listings/{id}/close'].post.responses['200'].content).toBeDefined();
    expect(body.paths['/api/auth/change-password'].post.security).toEqual([{ session: [] }]);
  });
});

describe('blank query choices', () => {
  it('are documented as allowed where the server reads them as not given', async () => {
    const doc = (
      await api.get<{ paths: Record<string, Record<string, { parameters: Parameter[] }>> }>(
        '/api/openapi.json',
      )
    ).body;
    const choices = doc.paths['/api/listings'].get.parameters.filter((p) => p.schema.enum);
    expect(choices.map((p) => p.name)).toEqual(expect.arrayContaining(['type', 'online', 'sort']));
    for (const choice of choices) expect(choice.schema.enum).toContain('');
    const item = doc.paths['/api/listings'].get.parameters.find((p) => p.name === 'item')!;
    expect(item.schema.anyOf).toContainEqual({ type: 'string', enum: [''] });
    const blank = [...choices.map((p) => `${p.name}=`), 'item='].join('&');
    const res = await api.get<unknown[]>(`/api/listings?${blank}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual((await api.get<unknown[]>('/api/listings')).body);
  });
});

describe('a saved search the document allows', () => {
  it('has a name that is not blank and a filter that is not blank, as the server asks', async () => {
    type Body = { $ref?: string; properties: { name: { pattern: string } } };
    const doc = (
      await api.get<{
        components: { schemas: Record<string, Body> };
        paths: Record<string, { post: { requestBody: { content: Record<string, { schema: Body }> } } }>;
      }>('/api/openapi.json')
    ).body;
    const given = doc.paths['/api/saved-searches'].post.requestBody.content['application/json'].schema;
    const body = given.$ref ? doc.components.schemas[given.$ref.split('/').pop()!] : given;
    const name = new RegExp(body.properties.name.pattern, 'u');
    expect(name.test(' \u00a0\t')).toBe(false);
    expect(name.test(' Ore ')).toBe(true);
    const user = await createUser(server.config);
    const blankName = await api.post('/api/saved-searches', { name: ' ', filters: { q: 'ore' } }, user.token);
    expect(blankName.status).toBe(400);
    const blankFilter = await api.post(
      '/api/saved-searches',
      { name: 'Ore', filters: { item: '' } },
      user.token,
    );
    expect(blankFilter.body).toMatchObject({ field: 'filters' });
  });
});

describe('the access the document gives each route', () => {
  it('is what the route does with a personal token: the scope it names, or none for session-only routes', async () => {
    const user = await createUser(server.config);
    const tokenWith = async (scopes: string[]) =>
      (await api.post('/api/auth/tokens', { name: scopes.join('+'), scopes }, user.token)).body
        .secret as string;
    const both = await tokenWith(['read', 'trade']);
    const readOnly = await tokenWith(['read']);
    const tradeOnly = await tokenWith(['trade']);
    const call = (method: string, path: string, token: string) =>
      fetch(`${server.url}${path.replace(/\{[^}]+\}/g, '999999')}`, {
        method: method.toUpperCase(),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: method === 'get' || method === 'delete' ? undefined : '{}',
        redirect: 'manual',
      }).then(async (res) => ({
        status: res.status,
        code: res.status === 403 ? (await res.json()).code : null,
      }));

    const mismatches: string[] = [];
    for (const e of ENDPOINTS) {
      const where = `${e.method.toUpperCase()} ${e.path} (${e.access})`;
      if (e.access === 'session') {
        const res = await call(e.method, e.path, both);
        if (res.code !== 'TOKEN_SCOPE') mismatches.push(`${where}: ${res.status} with a read+trade token`);
      } else if (e.access === 'read' || e.access === 'trade') {
        const lacking = await call(e.method, e.path, e.access === 'read' ? tradeOnly : readOnly);
        if (lacking.code !== 'TOKEN_SCOPE') mismatches.push(`${where}: ${lacking.status} without the scope`);
        const holding = await call(e.method, e.path, both);
        if (holding.code === 'TOKEN_SCOPE') mismatches.push(`${where}: refused with the scope`);
      } else {
        const res = await call(e.method, e.path, readOnly);
        if (res.code === 'TOKEN_SCOPE') mismatches.push(`${where}: refused a token`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('GET /api/docs', () => {
  it('is an overview rendered on the server from the document, in the site theme, with no script but /theme.js', async () => {
    const page = await api.get<string>('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(['/theme.js']);
    expect(page.body).toContain('<html lang="en" data-theme="dark">');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.body).toContain('<a href="/guides/build-a-bot">Build a Bot</a>');
    expect(page.body).toContain('<a href="/api/docs/realtime">');
    expect(page.body).toContain('<h3 id="schema-Listing">Listing</h3>');
  });

  it('links every operation of the document to its section on its tag page', async () => {
    const [overview, openapi] = await Promise.all([
      api.get<string>('/api/docs'),
      api.get<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json'),
    ]);
    const links = [...overview.body.matchAll(/<li><a href="(\/api\/docs\?tag=[a-z-]+)#(op-[^"]+)">/g)].map(
      (m) => [m[1], m[2]] as const,
    );
    const paths = [...new Set(links.map(([path]) => path))];
    const pages = new Map(
      await Promise.all(paths.map(async (path) => [path, (await api.get<string>(path)).body] as const)),
    );
    expect(links.filter(([path, anchor]) => !pages.get(path)!.includes(`<h3 id="${anchor}">`))).toEqual([]);
    const headings = Object.entries(openapi.body.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `<span class="method">${method}</span> <code>${path}</code></h3>`),
    );
    expect(links).toHaveLength(headings.length);
    const shown = [...pages.values()].join('\n');
    expect(headings.filter((heading) => !shown.includes(heading))).toEqual([]);
    // A tag the document does not have shows the overview.
    expect((await api.get<string>('/api/docs?tag=nothing')).body).toBe(overview.body);
  });
});

describe('the response contract check', () => {
  it('catches a body, a status or a route the document does not have', () => {
    const listing = { method: 'GET', path: '/api/listings/1', contentType: 'application/json' };
    expect(contractProblem({ ...listing, status: 200, body: { id: 1 } })).toMatch(
      /must have required property/,
    );
    expect(contractProblem({ ...listing, status: 418, body: {} })).toMatch(/status not documented/);
    expect(contractProblem({ ...listing, path: '/api/nowhere', status: 200, body: {} })).toMatch(
      /no such operation/,
    );
    expect(
      contractProblem({ ...listing, status: 404, body: { error: 'Listing not found', code: 'NOT_FOUND' } }),
    ).toBeNull();
  });
});
