/**
 * The broad phase's pairs: a hash set keyed by two body slots (the lower first), open addressing with
 * linear probing (Knuth, TAOCP vol. 3 §6.4; deletion by moving later entries of the run back, Algorithm R,
 * so no tombstones accumulate), over flat typed arrays. Each pair has a record index (dense: 0 .. count−1,
 * the last moved into a removed one's place) where the world keeps its state.
 */

const EMPTY = -1;
/** The table's least size over the count (it is filled to at most 3/4). */
const MAX_LOAD_INVERSE = 4 / 3;

export class PairSet {
  /** Each record's two slots (a < b). */
  a: Int32Array;
  b: Int32Array;
  /** Number of pairs. */
  count = 0;
  /**
   * The table: record index per bucket, or EMPTY. Its size is a power of two, at least 4/3 of the count:
   * filled up to three quarters (linear probing then reads about 2.5 buckets a found pair, 8.5 a missing one,
   * Knuth §6.4), not half, as its 4 bytes a bucket are part of a body's memory (issue 37) and the world
   * looks pairs up only for the few leaves an update moves.
   */
  private table: Int32Array;
  private mask: number;
  /** Called when a record moves (from, to), so the caller can move its own state with it. */
  onMove: ((from: number, to: number) => void) | null = null;

  constructor(capacity = 64) {
    let size = 16;
    while (size < MAX_LOAD_INVERSE * capacity) size *= 2;
    this.table = new Int32Array(size).fill(EMPTY);
    this.mask = size - 1;
    this.a = new Int32Array(capacity);
    this.b = new Int32Array(capacity);
  }

  /** The record of pair (x, y) (either order), or −1. */
  find(x: number, y: number): number {
    const lo = x < y ? x : y, hi = x < y ? y : x;
    const t = this.table, m = this.mask;
    for (let i = hash(lo, hi) & m; ; i = (i + 1) & m) {
      const r = t[i];
      if (r === EMPTY) return -1;
      if (this.a[r] === lo && this.b[r] === hi) return r;
    }
  }

  /** Adds pair (x, y) if absent; returns its record and whether it was added (in `added`). */
  add(x: number, y: number): number {
    const lo = x < y ? x : y, hi = x < y ? y : x;
    if (MAX_LOAD_INVERSE * (this.count + 1) > this.table.length) this.rehash(2 * this.table.length);
    const t = this.table, m = this.mask;
    let i = hash(lo, hi) & m;
    for (; ; i = (i + 1) & m) {
      const r = t[i];
      if (r === EMPTY) break;
      if (this.a[r] === lo && this.b[r] === hi) { this.added = false; return r; }
    }
    if (this.count === this.a.length) this.growRecords();
    const r = this.count++;
    this.a[r] = lo; this.b[r] = hi;
    t[i] = r;
    this.added = true;
    return r;
  }

  /** Whether the last `add` added the pair. */
  added = false;

  /** Removes record `r`; the last record moves into its place (onMove tells the caller). */
  removeRecord(r: number): void {
    this.removeFromTable(r);
    const last = --this.count;
    if (r !== last) {
      // Point the last record's bucket at r.
      const t = this.table, m = this.mask, lo = this.a[last], hi = this.b[last];
      for (let i = hash(lo, hi) & m; ; i = (i + 1) & m) {
        if (t[i] === last) { t[i] = r; break; }
      }
      this.a[r] = lo; this.b[r] = hi;
      this.onMove?.(last, r);
    }
  }

  private removeFromTable(r: number): void {
    const t = this.table, m = this.mask;
    let i = hash(this.a[r], this.b[r]) & m;
    while (t[i] !== r) i = (i + 1) & m;
    // Knuth's Algorithm R: move back each later entry of the run that may sit at the freed bucket.
    t[i] = EMPTY;
    for (let j = (i + 1) & m; t[j] !== EMPTY; j = (j + 1) & m) {
      const q = t[j], home = hash(this.a[q], this.b[q]) & m;
      // q may move to i when its home is not in the cyclic range (i, j].
      if (i <= j ? home <= i || home > j : home <= i && home > j) {
        t[i] = q;
        t[j] = EMPTY;
        i = j;
      }
    }
  }

  private rehash(size: number): void {
    this.table = new Int32Array(size).fill(EMPTY);
    this.mask = size - 1;
    const t = this.table, m = this.mask;
    for (let r = 0; r < this.count; r++) {
      let i = hash(this.a[r], this.b[r]) & m;
      while (t[i] !== EMPTY) i = (i + 1) & m;
      t[i] = r;
    }
  }

  private growRecords(): void {
    // (By half again, not twice: the unused tail is part of a body's memory, issue 37.)
    const n = Math.ceil(1.5 * this.a.length);
    const a = new Int32Array(n); a.set(this.a); this.a = a;
    const b = new Int32Array(n); b.set(this.b); this.b = b;
  }
}

/** A hash of two non-negative 32-bit integers (a multiplicative mix; Knuth's golden-ratio constant). */
function hash(lo: number, hi: number): number {
  let h = Math.imul(lo, 0x9e3779b1) ^ hi;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
}
