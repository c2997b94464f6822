import { describe, expect, it } from 'vitest';
import {
  clampDenomination,
  clampQuantity,
  quantityDigits,
  remainingTotal,
  formatCopper,
  joinDenominations,
  MAX_PRICE_COPPER,
  MAX_QUANTITY,
  MAX_TOTAL_COPPER,
  splitCopper,
  totalPrice,
  unitPrice,
} from './money';

describe('constants', () => {
  it('the largest price is 999 of every tier', () => {
    expect(MAX_PRICE_COPPER).toBe(999_999_999_999);
  });

  it('caps quantity so the largest total is an exact integer', () => {
    expect(MAX_QUANTITY).toBe(9007);
    expect(MAX_PRICE_COPPER * MAX_QUANTITY).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
    expect(MAX_PRICE_COPPER * (MAX_QUANTITY + 1)).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    expect(MAX_TOTAL_COPPER).toBe(9_006_999_999_990_993);
    expect(Number.isSafeInteger(MAX_TOTAL_COPPER)).toBe(true);
  });
});

describe('splitCopper', () => {
  it('splits by division into the four tiers', () => {
    expect(splitCopper(1_002_003_004)).toEqual({ platinum: 1, gold: 2, silver: 3, copper: 4 });
    expect(splitCopper(999)).toEqual({ platinum: 0, gold: 0, silver: 0, copper: 999 });
    expect(splitCopper(1_000)).toEqual({ platinum: 0, gold: 0, silver: 1, copper: 0 });
    expect(splitCopper(0)).toEqual({ platinum: 0, gold: 0, silver: 0, copper: 0 });
  });

  it('splits the largest price into 999 of each tier', () => {
    expect(splitCopper(MAX_PRICE_COPPER)).toEqual({ platinum: 999, gold: 999, silver: 999, copper: 999 });
  });

  it('leaves platinum uncapped so large totals stay exact', () => {
    expect(splitCopper(MAX_TOTAL_COPPER)).toEqual({
      platinum: 9_006_999,
      gold: 999,
      silver: 990,
      copper: 993,
    });
  });

  it('treats negatives as 0 and drops fractions', () => {
    expect(splitCopper(-5)).toEqual({ platinum: 0, gold: 0, silver: 0, copper: 0 });
    expect(splitCopper(1_500.9)).toEqual({ platinum: 0, gold: 0, silver: 1, copper: 500 });
  });
});

describe('joinDenominations', () => {
  it('joins the four tiers into copper', () => {
    expect(joinDenominations({ platinum: 1, gold: 2, silver: 3, copper: 4 })).toBe(1_002_003_004);
    expect(joinDenominations({ platinum: 999, gold: 999, silver: 999, copper: 999 })).toBe(MAX_PRICE_COPPER);
  });

  it('treats missing tiers as 0', () => {
    expect(joinDenominations({})).toBe(0);
    expect(joinDenominations({ gold: 5 })).toBe(5_000_000);
  });

  it('round-trips with splitCopper for every tier boundary', () => {
    for (const amount of [
      0,
      1,
      999,
      1_000,
      999_999,
      1_000_000,
      999_999_999,
      1_000_000_000,
      MAX_PRICE_COPPER,
    ]) {
      expect(joinDenominations(splitCopper(amount))).toBe(amount);
    }
  });
});

describe('clampDenomination', () => {
  it('turns an empty field into 0', () => {
    expect(clampDenomination('')).toBe(0);
  });

  it('keeps digits only and at most three of them', () => {
    expect(clampDenomination('12a3')).toBe(123);
    expect(clampDenomination('1234')).toBe(123);
    expect(clampDenomination('-5')).toBe(5);
    expect(clampDenomination('abc')).toBe(0);
  });

  it('clamps numbers to 0-999', () => {
    expect(clampDenomination(1000)).toBe(999);
    expect(clampDenomination(-1)).toBe(0);
    expect(clampDenomination(12.7)).toBe(12);
    expect(clampDenomination(Number.NaN)).toBe(0);
    expect(clampDenomination(999)).toBe(999);
    expect(clampDenomination(0)).toBe(0);
  });
});

