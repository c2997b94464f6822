import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueItem, ItemOption } from '../../../src-common/catalogue';
import { seedCatalogue } from '../../catalogue/catalogue';
import { ItemModel } from '../../models/item';
import { http } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

const shipped = JSON.parse(
  readFileSync(new URL('../../catalogue/items.json', import.meta.url), 'utf8'),
) as CatalogueItem[];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('GET /api/items', () => {
  it('serves the whole catalogue in the shipped order with its own field names', async () => {
    const res = await http(server.url).get<CatalogueItem[]>('/api/items');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1735);
    expect(res.body).toEqual(shipped);
    expect(Object.keys(res.body[0])).toContain('Profession Level B');
  });
});

describe('GET /api/items/meta/names', () => {
  it('serves one picker option per item with its professions and combat flag', async () => {
    const res = await http(server.url).get<ItemOption[]>('/api/items/meta/names');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(shipped.length);
    const gasLeech = res.body.find((o) => o.name === 'Empty Gas Leech');
    expect(gasLeech?.professions).toEqual(['Blacksmith', 'Stonemason']);
    const weapon = res.body.find((o) => o.combatCategory === 'Weapon');
    expect(weapon?.isCombat).toBe(true);
  });
});

describe('catalogue seeding', () => {
  it('is idempotent: a second seed writes nothing and keeps one document per item', async () => {
    const again = await seedCatalogue();
    expect(again).toMatchObject({ seeded: false, count: 1735 });
    expect(await ItemModel.countDocuments()).toBe(1735);
  });
});
