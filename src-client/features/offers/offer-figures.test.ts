import { describe, expect, it } from 'vitest';
import { listingAsking, offerBeyondAsking, offerFigures } from './offer-figures';

describe('offerFigures', () => {
  it('is for all that remains while the quantity is empty', () => {
    expect(offerFigures(1_000, 'Each', '', 15)).toEqual({
      quantity: 15,
      amount: 15_000,
      perItem: 1_000,
      quantityError: null,
    });
  });

  it('multiplies an Each price by the chosen quantity', () => {
    expect(offerFigures(1_000, 'Each', '5', 15)).toMatchObject({
      quantity: 5,
      amount: 5_000,
      perItem: 1_000,
    });
  });

  it('keeps a Total price as the amount and divides it per item, rounded down', () => {
    expect(offerFigures(1_000, 'Total', '3', 15)).toMatchObject({ amount: 1_000, perItem: 333 });
  });

  it('names the range when the quantity is 0 or more than remains', () => {
    expect(offerFigures(1, 'Each', '16', 15).quantityError).toBe(
      'Quantity must be a whole number from 1 to 15',
    );
    expect(offerFigures(1, 'Each', '0', 15).quantityError).toBe(
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
