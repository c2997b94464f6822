import { describe, expect, it } from 'vitest';
import { makeListing } from '../../../tests/helpers/listing-fixture';
import { DEFAULT_MY_FILTERS, filterMyListings, type MyListingFilters } from './my-listings-filter';
import { monthYear } from './profile-stats';

const listings = [
  makeListing({
    id: 1,
    item: 'Iron Ore',
    type: 'sell',
    quantity: 50,
    price: 10,
    totalPrice: 500,
    episode: 'Hopeport',
    professions: ['Miner'],
  }),
  makeListing({
    id: 2,
    item: 'Rapier',
    type: 'buy',
    quantity: 1,
    price: 900,
    totalPrice: 900,
    notes: 'need ore too',
    professions: ['Combat'],
  }),
  makeListing({
    id: 3,
    item: 'Bread',
    type: 'sell',
    quantity: 5,
    price: 20,
    totalPrice: 100,
    episode: 'Crenopolis',
    professions: ['Chef'],
  }),
  makeListing({
    id: 4,
    item: 'Iron Bar',
    type: 'sell',
    quantity: 4,
    remainingQuantity: 0,
    status: 'closed',
    closedReason: 'sold',
    price: 30,
    totalPrice: 120,
  }),
];
const ids = (filters: Partial<MyListingFilters>) =>
  filterMyListings(listings, { ...DEFAULT_MY_FILTERS, ...filters }).map((l) => l.id);

describe('My Listings filters', () => {
  it('shows the Active view, or the Closed view', () => {
    expect(ids({})).toEqual([3, 2, 1]);
    expect(ids({ view: 'closed' })).toEqual([4]);
    expect(ids({ view: 'closed', q: 'iron' })).toEqual([4]);
  });

  it('searches item names and notes', () => {
    expect(ids({ q: 'ORE' })).toEqual([2, 1]);
  });

  it('filters by type, episode and profession', () => {
    expect(ids({ type: 'sell' })).toEqual([3, 1]);
    expect(ids({ episode: 'Crenopolis' })).toEqual([3]);
    expect(ids({ profession: 'Miner' })).toEqual([1]);
  });

  it('sorts by time, by price times quantity, and by quantity', () => {
    expect(ids({ sort: 'newest' })).toEqual([3, 2, 1]);
    expect(ids({ sort: 'oldest' })).toEqual([1, 2, 3]);
    expect(ids({ sort: 'priceDesc' })).toEqual([2, 1, 3]);
    expect(ids({ sort: 'priceAsc' })).toEqual([3, 1, 2]);
    expect(ids({ sort: 'quantityDesc' })).toEqual([1, 3, 2]);
    expect(ids({ sort: 'quantityAsc' })).toEqual([2, 3, 1]);
  });
});

describe('member since', () => {
  it('shows month and year, or Unknown', () => {
    expect(monthYear('2025-03-14T10:00:00Z')).toBe('March 2025');
    expect(monthYear(null)).toBe('Unknown');
    expect(monthYear('not a date')).toBe('Unknown');
  });
});
