import { describe, expect, it } from 'vitest';
import { MAX_PRICE_COPPER, MAX_TOTAL_COPPER } from '../../../src-common/money';
import { differenceInWords, fivePercentEntry, fivePercentFrom, relativeDifference } from './offer-amount';

const ASKING = 'the asking price';

describe('relativeDifference', () => {
  it('is the signed fraction of the reference, 0 without a reference', () => {
    expect(relativeDifference(95, 100)).toBeCloseTo(-0.05);
    expect(relativeDifference(112, 100)).toBeCloseTo(0.12);
    expect(relativeDifference(5, 0)).toBe(0);
  });
});

describe('differenceInWords', () => {
  it('says at, under or above the reference in whole percents', () => {
    expect(differenceInWords(600, 600, ASKING)).toBe('at the asking price');
    expect(differenceInWords(570, 600, ASKING)).toBe('5\u00a0% under the asking price');
    expect(differenceInWords(672, 600, "the buyer's price")).toBe("12\u00a0% above the buyer's price");
    expect(differenceInWords(2_500, 1_000, ASKING)).toBe('150\u00a0% above the asking price');
  });

  it('never reads a different amount as equal', () => {
    expect(differenceInWords(999, 1_000, ASKING)).toBe('less than 1\u00a0% under the asking price');
    expect(differenceInWords(100_001, 100_000, ASKING)).toBe('less than 1\u00a0% above the asking price');
  });

  it('rounds to the nearest percent', () => {
    expect(differenceInWords(1_945, 2_000, ASKING)).toBe('3\u00a0% under the asking price');
  });
});

describe('fivePercentFrom', () => {
  it('takes 5 % off or adds it, to the nearest copper, halves up', () => {
    expect(fivePercentFrom(600, -1)).toBe(570);
    expect(fivePercentFrom(30, -1)).toBe(29); // 28.5
    expect(fivePercentFrom(19, -1)).toBe(18); // 18.05
    expect(fivePercentFrom(11, -1)).toBe(10); // 10.45
    expect(fivePercentFrom(600, 1)).toBe(630);
    expect(fivePercentFrom(10, 1)).toBe(11); // 10.5
    expect(fivePercentFrom(9, 1)).toBe(9); // 9.45
  });

  it('never goes below 1 copper', () => {
    expect(fivePercentFrom(1, -1)).toBe(1);
    expect(fivePercentFrom(0, -1)).toBe(1);
  });

  it('stays exact for the largest totals and never passes the largest one', () => {
    const exact = MAX_TOTAL_COPPER - Math.round(Number((BigInt(MAX_TOTAL_COPPER) * 5n) / 100n));
    expect(Math.abs(fivePercentFrom(MAX_TOTAL_COPPER, -1) - exact)).toBeLessThanOrEqual(1);
    expect(Number.isSafeInteger(fivePercentFrom(MAX_TOTAL_COPPER, -1))).toBe(true);
    expect(fivePercentFrom(MAX_TOTAL_COPPER, 1)).toBe(MAX_TOTAL_COPPER);
  });
});

describe('fivePercentEntry', () => {
  it('enters the moved total as a Total price', () => {
    expect(fivePercentEntry(600, 12, -1)).toEqual({ entered: 570, mode: 'Total' });
  });

  it('falls back to the moved price each when the total is more than the fields hold', () => {
    const each = MAX_PRICE_COPPER / 1_001;
    expect(fivePercentEntry(MAX_PRICE_COPPER * 2, Math.round(each), -1)).toEqual({
      entered: fivePercentFrom(Math.round(each), -1),
      mode: 'Each',
    });
  });
});
