import { describe, expect, it } from 'vitest';
import { cleanTier, draftFromCopper, draftToCopper } from './price-draft';
import { digitsOnly } from './digits';
import { priceInWords } from './price-tiers';

describe('price entry fields', () => {
  it('keep digits only, at most three, 0-999; empty stays empty', () => {
    expect(cleanTier('12a3')).toBe('123');
    expect(cleanTier('1234')).toBe('123');
    expect(cleanTier('007')).toBe('7');
    expect(cleanTier('')).toBe('');
    expect(digitsOnly('4-5 6', 2)).toBe('45');
  });

  it('join the tiers into copper, empty fields counting as 0', () => {
    expect(draftToCopper({ platinum: '1', gold: '', silver: '250', copper: '3' })).toBe(1_000_250_003);
  });

  it('prefill from an amount, leaving zero tiers empty', () => {
    expect(draftFromCopper(2_500_000)).toEqual({ platinum: '', gold: '2', silver: '500', copper: '' });
  });

  it('read an amount in words', () => {
    expect(priceInWords(1_000_250_003)).toBe('1 platinum 250 silver 3 copper');
    expect(priceInWords(0)).toBe('0 copper');
  });
});
