import { describe, expect, it } from 'vitest';
import { itemInitials } from './item-image';

describe('itemInitials (the tile shown when an item image cannot load)', () => {
  it('takes the first letters of the first two words', () => {
    expect(itemInitials('Perfect Oak Log')).toBe('PO');
    expect(itemInitials('empty gas leech')).toBe('EG');
  });

  it('takes two letters of a one-word name', () => {
    expect(itemInitials('Rapier')).toBe('RA');
  });

  it('skips punctuation and falls back to a question mark', () => {
    expect(itemInitials("Jack's (Broken) Pick")).toBe('JB');
    expect(itemInitials('  ')).toBe('?');
  });
});
