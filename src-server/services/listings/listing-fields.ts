import {
  isCombatCategory,
  isCombatItem,
  itemProfessions,
  type CatalogueItem,
  type CombatCategory,
} from '../../../src-common/catalogue';
import { COMBAT_FIELDS, listingCategory, type ListingInput } from '../../../src-common/schemas/listing';
import type { Catalogue } from '../../catalogue/catalogue';
import { badRequest } from '../../errors';
import type { TraderAccount } from './account';

function catalogueEntry(catalogue: Catalogue, name: string): CatalogueItem {
  const item = catalogue.byName.get(name);
  if (!item) throw badRequest('Please select an item from the list', 'item');
  return item;
}

/** The item's own Weapon/Armor category, when the form did not pick one. */
function defaultCombatCategory(item: CatalogueItem): CombatCategory | null {
  const value = item['Combat Category'];
  return isCombatCategory(value) ? value : null;
}

/**
 * The stored fields of a listing, shared by create and update. The rules the zod schema cannot know
 * need the catalogue: the item exists, combat fields only on combat items, rarity only on Weapon or
 * Armor. Seller fields come from the account; episode, professions, image and category from the item.
 */
export function listingFields(input: ListingInput, catalogue: Catalogue, account: TraderAccount) {
  const item = catalogueEntry(catalogue, input.item);
  const combat = isCombatItem(item);
  if (!combat) {
    const given = COMBAT_FIELDS.find((field) => input[field] !== null);
    if (given) throw badRequest('Combat fields apply only to combat items', given);
  }
  const combatCategory = combat ? (input.combatCategory ?? defaultCombatCategory(item)) : null;
  if (input.rarity !== null && combatCategory === null) {
    throw badRequest('Rarity applies only to Weapon or Armor', 'rarity');
  }
  const { price } = input;
  return {
    item: item.Items,
    type: input.type,
    quantity: input.quantity,
    price,
    totalPrice: price * input.quantity,
    priceMode: input.priceMode,
    notes: input.notes,
    IGN: input.IGN,
    contactInfo: input.contactInfo,
    userId: account.id,
    seller: account.username,
    sellerAvatar: account.avatar,
    userFlags: account.flags,
    category: listingCategory(item),
    episode: item.Episode,
    professions: itemProfessions(item),
    image: item.Image,
    rarity: input.rarity,
    combatCategory,
    combatLevel: input.combatLevel,
    combatStrength: input.combatStrength,
    combatDmgType: input.combatDmgType,
    combatDmgPercent: input.combatDmgPercent,
    combatImpact: input.combatImpact,
    combatCryonae: input.combatCryonae,
    combatArborae: input.combatArborae,
    combatTempestae: input.combatTempestae,
    combatInfernae: input.combatInfernae,
    combatNecromae: input.combatNecromae,
  };
}
