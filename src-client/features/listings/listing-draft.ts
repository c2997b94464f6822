import type { ItemOption } from '../../../src-common/catalogue';
import { unitPrice, type PriceMode } from '../../../src-common/money';
import {
  COMBAT_FIELDS,
  listingInputSchema,
  type Listing,
  type ListingInputBody,
  type ListingType,
} from '../../../src-common/schemas/listing';
import type { TokenPayload } from '../../../src-common/schemas/user';
import { tradedQuantity } from '../../../src-common/trade';
import { digitsOnly } from '../../components/money/digits';
import {
  draftDenominations,
  draftFromCopper,
  draftToCopper,
  EMPTY_PRICE,
  type PriceDraft,
} from '../../components/money/price-draft';

/** The post form's values as typed: number fields are strings so they may be empty while typing. */
export type CombatField = (typeof COMBAT_FIELDS)[number];
export type ListingDraft = {
  item: string;
  type: ListingType;
  quantity: string;
  price: PriceDraft;
  priceMode: PriceMode;
  notes: string;
  rarity: string;
} & Record<CombatField, string>;

export type FieldErrors = Partial<Record<string, string>>;

const noCombat = Object.fromEntries(COMBAT_FIELDS.map((f) => [f, ''])) as Record<CombatField, string>;

export const EMPTY_DRAFT: ListingDraft = {
  item: '',
  type: 'sell',
  quantity: '1',
  price: EMPTY_PRICE,
  priceMode: 'Each',
  notes: '',
  rarity: '',
  ...noCombat,
};

/** Number fields of the combat section: digits typed and their clamp. */
export const COMBAT_NUMBER_LIMITS: Partial<Record<CombatField, { max: number; digits: number }>> = {
  combatLevel: { max: 2500, digits: 4 },
  combatStrength: { max: 3000, digits: 4 },
  combatImpact: { max: 3000, digits: 4 },
  combatCryonae: { max: 3000, digits: 4 },
  combatArborae: { max: 3000, digits: 4 },
  combatTempestae: { max: 3000, digits: 4 },
  combatInfernae: { max: 3000, digits: 4 },
  combatNecromae: { max: 3000, digits: 4 },
};

/** Digits only and clamped; Dmg % keeps two digits unclamped so the form can flag a disallowed value. */
export function cleanCombatNumber(field: CombatField, raw: string): string {
  if (field === 'combatDmgPercent') return digitsOnly(raw, 2);
  const limit = COMBAT_NUMBER_LIMITS[field];
  if (!limit) return raw;
  const digits = digitsOnly(raw, limit.digits);
  return digits === '' ? '' : String(Math.min(limit.max, Number(digits)));
}

/** Rarity belongs to Weapon and Armor only; other combat data only to combat items. */
export function normaliseDraft(draft: ListingDraft, option: ItemOption | undefined): ListingDraft {
  if (!option?.isCombat) return { ...draft, ...noCombat, rarity: '' };
  if (draft.combatCategory !== 'Weapon' && draft.combatCategory !== 'Armor') return { ...draft, rarity: '' };
  return draft;
}

/** Picking an item starts its combat category from the catalogue. */
export function withItem(draft: ListingDraft, option: ItemOption): ListingDraft {
  const combatCategory = option.isCombat ? option.combatCategory : '';
  return normaliseDraft({ ...draft, item: option.name, combatCategory }, option);
}

const numberOrNull = (value: string) => (value === '' ? null : Number(value));
const choiceOrNull = (value: string) => (value === '' ? null : value);

/** The request body (POST/PUT /api/listings); an empty quantity means 1. */
export function draftToBody(draft: ListingDraft): ListingInputBody {
  const combat = Object.fromEntries(
    COMBAT_FIELDS.map((f) => [
      f,
      f === 'combatCategory' || f === 'combatDmgType' ? choiceOrNull(draft[f]) : numberOrNull(draft[f]),
    ]),
  );
  return {
    item: draft.item,
    type: draft.type,
    quantity: draft.quantity === '' ? 1 : Number(draft.quantity),
    ...draftDenominations(draft.price),
    priceMode: draft.priceMode,
    notes: draft.notes,
    rarity: choiceOrNull(draft.rarity),
    ...combat,
  } as ListingInputBody;
}

/** Checks with the same schema the server uses; errors keyed by field. */
export function validateDraft(draft: ListingDraft): FieldErrors {
  const result = listingInputSchema.safeParse(draftToBody(draft));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    const key = ['platinum', 'gold', 'silver', 'copper'].includes(field) ? 'price' : field;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The editing form starts from the listing's own values and price mode. */
export function draftFromListing(listing: Listing): ListingDraft {
  const combat = Object.fromEntries(
    COMBAT_FIELDS.map((f) => [f, listing[f] === null ? '' : String(listing[f])]),
  );
  return {
    item: listing.item,
    type: listing.type,
    quantity: String(listing.quantity),
    price: draftFromCopper(listing.priceMode === 'Total' ? listing.totalPrice : listing.price),
    priceMode: listing.priceMode,
    notes: listing.notes,
    rarity: listing.rarity ?? '',
    ...(combat as Record<CombatField, string>),
  };
}

/** What the card preview shows: the listing as the server would store it. */
export function draftPreview(
  draft: ListingDraft,
  option: ItemOption | undefined,
  user: TokenPayload | null,
  editing: Listing | undefined,
): Listing {
  const quantity = draft.quantity === '' ? 1 : Number(draft.quantity);
  const price = unitPrice(draftToCopper(draft.price), draft.priceMode, quantity);
  const body = draftToBody(draft);
  const now = new Date().toISOString();
  const pick = <K extends CombatField>(key: K) => (body[key] ?? null) as Listing[K];
  return {
    id: editing?.id ?? 0,
    item: draft.item,
    type: draft.type,
    quantity,
    remainingQuantity: editing ? Math.max(0, quantity - tradedQuantity(editing)) : quantity,
    status: 'active',
    closedAt: null,
    closedReason: null,
    price,
    priceMode: draft.priceMode,
    totalPrice: price * quantity,
    notes: draft.notes,
    seller: editing?.seller ?? user?.username ?? '',
    sellerAvatar: null,
    userId: editing?.userId ?? user?.id ?? 0,
    user_flags: editing?.user_flags ?? '',
    IGN: '',
    contactInfo: '',
    category: option?.isCombat && option.combatCategory ? option.combatCategory : 'Other',
    episode: option?.episode ?? '',
    professions: option?.professions ?? [],
    image: option?.image ?? '',
    rarity: draft.rarity || null,
    combatCategory: pick('combatCategory'),
    combatLevel: pick('combatLevel'),
    combatStrength: pick('combatStrength'),
    combatDmgType: pick('combatDmgType'),
    combatDmgPercent: pick('combatDmgPercent'),
    combatImpact: pick('combatImpact'),
    combatCryonae: pick('combatCryonae'),
    combatArborae: pick('combatArborae'),
    combatTempestae: pick('combatTempestae'),
    combatInfernae: pick('combatInfernae'),
    combatNecromae: pick('combatNecromae'),
    timestamp: editing?.timestamp ?? now,
    updatedAt: now,
    version: 0,
  };
}
