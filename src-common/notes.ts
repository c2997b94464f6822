/**
 * Free text players type (listing notes, offer messages). The spec strips characters and patterns
 * that look like injection attempts; the form applies it live and the server applies it again.
 */
export const NOTES_MAX = 300;

const STRIPPED: readonly RegExp[] = [
  /['"`;\\]/g,
  /--/g,
  /\/\*|\*\//g,
  /<\s*\/?\s*script\b[^>]*>?/gi,
  /j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:/gi,
  /\bon[a-z]+\s*=/gi,
];

/**
 * Removes every stripped pattern. It repeats until nothing changes, because removing one pattern can
 * join the pieces of another ("java;script:" becomes "javascript:", "-;-" becomes "--").
 */
export function stripNotes(text: string): string {
  let current = text;
  for (;;) {
    const next = STRIPPED.reduce((value, pattern) => value.replace(pattern, ''), current);
    if (next === current) return next;
    current = next;
  }
}
