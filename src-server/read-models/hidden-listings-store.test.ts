import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeListing } from '../../tests/helpers/listing-fixture';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { ListingIndex } from './listing-index';
import { loadReadModels } from './load-read-models';
import { MarketHistory } from './market-history';
import { OfferIndex } from './offer-index';
import { ReadModelStore } from './read-model-store';

const models = () => ({
  listings: new ListingIndex(),
  offers: new OfferIndex(),
  history: new MarketHistory(),
});
const noError = (err: unknown) => {
  throw err;
};

describe("a suspended seller's listings in the read model store", () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    server = await startTestServer();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'hidden-listings-store-'));
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const searchIron = (held: ListingIndex) =>
    held.browse({ sort: 'new', q: 'iron' }).listings.map((l) => l.id);

  it('stay hidden after a restart from the store, and come back once the suspension ends', async () => {
    const store = await ReadModelStore.open(dataDir, noError);
    const first = models();
    expect(await loadReadModels(first, store)).toBe('database');
    first.listings.upsert(makeListing({ id: 1, item: 'Iron Ore' }));
    first.listings.upsert(makeListing({ id: 2, item: 'Iron Ore', sellerSuspended: true }));
    await store.close();

    const again = await ReadModelStore.open(dataDir, noError);
    const loaded = models();
    expect(await loadReadModels(loaded, again)).toBe('store');
    expect(loaded.listings.get(2)?.sellerSuspended).toBe(true);
    expect(searchIron(loaded.listings)).toEqual([1]);
    loaded.listings.upsert(makeListing({ id: 2, item: 'Iron Ore', version: 2 }));
    await again.close();

    const last = await ReadModelStore.open(dataDir, noError);
    const back = models();
    expect(await loadReadModels(back, last)).toBe('store');
    expect(searchIron(back.listings).sort()).toEqual([1, 2]);
    await last.close();
  });
});
