import { describe, expect, it } from 'vitest';
import { listingAsking, offerBeyondAsking, offerFigures } from './offer-figures';

describe('offerFigures', () => {
  // 15 left of a lot of 20 at 2s each (40s in all).
  const lot = {
    type: 'sell' as const,
    quantity: 20,
    remainingQuantity: 15,
    price: 2_000,
    totalPrice: 40_000,
  };
  const each = (entered: number) => ({ entered, mode: 'Each' as const });

  it('is for all that remains while the quantity is empty', () => {
    expect(offerFigures(each(1_000), '', lot)).toEqual({
      quantity: 15,
      amount: 15_000,
      perItem: 1_000,
      quantityError: null,
    });
  });

  it('multiplies an Each price by the chosen quantity', () => {
    expect(offerFigures(each(1_000), '5', lot)).toMatchObject({
      quantity: 5,
      amount: 5_000,
      perItem: 1_000,
    });
  });

  it('keeps a Total price as the amount and divides it per item, rounded down', () => {
    expect(offerFigures({ entered: 1_000, mode: 'Total' }, '3', lot)).toMatchObject({
      amount: 1_000,
      perItem: 333,
    });
  });

  it("with no price entered, is at the listing's price for the quantity, following it", () => {
    expect(offerFigures(null, '', lot)).toMatchObject({ quantity: 15, amount: 30_000, perItem: 2_000 });
    expect(offerFigures(null, '4', lot)).toMatchObject({ quantity: 4, amount: 8_000 });
    // The whole of an untouched Total-mode lot is its own total, not the rounded price each times 3.
    const total = { ...lot, quantity: 3, remainingQuantity: 3, price: 333, totalPrice: 1_000 };
    expect(offerFigures(null, '', total).amount).toBe(1_000);
  });

  it('names the range when the quantity is 0 or more than remains', () => {
    expect(offerFigures(each(1), '16', lot).quantityError).toBe(
      'Quantity must be a whole number from 1 to 15',
    );
    expect(offerFigures(each(1), '0', lot).quantityError).toBe(
      'Quantity must be a whole number from 1 to 15',
    );
  });
});

describe('offerBeyondAsking (the confirmation before an offer against its sender)', () => {
  // 20 items asking 50s (50,000c) in total: 2s 500c each.
  const sell = { type: 'sell' as const, quantity: 20, price: 2_500, totalPrice: 50_000 };
  const buy = { ...sell, type: 'buy' as const };

  it("compares with the listing's own total for the whole lot, else its price times the quantity", () => {
    expect(listingAsking(sell, 20)).toBe(50_000);
    expect(listingAsking(sell, 4)).toBe(10_000);
  });

  it('asks when a sell offer pays more than the listing asks, naming both figures', () => {
    // 45s typed as Each for the lot: 900s.
    expect(offerBeyondAsking(sell, 900_000, 20)).toBe(
      'Your offer of 900s for 20 items is more than the listing asks (50s). Send it anyway?',
    );
    expect(offerBeyondAsking(sell, 50_000, 20)).toBeNull();
    expect(offerBeyondAsking(sell, 45_000, 20)).toBeNull();
  });

  it('asks when a buy offer takes less than the listing pays', () => {
    expect(offerBeyondAsking(buy, 49_999, 20)).toBe(
      'Your offer of 49s 999c for 20 items is less than the listing pays (50s). Send it anyway?',
    );
    expect(offerBeyondAsking(buy, 50_000, 20)).toBeNull();
    expect(offerBeyondAsking(buy, 900_000, 20)).toBeNull();
  });

  it('says item for a single one', () => {
    expect(offerBeyondAsking(sell, 3_000, 1)).toContain('for 1 item is');
  });
});
