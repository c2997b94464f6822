import { describe, expect, it } from 'vitest';
import { compareListings, matchesBrowseFilter as matchesFilters } from '../../../src-common/browse';
import {
  activeFilterCount,
  browseApiQuery,
  browseHref,
  changeFilters,
  CLEAR_FILTERS,
  clearedFiltersNote,
  DEFAULT_FILTERS,
  filtersFromSearch,
  filtersToSearch,
  isNarrowed,
  type BrowseFilters,
} from './browse-filters';
import { makeListing } from '../../../tests/helpers/listing-fixture';

const f = (over: Partial<BrowseFilters>): BrowseFilters => ({ ...DEFAULT_FILTERS, ...over });

describe('matchesBrowseFilter with the browser filters (the server filter, reused for live events)', () => {
  const sword = makeListing({
    id: 1,
    item: 'Bronze Sword',
    notes: 'Sharp edge',
    type: 'sell',
    category: 'Weapon',
  });

  it('matches everything with no filters', () => {
    expect(matchesFilters(sword, DEFAULT_FILTERS)).toBe(true);
  });

  it('searches item name and notes, case-insensitively, ignoring surrounding spaces', () => {
    expect(matchesFilters(sword, f({ q: 'bronze' }))).toBe(true);
    expect(matchesFilters(sword, f({ q: '  SHARP ' }))).toBe(true);
    expect(matchesFilters(sword, f({ q: 'axe' }))).toBe(false);
  });

  it('filters by type', () => {
    expect(matchesFilters(sword, f({ type: 'sell' }))).toBe(true);
    expect(matchesFilters(sword, f({ type: 'buy' }))).toBe(false);
  });

  it('filters by category (Weapon, Armor, Other)', () => {
    expect(matchesFilters(sword, f({ category: 'Weapon' }))).toBe(true);
    expect(matchesFilters(sword, f({ category: 'Other' }))).toBe(false);
    expect(matchesFilters(makeListing({ id: 2, category: 'Other' }), f({ category: 'Other' }))).toBe(true);
  });

  it('filters by episode and by one of the professions', () => {
    const potion = makeListing({ id: 3, episode: 'Hopeforest', professions: ['Alchemist', 'Chef'] });
    expect(matchesFilters(potion, f({ episode: 'Hopeforest' }))).toBe(true);
    expect(matchesFilters(potion, f({ episode: 'Hopeport' }))).toBe(false);
    expect(matchesFilters(potion, f({ profession: 'Chef' }))).toBe(true);
    expect(matchesFilters(potion, f({ profession: 'Miner' }))).toBe(false);
  });

  it('needs every filter to match', () => {
    expect(matchesFilters(sword, f({ q: 'sword', type: 'sell', episode: 'Hopeforest' }))).toBe(false);
  });
});

describe('changeFilters (the reset rule)', () => {
  const narrowed = f({ episode: 'Hopeport', profession: 'Miner' });

  it.each([{ q: 'ore' }, { type: 'buy' as const }, { category: 'Armor' as const }])(
    'resets episode and profession when %o changes',
    (change) => {
      expect(changeFilters(narrowed, change)).toMatchObject({ ...change, episode: '', profession: '' });
    },
  );

  it('keeps episode and profession when sort, episode or profession changes', () => {
    expect(changeFilters(narrowed, { sort: 'asc' })).toMatchObject({
      episode: 'Hopeport',
      profession: 'Miner',
    });
    expect(changeFilters(narrowed, { episode: 'Crenopolis' })).toMatchObject({ profession: 'Miner' });
  });

  it('does not reset when the search is set to the same value', () => {
    expect(changeFilters(narrowed, { q: '' })).toMatchObject({ episode: 'Hopeport' });
  });
});

describe('clearedFiltersNote (what the player is told of the reset)', () => {
  it('names the filters cleared and the change that cleared them', () => {
    const both = f({ episode: 'Hopeport', profession: 'Miner' });
    expect(clearedFiltersNote(both, { q: 'ore' })).toBe(
      'Episode and profession filters cleared by the new search.',
    );
    expect(clearedFiltersNote(f({ episode: 'Hopeport' }), { type: 'buy' })).toBe(
      'Episode filter cleared by the new type.',
    );
    expect(clearedFiltersNote(f({ profession: 'Miner' }), { category: 'Armor' })).toBe(
      'Profession filter cleared by the new category.',
    );
  });

  it('says nothing when nothing set was cleared', () => {
    expect(clearedFiltersNote(DEFAULT_FILTERS, { q: 'ore' })).toBeNull();
    expect(clearedFiltersNote(f({ episode: 'Hopeport' }), { sort: 'asc' })).toBeNull();
    expect(clearedFiltersNote(f({ episode: 'Hopeport', q: 'ore' }), { q: 'ore' })).toBeNull();
  });
});

