/**
 * Currency rules. Amounts are integers in copper; 1 silver = 1,000 copper, 1 gold = 1,000 silver,
 * 1 platinum = 1,000 gold. Each denomination field in a form holds 0-999.
 *
 * Exactness: a unit price can reach 999,999,999,999 copper; times a large quantity that passes 2^53.
 * Rather than carry BigInt through JSON, quantity is capped at MAX_QUANTITY so that the largest
 * unit price times the largest quantity stays below Number.MAX_SAFE_INTEGER: every total the
 * product stores or shows is an exact integer.
 */
export const COPPER_PER_SILVER = 1_000;
export const COPPER_PER_GOLD = 1_000_000;
export const COPPER_PER_PLATINUM = 1_000_000_000;
export const DENOMINATION_MAX = 999;
/** The largest amount the four 0-999 fields can express. */
export const MAX_PRICE_COPPER =
  999 * COPPER_PER_PLATINUM + 999 * COPPER_PER_GOLD + 999 * COPPER_PER_SILVER + 999;
/** The largest quantity whose total at the largest unit price is still an exact integer (9,007). */
export const MAX_QUANTITY = Math.floor(Number.MAX_SAFE_INTEGER / MAX_PRICE_COPPER);
/** The largest whole-quantity amount a listing total or an offer can reach. */
export const MAX_TOTAL_COPPER = MAX_PRICE_COPPER * MAX_QUANTITY;

export type PriceMode = 'Each' | 'Total';
export const PRICE_MODES: readonly PriceMode[] = ['Each', 'Total'];

export interface Denominations {
  platinum: number;
  gold: number;
  silver: number;
  copper: number;
}

/** Splits by division; platinum is not capped so large totals still show exactly. */
export function splitCopper(amount: number): Denominations {
  const value = Math.max(0, Math.trunc(amount));
  return {
    platinum: Math.floor(value / COPPER_PER_PLATINUM),
    gold: Math.floor((value % COPPER_PER_PLATINUM) / COPPER_PER_GOLD),
    silver: Math.floor((value % COPPER_PER_GOLD) / COPPER_PER_SILVER),
    copper: value % COPPER_PER_SILVER,
  };
}

export function joinDenominations(d: Partial<Denominations>): number {
  return (
    (d.platinum ?? 0) * COPPER_PER_PLATINUM +
    (d.gold ?? 0) * COPPER_PER_GOLD +
    (d.silver ?? 0) * COPPER_PER_SILVER +
    (d.copper ?? 0)
  );
}

/** The form's clamp: empty or junk becomes 0, anything else 0-999. */
export function clampDenomination(raw: string | number): number {
  const n = typeof raw === 'number' ? raw : Number.parseInt(raw.replace(/\D/g, '').slice(0, 3) || '0', 10);
  if (!Number.isFinite(n)) return 0;
  return Math.min(DENOMINATION_MAX, Math.max(0, Math.trunc(n)));
}

/**
 * A quantity field as typed: digits only, no leading zeros, at most one digit more than MAX_QUANTITY has
 * (so a number over the limit stays visible for the schema to reject); empty stays empty while typing.
 */
export function quantityDigits(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, String(MAX_QUANTITY).length + 1);
}

/** The offer form's quantity: as typed, at most MAX_QUANTITY. */
export function clampQuantity(raw: string): string {
  const digits = quantityDigits(raw);
  if (!digits) return '';
  return String(Math.min(MAX_QUANTITY, Number.parseInt(digits, 10)));
}

/** Unit price from an entered amount: Total mode divides (rounded down, 0 when quantity is 0). */
export function unitPrice(entered: number, mode: PriceMode, quantity: number): number {
  if (mode === 'Each') return entered;
  return quantity > 0 ? Math.floor(entered / quantity) : 0;
}

/** Whole price from an entered amount: Each mode multiplies by quantity. */
export function totalPrice(entered: number, mode: PriceMode, quantity: number): number {
  return mode === 'Total' ? entered : entered * quantity;
}

/** A lot offered at `price` each: its own total, and how many of its `quantity` remain to be taken. */
export interface Lot {
  price: number;
  quantity: number;
  totalPrice: number;
  remainingQuantity: number;
}

/** What the items left of a lot come to: its own total while none was taken, else the price of those left. */
export function remainingTotal(lot: Lot): number {
  if (lot.remainingQuantity >= lot.quantity) return lot.totalPrice;
  return lot.price * Math.max(0, lot.remainingQuantity);
}

const TIERS: ReadonlyArray<[keyof Denominations, string]> = [
  ['platinum', 'p'],
  ['gold', 'g'],
  ['silver', 's'],
  ['copper', 'c'],
];

/** Compact text such as "1p 250g 3c"; zero is "0c". */
export function formatCopper(amount: number): string {
  const parts = splitCopper(amount);
  const text = TIERS.filter(([key]) => parts[key] > 0)
    .map(([key, suffix]) => `${parts[key].toLocaleString('en-US')}${suffix}`)
    .join(' ');
  return text || '0c';
}
