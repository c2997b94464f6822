import { z } from 'zod';
import { BROWSE_LIMIT_MAX } from '../browse';
import {
  COMBAT_CATEGORIES,
  DAMAGE_TYPES,
  EPISODES,
  ITEM_NAME_MAX,
  PROFESSION_FILTER_ORDER,
  PROFESSIONS,
  RARITIES,
  isCombatCategory,
  type CatalogueItem,
} from '../catalogue';
import {
  DENOMINATION_MAX,
  MAX_PRICE_COPPER,
  MAX_QUANTITY,
  PRICE_MODES,
  joinDenominations,
  unitPrice,
  type PriceMode,
} from '../money';
import { NOTES_MAX, stripNotes } from '../notes';
import { CLOSED_REASONS, LISTING_STATUSES } from '../trade';
import { ITEM_NAME_REF, documentedAs, documentedAsItemName } from './documented-as';
import { copperSchema, denominationSchema } from './money';

export const LISTING_TYPES = ['buy', 'sell'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];
export const IGN_MAX = 32;
export const CONTACT_INFO_MAX = 100;

/** A listing as REST returns it and as listing:* events carry it. */
export const listingSchema = z.object({
  id: z.number().int(),
  item: z.string(),
  type: z.enum(LISTING_TYPES),
  quantity: z.number().int(),
  /** What accepted offers have not taken yet (see trade.ts); equals `quantity` until a first accept. */
  remainingQuantity: z.number().int(),
  /** `closed` once nothing remains or its owner closed it: it leaves browse but stays readable. */
  status: z.enum(LISTING_STATUSES),
  /** ISO time it closed, and why (`sold` or `closed` by its owner); null while active. */
  closedAt: z.string().nullable(),
  closedReason: z.enum(CLOSED_REASONS).nullable(),
  /** Copper per item. */
  price: copperSchema,
  priceMode: z.enum(['Each', 'Total']),
  /** price x quantity, exact (see money.ts). */
  totalPrice: copperSchema,
  notes: z.string(),
  seller: z.string(),
  sellerAvatar: z.string().nullable(),
  userId: z.number().int(),
  user_flags: z.string(),
  IGN: z.string(),
  contactInfo: z.string(),
  category: z.string(),
  episode: z.string(),
  professions: z.array(z.string()),
  image: z.string(),
  rarity: z.string().nullable(),
  combatCategory: z.string().nullable(),
  combatLevel: z.number().int().nullable(),
  combatStrength: z.number().int().nullable(),
  combatDmgType: z.string().nullable(),
  combatDmgPercent: z.number().int().nullable(),
  combatImpact: z.number().int().nullable(),
  combatCryonae: z.number().int().nullable(),
  combatArborae: z.number().int().nullable(),
  combatTempestae: z.number().int().nullable(),
  combatInfernae: z.number().int().nullable(),
  combatNecromae: z.number().int().nullable(),
  /** ISO time of posting. */
  timestamp: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
  /**
   * Present (true) only while the listing's owner is suspended: it is then out of browse, search, the market
   * and the profile, `GET /api/listings/{id}` answers 404, and it comes back unchanged when the suspension ends.
   */
  sellerSuspended: z.boolean().optional(),
  /** Only in `GET /api/listings/{id}`: the unit price written in coins (see listingDetailSchema). */
  platinum: denominationSchema.optional(),
  gold: denominationSchema.optional(),
  silver: denominationSchema.optional(),
  copper: denominationSchema.optional(),
});
export type Listing = z.infer<typeof listingSchema>;

/**
 * GET /api/listings/{id} also splits the unit price into the four tiers. The API document writes it as
 * `Listing` with the four required, so every listing answer has the one schema.
 */
