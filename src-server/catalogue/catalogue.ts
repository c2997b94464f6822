import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { toItemOption, type CatalogueItem, type ItemOption } from '../../src-common/catalogue';
import { isDuplicateKeyError } from '../lib/duplicate-key';
import { projectRoot } from '../lib/project-root';
import { ItemModel, MetaModel, type ItemDoc } from '../models/item';

const catalogueFile = path.join(projectRoot, 'src-server/catalogue/items.json');

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
 * Writing just the difference also keeps it fast on FerretDB, whose SQLite backend takes tens of seconds
 * for 1,735 upserts but well under a second for one insertMany.
 */
export async function seedCatalogue(file = catalogueFile): Promise<{ seeded: boolean; count: number }> {
  const raw = readFileSync(file, 'utf8');
  const hash = createHash('sha256').update(raw).digest('hex');
  const items = JSON.parse(raw) as CatalogueItem[];
  const recorded = await MetaModel.findById('catalogue-hash').lean();
  if (recorded?.value === hash && (await ItemModel.estimatedDocumentCount()) === items.length) {
    return { seeded: false, count: items.length };
  }
  const wanted = items.map((entry, position): ItemDoc => ({ _id: entry.Items, entry, position }));
  const stored = new Map(
    ((await ItemModel.find().lean()) as unknown as ItemDoc[]).map((doc) => [doc._id, doc]),
  );
  const missing = wanted.filter((doc) => !stored.has(doc._id));
  const changed = wanted.filter((doc) => {
    const old = stored.get(doc._id);
    return old && (old.position !== doc.position || !isDeepStrictEqual(old.entry, doc.entry));
  });
  await insertIgnoringDuplicates(missing);
  if (changed.length) {
    await ItemModel.bulkWrite(
      changed.map((doc) => ({
        replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true },
      })),
      { ordered: false },
    );
  }
  const names = new Set(wanted.map((doc) => doc._id));
  const gone = [...stored.keys()].filter((name) => !names.has(name));
  if (gone.length) await ItemModel.deleteMany({ _id: { $in: gone } });
  await MetaModel.updateOne({ _id: 'catalogue-hash' }, { $set: { value: hash } }, { upsert: true });
  return { seeded: true, count: items.length };
}

/** Another process seeding at the same moment may insert some of the same items first: same content. */
async function insertIgnoringDuplicates(docs: ItemDoc[]): Promise<void> {
  if (!docs.length) return;
  try {
    await ItemModel.insertMany(docs, { ordered: false, lean: true });
  } catch (err) {
    const failures = (err as { writeErrors?: unknown[] }).writeErrors;
    if (!failures?.length || !failures.every((e) => isDuplicateKeyError((e as { err?: unknown }).err ?? e)))
      throw err;
  }
}

export async function loadCatalogue(): Promise<Catalogue> {
  const docs = (await ItemModel.find().sort({ position: 1 }).lean()) as unknown as ItemDoc[];
  const items = docs.map((d) => d.entry);
  const options = items.map(toItemOption);
  return {
    items,
    byName: new Map(items.map((i) => [i.Items, i])),
    options,
    itemsJson: JSON.stringify(items),
    optionsJson: JSON.stringify(options),
  };
}
