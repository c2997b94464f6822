import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let server: TestServer;
let api: ReturnType<typeof http>;

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
});
afterAll(() => server?.stop());

describe('GET /api/user/resolve/:username', () => {
  it('returns the id of the account with that name, in any case', async () => {
    const user = await createUser(server.config, { username: 'Seller Bob' });
    const res = await api.get(`/api/user/resolve/${encodeURIComponent('seller bob')}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userId: user.id });
  });

  it('404 when no registered account has the name', async () => {
    const res = await api.get('/api/user/resolve/nobody-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'User not found', code: 'NOT_FOUND' });
  });
});
