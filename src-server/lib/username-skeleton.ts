import unhomoglyph from 'unhomoglyph';
import { normaliseUsername } from '../../src-common/usernames';

/**
 * Confusable skeletons (Unicode TR39 / UTS #39, section 4). `unhomoglyph` (nodeca) ships the prototype
 * mapping of Unicode's confusables.txt (v13.0.0, https://www.unicode.org/Public/security/) and replaces
 * each mapped code point with its prototype; TR39's skeleton is that mapping between two NFD passes.
 */
export const skeleton = (text: string): string => unhomoglyph(text.normalize('NFD')).normalize('NFD');

/**
 * The key two names clash on: the skeleton of the normalised name, lower-cased, repeated until it no
 * longer changes. The skeleton comes first so a capital I still reads as l ("AIice" as "Alice"); the
 * lower-casing makes it case-insensitive like the names themselves ("аlice" with a Cyrillic а, and
 * "ALICE", meet "alice" and "Alice"); and the repeat maps what lower-casing brought up ("0" -> "O" -> "o").
 */
export function usernameSkeleton(name: string): string {
  let key = normaliseUsername(name);
  for (let pass = 0; pass < 4; pass += 1) {
    const next = skeleton(key).toLowerCase();
    if (next === key) break;
    key = next;
  }
  return key;
}
