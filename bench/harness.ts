/**
 * Timing and allocation measurement. Benchmarks never assert anything: they measure and report.
 *
 * Timing: `process.hrtime.bigint()` around a whole batch of queries, never around one query. A run
 * is a whole number of passes over the case's pairs (so that every pair weighs the same), sized to
 * take about `targetRunMs`, capped at POOLS.md's 1,000,000 queries; the figure is the median of the
 * runs' ns per query, after a warm-up. The runs of one group's cases are interleaved.
 *
 * Allocation: after `gc()`, the growth of V8's used heap over batches of n and 4n queries; the
 * difference divided by 3n (see measureAllocation). A garbage collection during a batch would hide
 * allocation, so the batch is discarded when one happened (seen through `PerformanceObserver` 'gc'
 * entries, and as a drop in used heap) and the pair retried with n four times smaller. This counts
 * the JavaScript heap only: memory a WASM module allocates inside its own linear memory is invisible
 * to it (rapier's Rust allocations are not counted, the JS wrapper objects it creates are).
 */
import { PerformanceObserver, performance } from 'node:perf_hooks';
import v8 from 'node:v8';

/** One benchmark: a library answering one query kind over one pool of pairs. */
export interface Case {
  /** Query kind and pool, e.g. 'box–box distance'. Rows with the same group are compared. */
  group: string;
  /** Library and path, e.g. 'rapier (colliders)'. */
  lib: string;
  /** Whether this row is ours (the reference for ratios). */
  ours?: boolean;
  /** Number of distinct inputs one pass covers (pairs, points sets, directions). */
  cycle: number;
  /** Runs `count` queries starting at input `start` (mod cycle); returns a checksum to keep results live. */
  batch(start: number, count: number): number;
  /** The unit of one query for the table ('query', 'build', 'support call'). */
  unit?: string;
  /** Free text shown under the table (API used, settings). */
  note?: string;
  /** Value for input i, for accuracy scoring (untimed): 1/0 for a boolean, else a length. */
  answer?(i: number): number;
  /** Score accuracy only on inputs (pairs) with an index below this (peers too slow to answer them all, or built for fewer pairs). */
  accuracySubset?: number;
  /**
   * Fewest queries in a run when one query takes longer than the run's target time (default 20).
   * Hull builds set 1: a 5-second build would otherwise make one case take minutes.
   */
  minQueriesPerRun?: number;
}

export interface Timing {
  queriesPerRun: number;
  runs: number;
  /** ns per query of each run. */
  nsPerRun: number[];
  nsMedian: number;
  nsMin: number;
  nsMax: number;
  /** JS heap bytes per query once warm; null when it could not be measured without a GC. */
  bytesPerQuery: number | null;
  allocBatch: number;
}

export interface TimingOptions {
  runs: number;
  targetRunMs: number;
  maxQueriesPerRun: number;
  warmupMs: number;
}

let sink = 0;
/** Keeps checksums observable so that no engine can drop the work. */
export function consume(): number {
  return sink;
}

function now(): bigint {
  return process.hrtime.bigint();
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Runs `c` for at least `ms` milliseconds, in chunks of at most 1,000 queries (a whole pass of a
 * slow peer can take minutes). Returns ns per query of the fastest of the last (up to) 4 chunks: the
 * last chunk alone was sometimes the one a garbage collection of another case's garbage fell into, and
 * read 100× slow, which sized that case's runs at a few hundred microseconds.
 */
export function warm(c: Case, ms: number): number {
  const chunk = Math.min(c.cycle, 1000);
  const t0 = now();
  const recent = [Infinity, Infinity, Infinity, Infinity];
  let start = 0, k = 0;
  do {
    const a = now();
    sink += c.batch(start, chunk);
    recent[k++ & 3] = Number(now() - a) / chunk;
    start += chunk;
  } while (Number(now() - t0) < ms * 1e6);
  return Math.min(...recent);
}

const gc: (() => void) | undefined = (globalThis as { gc?: () => void }).gc;

// GC events, recorded as [start, end] in performance.now() milliseconds.
const gcEvents: number[] = [];
let observer: PerformanceObserver | null = null;
function watchGc(): void {
  if (observer) return;
  observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcEvents.push(e.startTime, e.startTime + e.duration);
  });
  observer.observe({ entryTypes: ['gc'] });
}

