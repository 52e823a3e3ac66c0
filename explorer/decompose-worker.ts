// The decomposition page's worker: decomposeToHulls off the page's thread, so the view keeps turning while a
// mesh is cut. One request at a time; the page cancels by terminating the worker (the library's `signal` is
// checked between cuts, but a message to abort would wait behind the running job in this thread's queue).
import { CollisionError, decomposeToHulls } from 'convex-collide';
import type { DecomposeReply, DecomposeRequest } from './decompose-messages.js';

function reply(message: DecomposeReply, transfer: Transferable[] = []): void {
  self.postMessage(message, { transfer });
}

self.addEventListener('message', (e: MessageEvent<DecomposeRequest>) => {
  const { job, positions, indices, options } = e.data;
  try {
    const t0 = performance.now();
    const r = decomposeToHulls({ positions, indices }, { ...options, onProgress: (fraction) => reply({ job, type: 'progress', fraction }) });
    const ms = performance.now() - t0;
    reply({ job, type: 'done', ...r, ms }, r.hulls.map((h) => h.buffer));
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    const message = error instanceof Error ? error.message : String(error);
    reply({ job, type: 'error', name, code: error instanceof CollisionError ? error.code : null, message });
  }
});
