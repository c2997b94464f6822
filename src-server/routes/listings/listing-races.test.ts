import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '../../../src-common/schemas/listing';
import { createUser, listingBody, postListing, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { ListingModel } from '../../models/listing';

let server: TestServer;
let api: ReturnType<typeof http>;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_DISABLED: 'true' } });
  api = http(server.url);
  owner = await createUser(server.config);
});
afterAll(() => server?.stop());

describe('parallel edits of one listing', () => {
  it('50 edits all apply, one version each: 2..51, none lost', async () => {
    const { id } = await postListing(server.url, owner.token);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api.put<Listing>(`/api/listings/${id}`, listingBody({ notes: `edit ${i}` }), owner.token),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const versions = results.map((r) => r.body.version).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
    const last = results.find((r) => r.body.version === 51)!.body;
    expect(await ListingModel.findById(id).lean()).toMatchObject({ version: 51, notes: last.notes });
  });
});
