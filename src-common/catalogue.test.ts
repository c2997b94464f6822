import { describe, expect, it } from 'vitest';
import { professionFilterValues, secondaryProfessions } from './catalogue';

describe('secondaryProfessions', () => {
  it('splits on comma, slash and "and", ignoring Combat and None', () => {
    expect(secondaryProfessions('Blacksmith, Stonemason and Bonewright')).toEqual([
      'Blacksmith',
      'Stonemason',
      'Bonewright',
    ]);
    expect(secondaryProfessions('Chef/Alchemist')).toEqual(['Chef', 'Alchemist']);
    expect(secondaryProfessions('Combat, None')).toEqual([]);
    expect(secondaryProfessions('')).toEqual([]);
  });
});

describe('professionFilterValues', () => {
  it('keeps the filter order first, appends the catalogue extras, hides None and absent ones', () => {
    expect(professionFilterValues(['Delver', 'Miner', 'None', 'Combat', 'Botanist'])).toEqual([
      'Combat',
      'Miner',
      'Botanist',
      'Delver',
    ]);
  });
});
