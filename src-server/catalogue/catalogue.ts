import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { toItemOption, type CatalogueItem, type ItemOption } from '../../src-common/catalogue';
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
 * differs from the one recorded by the last seed. The catalogue is replaced whole: FerretDB's SQLite
 * backend takes tens of seconds for 1,735 upserts but well under a second for one insertMany, and the
 * server serves the catalogue from memory, so the brief gap between delete and insert is never seen.
 */
export async function seedCatalogue(file = catalogueFile): Promise<{ seeded: boolean; count: number }> {
  const raw = readFileSync(file, 'utf8');
  const hash = createHash('sha256').update(raw).digest('hex');
  const items = JSON.parse(raw) as CatalogueItem[];
  const recorded = await MetaModel.findById('catalogue-hash').lean();
  if (recorded?.value === hash && (await ItemModel.estimatedDocumentCount()) === items.length) {
    return { seeded: false, count: items.length };
  }
  await ItemModel.deleteMany({});
  await ItemModel.insertMany(
    items.map((entry, position) => ({ _id: entry.Items, entry, position })),
    { ordered: false, lean: true },
  );
  await MetaModel.updateOne({ _id: 'catalogue-hash' }, { $set: { value: hash } }, { upsert: true });
  return { seeded: true, count: items.length };
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