function tick(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

async function heapGrowth(c: Case, n: number): Promise<{ bytes: number; clean: boolean }> {
  gc!();
  await tick(); // let the observer deliver the forced GCs' entries before the window opens
  // A forced full GC drops some optimised code and inline caches (weak references); re-warm with a
  // short batch so the window measures the steady state a real caller sees, not the re-tiering.
  if (n > 0) sink += c.batch(0, Math.min(n, 256));
  const before = v8.getHeapStatistics().used_heap_size;
  const t0 = performance.now();
  if (n > 0) sink += c.batch(0, n);
  const t1 = performance.now();
  const after = v8.getHeapStatistics().used_heap_size;
  await tick();
  await tick();
  let clean = after >= before;
  for (let k = 0; k < gcEvents.length; k += 2) if (gcEvents[k + 1] >= t0 && gcEvents[k] <= t1) clean = false;
  gcEvents.length = 0;
  return { bytes: after - before, clean };
}

/** The smallest heap growth over a batch of `n` queries in two tries without a GC, or null. */
async function cleanGrowth(c: Case, n: number): Promise<number | null> {
  let best = Infinity;
  for (let k = 0; k < 2; k++) {
    const g = await heapGrowth(c, n);
    if (g.clean) best = Math.min(best, g.bytes);
  }
  return best < Infinity ? best : null;
}

/**
 * JS heap bytes allocated per query once warm, or null without --expose-gc / if every batch saw a GC:
 * the slope between batches of n and 4n queries, (growth(4n) − growth(n)) / 3n. A batch's growth also
 * holds a fixed part that does not scale with its length: reading the heap statistics, and V8
 * re-optimising after the forced GC (box–box intersection, the first group of a run, grew new space by
 * 14 KB per batch whether it held 10,000 or 40,000 queries, which divided by 10,000 read as 1.4 bytes
 * per query). The slope cancels it.
 */
export async function measureAllocation(c: Case, firstBatch = 10_000): Promise<{ bytes: number | null; batch: number }> {
  if (!gc) return { bytes: null, batch: 0 };
  watchGc();
  for (let n = firstBatch; n >= 1; n = Math.floor(n / 4)) {
    const one = await cleanGrowth(c, n);
    const four = one === null ? null : await cleanGrowth(c, 4 * n);
    if (one !== null && four !== null) return { bytes: Math.max(0, (four - one) / (3 * n)), batch: n };
  }
  return { bytes: null, batch: 0 };
}

/** Queries per run: whole passes when one pass fits in the target time, else what fits (at least 20). */
function runSize(c: Case, perQuery: number, o: TimingOptions): number {
  const fits = (o.targetRunMs * 1e6) / perQuery;
  return fits >= c.cycle
    ? Math.max(1, Math.min(Math.floor(o.maxQueriesPerRun / c.cycle), Math.round(fits / c.cycle))) * c.cycle
    : Math.max(c.minQueriesPerRun ?? 20, Math.round(fits));
}

/**
 * Times the cases of one group together: warm-up of each, then `runs` rounds in which every case
 * makes one timed run, in turn (interleaved, so that a burst of load from other processes hits every
 * library of the group rather than one); then allocation of each. A run is a whole number of passes
 * over the case's inputs when one pass fits in the target time; for slow cases it is the number of
 * queries that fits (at least 20), and successive runs continue where the previous one stopped.
 */
export async function measureGroup(cases: Case[], o: TimingOptions): Promise<Timing[]> {
  const sizes = cases.map((c) => runSize(c, warm(c, o.warmupMs), o));
  const ns: number[][] = cases.map(() => []);
  const starts = cases.map(() => 0);
  for (let r = 0; r < o.runs; r++) {
    for (let k = 0; k < cases.length; k++) {
      const c = cases[k], q = sizes[k];
      const t0 = now();
      sink += c.batch(starts[k], q);
      const t1 = now();
      ns[k].push(Number(t1 - t0) / q);
      starts[k] += q;
    }
  }
  const out: Timing[] = [];
  for (let k = 0; k < cases.length; k++) {
    const nsMedian = median(ns[k]);
    // Allocation batches of at most ~30 ms each (at least 4 queries); not measured for queries of over
    // 100 ms (seconds-long hull builds), where the batches would take minutes.
    const alloc = nsMedian > 100e6
      ? { bytes: null, batch: 0 }
      : await measureAllocation(cases[k], Math.max(4, Math.min(10_000, Math.round(30e6 / nsMedian))));
    out.push({
      queriesPerRun: sizes[k], runs: o.runs, nsPerRun: ns[k],
      nsMedian, nsMin: Math.min(...ns[k]), nsMax: Math.max(...ns[k]),
      bytesPerQuery: alloc.bytes, allocBatch: alloc.batch,
    });
  }
  return out;
}

/** Accuracy of a case's answers against exact values: shares within 1e-6 and 1e-3 (relative, see below). */
export interface Accuracy {
  n: number;
  /** Boolean answers: share that agree with the oracle. */
  agree?: number;
  /**
   * Length answers: share with |x − exact| ≤ ε · max(1, |exact|), for ε = 1e-6 and 1e-3. The shapes
   * are about unit size, so for small values this is relative to the shape scale (the convention of
   * src/tolerance.ts, STYLE §6).
   */
  within1e6?: number;
  within1e3?: number;
  /** Largest |x − exact| / max(1, |exact|). */
  maxError?: number;
  /** Median of the same. */
  medianError?: number;
  /** Answers that were not finite numbers (NaN, a missing result). */
  failures: number;
  /**
   * Hit-or-miss answers (rays, casts; scoreHits): the length columns cover the inputs on which both the
   * case and the oracle report a hit (`bothHit` of them), `agree` is the share that agree on hit or miss,
   * and `disagree` lists the inputs that do not.
   */
  bothHit?: number;
  disagree?: number[];
}

export function scoreBoolean(answer: (i: number) => number, truth: Uint8Array, indices: ArrayLike<number>): Accuracy {
  let agree = 0, failures = 0;
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k];
    const a = answer(i);
    if (a !== 0 && a !== 1) failures++;
    else if (a === truth[i]) agree++;
  }
  return { n: indices.length, agree: agree / indices.length, failures };
}

