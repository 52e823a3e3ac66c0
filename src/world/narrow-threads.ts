/**
 * The world's narrow phase across threads (`updateAsync` on a world made with `threads`): the pairs queued
 * for the exact query are laid out as entries, rows of numbers (pair-kernel.ts) that every thread fills with
 * the same function; with shared memory each thread claims small chunks of them until none is left (so all
 * finish together whatever each pair costs), without it each worker gets a share and this thread the first.
 * The world settles the rows in its own order once all are back, so the answers, their order and every
 * event are those of `update()`.
 *
 * The world layer does not know the pool: a BatchPool (threads/batch-pool.ts) is a WorldThreads
 * (work-sharing.ts), and carries a NarrowJob's shapes, poses and rows to its workers.
 */
import type { Compound } from '../query/parted/compound.js';
import { kindIndex } from '../query/pair/dispatch.js';
import { BUILT_IN_KINDS, type ConvexShape, type Shape } from '../shapes/shape.js';
import { ROW, ROW_CACHE, type PairKernel } from './pair-kernel.js';
import { CLAIM_CHUNK, dealShares, SHARED, sharedFloat64, sharedInt32, type WorldJob, type WorldThreads } from '../work-sharing.js';

export type { WorldJob, WorldThreads } from '../work-sharing.js';

/** The kind index of a user's own support map (SHAPE_KINDS: the built-in kinds, then 'custom'). */
const CUSTOM = BUILT_IN_KINDS.length;

/**
 * One update's queued pairs as the threads see them: entries 0 to `claimable − 1` are the pairs any thread
 * may run, in the world's order (grouped by pair of kinds); the rest, pairs with a body of the user's own
 * code, are this thread's.
 */
export class NarrowJob implements WorldJob {
  readonly plane = false;
  readonly rowWidth = ROW;
  /** The bodies' shapes by slot (the pool sends them to the workers when `shapesVersion` changes). */
  shapes: readonly (Shape | null)[] = [];
  shapesVersion = 0;
  /** Per slot, 1 when its shape runs code of the user's (a support map of theirs): its pairs stay here. */
  local: Uint8Array = new Uint8Array(0);
  /** The bodies' frames (Bodies.frames) and how many numbers of it are in use. */
  frames: Float64Array = new Float64Array(0);
  frameLength = 0;
  /** The queued pairs: their two slots, and a row each (pair-kernel.ts: a warm start in, an answer out); shared memory where there is some. */
  pairs: Int32Array<ArrayBufferLike> = sharedInt32(128);
  rows: Float64Array<ArrayBufferLike> = sharedFloat64(ROW * 64);
  /** With manifolds: a manifold row per entry (manifold-row.ts) of `manifoldRow` numbers, and at most `maxPoints` points. */
  manifoldRows: Float64Array<ArrayBufferLike> = new Float64Array(0);
  count = 0;
  claimable = 0;
  /** With shared memory, the next entry to claim (every thread adds CLAIM_CHUNK to it); else null. */
  claim: Int32Array<ArrayBufferLike> | null = null;
  private readonly counter: Int32Array<ArrayBufferLike> | null = SHARED ? sharedInt32(1) : null;
  /** Threads at work: this one and `shares − 1` workers. */
  shares = 0;
  /** Without shared memory: share s is entries shareStart[s] to shareStart[s + 1] − 1 (share 0 is this thread's). */
  shareStart = new Int32Array(10);
  /** Each queued pair's entry (by its index in the world's order). */
  entryOf = new Int32Array(64);

  constructor(readonly margin: number, readonly maxPoints: number, readonly manifoldRow: number) {}

  /**
   * Lays out `count` queued pairs (records `order[i]`, bodies `a[r]`, `b[r]`) as entries for this thread and
   * the workers of `threads`: the pairs any thread may run first, in the world's order, then those with a body
   * of the user's own code. Copies each pair's warm start (`cacheDir`, `cacheValid` by record) into its row.
   */
  deal(order: Int32Array, count: number, a: Int32Array, b: Int32Array, threads: WorldThreads, cacheDir: Float64Array, cacheValid: Uint8Array): void {
    if (this.entryOf.length < count) {
      this.entryOf = new Int32Array(2 * count);
      this.pairs = sharedInt32(4 * count);
      this.rows = sharedFloat64(2 * ROW * count);
    }
    // (Its own test: the first arrays hold 64 entries, and manifold rows none.)
    if (this.manifoldRows.length < this.manifoldRow * count) this.manifoldRows = sharedFloat64(2 * this.manifoldRow * count);
    const local = this.local, entryOf = this.entryOf;
    let claimable = 0;
    for (let i = 0; i < count; i++) { const r = order[i]; if (local[a[r]] === 0 && local[b[r]] === 0) claimable++; }
    for (let i = 0, free = 0, own = claimable; i < count; i++) {
      const r = order[i];
      entryOf[i] = local[a[r]] === 0 && local[b[r]] === 0 ? free++ : own++;
    }
    this.count = count;
    this.claimable = claimable;
    dealShares(this, claimable, threads, this.counter);
    const pairs = this.pairs, rows = this.rows;
    for (let i = 0; i < count; i++) {
      const r = order[i], e = entryOf[i], o = ROW * e + ROW_CACHE;
      pairs[2 * e] = a[r]; pairs[2 * e + 1] = b[r];
      rows[o] = cacheDir[3 * r]; rows[o + 1] = cacheDir[3 * r + 1]; rows[o + 2] = cacheDir[3 * r + 2]; rows[o + 3] = cacheValid[r];
    }
  }
}

/**
 * Runs entries with `kernel` on `shapes` (by slot) and the bodies' `frames`, of `pairs` into `rows` (and,
 * with `manifoldRow` > 0, `manifoldRows`): with `claim`, chunks claimed until none below `to` is left;
 * else entries `from` to `to − 1`. The loop every thread runs.
 */
export function runEntries(kernel: PairKernel, shapes: readonly (Shape | null)[], frames: Float64Array<ArrayBufferLike>, pairs: Int32Array<ArrayBufferLike>,
  rows: Float64Array<ArrayBufferLike>, manifoldRows: Float64Array<ArrayBufferLike>, claim: Int32Array<ArrayBufferLike> | null, from: number, to: number): void {
  let start = claim === null ? from : Atomics.add(claim, 0, CLAIM_CHUNK);
  // Each claim takes CLAIM_CHUNK entries; the counter only grows, so the loop ends once it passes `to`.
  while (start < to) {
    const end = claim === null ? to : Math.min(to, start + CLAIM_CHUNK), m = kernel.manifoldRow;
    for (let e = start; e < end; e++) {
      const a = pairs[2 * e], b = pairs[2 * e + 1];
      if (m > 0) kernel.runWithManifold(shapes[a]!, shapes[b]!, frames, a, b, rows, ROW * e, manifoldRows, m * e);
      else kernel.run(shapes[a]!, shapes[b]!, frames, a, b, rows, ROW * e);
    }
    start = claim === null ? to : Atomics.add(claim, 0, CLAIM_CHUNK);
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
