import { EPISODES, PROFESSIONS, type CatalogueItem } from '../../../src-common/catalogue';
import { BROWSE_SORTS, LISTING_CATEGORIES, LISTING_TYPES } from '../../../src-common/schemas/listing';

/** A small deterministic generator, so every run of a benchmark asks the same queries. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const NOTE_WORDS = ['fresh', 'bulk', 'cheap', 'rare', 'fast', 'stack', 'negotiable'];

/**
 * `count` distinct GET /api/listings paths of the kind players send: a search word (or its first
 * letters, or two words) from the catalogue's item names, a seller or a note, filters, any of the six
 * sorts, offsets 0-90 and limits 10-50.
 */
export function browseQueries(catalogue: CatalogueItem[], count: number, seed = 13): string[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const itemWords = [
    ...new Set(catalogue.flatMap((item) => item.Items.toLowerCase().split(/[^\p{L}\p{N}]+/u))),
  ].filter((w) => w.length >= 2);
  const searchWord = () => {
    const roll = random();
    if (roll < 0.45) return pick(itemWords);
    if (roll < 0.65) return pick(itemWords).slice(0, 1 + Math.floor(random() * 3));
    if (roll < 0.8) return `${pick(itemWords)} ${pick(itemWords)}`;
    if (roll < 0.9) return pick(NOTE_WORDS);
    return `trader${1 + Math.floor(random() * 500)}`;
  };
  const paths = new Set<string>();
  while (paths.size < count) {
    const params = new URLSearchParams();
    if (random() < 0.7) params.set('q', searchWord());
    if (random() < 0.3) params.set('type', pick(LISTING_TYPES));
    if (random() < 0.2) params.set('category', pick(LISTING_CATEGORIES));
    if (random() < 0.3) params.set('episode', pick(EPISODES));
    if (random() < 0.2) params.set('profession', pick(PROFESSIONS));
    params.set('sort', pick(BROWSE_SORTS));
    params.set('offset', String(10 * Math.floor(random() * 10)));
    params.set('limit', String(10 * (1 + Math.floor(random() * 5))));
    paths.add(`/api/listings?${params}`);
  }
  return [...paths];
}
