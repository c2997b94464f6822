import { badRequest } from '../errors';
import type { Catalogue } from './catalogue';

/** How many unknown names a 400 lists before it says how many more there are. */
const LISTED = 5;

/** Per catalogue, its names by their lower case, so a near miss can be answered with the exact spelling. */
const folded = new WeakMap<Catalogue, Map<string, string>>();

function spellingOf(catalogue: Catalogue, name: string): string | undefined {
  let names = folded.get(catalogue);
  if (!names) {
    names = new Map(catalogue.items.map((item) => [item.Items.toLowerCase(), item.Items]));
    folded.set(catalogue, names);
  }
  return names.get(name.trim().toLowerCase());
}

const quoted = (catalogue: Catalogue, name: string) => {
  const spelling = spellingOf(catalogue, name);
  return spelling ? `"${name}" (did you mean "${spelling}"?)` : `"${name}"`;
};

/**
 * Names that must be catalogue items exactly (case and spaces count, as an exact filter needs): a 400
 * naming the ones that are not, and the exact spelling where only case or spaces differ, so a bot's typo
 * is told rather than answered with nothing.
 */
export function requireCatalogueItems(catalogue: Catalogue, names: Iterable<string>, field: string): void {
  const unknown = [...new Set(names)].filter((name) => !catalogue.byName.has(name));
  if (unknown.length === 0) return;
  const listed = unknown.slice(0, LISTED).map((name) => quoted(catalogue, name));
  const more = unknown.length > LISTED ? ` and ${unknown.length - LISTED} more` : '';
  const what = unknown.length === 1 ? 'Not a catalogue item' : 'Not catalogue items';
  throw badRequest(
    `${what}: ${listed.join(', ')}${more}. Item names are spelt exactly as GET /api/items/meta/names gives them.`,
    field,
  );
}
