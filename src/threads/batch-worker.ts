/**
 * A BatchPool's worker (batch-pool.ts): holds the pool's shapes, answers batches of pairs with the batch
 * queries, and posts the answers back (their buffers transferred, not copied). Runs under Node's
 * worker_threads and as a browser's module Web Worker.
 */
import { contactBatch, distanceBatch, intersectsBatch } from '../batch/batch-queries.js';
import { CollisionError } from '../errors.js';
import type { Shape } from '../shapes/shape.js';
import { runEntries } from '../world/narrow-threads.js';
import { PairKernel } from '../world/pair-kernel.js';
import { shape2FromTransfer, shapeFromTransfer, type Shape2Transfer, type ShapeTransfer } from './shape-transfer.js';
import { contactBatch2, distanceBatch2, intersectsBatch2 } from '../2d/batch2.js';
import type { Shape2 } from '../2d/shapes/shape2.js';
import { runEntries2 } from '../2d/world/narrow-job2.js';

/** What the pool posts: the shapes (distinct ones, and each body's index among them), or a batch to run. */
export type WorkerRequest =
  | { readonly op: 'shapes'; readonly distinct: readonly ShapeTransfer[]; readonly table: Int32Array }
  | { readonly op: 'shapes2'; readonly distinct: readonly Shape2Transfer[]; readonly table: Int32Array }
  | {
    readonly op: 'run'; readonly id: number; readonly query: 'distance' | 'intersects' | 'contact' | 'distance2' | 'intersects2' | 'contact2';
    /** 7 numbers a body (3 for the 2D queries, the names ending in 2). */
    readonly poses: Float64Array;
    /** Whether each pair's answer is followed by its certified bounds (lower, upper): distance and contact. */
    readonly bounds: boolean;
    /** The pairs to answer: `pairs[2 · from .. 2 · to)`. */
    readonly pairs: Int32Array; readonly from: number; readonly to: number;
    /** Shared memory to write the answers into (from the pair `from` on), or null to send them back. */
    readonly result: Float64Array | Uint8Array | null;
  }
  /** A world's bodies' shapes: the distinct ones new since the last (all of them after a reset), each slot's index. */
  | { readonly op: 'world-shapes'; readonly world: number; readonly plane: boolean; readonly reset: boolean; readonly distinct: readonly (ShapeTransfer | Shape2Transfer)[]; readonly table: Int32Array }
  /**
   * A part of a world's narrow phase (world/narrow-threads.ts, runEntries; a plane world's,
   * 2d/world/narrow-job2.ts, runEntries2): of `pairs` (two slots each) and `rows` (pair-kernel.ts; ROW2 in
   * the plane), with the bodies' frames, chunks claimed through `claim` below `to` (shared memory, written
   * in place) or entries `from .. to − 1` (copies, sent back).
   */
  | {
    readonly op: 'world-run'; readonly id: number; readonly world: number; readonly plane: boolean; readonly margin: number; readonly maxPoints: number;
    readonly from: number; readonly to: number;
  } & ({
    readonly frames: Float64Array; readonly pairs: Int32Array; readonly rows: Float64Array; readonly manifoldRows: Float64Array; readonly claim: Int32Array | null;
  } | {
    /** (The shared arrays this worker got last for this world: the pool sends them when they change.) */
    readonly frames?: undefined;
  });

/** What the worker posts back for a batch. */
export type WorkerReply =
  | { readonly id: number; readonly ok: true; readonly result: Float64Array | Uint8Array | null; readonly manifolds?: Float64Array }
  | { readonly id: number; readonly ok: false; readonly code: string | null; readonly message: string };

interface Port {
  postMessage(message: unknown, transfer?: Transferable[]): void;
}

let shapes: Shape[] = [];
let shapes2: Shape2[] = [];

/** The arrays of a world's run: the bodies' frames, the entries' pairs and rows, and the claim counter. */
interface RunArrays { frames: Float64Array; pairs: Int32Array; rows: Float64Array; manifoldRows: Float64Array; claim: Int32Array | null }

/**
 * A world's shapes on this worker (2D ones for a plane world): the distinct ones, each slot's, its narrow
 * phase's kernel, and the shared arrays of its last run (a run that sends none uses them).
 */
interface WorldShapes { distinct: (Shape | Shape2)[]; slots: (Shape | Shape2 | null)[]; kernel: PairKernel | null; arrays: RunArrays | null }
const worlds = new Map<number, WorldShapes>();

