import { describe, expect, it } from 'vitest';
import type { Listing } from '../../src-common/schemas/listing';
import { tradeUnitPrice } from '../../src-common/schemas/market';
import { makeListing } from '../../tests/helpers/listing-fixture';
import { ListingIndex } from './listing-index';
import { bookUnitPrice, MarketBooks } from './market-books';

let seq = 0;
const ITEM = 'Empty Gas Leech';
function listing(type: 'buy' | 'sell', price: number, quantity: number, overrides: Partial<Listing> = {}) {
  return makeListing({
    id: ++seq,
    item: ITEM,
    type,
    price,
    quantity,
    remainingQuantity: quantity,
    totalPrice: price * quantity,
    ...overrides,
  });
}

/** Books fed by a listing index, as the server wires them. */
function indexedBooks(initial: Listing[] = []) {
  const index = new ListingIndex();
  const books = new MarketBooks();
  index.load(initial);
  index.observe(books);
  return { index, books };
}

describe('unit prices', () => {
  it('is the price in Each mode and the total over the quantity, to the nearest copper, in Total mode', () => {
    expect(bookUnitPrice({ price: 7, priceMode: 'Each', totalPrice: 21, quantity: 3 })).toBe(7);
    expect(bookUnitPrice({ price: 333, priceMode: 'Total', totalPrice: 1_000, quantity: 3 })).toBe(333);
    expect(bookUnitPrice({ price: 666, priceMode: 'Total', totalPrice: 2_000, quantity: 3 })).toBe(667);
    expect(bookUnitPrice({ price: 0, priceMode: 'Total', totalPrice: 1, quantity: 2 })).toBe(1);
  });

  it("rounds a trade's amount over its quantity to the nearest copper, halves up", () => {
    expect(tradeUnitPrice({ offer_amount: 1_000, quantity: 3 })).toBe(333);
    expect(tradeUnitPrice({ offer_amount: 2_000, quantity: 3 })).toBe(667);
    expect(tradeUnitPrice({ offer_amount: 5, quantity: 2 })).toBe(3);
    expect(tradeUnitPrice({ offer_amount: 900, quantity: 1 })).toBe(900);
  });
});

describe('MarketBooks', () => {
  it('answers empty sides for an item without live listings', () => {
    const { books } = indexedBooks();
    expect(books.book(ITEM)).toEqual({ asks: [], bids: [] });
    expect(books.listedAt(ITEM)).toBeNull();
  });

  it('groups sells ascending and buys descending by price level, from what remains of each listing', () => {
    const { books } = indexedBooks([
      listing('sell', 300, 2),
      listing('sell', 250, 5, { remainingQuantity: 1 }),
      listing('sell', 300, 4),
      listing('buy', 100, 3),
      listing('buy', 120, 1),
      listing('buy', 100, 2),
      listing('sell', 10, 9, { status: 'closed', remainingQuantity: 0 }),
    ]);
    expect(books.book(ITEM)).toEqual({
      asks: [
        { unitPrice: 250, quantity: 1, listings: 1 },
        { unitPrice: 300, quantity: 6, listings: 2 },
      ],
      bids: [
        { unitPrice: 120, quantity: 1, listings: 1 },
        { unitPrice: 100, quantity: 5, listings: 2 },
      ],
    });
  });

  it('follows creates, edits, closes and deletes of the index, telling which item changed', () => {
    const first = listing('sell', 300, 2);
    const { index, books } = indexedBooks([first]);
    const told: (string | null)[] = [];
    books.onChange((item) => told.push(item));
    books.book(ITEM);

    const second = listing('sell', 200, 1);
    index.upsert(second);
    expect(books.book(ITEM).asks[0]).toEqual({ unitPrice: 200, quantity: 1, listings: 1 });

    index.upsert({ ...second, item: 'Ballan Wraddock', version: second.version + 1 });
    expect(books.book(ITEM).asks).toEqual([{ unitPrice: 300, quantity: 2, listings: 1 }]);
    expect(books.book('Ballan Wraddock').asks).toEqual([{ unitPrice: 200, quantity: 1, listings: 1 }]);

    index.upsert({ ...first, status: 'closed', remainingQuantity: 0, version: first.version + 1 });
    index.remove(second.id);
    expect(books.book(ITEM).asks).toEqual([]);
    expect(books.book('Ballan Wraddock').asks).toEqual([]);
    expect(told).toEqual([ITEM, ITEM, 'Ballan Wraddock', ITEM, 'Ballan Wraddock']);
  });

  it('lists the items whose newest live listing is the most recent first', () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString();
    const { books } = indexedBooks([
      listing('sell', 1, 1, { item: 'A', timestamp: at(1) }),
      listing('buy', 1, 1, { item: 'B', timestamp: at(5) }),
      listing('sell', 1, 1, { item: 'A', timestamp: at(9) }),
      listing('sell', 1, 1, { item: 'C', timestamp: at(3) }),
    ]);
    expect(books.newestItems(2)).toEqual(['A', 'B']);
    expect(books.listedAt('A')).toBe(Date.parse(at(9)));
  });
});
