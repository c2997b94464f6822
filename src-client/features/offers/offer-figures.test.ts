import { describe, expect, it } from 'vitest';
import { offerFigures } from './offer-figures';

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
