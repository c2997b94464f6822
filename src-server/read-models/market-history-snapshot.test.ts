import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { forgetMarketHistory, loadMarketHistory, saveMarketHistory } from './load-market-history';
import { MarketHistory } from './market-history';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const dir = () => mkdtempSync(path.join(os.tmpdir(), 'market-history-snapshot-'));
const ITEM = 'Empty Gas Leech';

describe('market history snapshot (embedded database, one writer)', () => {
  it('stands in for reading every trade after a clean stop, and is not trusted once data is written', async () => {
    const dataDir = dir();
    const saved = new MarketHistory();
    saved.add({ id: 1, item: ITEM, unitPrice: 250, quantity: 3, at: Date.now() });
    await saveMarketHistory(dataDir, saved);

    const restored = new MarketHistory();
    expect(await loadMarketHistory(restored, dataDir)).toBe('snapshot');
    expect(restored.history(ITEM, '90d')).toEqual(saved.history(ITEM, '90d'));
    expect(restored.lastTrade(ITEM)).toEqual(saved.lastTrade(ITEM));

    // That start marked the data as written: the next one reads the (here empty) trades instead.
    const next = new MarketHistory();
    expect(await loadMarketHistory(next, dataDir)).toBe('database');
    expect(next.lastTrade(ITEM)).toBeNull();
  });

  it('is not trusted once forgotten (a start backfilled trades it lacks)', async () => {
    const dataDir = dir();
    const saved = new MarketHistory();
    saved.add({ id: 1, item: ITEM, unitPrice: 250, quantity: 3, at: Date.now() });
    await saveMarketHistory(dataDir, saved);
    await forgetMarketHistory();
    expect(await loadMarketHistory(new MarketHistory(), dataDir)).toBe('database');
  });
});
