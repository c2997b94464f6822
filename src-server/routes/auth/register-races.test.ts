import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { UserModel } from '../../models/user';

let server: TestServer;
let api: ReturnType<typeof http>;

beforeAll(async () => {
  server = await startTestServer({ mail: true, env: { RATE_LIMIT_DISABLED: 'true' } });
  api = http(server.url);
});
afterAll(() => server?.stop());

describe('parallel registrations of one name', () => {
  it.each([1, 2, 3, 4, 5])('one 201, the rest 409, never 500 (trial %i)', async (trial) => {
    const name = `Racer${trial}`;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api.post('/api/auth/register', {
          username: i % 2 ? name : name.toUpperCase(),
          email: `racer${trial}-${i}@example.test`,
          password: 'secret1',
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    // FerretDB's duplicate-key error names no field when the insert itself lost the race.
    for (const lost of results.filter((r) => r.status === 409)) {
      expect(lost.body).toMatchObject({ code: 'CONFLICT' });
    }
    expect(await UserModel.countDocuments({ usernameLower: name.toLowerCase() })).toBe(1);
  });
});
