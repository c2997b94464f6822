/** Game reference lists and the rules that read the item catalogue, shared by server and client. */

/** Longer than any catalogue item's name: a longer one is refused before it is looked up. */
export const ITEM_NAME_MAX = 200;

export const EPISODES = [
  'Hopeport',
  'Hopeforest',
  'Mine of Mantuban',
  'Crenopolis',
  'Stonemaw Hill',
  'Global',
] as const;
export type Episode = (typeof EPISODES)[number];

export const EPISODE_COLOURS: Record<Episode, string> = {
  Hopeport: '#d97706',
  Hopeforest: '#16a34a',
  'Mine of Mantuban': '#2563eb',
  Crenopolis: '#6b7280',
  'Stonemaw Hill': '#ea580c',
  Global: '#7c3aed',
};

export const PROFESSIONS = [
  'Alchemist',
  'Armorer',
  'Blacksmith',
  'Bonewright',
  'Botanist',
  'Builder',
  'Carpenter',
  'Chef',
  'Combat',
  'Delver',
  'Detective',
  'Fisher',
  'Forager',
  'Guardian',
  'Hammermage',
  'Leatherworker',
  'Merchant',
  'Miner',
  'Stonemason',
  'Woodcutter',
  'Cryoknight',
] as const;

/** The profession filter's order; the catalogue's other professions follow (see professionFilterValues). */
export const PROFESSION_FILTER_ORDER = [
  'Combat',
  'Forager',
  'Fisher',
  'Chef',
  'Alchemist',
  'Gatherer',
  'Woodcutter',
  'Carpenter',
  'Miner',
  'Bonewright',
  'Blacksmith',
  'Stonemason',
  'Detective',
  'Leatherworker',
  'Merchant',
] as const;

export const DAMAGE_TYPES = ['Impact', 'Cryonae', 'Arborae', 'Tempestae', 'Infernae', 'Necromae'] as const;
export const RARITIES = ['Common', 'Uncommon', 'Rare'] as const;
export type Rarity = (typeof RARITIES)[number];
export const RARITY_COLOURS: Record<Rarity, string> = {
  Rare: '#9333ea',
  Uncommon: '#2563eb',
  Common: '#16a34a',
};
export const COMBAT_CATEGORIES = ['Weapon', 'Armor'] as const;
export type CombatCategory = (typeof COMBAT_CATEGORIES)[number];

/** Weapon or Armor: the categories that have a rarity and that the browse filter names. */
export function isCombatCategory(value: unknown): value is CombatCategory {
  return COMBAT_CATEGORIES.includes(value as CombatCategory);
}

/** One catalogue entry exactly as the catalogue file and GET /api/items spell it. */
export interface CatalogueItem {
  Items: string;
  Image: string;
  Episode: string;
  'Profession A': string;
  'Profession Level A': string;
  'Profession B': string;
  'Profession Level B': string;
  'Combat Category': string;
  'Combat Level': string;
  Strength: string;
  'Damage Type': string;
  'Damage %': string;
  Impact: string;
  Cryonae: string;
  Arborae: string;
  Tempestae: string;
  Infernae: string;
  Necromae: string;
  Rarity: string;
}

/** What the post form's item picker needs (GET /api/items/meta/names). */
export interface ItemOption {
  name: string;
  image: string;
  episode: string;
  professions: string[];
  combatCategory: string;
  isCombat: boolean;
}

/** Profession B may name several ("Blacksmith, Stonemason and Bonewright"); Combat and None are ignored. */
export function secondaryProfessions(value: string): string[] {
  return value
    .split(/\s*(?:,|\/|\band\b)\s*/i)
    .map((p) => p.trim())
    .filter((p) => p && p !== 'None' && p !== 'Combat');
}

export function itemProfessions(item: CatalogueItem): string[] {
  const primary = item['Profession A'] && item['Profession A'] !== 'None' ? [item['Profession A']] : [];
  return [...new Set([...primary, ...secondaryProfessions(item['Profession B'])])];
}

export function isCombatItem(item: Pick<CatalogueItem, 'Profession A'>): boolean {
  return item['Profession A'] === 'Combat';
}

export function toItemOption(item: CatalogueItem): ItemOption {
  return {
    name: item.Items,
    image: item.Image,
    episode: item.Episode,
    professions: itemProfessions(item),
    combatCategory: item['Combat Category'],
    isCombat: isCombatItem(item),
  };
}

/** Every profession present, PROFESSION_FILTER_ORDER first, the catalogue's others after, "None" hidden. */
export function professionFilterValues(present: Iterable<string>): string[] {
  const have = new Set([...present].filter((p) => p && p !== 'None'));
  const ordered: string[] = PROFESSION_FILTER_ORDER.filter((p) => have.has(p));
  const rest = [...have].filter((p) => !ordered.includes(p)).sort();
  return [...ordered, ...rest];
}
