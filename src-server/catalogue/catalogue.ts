import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { toItemOption, type CatalogueItem, type ItemOption } from '../../src-common/catalogue';
import { bulkWriteInChunks, insertIgnoringDuplicates } from '../lib/bulk-writes';
import { projectRoot } from '../lib/project-root';
import { ItemModel, MetaModel, type ItemDoc } from '../models/item';

/** The shipped catalogue, one entry per item (seeded into the database, and read by the API document). */
export const catalogueFile = path.join(projectRoot, 'src-server/catalogue/items.json');

export interface Catalogue {
  items: CatalogueItem[];
  byName: Map<string, CatalogueItem>;
  options: ItemOption[];
  /** Pre-serialised bodies: the catalogue never changes while the server runs. */
  itemsJson: string;
  optionsJson: string;
}

/**
 * Seeds the items collection from the shipped file. Idempotent: it writes only when the file's hash
 * differs from the one recorded by the last seed. It never empties the collection, so a process starting
 * beside another (or reading while it seeds) never sees the catalogue missing: items not stored yet are
 * inserted, changed ones replaced in place (upserts), and only items gone from the file are removed.
 * The file's order is one list in `meta`, not a position on each item, so an item added near the top
 * rewrites one document rather than every item after it: FerretDB's SQLite backend takes tens of seconds
 * for 1,735 upserts but well under a second for one insertMany.
 */
export async function seedCatalogue(
  file = catalogueFile,
): Promise<{ seeded: boolean; count: number; items: CatalogueItem[] }> {
  const raw = readFileSync(file, 'utf8');
  const hash = createHash('sha256').update(raw).digest('hex');
  const items = JSON.parse(raw) as CatalogueItem[];
  const [recorded, order] = await Promise.all([
    MetaModel.findById(HASH_ID).lean(),
    MetaModel.exists({ _id: ORDER_ID }),
  ]);
  // The hash is recorded last, once every item is stored: it matching means the collection holds the file
  // (counting the items as well cost FerretDB about 0.25 s a start).
  if (recorded?.value === hash && order) return { seeded: false, count: items.length, items };
  const stored = new Map(
    ((await ItemModel.find().lean()) as unknown as ItemDoc[]).map((doc) => [doc._id, doc.entry]),
  );
  const wanted = items.map((entry): ItemDoc => ({ _id: entry.Items, entry }));
  // Another process seeding at the same moment may insert some of the same items first: same content.
  await insertIgnoringDuplicates(
    ItemModel,
    wanted.filter((doc) => !stored.has(doc._id)),
  );
  const changed = wanted.filter(
    (doc) => stored.has(doc._id) && !isDeepStrictEqual(stored.get(doc._id), doc.entry),
  );
  await bulkWriteInChunks(
    ItemModel,
    changed.map((doc) => ({ replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true } })),
  );
  const names = wanted.map((doc) => doc._id);
  await MetaModel.updateOne({ _id: ORDER_ID }, { $set: { order: names } }, { upsert: true });
  const kept = new Set(names);
  const gone = [...stored.keys()].filter((name) => !kept.has(name));
  if (gone.length) await ItemModel.deleteMany({ _id: { $in: gone } });
  await MetaModel.updateOne({ _id: HASH_ID }, { $set: { value: hash } }, { upsert: true });
  return { seeded: true, count: items.length, items };
}

const HASH_ID = 'catalogue-hash';
const ORDER_ID = 'catalogue-order';

/**
 * The catalogue the server serves, from the items the seed left in the database (the shipped file's,
 * in its order): built from the file rather than read back, which took FerretDB about 0.4 s a start.
 */
export function catalogueOf(items: CatalogueItem[]): Catalogue {
  const options = items.map(toItemOption);
  return {
    items,
    byName: new Map(items.map((i) => [i.Items, i])),
    options,
    itemsJson: JSON.stringify(items),
    optionsJson: JSON.stringify(options),
  };
}
