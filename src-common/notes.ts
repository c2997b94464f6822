/**
 * Free text players type (listing notes, offer messages). Characters and patterns that look like injection
 * attempts are stripped; the form applies it live and the server applies it again.
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

/** What was taken out of a text, each distinct piece once, in the order found. */
function strip(text: string): { result: string; removed: string[] } {
  const removed = new Set<string>();
  let current = text;
  for (;;) {
    const next = STRIPPED.reduce(
      (value, pattern) =>
        value.replace(pattern, (match) => {
          removed.add(match);
          return '';
        }),
      current,
    );
    if (next === current) return { result: next, removed: [...removed] };
    current = next;
  }
}

/**
 * Removes every stripped pattern. It repeats until nothing changes, because removing one pattern can
 * join the pieces of another ("java;script:" becomes "javascript:", "-;-" becomes "--").
 */
export function stripNotes(text: string): string {
  return strip(text).result;
}

/** Why the text a player typed or pasted changed: null when stripNotes keeps it as it is. */
export function explainStripped(text: string): string | null {
  const { removed } = strip(text);
  if (removed.length === 0) return null;
  return `Not allowed in notes, so removed: ${removed.map((piece) => piece.trim() || piece).join('  ')}`;
}
