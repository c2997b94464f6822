import { describe, expect, it } from 'vitest';
import { makeListing } from '../../tests/helpers/listing-fixture';
import { ItemTallies } from './item-groups';

function tally(...listings: Parameters<typeof makeListing>[0][]): ItemTallies {
  const tallies = new ItemTallies();
  for (const fields of listings) {
    const listing = makeListing(fields);
    tallies.add(listing, Date.parse(listing.timestamp));
  }
  return tallies;
}

describe('ItemTallies', () => {
  it('keeps the lowest ask and the highest bid, adding what is left of listings at the same price', () => {
    const [sword] = tally(
      { id: 1, price: 300, quantity: 5 },
      { id: 2, price: 200, quantity: 4, remainingQuantity: 1 },
      { id: 3, price: 200, quantity: 2 },
      { id: 4, type: 'buy', price: 150, quantity: 7 },
      { id: 5, type: 'buy', price: 90, quantity: 1 },
    ).sorted('new');
    expect(sword).toMatchObject({
      item: 'Bronze Sword',
      listings: 5,
      lowestAsk: { unitPrice: 200, quantity: 3 },
      highestBid: { unitPrice: 150, quantity: 7 },
      newestMs: Date.UTC(2025, 0, 1, 0, 0, 5),
    });
  });

  it('prices a Total-mode listing at its total over its quantity, as the order book does', () => {
    const [row] = tally({ id: 1, priceMode: 'Total', price: 333, totalPrice: 1000, quantity: 3 }).sorted(
      'new',
    );
    expect(row.lowestAsk).toEqual({ unitPrice: 333, quantity: 3 });
  });

  describe('orders', () => {
    const tallies = tally(
      { id: 1, item: 'Axe', price: 50 },
      { id: 2, item: 'Bow', type: 'buy', price: 80 },
      { id: 3, item: 'Club', price: 20 },
      { id: 4, item: 'Club', type: 'buy', price: 10 },
      { id: 5, item: 'Axe', price: 70 },
    );
    const items = (sort: Parameters<ItemTallies['sorted']>[0]) => tallies.sorted(sort).map((t) => t.item);

    it.each([
      ['new', ['Axe', 'Club', 'Bow']],
      // Axe and Club have 2 listings each: the name breaks the tie.
      ['listings', ['Axe', 'Club', 'Bow']],
      ['name', ['Axe', 'Bow', 'Club']],
      // Bow has no ask, Axe no bid: each goes last in the order of the side it lacks.
      ['ask', ['Club', 'Axe', 'Bow']],
      ['bid', ['Bow', 'Club', 'Axe']],
    ] as const)('%s', (sort, expected) => {
      expect(items(sort)).toEqual(expected);
    });
  });
});
