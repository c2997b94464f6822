import fc from 'fast-check';

/**
 * Small vocabularies for the property tests of browsing (the listing index, the saved-search index), so
 * random listings and searches share words, prefixes, accents, prices and times.
 */
export const ITEMS = [
  'Iron Ore',
  'Ore Sack',
  'Élan Ore',
  'Ironwood Bow',
  'Copper Bar',
  'Fish & Chips',
  'Bar of Iron',
];
export const SELLERS = ['Trader1', 'Trader12', 'Ørjan', 'oreo'];
export const NOTES = ['', 'fresh stack', 'CHEAP ore', 'fast trade', 'négociable', 'iron-clad deal'];
export const SEARCHES = [
  '',
  'ore',
  'OR',
  'o',
  'iron',
  'iron o',
  'élan',
  'ELAN',
  'trader1',
  'orj',
  'bar iron',
  'ch',
  '&',
  'zzz',
  'ore ore',
];
export const EPISODES = ['Hopeport', 'Crenopolis', 'Global'];
export const CATEGORIES = ['Weapon', 'Armor', 'Other'];
export const PROFESSIONS = ['Chef', 'Miner', 'Fisher'];

/** A random listing's fields that browsing filters and searches on (each test adds its price range). */
export const browsedFields = {
  item: fc.constantFrom(...ITEMS),
  seller: fc.constantFrom(...SELLERS),
  notes: fc.constantFrom(...NOTES),
  type: fc.constantFrom('buy' as const, 'sell' as const),
  category: fc.constantFrom(...CATEGORIES),
  episode: fc.constantFrom(...EPISODES),
  professions: fc.subarray(PROFESSIONS),
  closed: fc.boolean(),
};
