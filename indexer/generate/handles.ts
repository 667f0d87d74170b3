/**
 * The handles given so far, case-insensitively, in a compact open-addressing table of 32-bit hashes: 8 bytes a
 * handle off the JavaScript heap, where a Set of strings would hold ~60 bytes each on it and keep the garbage
 * collector busy at a million creators. A hash collision can only make a free handle look taken (it then gets
 * digits appended, deterministically), never the reverse, so handles stay unique.
 */
export class HandleSet {
  private readonly table: Uint32Array;
  private readonly mask: number;
  private count = 0;

  /** Room for `expected` handles at a load of at most 1/2. */
  constructor(expected: number) {
    let capacity = 1024;
    while (capacity < expected * 2) capacity *= 2;
    this.table = new Uint32Array(capacity);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.count;
  }

  has(handle: string): boolean {
    const hash = hashLowerCase(handle);
    for (let i = hash & this.mask; ; i = (i + 1) & this.mask) {
      const slot = this.table[i];
      if (slot === 0) return false;
      if (slot === hash) return true;
    }
  }

  /** Adds a handle; returns false when it (or one with the same hash) was already there. */
  add(handle: string): boolean {
    if (this.count + 1 > this.table.length * 0.75) throw new Error('HandleSet is full');
    const hash = hashLowerCase(handle);
    let i = hash & this.mask;
    for (; this.table[i] !== 0; i = (i + 1) & this.mask) if (this.table[i] === hash) return false;
    this.table[i] = hash;
    this.count += 1;
    return true;
  }
}

/** FNV-1a over the ASCII-lower-cased text, then murmur3's finalizer to spread the bits; never 0 (0 is empty). */
function hashLowerCase(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    h = Math.imul(h ^ c, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0 || 1;
}
