import { describe, expect, it } from 'vitest';
import { browserPath, describeFilters, describePrice } from './saved-search-text';

describe('saved search text', () => {
  it('describes the filters and the price condition', () => {
    expect(describeFilters({ q: ' iron ore ', type: 'sell', category: 'Weapon', episode: 'Hopeport' })).toBe(
      '"iron ore" · Sell · Weapon · Hopeport',
    );
    expect(describePrice({ maxUnitPrice: 5_000, minUnitPrice: null })).toBe('at most 5s each');
    expect(describePrice({ maxUnitPrice: null, minUnitPrice: 2_000_001 })).toBe('at least 2g 1c each');
    expect(describePrice({ maxUnitPrice: null, minUnitPrice: null })).toBeNull();
  });

  it('runs in the listing browser with the same filters', () => {
    expect(browserPath({ q: 'iron ore', type: 'sell', profession: 'Miner' })).toBe(
      '/alllistings?q=iron+ore&type=sell&profession=Miner',
    );
    expect(browserPath({})).toBe('/alllistings');
  });
});
