import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueItem } from '../../src-common/catalogue';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { ItemModel, MetaModel, type ItemDoc } from '../models/item';
import { seedCatalogue } from './catalogue';

/** The server seeded the shipped catalogue at start; these reseed it from edited copies. */
let server: TestServer;
let shipped: CatalogueItem[];
const dir = mkdtempSync(path.join(os.tmpdir(), 'catalogue-'));

beforeAll(async () => {
  server = await startTestServer();
  shipped = JSON.parse(readFileSync(path.join(__dirname, 'items.json'), 'utf8')) as CatalogueItem[];
});
afterAll(() => server?.stop());

function catalogueFile(name: string, items: CatalogueItem[]): string {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(items));
  return file;
}

/** Marks items (a few: FerretDB updates documents one by one); a mark that survives a reseed shows the
 * item was never deleted and reinserted. */
const mark = (items: CatalogueItem[]) =>
  ItemModel.collection.updateMany(
    { _id: { $in: items.map((i) => i.Items) as never[] } },
    { $set: { mark: true } },
  );
const stored = async () =>
  (await ItemModel.collection.find({}).toArray()) as unknown as Array<{
    _id: string;
    entry: CatalogueItem;
    mark?: boolean;
  }>;

/** The stored items in the order the seed recorded (the file's). */
async function storedCatalogue(): Promise<CatalogueItem[]> {
  const docs = (await ItemModel.find().lean()) as unknown as ItemDoc[];
  const order = await MetaModel.findById('catalogue-order').lean<{ order: string[] }>();
  const rank = new Map((order?.order ?? []).map((name, i) => [name, i]));
  const rankOf = (doc: ItemDoc) => rank.get(doc._id) ?? Number.MAX_SAFE_INTEGER;
  return docs.sort((a, b) => rankOf(a) - rankOf(b)).map((doc) => doc.entry);
}

describe('seeding the catalogue', () => {
  it('writes only the difference: unchanged items stay in place, so the catalogue is never missing', async () => {
    const [removed, changed, ...kept] = shipped;
    const sample = [kept[0], kept[500], kept.at(-1)!];
    await mark(sample);
    const added = { ...kept[0], Items: 'A Brand New Item' };
    const edited = { ...changed, Rarity: 'Legendary' };
    const next = [edited, ...kept, added];
    expect(await seedCatalogue(catalogueFile('edited', next))).toEqual({
      seeded: true,
      count: next.length,
      items: next,
    });

    expect(await storedCatalogue()).toEqual(next);
    const items = await stored();
    expect(items).toHaveLength(next.length);
    expect(items.find((d) => d._id === removed.Items)).toBeUndefined();
    const byName = new Map(items.map((d) => [d._id, d]));
    expect(sample.every((i) => byName.get(i.Items)?.mark)).toBe(true);
    expect(byName.get(added.Items)?.mark).toBeUndefined();
  }, 60_000);

  it('two processes seeding at once both succeed and leave exactly the catalogue', async () => {
    await ItemModel.deleteMany({ _id: { $in: shipped.slice(0, 200).map((i) => i.Items) } });
    const file = catalogueFile('shipped', shipped);
    const results = await Promise.all([seedCatalogue(file), seedCatalogue(file)]);
    expect(results.map((r) => r.count)).toEqual([shipped.length, shipped.length]);
    expect(await storedCatalogue()).toEqual(shipped);
    expect(await ItemModel.countDocuments()).toBe(shipped.length);
  }, 60_000);

  it('does nothing when the file is the one seeded last', async () => {
    expect(await seedCatalogue(catalogueFile('shipped', shipped))).toEqual({
      seeded: false,
      count: shipped.length,
      items: shipped,
    });
  });
});