export const listingDetailSchema = listingSchema.extend({
  platinum: denominationSchema,
  gold: denominationSchema,
  silver: denominationSchema,
  copper: denominationSchema,
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

/**
 * The browse filter's "category": the catalogue's Combat Category, Weapon or Armor, with every other item
 * under Other.
 */
export const LISTING_CATEGORIES = ['Weapon', 'Armor', 'Other'] as const;
export type ListingCategory = (typeof LISTING_CATEGORIES)[number];

export function listingCategory(item: Pick<CatalogueItem, 'Combat Category'>): ListingCategory {
  const value = item['Combat Category'];
  return isCombatCategory(value) ? value : 'Other';
}

const wholeNumber = (label: string, min: number, max: number) => {
  const message = `${label} must be a whole number from ${min} to ${max.toLocaleString('en-US')}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

/** Empty form fields arrive as '' or null; both mean "not given". */
const blankAsNull = (value: unknown) => (value === '' || value === undefined ? null : value);
// Left out, a field reads as null: `.default(null)` says so in the document too (it is optional there).
const optionalNumber = (label: string, min: number, max: number) =>
  z.preprocess(blankAsNull, wholeNumber(label, min, max).nullable()).default(null);
const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(blankAsNull, z.enum(values, { error: message }).nullable()).default(null);

export const DMG_PERCENT_MESSAGE = 'Allowed: 0, 30-49, 70-89';
export const isAllowedDmgPercent = (value: number) =>
  value === 0 || (value >= 30 && value <= 49) || (value >= 70 && value <= 89);

/** A coin field left out counts as 0 when another is given; with none (and no `price`) there is no price. */
const denomination = (label: string) => wholeNumber(label, 0, DENOMINATION_MAX).optional();

/** The combat fields, which the server accepts only for combat items. */
export const COMBAT_FIELDS = [
  'combatCategory',
  'combatLevel',
  'combatStrength',
  'combatDmgType',
  'combatDmgPercent',
  'combatImpact',
  'combatCryonae',
  'combatArborae',
  'combatTempestae',
  'combatInfernae',
  'combatNecromae',
] as const;

/** The fields of POST and PUT /api/listings; any other is refused, so a misspelt one cannot go unnoticed. */
const listingInputFields = z.strictObject({
  item: z
    .string({ error: 'Please select an item' })
    .trim()
    .min(1, 'Please select an item')
    .max(200, 'Please select an item')
    .meta(
      documentedAsItemName(
        'The item. Combat fields (`combat…`) fit only combat items, and `rarity` only a Weapon or Armor ' +
          "(the item's own Combat Category, or `combatCategory` given); otherwise the answer is 400.",
      ),
    ),
  type: z.enum(LISTING_TYPES, { error: 'Type must be buy or sell' }),
  quantity: wholeNumber('Quantity', 1, MAX_QUANTITY).default(1),
  price: wholeNumber('Price', 0, MAX_PRICE_COPPER).optional().meta({
    description:
      'Copper per item, as answers give it: instead of the four coin fields, or with them if they agree.',
  }),
  platinum: denomination('Platinum'),
  gold: denomination('Gold'),
  silver: denomination('Silver'),
  copper: denomination('Copper'),
  priceMode: z.enum(PRICE_MODES, { error: 'Price mode must be Each or Total' }).default('Each'),
  notes: z
    .string({ error: 'Notes must be text' })
    .meta({
      maxLength: NOTES_MAX,
      description: 'Quotes, backquotes, semicolons and backslashes are removed.',
    })
    .transform((value) => stripNotes(value).trim())
    .pipe(z.string().max(NOTES_MAX, `Notes can be at most ${NOTES_MAX} characters`))
    .default(''),
  IGN: z
    .string({ error: 'IGN must be text' })
    .trim()
    .max(IGN_MAX, `IGN can be at most ${IGN_MAX} characters`)
    .default(''),
  contactInfo: z
    .string({ error: 'Contact info must be text' })
    .trim()
    .max(CONTACT_INFO_MAX, `Contact info can be at most ${CONTACT_INFO_MAX} characters`)
    .default(''),
  rarity: optionalChoice(RARITIES, 'Rarity must be Common, Uncommon or Rare'),
  combatCategory: optionalChoice(COMBAT_CATEGORIES, 'Combat category must be Weapon or Armor'),
  combatLevel: optionalNumber('Combat level', 0, 2500),
  combatStrength: optionalNumber('Strength', 0, 3000),
  combatDmgType: optionalChoice(DAMAGE_TYPES, `Damage type must be one of: ${DAMAGE_TYPES.join(', ')}`),
  combatDmgPercent: z
    .preprocess(
      blankAsNull,
      z
        .number({ error: DMG_PERCENT_MESSAGE })
        .int(DMG_PERCENT_MESSAGE)
        .refine(isAllowedDmgPercent, DMG_PERCENT_MESSAGE)
        .meta(
          documentedAs({
            type: 'integer',
            description: DMG_PERCENT_MESSAGE,
            anyOf: [{ const: 0 }, { minimum: 30, maximum: 49 }, { minimum: 70, maximum: 89 }],
          }),
        )
        .nullable(),
    )
    .default(null),
  combatImpact: optionalNumber('Impact', 0, 3000),
  combatCryonae: optionalNumber('Cryonae', 0, 3000),
  combatArborae: optionalNumber('Arborae', 0, 3000),
  combatTempestae: optionalNumber('Tempestae', 0, 3000),
  combatInfernae: optionalNumber('Infernae', 0, 3000),
  combatNecromae: optionalNumber('Necromae', 0, 3000),
});

export const PRICE_REQUIRED =
  'Please give a price: price (copper per item) or the platinum, gold, silver and copper fields; 0 for a free listing';
export const PRICE_CONFLICT =
  'price and the platinum, gold, silver and copper fields give different prices: send one or the other';

type CoinFields = Partial<Record<'platinum' | 'gold' | 'silver' | 'copper', number>> & {
  priceMode: PriceMode;
  quantity: number;
};

/** The unit price the coin fields give (read as a total in Total mode), or undefined when none is given. */
function coinPrice(input: CoinFields): number | undefined {
  const { platinum, gold, silver, copper } = input;
  if ([platinum, gold, silver, copper].every((coin) => coin === undefined)) return undefined;
  return unitPrice(joinDenominations({ platinum, gold, silver, copper }), input.priceMode, input.quantity);
}

/**
 * What POST and PUT /api/listings take, and what the post form validates; its output carries the unit
 * price in copper. The price is `price` (copper per item, as answers give it) or the four coin fields
 * with the mode (as the form sends them); both may be given only if they agree. A body with neither is
 * refused: a free listing asks for it with a price of 0. Seller and account fields are never read from
 * the body. Catalogue rules (the item exists, combat fields only on combat items, rarity only on Weapon
 * or Armor) are checked by the server.
 */
export const listingInputSchema = listingInputFields
  .superRefine((input, ctx) => {
    const coins = coinPrice(input);
    if (input.price === undefined && coins === undefined) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: PRICE_REQUIRED });
    } else if (input.price !== undefined && coins !== undefined && input.price !== coins) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: PRICE_CONFLICT });
    }
  })
  .transform((input) => ({ ...input, price: input.price ?? coinPrice(input) ?? 0 }));
export type ListingInput = z.output<typeof listingInputSchema>;
/** What a client sends: defaults and blanks allowed. */
export type ListingInputBody = z.input<typeof listingInputSchema>;

export const BROWSE_SORTS = ['new', 'old', 'asc', 'desc', 'totalasc', 'totaldesc'] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
const ONLINE_VALUES = ['1', '0', 'true', 'false'] as const;
const BROWSE_PROFESSIONS = [...new Set<string>([...PROFESSIONS, ...PROFESSION_FILTER_ORDER])];

/** A query parameter given empty (`?type=`) is the same as not given. */
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);
/**
 * A query parameter that is one of `values`, given empty the same as not given: `choice` reads it (its
 * message, default or transform), and the API's document lists blank among the values.
 */
export const blankOrChoice = <S extends z.ZodType>(values: readonly string[], choice: S) =>
  z.preprocess(blankAsMissing, choice).meta({ enum: [...values, ''] });
export const queryChoice = <const T extends readonly string[]>(name: string, values: T) =>
  blankOrChoice(values, z.enum(values, { error: `${name} must be one of: ${values.join(', ')}` }).optional());
export const queryInteger = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min} to ${max.toLocaleString('en-US')}`;
  return z
    .preprocess(
      blankAsMissing,
      z
        .string({ error: message })
        .regex(/^\d{1,16}$/, message)
        .transform(Number)
        .pipe(z.number().min(min, message).max(max, message))
        .optional(),
    )
    .meta(documentedAs({ type: 'integer', minimum: min, maximum: max }));
};

/** GET /api/listings query. Unknown values are a 400 naming the parameter; unknown parameters are ignored. */
export const browseQuerySchema = z.object({
  q: z.preprocess(
    blankAsMissing,
    z
      .string({ error: 'q must be text' })
      .trim()
      .max(100, 'q can be at most 100 characters')
      // A control character cannot be typed into the search box: refused rather than read as a space.
      // eslint-disable-next-line no-control-regex -- refusing control characters is the rule
      .regex(/^[^\u0000-\u001F\u007F-\u009F]*$/u, 'q cannot contain control characters')
      .optional(),
  ),
  item: z
    .preprocess(
      blankAsMissing,
      z.string({ error: 'item must be text' }).max(ITEM_NAME_MAX, 'item is not a catalogue item').optional(),
    )
    .meta(
      documentedAs({
        anyOf: [{ $ref: ITEM_NAME_REF }, { type: 'string', enum: [''] }],
        description:
          'Only listings of this item (exactly this name, unlike `q`); blank is the same as not given.',
      }),
    ),
  type: queryChoice('type', LISTING_TYPES),
  category: queryChoice('category', LISTING_CATEGORIES),
  episode: queryChoice('episode', EPISODES),
  profession: queryChoice('profession', BROWSE_PROFESSIONS),
  /** `online=1`: only listings whose seller is online now. */
  online: blankOrChoice(
    ONLINE_VALUES,
    z
      .enum(ONLINE_VALUES, { error: 'online must be 1 or 0' })
      .transform((value) => value === '1' || value === 'true')
      .optional(),
  ),
  sort: blankOrChoice(
    BROWSE_SORTS,
    z.enum(BROWSE_SORTS, { error: `sort must be one of: ${BROWSE_SORTS.join(', ')}` }).default('new'),
  ),
  limit: queryInteger('limit', 1, BROWSE_LIMIT_MAX),
  offset: queryInteger('offset', 0, Number.MAX_SAFE_INTEGER),
});
export type BrowseQuery = z.output<typeof browseQuerySchema>;
