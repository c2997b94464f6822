import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('GET /api/client-config', () => {
  it('gives a null analytics URL when ANALYTICS_URL is not set', async () => {
    server = await startTestServer();
    const res = await http(server.url).get('/api/client-config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ analyticsUrl: null });
  });

  it('gives the configured ANALYTICS_URL and nothing else', async () => {
    server = await startTestServer({ env: { ANALYTICS_URL: 'https://stats.example.test/collect' } });
    const res = await http(server.url).get('/api/client-config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ analyticsUrl: 'https://stats.example.test/collect' });
  });

  it('needs no login and ignores a bad token', async () => {
    server = await startTestServer();
    const res = await http(server.url).get('/api/client-config', 'not-a-token');
    expect(res.status).toBe(200);
  });
});
