/**
 * What a username may be, so no one can pass for another through their name. Names are kept in Unicode NFKC,
 * so a fullwidth or ligature spelling is the same name as its plain one, and are made of letters and
 * digits of any script, single spaces, `_`, `-` and `.`.
 *
 * Combining marks (`\p{M}`) are allowed after a letter or digit: NFKC leaves them in place, and without
 * them Devanagari, Tamil, Thai and other scripts cannot write a name at all (नमस्ते is न म + virama +
 * स + vowel sign). More than three marks on one character is refused, which stops "Zalgo" stacks
 * that draw over their neighbours. Default-ignorable code points are refused even when their category
 * would pass, since they draw nothing: zero-width spaces and joiners, soft hyphens, bidi controls,
 * variation selectors and the Hangul fillers (which are letters).
 */

export const USERNAME_CHARACTERS_MESSAGE = 'Username can only contain letters, numbers, spaces, _, - and .';
export const USERNAME_SPACES_MESSAGE = 'Username cannot contain two spaces in a row';

const ALLOWED = /^[\p{L}\p{N}\p{M} _.-]*$/u;
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
/** A mark at the start or on a space or punctuation, or a fourth mark in a row. */
const STRAY_MARK = /(?:^|[ _.-])\p{M}|\p{M}{4}/u;

/** The stored and compared form of a typed name: NFKC, without the spaces around it. */
export const normaliseUsername = (raw: string): string => raw.normalize('NFKC').replace(/^ +| +$/g, '');

/**
 * The form names are looked up and compared in: normalised and case-insensitive. Resolve, the
 * ownership check and the unique index all use it.
 */
export const usernameKey = (name: string): string => name.normalize('NFKC').trim().toLowerCase();

export const sameUsername = (a: string, b: string): boolean => usernameKey(a) === usernameKey(b);

/** The message for the first character rule a normalised name breaks, or null. Length is checked apart. */
export function usernameCharacterProblem(name: string): string | null {
  if (!ALLOWED.test(name) || INVISIBLE.test(name) || STRAY_MARK.test(name)) {
    return USERNAME_CHARACTERS_MESSAGE;
  }
  if (name.includes('  ')) return USERNAME_SPACES_MESSAGE;
  return null;
}

/** In a name that breaks the rules, the code points worth spelling out (marks, since they may pile up). */
const isUnusual = (char: string): boolean =>
  char.normalize('NFKC') !== char || !ALLOWED.test(char) || INVISIBLE.test(char) || /\p{M}/u.test(char);

/**
 * A name from before the rules (it keeps working) with its unusual code points spelled out, for the
 * admin panel: `Bob\u202E` becomes `Bob\u{202E}`. Null when the name follows today's rules.
 */
export function escapedLegacyUsername(name: string): string | null {
  if (normaliseUsername(name) === name && usernameCharacterProblem(name) === null) return null;
  return Array.from(name, (char) =>
    isUnusual(char) ? `\\u{${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}}` : char,
  ).join('');
}

/**
 * A name that follows the rules, made from a name chosen elsewhere (Discord, whose usernames are
 * plain ASCII today): anything but letters, digits, spaces, `_`, `-` and `.` dropped, spaces collapsed.
 * The caller pads or cuts it to the length limits.
 */
export const toAllowedUsername = (raw: string): string =>
  raw
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} _.-]|\p{Default_Ignorable_Code_Point}/gu, '')
    .replace(/ {2,}/g, ' ')
    .trim();
