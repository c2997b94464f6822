import { readFileSync } from 'node:fs';
import { isCombatCategory, isCombatItem, type CatalogueItem } from '../../src-common/catalogue';
import { COMBAT_FIELDS } from '../../src-common/schemas/listing';
import { catalogueFile } from '../catalogue/catalogue';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * The catalogue's names as the document's enums, in three groups that the listing rules tell apart:
 * combat items of the Weapon or Armor category, other combat items, and every other item. `ItemName`
 * is any of them.
 */
export function itemNameComponents(items: CatalogueItem[] = readCatalogue()) {
  const names = (keep: (item: CatalogueItem) => boolean) => items.filter(keep).map((item) => item.Items);
  const weaponOrArmor = (item: CatalogueItem) =>
    isCombatItem(item) && isCombatCategory(item['Combat Category']);
  return {
    ItemName: {
      description:
        "A catalogue item's name, spelt exactly as `GET /api/items/meta/names` gives it (case and spaces " +
        'count). A name that is not in the catalogue answers 400.',
      anyOf: [ref('WeaponOrArmorItemName'), ref('OtherCombatItemName'), ref('NonCombatItemName')],
    },
    WeaponOrArmorItemName: {
      type: 'string' as const,
      description: 'A combat item of the Weapon or Armor category.',
      enum: names(weaponOrArmor),
    },
    OtherCombatItemName: {
      type: 'string' as const,
      description: 'A combat item of neither the Weapon nor the Armor category.',
      enum: names((item) => isCombatItem(item) && !weaponOrArmor(item)),
    },
    NonCombatItemName: {
      type: 'string' as const,
      description: 'An item that is not a combat item.',
      enum: names((item) => !isCombatItem(item)),
    },
  };
}

function readCatalogue(): CatalogueItem[] {
  return JSON.parse(readFileSync(catalogueFile, 'utf8')) as CatalogueItem[];
}

// A property that must be left out (`not: {}` rather than `false`, which some client generators refuse).
const NEVER = { not: {} };
const absent = Object.fromEntries(['platinum', 'gold', 'silver', 'copper'].map((coin) => [coin, NEVER]));
const isNull = { type: 'null' };

/**
 * What POST and PUT /api/listings take besides each field's own rule, as JSON Schema: a price given once
 * (`price`, or the coin fields), and the catalogue rule: combat fields only on combat items, a rarity
 * only with a Weapon or Armor category (the item's own, or `combatCategory` given).
 */
export const LISTING_BODY_RULES = [
  {
    description:
      'The price: `price` (copper per item) or at least one of the coin fields (a coin left out counts as 0), ' +
      '0 for a free listing. A body with neither is refused; the server also takes both when they agree.',
    anyOf: [
      { required: ['price'], properties: absent },
      {
        properties: { price: NEVER },
        anyOf: ['platinum', 'gold', 'silver', 'copper'].map((coin) => ({ required: [coin] })),
      },
    ],
  },
  {
    description:
      'The catalogue rule: the combat fields and `rarity` only for combat items; `rarity` needs a Weapon or ' +
      "Armor category, the item's own or `combatCategory`.",
    anyOf: [
      { properties: { item: ref('WeaponOrArmorItemName') } },
      {
        properties: { item: ref('OtherCombatItemName') },
        anyOf: [
          { properties: { rarity: isNull } },
          { required: ['combatCategory'], properties: { combatCategory: { type: 'string' } } },
        ],
      },
      {
        properties: {
          item: ref('NonCombatItemName'),
          rarity: isNull,
          ...Object.fromEntries(COMBAT_FIELDS.map((field) => [field, isNull])),
        },
      },
    ],
  },
];