describe('quantityDigits (the listing form keeps what was typed for the schema to judge)', () => {
  it('keeps digits only, drops leading zeros, and allows an empty field while typing', () => {
    expect(quantityDigits('')).toBe('');
    expect(quantityDigits('1a2')).toBe('12');
    expect(quantityDigits('007')).toBe('7');
  });

  it('does not turn a number over MAX_QUANTITY into MAX_QUANTITY', () => {
    expect(quantityDigits('9999')).toBe('9999');
    expect(quantityDigits('12000')).toBe('12000');
    expect(quantityDigits('1234567')).toBe('12345');
  });
});

describe('clampQuantity', () => {
  it('allows an empty field while typing', () => {
    expect(clampQuantity('')).toBe('');
    expect(clampQuantity('x')).toBe('');
  });

  it('keeps digits only and drops leading zeros', () => {
    expect(clampQuantity('1a2')).toBe('12');
    expect(clampQuantity('007')).toBe('7');
    expect(clampQuantity('0')).toBe('0');
  });

  it('clamps to MAX_QUANTITY', () => {
    expect(clampQuantity('9007')).toBe('9007');
    expect(clampQuantity('9008')).toBe('9007');
    expect(clampQuantity('123456789')).toBe('9007');
  });
});

describe('unitPrice', () => {
  it('is the entered amount in Each mode', () => {
    expect(unitPrice(250, 'Each', 4)).toBe(250);
  });

  it('is the total divided by quantity, rounded down, in Total mode', () => {
    expect(unitPrice(1_000, 'Total', 3)).toBe(333);
    expect(unitPrice(1_000, 'Total', 4)).toBe(250);
    expect(unitPrice(2, 'Total', 3)).toBe(0);
  });

  it('is 0 in Total mode when quantity is 0', () => {
    expect(unitPrice(1_000, 'Total', 0)).toBe(0);
  });

  it('stays exact near the largest amounts', () => {
    expect(unitPrice(MAX_TOTAL_COPPER, 'Total', MAX_QUANTITY)).toBe(MAX_PRICE_COPPER);
    expect(BigInt(unitPrice(MAX_PRICE_COPPER, 'Total', MAX_QUANTITY))).toBe(BigInt(MAX_PRICE_COPPER) / 9007n);
  });
});

describe('totalPrice', () => {
  it('is unit times quantity in Each mode', () => {
    expect(totalPrice(250, 'Each', 4)).toBe(1_000);
    expect(totalPrice(250, 'Each', 0)).toBe(0);
  });

  it('is the entered amount in Total mode', () => {
    expect(totalPrice(1_000, 'Total', 3)).toBe(1_000);
  });

  it('is exact at the largest unit price and quantity', () => {
    expect(totalPrice(MAX_PRICE_COPPER, 'Each', MAX_QUANTITY)).toBe(MAX_TOTAL_COPPER);
    expect(Number.isSafeInteger(totalPrice(MAX_PRICE_COPPER, 'Each', MAX_QUANTITY))).toBe(true);
  });
});

describe('formatCopper', () => {
  it('shows only the non-zero tiers', () => {
    expect(formatCopper(1_250_000_003)).toBe('1p 250g 3c');
    expect(formatCopper(5_000)).toBe('5s');
  });

  it('shows zero as 0c', () => {
    expect(formatCopper(0)).toBe('0c');
  });

  it('groups thousands of platinum', () => {
    expect(formatCopper(MAX_TOTAL_COPPER)).toBe('9,006,999p 999g 990s 993c');
  });

  it('shows the largest price', () => {
    expect(formatCopper(999_999_999_999)).toBe('999p 999g 999s 999c');
  });
});

describe('remainingTotal', () => {
  const lot = { price: 12_500, quantity: 50, totalPrice: 625_000 };

  it('is the lot total while nothing has been taken', () => {
    expect(remainingTotal({ ...lot, remainingQuantity: 50 })).toBe(625_000);
  });

  it('is the price of what is left once accepted offers took part of it', () => {
    expect(remainingTotal({ ...lot, remainingQuantity: 30 })).toBe(375_000);
    expect(remainingTotal({ ...lot, remainingQuantity: 1 })).toBe(12_500);
    expect(remainingTotal({ ...lot, remainingQuantity: 0 })).toBe(0);
  });

  it('stays exact at the largest price and quantity', () => {
    const big = { price: MAX_PRICE_COPPER, quantity: MAX_QUANTITY, totalPrice: MAX_TOTAL_COPPER };
    expect(remainingTotal({ ...big, remainingQuantity: MAX_QUANTITY - 1 })).toBe(
      MAX_TOTAL_COPPER - MAX_PRICE_COPPER,
    );
  });
});
