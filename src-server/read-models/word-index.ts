import { Bitset } from './bitset';

/** Index of the first element of a sorted list not less than `key`. */
function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * An inverted index from folded words to the slots whose text holds them, for search at word starts:
 * the distinct words are kept sorted, so the words a prefix starts are one contiguous run found by
 * binary search, and the answer is the union of their postings.
 *
 * The market's words are few (item names from the catalogue, sellers, a vocabulary of notes) and
 * repeat across listings, so a new word (one splice into the sorted list) is rare and most writes only
 * add a slot to existing postings.
 */
export class WordIndex {
  private sorted: string[] = [];
  private readonly postings = new Map<string, Set<number>>();

  /** Builds from scratch in bulk: one sort of the distinct words rather than a splice for each. */
  load(entries: Iterable<[slot: number, words: readonly string[]]>): void {
    this.postings.clear();
    for (const [slot, words] of entries) {
      for (const word of words) {
        const slots = this.postings.get(word);
        if (slots) slots.add(slot);
        else this.postings.set(word, new Set([slot]));
      }
    }
    this.sorted = [...this.postings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  add(slot: number, words: readonly string[]): void {
    for (const word of words) {
      const slots = this.postings.get(word);
      if (slots) {
        slots.add(slot);
        continue;
      }
      this.postings.set(word, new Set([slot]));
      this.sorted.splice(lowerBound(this.sorted, word), 0, word);
    }
  }

  remove(slot: number, words: readonly string[]): void {
    for (const word of words) {
      const slots = this.postings.get(word);
      if (!slots) continue;
      slots.delete(slot);
      if (slots.size > 0) continue;
      this.postings.delete(word);
      this.sorted.splice(lowerBound(this.sorted, word), 1);
    }
  }

  /** Adds to `into` every slot with a word that starts with `prefix`. */
  collectPrefix(prefix: string, into: Bitset): Bitset {
    for (let i = lowerBound(this.sorted, prefix); i < this.sorted.length; i++) {
      const word = this.sorted[i];
      if (!word.startsWith(prefix)) break;
      for (const slot of this.postings.get(word)!) into.add(slot);
    }
    return into;
  }

  /** How many distinct words are held (for the benchmark's note on memory). */
  get vocabulary(): number {
    return this.sorted.length;
  }
}
