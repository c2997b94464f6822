import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('GET /api/health', () => {
  it('reports the database as up', async () => {
    const res = await http(server.url).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', db: 'up' });
  });

  it('answers 503 with db down when the database connection is gone', async () => {
    const uri = mongoose.connection.getClient().options.hosts;
    await mongoose.disconnect();
    try {
      const res = await http(server.url).get('/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'unavailable', db: 'down' });
    } finally {
      await mongoose.connect(`mongodb://${uri[0].toString()}/`, { dbName: server.config.DB_NAME });
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await http(server.url).get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Endpoint not found', code: 'NOT_FOUND' });
  });

  it('rejects a malformed JSON body with a 400 in the error shape', async () => {
    const res = await http(server.url).post('/api/health', '{not json');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
