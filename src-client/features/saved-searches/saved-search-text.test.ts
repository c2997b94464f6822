import { describe, expect, it } from 'vitest';
import { browserPath, describeFilters, describePrice, suggestedName } from './saved-search-text';

describe('saved search text', () => {
  it('describes the filters and the price condition', () => {
    expect(describeFilters({ q: ' iron ore ', type: 'sell', category: 'Weapon', episode: 'Hopeport' })).toBe(
      '"iron ore" · Sell · Weapon · Hopeport',
    );
    expect(describeFilters({ item: '+1 Potion Boost Level', type: 'sell' })).toBe(
      'Item: +1 Potion Boost Level · Sell',
    );
    expect(describeFilters({ q: 'boost', item: 'Iron Ore', category: '' })).toBe('"boost" · Item: Iron Ore');
    expect(describePrice({ maxUnitPrice: 5_000, minUnitPrice: null })).toBe('at most 5s each');
    expect(describePrice({ maxUnitPrice: null, minUnitPrice: 2_000_001 })).toBe('at least 2g 1c each');
    expect(describePrice({ maxUnitPrice: null, minUnitPrice: null })).toBeNull();
  });

  it('runs in the listing browser with the same filters', () => {
    expect(browserPath({ q: 'iron ore', type: 'sell', profession: 'Miner' })).toBe(
      '/alllistings?q=iron+ore&type=sell&profession=Miner',
    );
    expect(browserPath({ item: '+1 Potion Boost Level', type: 'buy' })).toBe(
      '/alllistings?item=%2B1+Potion+Boost+Level&type=buy',
    );
    expect(browserPath({})).toBe('/alllistings');
  });

  it('suggests a name without quotes, so a message that quotes the name does not double them', () => {
    expect(suggestedName({ q: ' iron ore ', type: 'sell' })).toBe('iron ore · Sell');
    expect(`Saved "${suggestedName({ q: 'iron ore', type: 'sell' })}".`).toBe('Saved "iron ore · Sell".');
    expect(suggestedName({ q: 'boost', item: 'Iron Ore', category: '' })).toBe('boost · Item: Iron Ore');
    expect(suggestedName({ type: 'buy', episode: 'Hopeport' })).toBe('Buy · Hopeport');
    expect(suggestedName({})).toBe('');
  });
});
