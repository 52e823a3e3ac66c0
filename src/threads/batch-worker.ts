/**
 * A BatchPool's worker (batch-pool.ts): holds the pool's shapes, answers batches of pairs with the batch
 * queries, and posts the answers back (their buffers transferred, not copied). Runs under Node's
 * worker_threads and as a browser's module Web Worker.
 */
import { contactBatch, distanceBatch, intersectsBatch } from '../batch/batch-queries.js';
import { CollisionError } from '../errors.js';
import type { Shape } from '../shapes/shape.js';
import { shapeFromTransfer, type ShapeTransfer } from './shape-transfer.js';

/** What the pool posts: the shapes (distinct ones, and each body's index among them), or a batch to run. */
export type WorkerRequest =
  | { readonly op: 'shapes'; readonly distinct: readonly ShapeTransfer[]; readonly table: Int32Array }
  | {
    readonly op: 'run'; readonly id: number; readonly query: 'distance' | 'intersects' | 'contact'; readonly poses: Float64Array;
    /** The pairs to answer: `pairs[2 · from .. 2 · to)`. */
    readonly pairs: Int32Array; readonly from: number; readonly to: number;
    /** Shared memory to write the answers into (from the pair `from` on), or null to send them back. */
    readonly result: Float64Array | Uint8Array | null;
  };

/** What the worker posts back for a batch. */
export type WorkerReply =
  | { readonly id: number; readonly ok: true; readonly result: Float64Array | Uint8Array | null }
  | { readonly id: number; readonly ok: false; readonly code: string | null; readonly message: string };

interface Port {
  postMessage(message: unknown, transfer?: Transferable[]): void;
}

let shapes: Shape[] = [];

function handle(port: Port, request: WorkerRequest): void {
  if (request.op === 'shapes') {
    const distinct = request.distinct.map(shapeFromTransfer);
    shapes = Array.from(request.table, (i) => distinct[i]);
    return;
  }
  try {
    const { poses, from, to, query } = request;
    const pairs = request.pairs.subarray(2 * from, 2 * to);
    const stride = query === 'contact' ? 10 : 1;
    const into = request.result === null ? null : request.result.subarray(stride * from, stride * to);
    const result = query === 'distance' ? distanceBatch(shapes, poses, pairs, into as Float64Array | null)
      : query === 'intersects' ? intersectsBatch(shapes, poses, pairs, into as Uint8Array | null) : contactBatch(shapes, poses, pairs, into as Float64Array | null);
    if (into !== null) port.postMessage({ id: request.id, ok: true, result: null } satisfies WorkerReply);
    else port.postMessage({ id: request.id, ok: true, result } satisfies WorkerReply, [result.buffer]);
  } catch (error) {
    const code = error instanceof CollisionError ? error.code : null;
    port.postMessage({ id: request.id, ok: false, code, message: error instanceof Error ? error.message : String(error) } satisfies WorkerReply);
  }
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
