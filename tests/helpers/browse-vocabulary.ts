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
