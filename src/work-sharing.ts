/**
 * How the worlds share an update's narrow phase with a pool of worker threads, in space (world/narrow-threads.ts)
 * and in the plane (2d/world/narrow-job2.ts): what a world asks of the pool (WorldThreads), what the pool
 * needs of one update (WorldJob), and the shared memory the threads claim entries from. Neither world knows the
 * pool (threads/batch-pool.ts), and this file knows no geometry: the plane's entry imports it without any 3D code.
 */

/**
 * What a world needs of a pool of worker threads (`WorldOptions.threads`): a `BatchPool` from
 * `convex-collide/threads` is one.
 */
export interface WorldThreads {
  /** Number of worker threads. */
  readonly threads: number;
  /** Whether its workers share memory with this thread (false: they get copies; default true where the platform shares memory). */
  readonly sharesMemory?: boolean;
  /**
   * @internal
   * Starts `job.shares − 1` workers on `job` and resolves once they are done and their rows are in
   * `job.rows`; rejects if a worker fails. Posts before it returns, so this thread can work meanwhile.
   * With `job.claim` (shared memory), each worker claims chunks of entries 0 to `job.claimable − 1` until
   * none is left, as this thread does; without it, worker s − 1 runs share s (entries `shareStart[s]` to
   * `shareStart[s + 1] − 1`).
   */
  narrowPhase(job: WorldJob): Promise<void>;
}

/**
 * @internal
 * What a pool needs of one update's narrow phase, in space (NarrowJob) or in the plane (the plane
 * world's NarrowJob2, 2d/world/narrow-job2.ts): the bodies' shapes and frames, the entries' pairs and rows
 * (`rowWidth` numbers each), and how they are dealt out.
 */
export interface WorldJob {
  /** Whether the bodies are 2D shapes (the workers rebuild them as such and run the 2D pair query). */
  readonly plane: boolean;
  readonly rowWidth: number;
  readonly margin: number;
  readonly maxPoints: number;
  readonly manifoldRow: number;
  shapes: readonly unknown[];
  shapesVersion: number;
  local: Uint8Array;
  frames: Float64Array;
  frameLength: number;
  pairs: Int32Array<ArrayBufferLike>;
  rows: Float64Array<ArrayBufferLike>;
  manifoldRows: Float64Array<ArrayBufferLike>;
  claimable: number;
  claim: Int32Array<ArrayBufferLike> | null;
  shares: number;
  shareStart: Int32Array;
}

/** A worker is not worth its message (tens of microseconds) for fewer pairs than this (a pair takes a few). */
export const MIN_SHARE = 128;
/** Entries a thread claims at once (shared memory): small, so the threads finish together; an atomic add each. */
export const CLAIM_CHUNK = 16;
/** Whether this platform shares memory between threads (Node; cross-origin isolated pages). */
export const SHARED = typeof SharedArrayBuffer === 'function' && (typeof crossOriginIsolated !== 'boolean' || crossOriginIsolated);

/**
 * Deals a job's `claimable` entries out: this thread and up to `threads.threads` workers, none with fewer than
 * MIN_SHARE entries (`job.shares`, and `job.shareStart[s]` the first entry of share s, for copies), and the
 * claim counter `counter` reset for shared memory (null where the pool's workers get copies).
 */
export function dealShares(job: { shares: number; shareStart: Int32Array; claim: Int32Array<ArrayBufferLike> | null }, claimable: number, threads: WorldThreads, counter: Int32Array<ArrayBufferLike> | null): void {
  const shares = Math.max(1, Math.min(threads.threads + 1, Math.floor(claimable / MIN_SHARE)));
  job.shares = shares;
  if (job.shareStart.length < shares + 1) job.shareStart = new Int32Array(shares + 1);
  for (let s = 0; s <= shares; s++) job.shareStart[s] = Math.round((claimable * s) / shares);
  job.claim = threads.sharesMemory === false ? null : counter;
  if (job.claim !== null) Atomics.store(job.claim, 0, 0);
}

/** n 32-bit integers, on a SharedArrayBuffer where the platform shares memory. */
export function sharedInt32(n: number): Int32Array<ArrayBufferLike> {
  return SHARED ? new Int32Array(new SharedArrayBuffer(4 * n)) : new Int32Array(n);
}

/** n float64s, on a SharedArrayBuffer where the platform shares memory. */
export function sharedFloat64(n: number): Float64Array<ArrayBufferLike> {
  return SHARED ? new Float64Array(new SharedArrayBuffer(8 * n)) : new Float64Array(n);
}
