import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeListing } from '../../tests/helpers/listing-fixture';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import type { Offer } from '../../src-common/schemas/offer';
import { ListingIndex } from './listing-index';
import { loadReadModels } from './load-read-models';
import { OfferIndex } from './offer-index';
import { markReadModelsWritten, readSnapshot, saveSnapshot } from './read-model-snapshot';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const dir = () => mkdtempSync(path.join(os.tmpdir(), 'read-model-snapshot-'));
const listings = [makeListing({ id: 1, item: 'Iron Ore' }), makeListing({ id: 2, status: 'closed' })];
const offer: Offer = {
  id: 1,
  listing_id: 1,
  user_id: 2,
  username: 'buyer',
  user_avatar: null,
  quantity: 1,
  offer_amount: 90,
  message: '',
  status: 'pending',
  rejection_reason: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};
const snapshot = { listings, offers: [offer] };
const models = () => ({ listings: new ListingIndex(), offers: new OfferIndex() });

describe('read model snapshot (embedded database, one writer)', () => {
  it('stands in for reading the database after a clean stop, and builds the same read models', async () => {
    const dataDir = dir();
    await saveSnapshot(dataDir, snapshot);
    const loaded = models();
    expect(await loadReadModels(loaded, dataDir)).toBe('snapshot');
    expect(loaded.listings.all()).toEqual(listings);
    expect(loaded.listings.browse({ sort: 'new', q: 'iron' }).listings.map((l) => l.id)).toEqual([1]);
    expect(loaded.offers.forListing(1)).toEqual([offer]);
  });

  it('is not trusted once a start marked the data as written (a crash leaves it so)', async () => {
    const dataDir = dir();
    await saveSnapshot(dataDir, snapshot);
    await markReadModelsWritten();
    expect(await readSnapshot(dataDir)).toBeNull();
    // The database (empty here) is read instead, and the data stays marked as written.
    const loaded = models();
    expect(await loadReadModels(loaded, dataDir)).toBe('database');
    expect([loaded.listings.size, loaded.offers.size]).toEqual([0, 0]);
    expect(await readSnapshot(dataDir)).toBeNull();
  });

  it('is not trusted when it belongs to another stop (a restored backup, another data directory)', async () => {
    const [first, second] = [dir(), dir()];
    const other = { listings: listings.slice(0, 1), offers: [] };
    await saveSnapshot(first, snapshot);
    await saveSnapshot(second, other);
    expect(await readSnapshot(first)).toBeNull();
    expect(await readSnapshot(second)).toEqual(other);
  });

  it('is not trusted when missing or unreadable', async () => {
    const dataDir = dir();
    expect(await readSnapshot(dataDir)).toBeNull();
    await saveSnapshot(dataDir, snapshot);
    writeFileSync(path.join(dataDir, 'read-models.json'), '{"token":');
    expect(await readSnapshot(dataDir)).toBeNull();
  });
});