describe('isNarrowed and CLEAR_FILTERS', () => {
  it('counts a search, an item or a filter, not the sort; clearing keeps the sort', () => {
    expect(isNarrowed(f({ sort: 'asc' }))).toBe(false);
    expect(isNarrowed(f({ q: '  ' }))).toBe(false);
    for (const over of [{ q: 'ore' }, { item: 'Rapier' }, { online: true }, { profession: 'Miner' }]) {
      expect(isNarrowed(f(over))).toBe(true);
    }
    const cleared = changeFilters(f({ q: 'ore', type: 'buy', online: true, sort: 'asc' }), CLEAR_FILTERS);
    expect(cleared).toEqual(f({ sort: 'asc' }));
  });
});

describe('URL query string', () => {
  it('round-trips filters and leaves defaults out', () => {
    const filters = f({
      q: 'sword',
      type: 'buy',
      category: 'Armor',
      episode: 'Mine of Mantuban',
      profession: 'Miner',
      sort: 'totaldesc',
    });
    const params = filtersToSearch(filters);
    expect(filtersFromSearch(params)).toEqual(filters);
    expect(filtersToSearch(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('carries the exact item as written, beside the search and the other filters', () => {
    const filters = f({ item: '+1 Potion Boost Level', q: 'boost', type: 'sell' });
    const params = filtersToSearch(filters);
    expect(params.toString()).toBe('q=boost&item=%2B1+Potion+Boost+Level&type=sell');
    expect(filtersFromSearch(params)).toEqual(filters);
    expect(browseApiQuery(filters, 10)).toEqual({
      q: 'boost',
      item: '+1 Potion Boost Level',
      type: 'sell',
      sort: 'new',
      limit: 10,
      offset: 0,
    });
    // Only the server knows the catalogue: a name it does not know is sent, and it answers which.
    expect(filtersFromSearch(new URLSearchParams('item=potion%20boost')).item).toBe('potion boost');
  });

  it('keeps the item when the search, type or category change, and the item only narrows', () => {
    const pinned = f({ item: 'Iron Ore', episode: 'Hopeport' });
    expect(changeFilters(pinned, { type: 'buy' })).toMatchObject({ item: 'Iron Ore', episode: '' });
    expect(changeFilters(pinned, { item: '' })).toMatchObject({ item: '', episode: 'Hopeport' });
  });

  it('links to the browser with some filters, the plain page with none', () => {
    expect(browseHref({ item: 'Pine Needle Worms' })).toBe('/alllistings?item=Pine+Needle+Worms');
    expect(browseHref({ item: 'Iron Ore', sort: 'asc' })).toBe('/alllistings?item=Iron+Ore&sort=asc');
    expect(browseHref({})).toBe('/alllistings');
  });

  it('turns unknown values from a shared link into defaults', () => {
    expect(
      filtersFromSearch(new URLSearchParams('type=swap&sort=random&category=Food&episode=Mars')),
    ).toEqual(DEFAULT_FILTERS);
  });
});

describe('compareListings', () => {
  const a = makeListing({ id: 1, price: 50, quantity: 10 });
  const b = makeListing({ id: 2, price: 100, quantity: 1 });
  const order = (sort: BrowseFilters['sort']) => [a, b].sort(compareListings(sort)).map((l) => l.id);

  it('orders by time, price each and total price', () => {
    expect(order('new')).toEqual([2, 1]);
    expect(order('old')).toEqual([1, 2]);
    expect(order('asc')).toEqual([1, 2]);
    expect(order('desc')).toEqual([2, 1]);
    expect(order('totalasc')).toEqual([2, 1]);
    expect(order('totaldesc')).toEqual([1, 2]);
  });
});

describe('activeFilterCount (the mobile Filters button)', () => {
  it('counts type, category, episode and profession, not search or sort', () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeFilterCount(f({ q: 'oak', sort: 'old' }))).toBe(0);
    expect(activeFilterCount(f({ type: 'buy', episode: 'Hopeport' }))).toBe(2);
  });
});
