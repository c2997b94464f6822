import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_CONFLICT, PRICE_REQUIRED, type Listing } from '../../../src-common/schemas/listing';
import { ListingModel } from '../../models/listing';
import { createUser, listingBody, TEST_ITEMS, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let server: TestServer;
let api: ReturnType<typeof http>;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
  user = await createUser(server.config);
});
afterAll(() => server.stop());

const QUANTITY = 'Quantity must be a whole number from 1 to 9,007';
const DMG = 'Allowed: 0, 30-49, 70-89';
const tier = (name: string) => `${name} must be a whole number from 0 to 999`;
const PRICE = 'Price must be a whole number from 0 to 999,999,999,999';
/** A body with no coin field: the price comes from `price` alone. */
const bare = (overrides: Record<string, unknown> = {}) =>
  listingBody({ silver: undefined, priceMode: undefined, ...overrides });
const resistance = (name: string) => `${name} must be a whole number from 0 to 3,000`;

/** [what, body overrides, field, message]: every rule of the listing form, one bad value each. */
const cases: Array<[string, Record<string, unknown>, string, string]> = [
  ['item missing', { item: undefined }, 'item', 'Please select an item'],
  ['item blank', { item: '  ' }, 'item', 'Please select an item'],
  ['item not a string', { item: 5 }, 'item', 'Please select an item'],
  ['item not in the catalogue', { item: 'Golden Unicorn' }, 'item', 'Please select an item from the list'],
  ['type missing', { type: undefined }, 'type', 'Type must be buy or sell'],
  ['type unknown', { type: 'trade' }, 'type', 'Type must be buy or sell'],
  ['quantity 0', { quantity: 0 }, 'quantity', QUANTITY],
  ['quantity negative', { quantity: -3 }, 'quantity', QUANTITY],
  ['quantity fractional', { quantity: 1.5 }, 'quantity', QUANTITY],
  ['quantity as text', { quantity: '5' }, 'quantity', QUANTITY],
  ['quantity over the cap', { quantity: 9008 }, 'quantity', QUANTITY],
  ['platinum over 999', { platinum: 1000 }, 'platinum', tier('Platinum')],
  ['gold negative', { gold: -1 }, 'gold', tier('Gold')],
  ['silver fractional', { silver: 1.5 }, 'silver', tier('Silver')],
  ['copper as text', { copper: 'x' }, 'copper', tier('Copper')],
  ['no price at all', { silver: undefined }, 'price', PRICE_REQUIRED],
  ['price and coin fields that disagree', { price: 999 }, 'price', PRICE_CONFLICT],
  ['price negative', { silver: undefined, price: -1 }, 'price', PRICE],
  ['price fractional', { silver: undefined, price: 1.5 }, 'price', PRICE],
  ['price as text', { silver: undefined, price: '13000' }, 'price', PRICE],
  ['price over the largest', { silver: undefined, price: 1_000_000_000_000 }, 'price', PRICE],
  ['a misspelt field', { quantiy: 5 }, 'quantiy', 'Unknown field "quantiy": not one this route takes'],
  ['price mode unknown', { priceMode: 'Bulk' }, 'priceMode', 'Price mode must be Each or Total'],
  ['notes over 300', { notes: 'n'.repeat(301) }, 'notes', 'Notes can be at most 300 characters'],
  ['notes not text', { notes: 12 }, 'notes', 'Notes must be text'],
  ['IGN over 32', { IGN: 'i'.repeat(33) }, 'IGN', 'IGN can be at most 32 characters'],
  [
    'contact info over 100',
    { contactInfo: 'c'.repeat(101) },
    'contactInfo',
    'Contact info can be at most 100 characters',
  ],
  [
    'rarity unknown',
    { item: TEST_ITEMS.weapon, rarity: 'Epic' },
    'rarity',
    'Rarity must be Common, Uncommon or Rare',
  ],
  [
    'combat category unknown',
    { item: TEST_ITEMS.weapon, combatCategory: 'Shield' },
    'combatCategory',
    'Combat category must be Weapon or Armor',
  ],
  [
    'combat level over 2500',
    { item: TEST_ITEMS.weapon, combatLevel: 2501 },
    'combatLevel',
    'Combat level must be a whole number from 0 to 2,500',
  ],
  [
    'combat level negative',
    { item: TEST_ITEMS.weapon, combatLevel: -1 },
    'combatLevel',
    'Combat level must be a whole number from 0 to 2,500',
  ],
  [
    'strength over 3000',
    { item: TEST_ITEMS.weapon, combatStrength: 3001 },
    'combatStrength',
    resistance('Strength'),
  ],
  [
    'damage type unknown',
    { item: TEST_ITEMS.weapon, combatDmgType: 'Fire' },
    'combatDmgType',
    'Damage type must be one of: Impact, Cryonae, Arborae, Tempestae, Infernae, Necromae',
  ],
  ['Dmg % 29', { item: TEST_ITEMS.weapon, combatDmgPercent: 29 }, 'combatDmgPercent', DMG],
  ['Dmg % 50', { item: TEST_ITEMS.weapon, combatDmgPercent: 50 }, 'combatDmgPercent', DMG],
  ['Dmg % 69', { item: TEST_ITEMS.weapon, combatDmgPercent: 69 }, 'combatDmgPercent', DMG],
  ['Dmg % 90', { item: TEST_ITEMS.weapon, combatDmgPercent: 90 }, 'combatDmgPercent', DMG],
  ['Dmg % 1', { item: TEST_ITEMS.weapon, combatDmgPercent: 1 }, 'combatDmgPercent', DMG],
  ['Dmg % fractional', { item: TEST_ITEMS.weapon, combatDmgPercent: 30.5 }, 'combatDmgPercent', DMG],
  ['Impact over 3000', { item: TEST_ITEMS.armor, combatImpact: 3001 }, 'combatImpact', resistance('Impact')],
  ['Cryonae negative', { item: TEST_ITEMS.armor, combatCryonae: -1 }, 'combatCryonae', resistance('Cryonae')],
  [
    'Arborae over 3000',
    { item: TEST_ITEMS.armor, combatArborae: 3001 },
    'combatArborae',
    resistance('Arborae'),
  ],
  [
    'Tempestae over 3000',
    { item: TEST_ITEMS.armor, combatTempestae: 3001 },
    'combatTempestae',
    resistance('Tempestae'),
  ],
  [
    'Infernae over 3000',
    { item: TEST_ITEMS.armor, combatInfernae: 3001 },
    'combatInfernae',
    resistance('Infernae'),
  ],
  [
    'Necromae over 3000',
    { item: TEST_ITEMS.armor, combatNecromae: 3001 },
    'combatNecromae',
    resistance('Necromae'),
  ],
  [
    'combat fields on a non-combat item',
    { item: TEST_ITEMS.plain, combatLevel: 10 },
    'combatLevel',
    'Combat fields apply only to combat items',
  ],
  [
    'combat category on a non-combat item',
    { item: TEST_ITEMS.fish, combatCategory: 'Weapon' },
    'combatCategory',
    'Combat fields apply only to combat items',
  ],
  [
    'rarity on a non-combat item',
    { item: TEST_ITEMS.plain, rarity: 'Rare' },
    'rarity',
    'Rarity applies only to Weapon or Armor',
  ],
  [
    'rarity on a combat item that is neither Weapon nor Armor',
    { item: TEST_ITEMS.uncategorisedCombat, rarity: 'Common' },
    'rarity',
    'Rarity applies only to Weapon or Armor',
  ],
];

