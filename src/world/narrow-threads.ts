/**
 * The world's narrow phase across threads (`updateAsync` on a world made with `threads`): the pairs queued
 * for the exact query are dealt into shares, share 0 for this thread and one for each worker, as rows of
 * numbers (pair-kernel.ts) that every thread fills with the same function; the world settles them in its
 * own order once all are back, so the answers, their order and every event are those of `update()`.
 *
 * The world layer does not know the pool: a BatchPool (threads/batch-pool.ts) is a WorldThreads, and
 * carries a NarrowJob's shapes, poses and rows to its workers.
 */
import type { Compound } from '../query/parted/compound.js';
import { kindIndex } from '../query/pair/dispatch.js';
import { BUILT_IN_KINDS, type ConvexShape, type Shape } from '../shapes/shape.js';
import { ROW, ROW_CACHE } from './pair-kernel.js';

/** What a world needs of a pool of worker threads: BatchPool is one. */
export interface WorldThreads {
  /** Number of worker threads. */
  readonly threads: number;
  /**
   * Starts shares 1 to `job.shares − 1` of `job` on the workers (share s on worker s − 1) and resolves once
   * their rows are in `job.rows`; rejects if a worker fails. Posts before it returns, so this thread can
   * fill share 0 meanwhile.
   */
  narrowPhase(job: NarrowJob): Promise<void>;
}

/** The kind index of a user's own support map (SHAPE_KINDS: the built-in kinds, then 'custom'). */
const CUSTOM = BUILT_IN_KINDS.length;
/** A share below this many pairs is not worth a worker's message (tens of microseconds; a pair a few). */
const MIN_SHARE = 128;

/** One update's queued pairs as the threads see them. */
export class NarrowJob {
  /** The bodies' shapes by slot (the pool sends them to the workers when `shapesVersion` changes). */
  shapes: readonly (Shape | null)[] = [];
  shapesVersion = 0;
  /** Per slot, 1 when its shape runs code of the user's (a support map of theirs): its pairs stay in share 0. */
  local: Uint8Array = new Uint8Array(0);
  /** The bodies' frames (Bodies.frames) and how many numbers of it are in use. */
  frames: Float64Array = new Float64Array(0);
  frameLength = 0;
  /** The queued pairs: their two slots, and a row each (pair-kernel.ts: a warm start in, an answer out). */
  pairs = new Int32Array(128);
  rows = new Float64Array(ROW * 64);
  count = 0;
  /** Share s holds entries shareStart[s] to shareStart[s + 1] − 1; share 0 is this thread's. */
  shareStart = new Int32Array(10);
  shares = 0;
  /** Each queued pair's entry (by its index in the world's order). */
  entryOf = new Int32Array(64);

  constructor(readonly margin: number) {}

  /**
   * Deals `count` queued pairs (records `order[i]`, bodies `a[r]`, `b[r]`) into shares for this thread and
   * `threads` workers, round-robin in the world's order (so each share runs the pairs grouped by kind, and
   * the costly kinds are spread); a pair with a body of the user's own code goes to share 0. Copies each
   * pair's warm start (`cacheDir`, `cacheValid` by record) into its row.
   */
  deal(order: Int32Array, count: number, a: Int32Array, b: Int32Array, threads: number, cacheDir: Float64Array, cacheValid: Uint8Array): void {
    const shares = Math.max(1, Math.min(threads + 1, Math.floor(count / MIN_SHARE)));
    this.shares = shares;
    this.count = count;
    if (this.entryOf.length < count) {
      this.entryOf = new Int32Array(2 * count);
      this.pairs = new Int32Array(4 * count);
      this.rows = new Float64Array(2 * ROW * count);
    }
    if (this.shareStart.length < shares + 1) this.shareStart = new Int32Array(shares + 1);
    const start = this.shareStart, local = this.local, entryOf = this.entryOf;
    // Each pair's share (into entryOf for now) and the shares' sizes; then where each share begins.
    start.fill(0);
    for (let i = 0, next = 0; i < count; i++) {
      const r = order[i];
      let s = 0;
      if (local[a[r]] === 0 && local[b[r]] === 0) { s = next; next = next + 1 === shares ? 0 : next + 1; }
      entryOf[i] = s;
      start[s + 1]++;
    }
    for (let s = 0; s < shares; s++) start[s + 1] += start[s];
    // Each pair's entry: the next free one of its share (start[s] walks through share s, then is reset).
    for (let i = 0; i < count; i++) entryOf[i] = start[entryOf[i]]++;
    for (let s = shares; s > 0; s--) start[s] = start[s - 1];
    start[0] = 0;
    const pairs = this.pairs, rows = this.rows;
    for (let i = 0; i < count; i++) {
      const r = order[i], e = entryOf[i], o = ROW * e + ROW_CACHE;
      pairs[2 * e] = a[r]; pairs[2 * e + 1] = b[r];
      rows[o] = cacheDir[3 * r]; rows[o + 1] = cacheDir[3 * r + 1]; rows[o + 2] = cacheDir[3 * r + 2]; rows[o + 3] = cacheValid[r];
    }
  }
}

/**
 * Whether `shape` runs code of the user's: a support map of theirs, or a built-in wrapper or compound
 * holding one (a worker cannot have it: its function lives in this thread).
 */
export function runsUserCode(shape: Shape): boolean {
  if (kindIndex(shape) === CUSTOM) return true;
  switch (shape.kind) {
    case 'rounded': case 'scaled': return runsUserCode(shape.shape);
    case 'minkowskiSum': return runsUserCode(shape.a) || runsUserCode(shape.b);
    case 'compound': return (shape as Compound).shapes.some((s: ConvexShape) => runsUserCode(s));
    default: return false;
  }
}
