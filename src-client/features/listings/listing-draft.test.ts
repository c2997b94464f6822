import { describe, expect, it } from 'vitest';
import type { ItemOption } from '../../../src-common/catalogue';
import { DMG_PERCENT_MESSAGE } from '../../../src-common/schemas/listing';
import {
  cleanCombatNumber,
  draftFromListing,
  draftPreview,
  draftToBody,
  EMPTY_DRAFT,
  normaliseDraft,
  validateDraft,
  withItem,
  type ListingDraft,
} from './listing-draft';
import { makeListing } from '../../../tests/helpers/listing-fixture';

const sword: ItemOption = {
  name: 'Rapier',
  image: '',
  episode: 'Mine of Mantuban',
  professions: ['Combat', 'Blacksmith'],
  combatCategory: 'Weapon',
  isCombat: true,
};
const ore: ItemOption = {
  name: 'Iron Ore',
  image: '',
  episode: 'Hopeport',
  professions: ['Miner'],
  combatCategory: '',
  isCombat: false,
};
const draft = (over: Partial<ListingDraft>): ListingDraft => ({ ...EMPTY_DRAFT, item: 'Rapier', ...over });

describe('the post form draft', () => {
  it('sends an empty quantity as 1 and the four tiers as numbers', () => {
    const body = draftToBody(
      draft({ quantity: '', price: { platinum: '', gold: '2', silver: '500', copper: '' } }),
    );
    expect(body).toMatchObject({
      quantity: 1,
      platinum: 0,
      gold: 2,
      silver: 500,
      copper: 0,
      priceMode: 'Each',
    });
  });

  it('requires an item', () => {
    expect(validateDraft(draft({ item: '' })).item).toBe('Please select an item');
  });

  it('flags a quantity of 0 and a disallowed Dmg %', () => {
    const errors = validateDraft(draft({ quantity: '0', combatDmgPercent: '55' }));
    expect(errors.quantity).toBeDefined();
    expect(errors.combatDmgPercent).toBe(DMG_PERCENT_MESSAGE);
    expect(validateDraft(draft({ combatDmgPercent: '35' })).combatDmgPercent).toBeUndefined();
  });

  it('clamps combat numbers as they are typed; Dmg % keeps two digits for the form to flag', () => {
    expect(cleanCombatNumber('combatLevel', '9999')).toBe('2500');
    expect(cleanCombatNumber('combatStrength', '3a5')).toBe('35');
    expect(cleanCombatNumber('combatImpact', '4000')).toBe('3000');
    expect(cleanCombatNumber('combatDmgPercent', '555')).toBe('55');
    expect(cleanCombatNumber('combatNecromae', '')).toBe('');
  });

  it('clears combat fields and rarity for a non-combat item, and rarity outside Weapon or Armor', () => {
    const combat = draft({ combatLevel: '100', rarity: 'Rare', combatCategory: 'Weapon' });
    expect(normaliseDraft(combat, ore)).toMatchObject({ combatLevel: '', rarity: '', combatCategory: '' });
    expect(normaliseDraft({ ...combat, combatCategory: '' }, sword)).toMatchObject({
      rarity: '',
      combatLevel: '100',
    });
    expect(normaliseDraft(combat, sword)).toBe(combat);
  });

  it('takes the combat category from the catalogue when an item is picked', () => {
    expect(withItem(EMPTY_DRAFT, sword)).toMatchObject({ item: 'Rapier', combatCategory: 'Weapon' });
    expect(withItem(EMPTY_DRAFT, ore)).toMatchObject({ item: 'Iron Ore', combatCategory: '' });
  });

  it('previews a Total price as the server stores it: unit rounded down, total = unit x quantity', () => {
    const preview = draftPreview(
      draft({
        quantity: '3',
        priceMode: 'Total',
        price: { platinum: '', gold: '', silver: '', copper: '100' },
      }),
      sword,
      { id: 4, username: 'smith' },
      undefined,
    );
    expect(preview).toMatchObject({
      price: 33,
      totalPrice: 99,
      seller: 'smith',
      episode: 'Mine of Mantuban',
      category: 'Weapon',
    });
  });

  it('starts editing from the listing, in its own price mode', () => {
    const listing = makeListing({
      id: 5,
      quantity: 4,
      price: 250,
      totalPrice: 1000,
      priceMode: 'Total',
      combatLevel: 30,
    });
    expect(draftFromListing(listing)).toMatchObject({
      quantity: '4',
      priceMode: 'Total',
      price: { platinum: '', gold: '', silver: '1', copper: '' },
      combatLevel: '30',
      combatStrength: '',
    });
  });
});