describe('POST /api/listings validation', () => {
  it.each(cases)('400 for %s', async (_what, overrides, field, message) => {
    const before = await ListingModel.countDocuments();
    const res = await api.post('/api/listings', listingBody(overrides), user.token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, code: 'VALIDATION_ERROR', field });
    expect(await ListingModel.countDocuments()).toBe(before);
  });

  it('400 for a body that is not JSON', async () => {
    const res = await api.post('/api/listings', '{"item":', user.token);
    expect(res.status).toBe(400);
  });

  it('accepts rarity on an uncategorised combat item once the form picks Weapon or Armor', async () => {
    const res = await api.post(
      '/api/listings',
      listingBody({ item: TEST_ITEMS.uncategorisedCombat, rarity: 'Common', combatCategory: 'Armor' }),
      user.token,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ rarity: 'Common', combatCategory: 'Armor', category: 'Other' });
  });
});

describe('the price of POST and PUT /api/listings', () => {
  const post = (body: Record<string, unknown>) => api.post<Listing>('/api/listings', body, user.token);

  it('takes price, copper per item as answers give it, instead of the coin fields', async () => {
    const res = await post(bare({ price: 13_000, quantity: 2 }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ price: 13_000, totalPrice: 26_000, priceMode: 'Each' });
    const read = await api.get(`/api/listings/${res.body.id}`);
    expect(read.body).toMatchObject({ price: 13_000, platinum: 0, gold: 0, silver: 13, copper: 0 });
  });

  it('reads price per item in Total mode too, which only says how the owner entered it', async () => {
    const res = await post(bare({ price: 500, quantity: 4, priceMode: 'Total' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ price: 500, totalPrice: 2_000, priceMode: 'Total' });
  });

  it('takes price and coin fields together when they agree', async () => {
    const each = await post(listingBody({ silver: 1, copper: 5, price: 1_005 }));
    expect(each.status).toBe(201);
    expect(each.body.price).toBe(1_005);
    const total = await post(listingBody({ quantity: 4, silver: 2, price: 500, priceMode: 'Total' }));
    expect(total.status).toBe(201);
    expect(total.body).toMatchObject({ price: 500, totalPrice: 2_000 });
  });

  it.each([
    ['price 0', { price: 0 }],
    ['the coin fields at 0, as the form sends them', { platinum: 0, gold: 0, silver: 0, copper: 0 }],
  ])('posts a free listing when asked for with %s', async (_what, price) => {
    const res = await post(bare(price));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ price: 0, totalPrice: 0 });
  });

  it('PUT takes price too, and refuses a body without one, changing nothing', async () => {
    const created = await post(listingBody());
    const edited = await api.put<Listing>(
      `/api/listings/${created.body.id}`,
      bare({ price: 2_500 }),
      user.token,
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ price: 2_500, version: 2 });
    const refused = await api.put(`/api/listings/${created.body.id}`, bare(), user.token);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: PRICE_REQUIRED, code: 'VALIDATION_ERROR', field: 'price' });
    expect((await api.get(`/api/listings/${created.body.id}`)).body).toMatchObject({
      price: 2_500,
      version: 2,
    });
  });
});
