// What the decomposition page (decompose-page.ts) and its worker (decompose-worker.ts) send each other.
import type { DecomposeOptions } from 'convex-collide';

/** The page to the worker: a mesh (its arrays transferred) and the options that can cross a thread. */
export interface DecomposeRequest {
  job: number;
  positions: Float64Array;
  indices: Uint32Array;
  options: Pick<DecomposeOptions, 'concavity' | 'maxParts' | 'effort'>;
}

/** The worker to the page: progress, then either the parts or the error, each tagged with its request's job. */
export type DecomposeReply =
  | { job: number; type: 'progress'; fraction: number }
  | { job: number; type: 'done'; hulls: Float64Array[]; concavity: number; cuts: number; merges: number; welded: number; droppedTriangles: number; ms: number }
  /** `name` is the error's (InvalidShapeError, InvalidArgumentError, …), `code` a CollisionError's code, if any. */
  | { job: number; type: 'error'; name: string; code: string | null; message: string };
