/**
 * A set of small non-negative integers (the listing index's slots) as bits: the browse filters are
 * intersected a machine word at a time and counted without visiting the listings.
 */
export class Bitset {
  words: Uint32Array;

  constructor(capacity = 1024) {
    this.words = new Uint32Array(Math.ceil(capacity / 32));
  }

  private ensure(bit: number): void {
    const needed = (bit >>> 5) + 1;
    if (needed <= this.words.length) return;
    const grown = new Uint32Array(Math.max(needed, this.words.length * 2));
    grown.set(this.words);
    this.words = grown;
  }

  add(bit: number): void {
    this.ensure(bit);
    this.words[bit >>> 5] |= 1 << (bit & 31);
  }

  delete(bit: number): void {
    if (bit >>> 5 < this.words.length) this.words[bit >>> 5] &= ~(1 << (bit & 31));
  }

  has(bit: number): boolean {
    const word = bit >>> 5;
    return word < this.words.length && (this.words[word] & (1 << (bit & 31))) !== 0;
  }

  /** Becomes a copy of `other`, reusing its own memory when it is large enough. */
  copyFrom(other: Bitset): this {
    if (this.words.length < other.words.length) this.words = new Uint32Array(other.words.length);
    this.words.set(other.words);
    this.words.fill(0, other.words.length);
    return this;
  }

  clear(): this {
    this.words.fill(0);
    return this;
  }

  /** Keeps only the members that `other` holds too. */
  intersect(other: Bitset): this {
    const shared = Math.min(this.words.length, other.words.length);
    for (let i = 0; i < shared; i++) this.words[i] &= other.words[i];
    this.words.fill(0, shared);
    return this;
  }

  get size(): number {
    let count = 0;
    for (let i = 0; i < this.words.length; i++) {
      // Population count of one 32-bit word (Hacker's Delight 5-2).
      let v = this.words[i];
      v -= (v >>> 1) & 0x55555555;
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      count += (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
    }
    return count;
  }

  /** Every member, ascending. */
  *[Symbol.iterator](): IterableIterator<number> {
    for (let i = 0; i < this.words.length; i++) {
      let v = this.words[i];
      while (v !== 0) {
        const low = v & -v;
        yield i * 32 + (31 - Math.clz32(low));
        v ^= low;
      }
    }
  }
}
