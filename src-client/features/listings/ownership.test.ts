import { describe, expect, it } from 'vitest';
import { isListingOwner } from './ownership';

const alice = { id: 7, username: 'Alice' };

describe('isListingOwner', () => {
  it('decides by account id when the listing has one', () => {
    expect(isListingOwner({ userId: 7, seller: 'someone else' }, alice)).toBe(true);
    expect(isListingOwner({ userId: 8, seller: 'Alice' }, alice)).toBe(false);
  });

  it('without one, compares the names trimmed, case-insensitively, in their NFKC form', () => {
    expect(isListingOwner({ userId: 0, seller: ' ＡＬＩＣＥ ' }, alice)).toBe(true);
    expect(isListingOwner({ userId: 0, seller: '\u0410lice' }, alice)).toBe(false);
  });

  it('is false with no session', () => {
    expect(isListingOwner({ userId: 7, seller: 'Alice' }, null)).toBe(false);
  });
});
