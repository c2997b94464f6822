import { describe, expect, it } from 'vitest';
import {
  MAX_PRICE_NEEDS_SELL,
  MIN_PRICE_NEEDS_BUY,
  SAVED_SEARCH_EMPTY,
  savedSearchInputSchema,
} from './saved-search';

const issues = (body: unknown) => {
  const result = savedSearchInputSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('savedSearchInputSchema', () => {
  it('takes a name, the browse filters (blanks as none) and a price condition of the matching type', () => {
    const parsed = savedSearchInputSchema.parse({
      name: '  Cheap ore ',
      filters: { q: 'iron ore', type: 'sell', category: '', episode: 'Hopeport' },
      maxUnitPrice: 5000,
    });
    expect(parsed).toEqual({
      name: 'Cheap ore',
      filters: {
        q: 'iron ore',
        type: 'sell',
        category: undefined,
        episode: 'Hopeport',
        profession: undefined,
      },
      maxUnitPrice: 5000,
      minUnitPrice: null,
      webhookUrl: null,
    });
  });

  it('refuses a highest price without Type Sell, a lowest without Type Buy', () => {
    expect(issues({ name: 'a', filters: { q: 'ore' }, maxUnitPrice: 5 })).toEqual([
      `maxUnitPrice: ${MAX_PRICE_NEEDS_SELL}`,
    ]);
    expect(issues({ name: 'a', filters: { type: 'sell' }, minUnitPrice: 5 })).toEqual([
      `minUnitPrice: ${MIN_PRICE_NEEDS_BUY}`,
    ]);
  });

  it('refuses a search that pins nothing, a blank or long name, a bad price, an unknown filter value', () => {
    expect(issues({ name: 'a', filters: { q: '  ' } })).toEqual([`filters: ${SAVED_SEARCH_EMPTY}`]);
    expect(issues({ name: ' ', filters: { q: 'ore' } })).toEqual(['name: Name is required']);
    expect(issues({ name: 'x'.repeat(51), filters: { q: 'ore' } })).toEqual([
      'name: Name can be at most 50 characters',
    ]);
    expect(issues({ name: 'a', filters: { type: 'sell' }, maxUnitPrice: 1.5 })).toEqual([
      'maxUnitPrice: maxUnitPrice must be a whole number of copper',
    ]);
    expect(issues({ name: 'a', filters: { type: 'swap' } })).toEqual([
      'filters.type: type must be one of: buy, sell',
    ]);
  });
});
