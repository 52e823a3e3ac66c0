/**
 * What one pair query works in, grouped by what each part holds: the two world poses read from the
 * caller, the pair's relative frame, each algorithm's scratch (GJK, EPA), and the answer records of the
 * query families whose pair functions do not write straight into the caller's result. A manifold or a
 * cast adds its own scratch and answer here when it comes.
 *
 * Queries use one module-scope work set. A traced query takes a fresh one, because its trace callback
 * is user code that may run queries itself (re-entrancy); so would a pair function that recurses into
 * other pairs (compounds), which will take them from a pool by depth.
 */
import { Transform } from '../math/transform.js';
import type { Vec3Like } from '../math/types.js';
import { vec3 } from '../math/vec3.js';
import type { EpaWork } from './epa/epa.js';
import { GjkWork } from './gjk/gjk.js';
import { PairFrame } from './pair-frame.js';
import type { QueryStatus } from './results.js';

/** A signed contact in world space: the answer of the contact family (penetration, contact). */
export class ContactAnswer {
  /** Distance when apart, minus the penetration depth when overlapping, 0 when touching. */
  separation = 0;
  /** Unit vector from A towards B. */
  readonly normal: Vec3Like = vec3(1, 0, 0);
  /** Apart: the closest point on A. Overlapping: A's deepest point along `normal`. */
  readonly pointA: Vec3Like = vec3();
  /** Apart: the closest point on B. Overlapping: B's deepest point along `−normal`. */
  readonly pointB: Vec3Like = vec3();
  status: QueryStatus = 'converged';
  iterations = 0;
}

export class QueryWork {
  /** A's and B's world poses, read (and checked) from the caller's pose objects. */
  readonly poseA = new Transform();
  readonly poseB = new Transform();
  /** The pair's relative frame (filled by the pair function). */
  readonly frame = new PairFrame();
  readonly gjk = new GjkWork();
  /**
   * EPA's scratch, made by the contact family on its first use (convex-contact.ts): created here, it
   * would pull EPA into every bundle, `intersects` and `distance` alone included.
   */
  epa: EpaWork | null = null;

  /** Input of the contact family: report pairs up to this separation (world units; Infinity: all). */
  maxSeparation = Infinity;
  /** Input of the contact family: only overlapping or touching pairs (penetration): the limit is the touch slack. */
  touchingOnly = false;
  /** Answer of the contact family. */
  readonly contact = new ContactAnswer();
  /** Answer of the distance family (a field, not a return value: CONTRIBUTING.md, "V8 rules", rule 1). */
  distance = 0;
}

const _shared = /* @__PURE__ */ new QueryWork();

/** The work set of a query: the shared one, or a fresh one when the query is traced (see above). */
export function acquireWork(tracing: boolean): QueryWork {
  return tracing ? new QueryWork() : _shared;
}
