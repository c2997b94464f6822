import { describe, expect, it } from 'vitest';
import { countLabel } from './count-label';

describe('countLabel', () => {
  it('uses the singular for exactly one', () => {
    expect(countLabel(1, 'Active Listing', 'Active Listings')).toBe('1 Active Listing');
  });

  it('uses the plural for zero, several and fractions', () => {
    expect(countLabel(0, 'Active Listing', 'Active Listings')).toBe('0 Active Listings');
    expect(countLabel(2, 'item', 'items')).toBe('2 items');
    expect(countLabel(1.5, 'item', 'items')).toBe('1.5 items');
  });

  it('groups thousands', () => {
    expect(countLabel(9007, 'item', 'items')).toBe('9,007 items');
  });
});
