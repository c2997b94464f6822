import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  IGN_CHARACTERS_MESSAGE,
  IGN_FIELD_PATTERN,
  IGN_LENGTH_MESSAGE,
  ignFieldSchema,
  normaliseIgn,
} from './ign';

const parse = (value: unknown) => ignFieldSchema.safeParse(value);
const problem = (value: unknown) => {
  const result = parse(value);
  return result.success ? null : result.error.issues[0].message;
};

describe('in-game name', () => {
  it.each([
    ['a plain name', 'Bo', 'Bo'],
    ['letters, digits and single spaces', 'Iron Man 3', 'Iron Man 3'],
    ['a name with its #number', 'Name#566', 'Name#566'],
    ['20 characters before the #number', 'A'.repeat(20) + '#123456', 'A'.repeat(20) + '#123456'],
    ['spaces around it trimmed', '  Bo Bold  ', 'Bo Bold'],
    ['runs of spaces made one', 'Bo    Bold', 'Bo Bold'],
    ['spaces around the # removed', 'Bo # 12', 'Bo#12'],
  ])('accepts %s', (_label, input, stored) => {
    expect(parse(input)).toEqual({ success: true, data: stored });
  });

  it.each([
    ['blank', '   '],
    ['empty', ''],
    ['null', null],
  ])('clears it when %s', (_label, input) => {
    expect(parse(input)).toEqual({ success: true, data: null });
  });

  it.each([
    ['punctuation', 'Bo_Bold'],
    ['an accented letter', 'Zoë'],
    ['a # with no number', 'Bo#'],
    ['a # with letters', 'Bo#abc'],
    ['two #', 'Bo#1#2'],
    ['a number of 7 digits', 'Bo#1234567'],
    ['only a #number', '#566'],
    ['a zero-width space', 'Bo\u200bBold'],
  ])('refuses %s', (_label, input) => {
    expect(problem(input)).toBe(IGN_CHARACTERS_MESSAGE);
  });

  it('refuses a name over 20 characters', () => {
    expect(problem('A'.repeat(21))).toBe(IGN_LENGTH_MESSAGE);
    expect(problem('A'.repeat(21) + '#1')).toBe(IGN_LENGTH_MESSAGE);
    expect(problem('A'.repeat(500))).toBe(IGN_LENGTH_MESSAGE);
  });

  it('refuses what is not text', () => {
    expect(problem(42)).toBe('In-game name must be text');
  });

  it('normalises as it stores', () => {
    expect(normaliseIgn(' a \t b # 7 ')).toBe('a b#7');
  });
});

describe("the API document's pattern for the field", () => {
  const pattern = new RegExp(IGN_FIELD_PATTERN, 'u');
  // Names built from the pieces that matter: letters and digits, every kind of space, '#', and a few
  // characters either engine might call a space or a letter.
  const piece = fc.constantFrom(
    'a',
    'Zz',
    '7',
    '0',
    ' ',
    '  ',
    '\t',
    '\n',
    '\u00a0',
    '\u3000',
    '\ufeff',
    '\u0085',
    '\u001e',
    '#',
    'é',
    '_',
    'abcdefghij',
  );
  const typed = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));

  it('matches exactly what the schema accepts', () => {
    fc.assert(
      fc.property(typed, (value) => {
        expect(pattern.test(value)).toBe(ignFieldSchema.safeParse(value).success);
      }),
      { numRuns: 20_000 },
    );
  });

  it.each([
    ['a name with its number and spaces around', '  Bo  Lin # 566 ', true],
    ['twenty characters once the gaps count as one', 'abcdefghij      abcdefghi', true],
    ['twenty-one', 'abcdefghij      abcdefghij', false],
    ['a number alone', '#566', false],
    ['a space that is not one to JavaScript', 'Bo\u0085Lin', false],
  ])('%s: %s', (_, value, accepted) => {
    expect(pattern.test(value)).toBe(accepted);
    expect(ignFieldSchema.safeParse(value).success).toBe(accepted);
  });
});
