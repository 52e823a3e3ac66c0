/**
 * `decomposeInWorker`: `decomposeToHulls` on a worker thread of its own (Node's worker_threads, a browser's
 * module Web Worker), so a page stays responsive while a mesh is decomposed. The input and options are
 * checked on the caller's thread first (a bad mesh rejects with its typed error at once, before a worker
 * starts); the worker gets copies of the arrays and sends the hulls back (transferred). An abort
 * terminates the worker: a busy synchronous decomposition never reads a message, so the signal cannot be
 * sent to it. The answer is the same bits as `decomposeToHulls` on this thread (the same code, inputs and
 * seed; no clock, no engine-dependent functions on a path that decides).
 */
import { readDecomposeInput, type Decomposition } from '../decompose/decompose.js';
import type { DecomposeOptions } from '../decompose/decompose-options.js';
import { meshArrays, type DecomposeInput } from '../decompose/solid-input.js';
import { InvalidArgumentError } from '../errors.js';
import { replyError } from './batch-pool.js';
import type { DecomposeReply, DecomposeRequest } from './decompose-worker.js';
import { isNode, nodeWorker } from './node-worker.js';

/**
 * `decomposeToHulls` (convex-collide) of `mesh` on a new worker thread; `options.onProgress` is called on this thread
 * as progress messages arrive, and `options.signal` terminates the worker and rejects with its reason.
 * @throws (as a rejected promise) what decomposeToHulls throws for bad input, and InvalidArgumentError
 *   where this environment has no worker threads.
 */
export async function decomposeInWorker(mesh: DecomposeInput, options?: DecomposeOptions | null): Promise<Decomposition> {
  // (Checked here: the same typed errors as decomposeToHulls, thrown on this thread.)
  const read = readDecomposeInput(mesh, options), o = read.options;
  const { positions, indices } = meshArrays(mesh);
  const request: DecomposeRequest = {
    positions: Float64Array.from(positions), indices: Int32Array.from(indices),
    options: { concavity: o.concavity, maxParts: o.maxParts, effort: options?.effort ?? 'balanced', weldTolerance: o.weldTolerance, seed: o.seed },
    progress: o.onProgress !== null,
  };
  const worker = await startWorker();
  return new Promise<Decomposition>((resolve, reject) => {
    let settled = false;
    const finish = (): void => {
      settled = true;
      o.signal?.removeEventListener('abort', onAbort);
      worker.terminate();
    };
    const onAbort = (): void => {
      if (settled) return;
      finish();
      const reason: unknown = o.signal?.reason;
      reject(reason ?? Object.assign(new Error('decompose: aborted'), { name: 'AbortError' }));
    };
    o.signal?.addEventListener('abort', onAbort);
    worker.onMessage((reply) => {
      if (settled) return;
      if (reply.kind === 'progress') { o.onProgress?.(reply.fraction); return; }
      finish();
      if (reply.kind === 'done') resolve(reply.result);
      else reject(replyError(reply.code, reply.message));
    });
    worker.onFailure((why) => {
      if (settled) return;
      finish();
      reject(new InvalidArgumentError('decomposeInWorker', `failed: its worker thread stopped (${why})`));
    });
    if (o.signal?.aborted === true) { onAbort(); return; }
    worker.post(request, [request.positions.buffer as ArrayBuffer, request.indices.buffer as ArrayBuffer]);
  });
}

/** What this needs of a worker, whichever kind. */
interface DecomposeWorker {
  post(request: DecomposeRequest, transfer: ArrayBuffer[]): void;
  onMessage(f: (reply: DecomposeReply) => void): void;
  onFailure(f: (why: string) => void): void;
  terminate(): void;
}

async function startWorker(): Promise<DecomposeWorker> {
  if (isNode()) {
    const w = await nodeWorker('decompose-worker');
    return {
      post: (m, transfer) => w.postMessage(m, transfer),
      onMessage: (f) => w.on('message', f),
      onFailure: (f) => { w.on('error', (e: Error) => f(e.message)); w.on('exit', (code: number) => f(`it exited with code ${code}`)); },
      terminate: () => { void w.terminate(); },
    };
  }
  if (typeof Worker !== 'function') throw new InvalidArgumentError('decomposeInWorker', 'needs worker threads: Node\'s worker_threads or a browser\'s Web Workers, and this environment has neither');
  // (Written out so that bundlers see the worker: new Worker(new URL(…, import.meta.url)).)
  const w = new Worker(new URL('./decompose-worker.js', import.meta.url), { type: 'module' });
  return {
    post: (m, transfer) => w.postMessage(m, transfer),
    onMessage: (f) => { w.onmessage = (e: MessageEvent<DecomposeReply>) => f(e.data); },
    onFailure: (f) => { w.onerror = (e: ErrorEvent) => f(e.message); },
    terminate: () => w.terminate(),
  };
}