export function scoreLength(answer: (i: number) => number, exact: (i: number) => number, indices: ArrayLike<number>): Accuracy {
  let w6 = 0, w3 = 0, failures = 0;
  const errs: number[] = [];
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k];
    const a = answer(i), e = exact(i);
    if (!Number.isFinite(a)) { failures++; errs.push(Infinity); continue; }
    const err = Math.abs(a - e) / Math.max(1, Math.abs(e));
    errs.push(err);
    if (err <= 1e-6) w6++;
    if (err <= 1e-3) w3++;
  }
  return {
    n: indices.length, within1e6: w6 / indices.length, within1e3: w3 / indices.length,
    maxError: Math.max(...errs), medianError: median(errs), failures,
  };
}

/**
 * Scores answers that are a length or NaN for "nothing" (a ray's t, a time of impact): the share of
 * inputs on which the case and the exact answer agree on hit or miss, and the length errors (as
 * scoreLength) on the inputs where both hit.
 */
export function scoreHits(answer: (i: number) => number, exact: (i: number) => number, indices: ArrayLike<number>): Accuracy {
  let agree = 0, w6 = 0, w3 = 0, both = 0;
  const errs: number[] = [], disagree: number[] = [];
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k];
    const a = answer(i), e = exact(i);
    const hitA = Number.isFinite(a), hitE = Number.isFinite(e);
    if (hitA !== hitE) { disagree.push(i); continue; }
    agree++;
    if (!hitA) continue;
    both++;
    const err = Math.abs(a - e) / Math.max(1, Math.abs(e));
    errs.push(err);
    if (err <= 1e-6) w6++;
    if (err <= 1e-3) w3++;
  }
  return {
    n: indices.length, agree: agree / indices.length, failures: 0, bothHit: both, disagree,
    within1e6: both ? w6 / both : undefined, within1e3: both ? w3 / both : undefined,
    maxError: both ? Math.max(...errs) : undefined, medianError: both ? median(errs) : undefined,
  };
}
