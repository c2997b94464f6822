import { describe, expect, it } from 'vitest';
import { skeleton, usernameSkeleton } from './username-skeleton';

describe('skeleton (UTS #39)', () => {
  it('maps confusables to their prototype, as the examples of UTS #39 do', () => {
    expect(skeleton('\u0410')).toBe('A'); // Cyrillic capital A
    expect(skeleton('paypal')).toBe(skeleton('pаypаl')); // Cyrillic а
    expect(skeleton('m')).toBe('rn');
    expect(skeleton('1')).toBe('l');
  });
});

describe('usernameSkeleton', () => {
  it.each([
    ['a Cyrillic capital А', '\u0410lice'],
    ['a Cyrillic small а', '\u0430lice'],
    ['a fullwidth Ａ', '\uff21lice'],
    ['a capital I for the l', 'AIice'],
    ['a digit 1 for the l', 'A1ice'],
    ['another case', 'aLiCe'],
  ])('gives %s the skeleton of Alice', (_label, name) => {
    expect(usernameSkeleton(name)).toBe(usernameSkeleton('Alice'));
  });

  it('keeps names that look different apart', () => {
    expect(usernameSkeleton('Alicia')).not.toBe(usernameSkeleton('Alice'));
    expect(usernameSkeleton('Alicé')).not.toBe(usernameSkeleton('Alice'));
    expect(usernameSkeleton('नमस्ते')).toBe('नमस्ते');
  });

  it('sees "rn" and "m" as the same name', () => {
    expect(usernameSkeleton('rnike')).toBe(usernameSkeleton('mike'));
  });
});
