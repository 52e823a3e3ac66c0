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
  | { readonly op: 'run'; readonly id: number; readonly query: 'distance' | 'intersects' | 'contact'; readonly poses: Float64Array; readonly pairs: Int32Array };

/** What the worker posts back for a batch. */
export type WorkerReply =
  | { readonly id: number; readonly ok: true; readonly result: Float64Array | Uint8Array }
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
    const { poses, pairs } = request;
    const result = request.query === 'distance' ? distanceBatch(shapes, poses, pairs)
      : request.query === 'intersects' ? intersectsBatch(shapes, poses, pairs) : contactBatch(shapes, poses, pairs);
    port.postMessage({ id: request.id, ok: true, result } satisfies WorkerReply, [result.buffer]);
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
