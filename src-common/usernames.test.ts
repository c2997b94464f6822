import { describe, expect, it } from 'vitest';
import { registerSchema, updateUsernameSchema } from './schemas/auth';
import {
  escapedLegacyUsername,
  sameUsername,
  toAllowedUsername,
  USERNAME_CHARACTERS_MESSAGE,
  USERNAME_SPACES_MESSAGE,
  usernameKey,
} from './usernames';

const parse = (username: string) => updateUsernameSchema.safeParse({ username });
const problem = (username: string) => {
  const result = parse(username);
  return result.success ? null : result.error.issues[0].message;
};

describe('username rules', () => {
  it.each([
    ['plain', 'Alice'],
    ['digits, space, _ - .', 'Big Bob_2-x.y'],
    ['Cyrillic letters', 'Алиса'],
    ['CJK', '山田太郎'],
    ['Devanagari with its combining marks', 'नमस्ते'],
    ['Vietnamese', 'Nguyễn Văn'],
  ])('accepts %s', (_label, name) => {
    expect(parse(name)).toEqual({ success: true, data: { username: name } });
  });

  it('stores the NFKC form: fullwidth and ligature spellings become plain ones', () => {
    expect(parse('Ａｌｉｃｅ').data).toEqual({ username: 'Alice' });
    expect(parse('ﬁsher').data).toEqual({ username: 'fisher' });
    expect(parse('Bob\u00a0Smith').data).toEqual({ username: 'Bob Smith' });
  });

  it('trims surrounding spaces and still counts the length after normalising', () => {
    expect(parse('  Bob  ').data).toEqual({ username: 'Bob' });
    expect(problem('  ab ')).toBe('Username must be at least 3 characters');
    expect(problem('')).toBe('Username is required');
    expect(problem('x'.repeat(33))).toBe('Username must be at most 32 characters');
  });

  it.each([
    ['a zero-width space', 'Ali\u200bce'],
    ['a zero-width joiner', 'Ali\u200dce'],
    ['a soft hyphen', 'Ali\u00adce'],
    ['a right-to-left override', 'Bob\u202eevil'],
    ['a trailing bidi override', 'Bob\u202e'],
    ['NUL', 'Bob\u0000x'],
    ['a newline', 'Bob\nx'],
    ['a trailing newline', 'Bob\n'],
    ['a tab', 'Bob\tx'],
    ['a script tag', '<script>'],
    ['a Hangul filler (an invisible letter)', 'Bob\u3164'],
    ['a variation selector', 'Bob\ufe0f'],
    ['a combining grapheme joiner', 'Bo\u034fb'],
    ['a leading combining mark', '\u0301Bob'],
    ['a mark on a space', 'Bob \u0301x'],
    ['a pile of marks', 'Bob\u0301\u0302\u0303\u0304'],
    ['an emoji', 'Bob😀'],
    ['an @', 'bob@home'],
  ])('refuses %s', (_label, name) => {
    expect(problem(name)).toBe(USERNAME_CHARACTERS_MESSAGE);
  });

  it('refuses two spaces in a row', () => {
    expect(problem('Big  Bob')).toBe(USERNAME_SPACES_MESSAGE);
    expect(problem('Big\u3000 Bob')).toBe(USERNAME_SPACES_MESSAGE);
  });

  it('applies the same rules at registration', () => {
    const result = registerSchema.safeParse({
      username: 'Ali\u200bce',
      email: 'a@b.co',
      password: 'secret1',
    });
    expect(result.error!.issues[0]).toMatchObject({
      path: ['username'],
      message: USERNAME_CHARACTERS_MESSAGE,
    });
  });
});

describe('usernameKey / sameUsername', () => {
  it('compares on the normalised, case-insensitive form', () => {
    expect(usernameKey(' Ａlice ')).toBe('alice');
    expect(sameUsername('ALICE', 'ａｌｉｃｅ')).toBe(true);
    expect(sameUsername('Alice', '\u0410lice')).toBe(false);
  });
});

describe('escapedLegacyUsername', () => {
  it('spells out the code points a name from before the rules should not hold', () => {
    expect(escapedLegacyUsername('Bob\u202e')).toBe('Bob\\u{202E}');
    expect(escapedLegacyUsername('Ａlice')).toBe('\\u{FF21}lice');
    expect(escapedLegacyUsername('Ali\u200bce<b>')).toBe('Ali\\u{200B}ce\\u{003C}b\\u{003E}');
  });

  it('is null for a name that follows the rules', () => {
    expect(escapedLegacyUsername('Alice')).toBeNull();
    expect(escapedLegacyUsername('नमस्ते')).toBeNull();
  });
});

describe('toAllowedUsername', () => {
  it('drops what the rules refuse from a name chosen elsewhere', () => {
    expect(toAllowedUsername('cool\u200b  guy!!')).toBe('cool guy');
    expect(toAllowedUsername('ｊｏｅ')).toBe('joe');
  });
});