function handle(port: Port, request: WorkerRequest): void {
  if (request.op === 'shapes') {
    const distinct = request.distinct.map(shapeFromTransfer);
    shapes = Array.from(request.table, (i) => distinct[i]);
    return;
  }
  if (request.op === 'shapes2') {
    const distinct = request.distinct.map(shape2FromTransfer);
    shapes2 = Array.from(request.table, (i) => distinct[i]);
    return;
  }
  if (request.op === 'world-shapes') {
    let w = worlds.get(request.world);
    if (w === undefined || request.reset) worlds.set(request.world, w = { distinct: [], slots: [], kernel: w?.kernel ?? null, arrays: w?.arrays ?? null });
    for (const t of request.distinct) w.distinct.push(request.plane ? shape2FromTransfer(t as Shape2Transfer) : shapeFromTransfer(t as ShapeTransfer));
    const d = w.distinct;
    w.slots = Array.from(request.table, (i) => (i >= 0 ? d[i] : null));
    return;
  }
  if (request.op === 'world-run') {
    try {
      const w = worlds.get(request.world);
      if (w === undefined) throw new Error(`world ${request.world} has no shapes on this worker`);
      const arrays: RunArrays | null = request.frames !== undefined ? request : w.arrays;
      if (arrays === null) throw new Error(`world ${request.world} has no arrays on this worker`);
      if (request.frames !== undefined && request.claim !== null) w.arrays = request;
      if (request.plane) {
        runEntries2(w.slots as (Shape2 | null)[], arrays.frames, arrays.pairs, arrays.rows, arrays.claim, request.from, request.to);
        const rows = arrays.rows;
        if (rows.buffer instanceof ArrayBuffer) port.postMessage({ id: request.id, ok: true, result: rows } satisfies WorkerReply, [rows.buffer]);
        else port.postMessage({ id: request.id, ok: true, result: null } satisfies WorkerReply);
        return;
      }
      const kernel = w.kernel ?? (w.kernel = new PairKernel(request.margin, request.maxPoints));
      const { rows, manifoldRows } = arrays;
      runEntries(kernel, w.slots as (Shape | null)[], arrays.frames, arrays.pairs, rows, manifoldRows, arrays.claim, request.from, request.to);
      // Rows in shared memory are written in place; copies go back (transferred).
      if (rows.buffer instanceof ArrayBuffer) {
        port.postMessage({ id: request.id, ok: true, result: rows, manifolds: manifoldRows } satisfies WorkerReply, [rows.buffer, manifoldRows.buffer as ArrayBuffer]);
      } else {
        port.postMessage({ id: request.id, ok: true, result: null } satisfies WorkerReply);
      }
    } catch (error) {
      const code = error instanceof CollisionError ? error.code : null;
      port.postMessage({ id: request.id, ok: false, code, message: error instanceof Error ? error.message : String(error) } satisfies WorkerReply);
    }
    return;
  }
  try {
    const { poses, from, to, query } = request;
    const pairs = request.pairs.subarray(2 * from, 2 * to);
    const stride = (query === 'contact' ? 10 : query === 'contact2' ? 7 : 1) + (request.bounds ? 2 : 0);
    const into = request.result === null ? null : request.result.subarray(stride * from, stride * to);
    const result = request.bounds ? withBounds(query, pairs, poses, into as Float64Array | null, stride)
      : query === 'distance' ? distanceBatch(shapes, poses, pairs, into as Float64Array | null)
        : query === 'intersects' ? intersectsBatch(shapes, poses, pairs, into as Uint8Array | null)
          : query === 'contact' ? contactBatch(shapes, poses, pairs, into as Float64Array | null)
            : query === 'distance2' ? distanceBatch2(shapes2, poses, pairs, into as Float64Array | null)
              : query === 'intersects2' ? intersectsBatch2(shapes2, poses, pairs, into as Uint8Array | null) : contactBatch2(shapes2, poses, pairs, into as Float64Array | null);
    if (into !== null) port.postMessage({ id: request.id, ok: true, result: null } satisfies WorkerReply);
    else port.postMessage({ id: request.id, ok: true, result } satisfies WorkerReply, [result.buffer]);
  } catch (error) {
    const code = error instanceof CollisionError ? error.code : null;
    port.postMessage({ id: request.id, ok: false, code, message: error instanceof Error ? error.message : String(error) } satisfies WorkerReply);
  }
}

/** The answers and the bounds of a batch with bounds, before they are laid out a pair at a time. */
let _answers = new Float64Array(0), _bounds = new Float64Array(0);

/**
 * A distance or contact batch with bounds: each pair's answer then its lower and upper bound, `stride`
 * numbers a pair, into `into` or a new array.
 */
function withBounds(query: string, pairs: Int32Array, poses: Float64Array, into: Float64Array | null, stride: number): Float64Array {
  const n = pairs.length / 2, width = stride - 2;
  if (_answers.length < width * n) _answers = new Float64Array(width * n);
  if (_bounds.length < 2 * n) _bounds = new Float64Array(2 * n);
  const answers = _answers.subarray(0, width * n), bounds = _bounds.subarray(0, 2 * n);
  if (query === 'contact') contactBatch(shapes, poses, pairs, answers, bounds);
  else distanceBatch(shapes, poses, pairs, answers, bounds);
  const out = into ?? new Float64Array(stride * n);
  for (let k = 0; k < n; k++) {
    const o = stride * k;
    for (let j = 0; j < width; j++) out[o + j] = answers[width * k + j];
    out[o + width] = bounds[2 * k]; out[o + width + 1] = bounds[2 * k + 1];
  }
  return out;
}

// A browser's worker global has postMessage and no window; Node's worker gets its port from worker_threads.
const scope = globalThis as { postMessage?: unknown; addEventListener?: (type: string, f: (e: { data: WorkerRequest }) => void) => void; window?: unknown };
if (typeof scope.postMessage === 'function' && typeof scope.addEventListener === 'function' && scope.window === undefined) {
  const port = scope as unknown as Port;
  scope.addEventListener('message', (e) => handle(port, e.data));
} else {
  const { parentPort } = await import('node:worker_threads');
  const port = parentPort as unknown as Port & { on(event: 'message', f: (request: WorkerRequest) => void): void } | null;
  if (port !== null) port.on('message', (request) => handle(port, request));
}
