import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, postListing, type TestUser } from '../../tests/helpers/factories';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { compression } from './compression';
import { jsonBody } from './json-body';
import { spa } from './spa';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent, decoded by its Content-Encoding. */
  text: string;
}

/** A GET with exactly the Accept-Encoding given (fetch would add its own and decode silently). */
function get(url: string, acceptEncoding?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body =
            encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode!, headers: res.headers, text: body.toString() });
        });
      })
      .on('error', reject);
  });
}

describe('compressed JSON from the API', () => {
  let server: TestServer;
  let seller: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    seller = await createUser(server.config);
    for (let i = 0; i < 6; i++) await postListing(server.url, seller.token, { notes: `compress me ${i}` });
  });
  afterAll(() => server.stop());

  it('answers brotli when accepted, on a route and on the browse fast path alike', async () => {
    const url = `${server.url}/api/listings?limit=10`;
    const routed = await get(url, 'gzip, deflate, br');
    const fast = await get(url, 'gzip, deflate, br'); // the same query again: answered by the fast path
    for (const answer of [routed, fast]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(JSON.parse(answer.text)).toHaveLength(6);
    }
    expect(fast.text).toBe(routed.text);
    // Compressed once per answer: a write makes a new answer, never a stale compressed one.
    await postListing(server.url, seller.token, { notes: 'one more' });
    const after = await get(url, 'gzip, deflate, br');
    expect(after.headers['content-encoding']).toBe('br');
    expect(JSON.parse(after.text)).toHaveLength(7);
    const items = await get(`${server.url}/api/items`, 'br');
    expect(items.headers['content-encoding']).toBe('br');
    expect(JSON.parse(items.text).length).toBeGreaterThan(1000);
  });

  it('answers gzip to a client without brotli, and plain JSON to one that accepts neither', async () => {
    const url = `${server.url}/api/listings?limit=10&type=sell`;
    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gzip.text).length).toBeGreaterThanOrEqual(6);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(gzip.text);
  });

  it('leaves answers under 1 KB alone', async () => {
    const health = await get(`${server.url}/api/health`, 'br');
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe('compressed, cached static files', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'market-static-'));
  const script = `export const words = ${JSON.stringify('lorem ipsum '.repeat(400))};\n`;
  let base: string;
  let listener: http.Server;
  beforeAll(async () => {
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(
      path.join(root, 'index.html'),
      `<!doctype html><html><head></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`,
    );
    writeFileSync(path.join(root, 'assets', 'index-Bx3_k9Qa.js'), script);
    writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *\n');
    // The order of app.ts: compression wraps everything after it, the client files included.
    const app = new Koa();
    app.use(compression());
    app.use(spa(root));
    listener = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    listener.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('compresses a hashed script with brotli or gzip and caches it for a year, immutable', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const answer = await get(`${base}/assets/index-Bx3_k9Qa.js`, accept);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.text).toBe(script);
    }
  });

  it('sends a file rebuilt in place as it is now, not the compressed copy of what it was', async () => {
    const file = path.join(root, 'styles.css');
    const before = `.a { color: red; }\n`.repeat(80);
    const after = `.b { color: blue; }\n`.repeat(90);
    writeFileSync(file, before);
    expect((await get(`${base}/styles.css`, 'br')).text).toBe(before);
    expect((await get(`${base}/styles.css`, 'br')).text).toBe(before);
    writeFileSync(file, after);
    const answer = await get(`${base}/styles.css`, 'br');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.text).toBe(after);
    expect((await get(`${base}/styles.css`)).text).toBe(after);
  });

  it('keeps index.html revalidated and unhashed files briefly cached', async () => {
    const page = await get(`${base}/listing/5`, 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    const robots = await get(`${base}/robots.txt`, 'br');
    expect(robots.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('JSON bodies, serialised once on their way out', () => {
  let listener: http.Server;
  let base: string;
  let serialised = 0;
  beforeAll(async () => {
    const app = new Koa();
    app.use(compression());
    app.use(jsonBody());
    app.use((ctx) => {
      if (ctx.path === '/problem') {
        ctx.type = 'application/problem+json';
        ctx.body = { title: 'x' };
        return;
      }
      const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, notes: `row ${i} `.repeat(20) }));
      // A plain object whose serialisation is counted: Koa and koa-compress would serialise it twice.
      ctx.body = {
        rows,
        toJSON: () => {
          serialised += 1;
          return { rows };
        },
      };
    });
    listener = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    listener.close();
  });

  it('serialises a large body once, then compresses it, as JSON', async () => {
    for (const encoding of ['br', undefined]) {
      serialised = 0;
      const res = await get(`${base}/rows`, encoding);
      expect(serialised).toBe(1);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-encoding']).toBe(encoding);
      expect((JSON.parse(res.text) as { rows: unknown[] }).rows).toHaveLength(200);
    }
  });

  it('keeps a content type the route chose', async () => {
    const res = await get(`${base}/problem`);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(res.text)).toEqual({ title: 'x' });
  });
});
