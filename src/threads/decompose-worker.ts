/**
 * The worker of `decomposeInWorker` (decompose-in-worker.ts): decomposes the mesh it is sent, posting
 * progress as it goes and the hulls at the end (their buffers transferred). Runs under Node's
 * worker_threads and as a browser's module Web Worker; one decomposition a worker, then it is terminated.
 */
import { decomposeToHulls, type Decomposition } from '../decompose/decompose.js';
import type { DecomposeOptions } from '../decompose/decompose-options.js';
import { CollisionError } from '../errors.js';

/** What the caller posts: the mesh's arrays and the options that travel (no callbacks, no signal). */
export interface DecomposeRequest {
  readonly positions: Float64Array;
  readonly indices: Int32Array;
  readonly options: Omit<DecomposeOptions, 'onProgress' | 'signal'>;
  /** Whether to post progress. */
  readonly progress: boolean;
}

/** What the worker posts: progress, the result, or an error (its code and message). */
export type DecomposeReply =
  | { readonly kind: 'progress'; readonly fraction: number }
  | { readonly kind: 'done'; readonly result: Decomposition }
  | { readonly kind: 'error'; readonly code: string | null; readonly message: string };

interface Port { postMessage(message: DecomposeReply, transfer?: ArrayBuffer[]): void }

function handle(port: Port, request: DecomposeRequest): void {
  try {
    const onProgress = request.progress ? (fraction: number): void => port.postMessage({ kind: 'progress', fraction }) : null;
    const result = decomposeToHulls({ positions: request.positions, indices: request.indices }, { ...request.options, onProgress });
    port.postMessage({ kind: 'done', result }, result.hulls.map((h) => h.buffer as ArrayBuffer));
  } catch (e) {
    port.postMessage({ kind: 'error', code: e instanceof CollisionError ? e.code : null, message: e instanceof Error ? e.message : String(e) });
  }
}

// A browser's worker global has postMessage and no window; Node's worker gets its port from worker_threads.
const scope = globalThis as { postMessage?: unknown; addEventListener?: (type: string, f: (e: { data: DecomposeRequest }) => void) => void; window?: unknown };
if (typeof scope.postMessage === 'function' && typeof scope.addEventListener === 'function' && scope.window === undefined) {
  const port = scope as unknown as Port;
  scope.addEventListener('message', (e) => handle(port, e.data));
} else {
  const { parentPort } = await import('node:worker_threads');
  const port = parentPort as unknown as Port & { on(event: 'message', f: (request: DecomposeRequest) => void): void } | null;
  if (port !== null) port.on('message', (request) => handle(port, request));
}
