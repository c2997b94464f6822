import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeListing } from '../../tests/helpers/listing-fixture';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { ListingIndex } from './listing-index';
import { loadListingIndex } from './load-listing-index';
import { markListingsWritten, readListingSnapshot, saveListingSnapshot } from './listing-snapshot';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const dir = () => mkdtempSync(path.join(os.tmpdir(), 'listing-snapshot-'));
const listings = [makeListing({ id: 1, item: 'Iron Ore' }), makeListing({ id: 2, status: 'closed' })];

describe('listing index snapshot (embedded database, one writer)', () => {
  it('stands in for reading the database after a clean stop, and builds the same index', async () => {
    const dataDir = dir();
    await saveListingSnapshot(dataDir, listings);
    const index = new ListingIndex();
    expect(await loadListingIndex(index, dataDir)).toBe('snapshot');
    expect(index.all()).toEqual(listings);
    expect(index.browse({ sort: 'new', q: 'iron' }).listings.map((l) => l.id)).toEqual([1]);
  });

  it('is not trusted once a start marked the data as written (a crash leaves it so)', async () => {
    const dataDir = dir();
    await saveListingSnapshot(dataDir, listings);
    await markListingsWritten();
    expect(await readListingSnapshot(dataDir)).toBeNull();
    // The database (empty here) is read instead, and the data stays marked as written.
    const index = new ListingIndex();
    expect(await loadListingIndex(index, dataDir)).toBe('database');
    expect(index.size).toBe(0);
    expect(await readListingSnapshot(dataDir)).toBeNull();
  });

  it('is not trusted when it belongs to another stop (a restored backup, another data directory)', async () => {
    const [first, second] = [dir(), dir()];
    await saveListingSnapshot(first, listings);
    await saveListingSnapshot(second, listings.slice(0, 1));
    expect(await readListingSnapshot(first)).toBeNull();
    expect(await readListingSnapshot(second)).toEqual(listings.slice(0, 1));
  });

  it('is not trusted when missing or unreadable', async () => {
    const dataDir = dir();
    expect(await readListingSnapshot(dataDir)).toBeNull();
    await saveListingSnapshot(dataDir, listings);
    writeFileSync(path.join(dataDir, 'listing-index.json'), '{"token":');
    expect(await readListingSnapshot(dataDir)).toBeNull();
  });
});
