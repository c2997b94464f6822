import { MAX_PRICE_COPPER, MAX_TOTAL_COPPER, type PriceMode } from '../../../src-common/money';

/**
 * The offer form's price arithmetic: how far an amount is from a reference (the listing's price for the
 * quantity, the item's 7-day median), said in words, and the 5 % shortcut. Amounts are whole copper.
 */

/** (amount − reference) / reference, a signed fraction; 0 when there is no reference to compare with. */
export function relativeDifference(amount: number, reference: number): number {
  return reference > 0 ? (amount - reference) / reference : 0;
}

/**
 * "at the asking price", "5 % under the asking price", "12 % above ...", "less than 1 % under ..." (so an
 * amount that differs never reads as equal); `reference` names what is compared with.
 */
export function differenceInWords(amount: number, referenceAmount: number, reference: string): string {
  if (amount === referenceAmount) return `at ${reference}`;
  const difference = relativeDifference(amount, referenceAmount);
  const side = amount < referenceAmount ? 'under' : 'above';
  const percent = Math.round(Math.abs(difference) * 100);
  const size = percent === 0 ? 'less than 1\u00a0%' : `${percent.toLocaleString('en-US')}\u00a0%`;
  return `${size} ${side} ${reference}`;
}

/**
 * 5 % under (`-1`) or above (`1`) a total, rounded to the nearest whole copper (halves up), never below
 * 1 copper nor above the largest total. Worked in integers, so totals near 2^53 stay exact.
 */
export function fivePercentFrom(total: number, direction: -1 | 1): number {
  const twentieth = Math.floor(total / 20);
  const rest = total % 20;
  const moved =
    direction < 0 ? total - twentieth - (rest > 10 ? 1 : 0) : total + twentieth + (rest >= 10 ? 1 : 0);
  return Math.min(MAX_TOTAL_COPPER, Math.max(1, moved));
}

/**
 * What the 5 % shortcut enters in the price fields: the moved total as a Total price, or, when that is
 * more than the fields can hold, the moved price each as an Each price.
 */
export function fivePercentEntry(
  askingTotal: number,
  askingEach: number,
  direction: -1 | 1,
): { entered: number; mode: PriceMode } {
  const total = fivePercentFrom(askingTotal, direction);
  if (total <= MAX_PRICE_COPPER) return { entered: total, mode: 'Total' };
  return { entered: Math.min(MAX_PRICE_COPPER, fivePercentFrom(askingEach, direction)), mode: 'Each' };
}
