import { describe, expect, it } from 'vitest';
import {
  afterAccept,
  afterTradeCancelled,
  afterQuantityEdit,
  closedLabel,
  fits,
  offerQuantity,
  offerUnitPrice,
  rejectionReason,
  smallestEditQuantity,
  stockOf,
  tradedQuantity,
  type Stock,
} from './trade';

const stock = (quantity: number, remainingQuantity = quantity, status: Stock['status'] = 'active') => ({
  quantity,
  remainingQuantity,
  status,
});

describe('stockOf', () => {
  it('reads a listing from before trades as active with all of its quantity', () => {
    expect(stockOf({ quantity: 8 })).toEqual(stock(8));
  });

  it('keeps a stored stock', () => {
    expect(stockOf({ quantity: 8, remainingQuantity: 3, status: 'closed' })).toEqual(stock(8, 3, 'closed'));
  });
});

describe('offer quantity', () => {
  it('is all that remains when the offer names none', () => {
    expect(offerQuantity(undefined, stock(20, 15))).toBe(15);
    expect(offerQuantity(null, stock(20, 15))).toBe(15);
  });

  it('is the one named', () => {
    expect(offerQuantity(5, stock(20, 15))).toBe(5);
  });

  it('fits from 1 to the remaining quantity of an active listing', () => {
    expect(fits(1, stock(20, 15))).toBe(true);
    expect(fits(15, stock(20, 15))).toBe(true);
    expect(fits(16, stock(20, 15))).toBe(false);
    expect(fits(0, stock(20, 15))).toBe(false);
    expect(fits(1, stock(20, 15, 'closed'))).toBe(false);
  });
});

describe('afterAccept', () => {
  it('takes the offer quantity from what remains', () => {
    expect(afterAccept(stock(20), 5)).toEqual(stock(20, 15));
  });

  it('closes the listing when nothing remains', () => {
    expect(afterAccept(stock(20, 15), 15)).toEqual(stock(20, 0, 'closed'));
  });

  it('never goes below 0: six accepts of 3 on 20 leave 2, a seventh does not fit', () => {
    let current: Stock = stock(20);
    for (let i = 0; i < 6; i++) current = afterAccept(current, 3);
    expect(current).toEqual(stock(20, 2));
    expect(() => afterAccept(current, 3)).toThrow(RangeError);
  });

  it('refuses a closed listing', () => {
    expect(() => afterAccept(stock(20, 5, 'closed'), 1)).toThrow(RangeError);
  });
});

describe('afterQuantityEdit', () => {
  it('keeps what was traded: 5 of 20 sold, a new quantity of 12 leaves 7', () => {
    expect(tradedQuantity(stock(20, 15))).toBe(5);
    expect(afterQuantityEdit(stock(20, 15), 12)).toEqual(stock(12, 7));
  });

  it('needs at least one item on top of what was traded', () => {
    expect(smallestEditQuantity(stock(20, 15))).toBe(6);
    expect(afterQuantityEdit(stock(20, 15), 6)).toEqual(stock(6, 1));
    expect(afterQuantityEdit(stock(20, 15), 5)).toBeNull();
  });

  it('is a plain change before any trade', () => {
    expect(afterQuantityEdit(stock(3), 10)).toEqual(stock(10));
  });
});

describe('rejectionReason', () => {
  it('is null while the offer fits', () => {
    expect(rejectionReason(2, stock(20, 2), null)).toBeNull();
  });

  it('says how many are left when the offer is for more', () => {
    expect(rejectionReason(3, stock(20, 2), null)).toBe('Only 2 left');
  });

  it('says sold when the listing sold out', () => {
    expect(rejectionReason(3, stock(20, 0, 'closed'), 'sold')).toBe('Sold to another offer');
  });

  it('says closed when the owner closed it, even if the offer would fit', () => {
    expect(rejectionReason(1, stock(20, 20, 'closed'), 'closed')).toBe('Listing closed');
  });
});

describe('labels and market figures', () => {
  it('shows a sold-out sell listing as Sold, a sold-out buy listing as Bought, one its owner closed as Closed', () => {
    expect(closedLabel({ type: 'sell', closedReason: 'sold' })).toBe('Sold');
    expect(closedLabel({ type: 'buy', closedReason: 'sold' })).toBe('Bought');
    expect(closedLabel({ type: 'buy', closedReason: 'closed' })).toBe('Closed');
    expect(closedLabel({ type: 'sell', closedReason: 'closed' })).toBe('Closed');
  });

  it("reads an offer's unit price as its amount over its quantity", () => {
    expect(offerUnitPrice({ offer_amount: 15_000, quantity: 5 })).toBe(3_000);
  });
});

describe('afterTradeCancelled', () => {
  it('gives the quantity back to an active listing', () => {
    expect(afterTradeCancelled(stock(20, 12), null, 5)).toEqual(stock(20, 17));
  });

  it('reopens a listing that sold out, keeps one its owner closed closed', () => {
    expect(afterTradeCancelled(stock(4, 0, 'closed'), 'sold', 3)).toEqual(stock(4, 3));
    expect(afterTradeCancelled(stock(4, 1, 'closed'), 'closed', 3)).toEqual(stock(4, 4, 'closed'));
  });

  it('never gives back more than the listing holds', () => {
    expect(afterTradeCancelled(stock(4, 3), null, 3)).toEqual(stock(4, 4));
  });
});
