/**
 * What one pair query works in, grouped by what each part holds: the two world poses read from the
 * caller, the pair's relative frame, each algorithm's scratch (GJK, EPA), and the answer records of the
 * query families whose pair functions do not write straight into the caller's result. A manifold or a
 * cast adds its own scratch and answer here when it comes.
 *
 * A query uses one module-scope work set; a query run from inside a user's support function takes a set
 * of its own depth, so the outer query's state survives; a traced query takes a fresh one (see
 * acquireWork).
 */
import { Transform } from '../../math/transform.js';
import type { Vec3Like } from '../../math/types.js';
import { vec3 } from '../../math/vec3.js';
import type { ScaledPair } from './scale-free.js';
import type { EpaWork } from '../epa/epa.js';
import type { ManifoldWork } from '../manifold/convex-manifold.js';
import type { DerivativesWork } from '../derivatives/contact-derivatives.js';
import { GjkWork } from '../gjk/gjk.js';
import { PairFrame } from './pair-frame.js';
import { userCodeDepth } from './user-code.js';

export { enterUserCode, leaveUserCode } from './user-code.js';
import type { ContactResult, QueryStatus } from './results.js';

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
  /** The part of A and of B the answer is between (a compound's part index; 0 for a convex shape). */
  partA = 0;
  partB = 0;
  /** The certified bounds on the separation (certify/contact-bounds.ts), when the query asked for them. */
  lower = 0;
  upper = 0;
  /**
   * An upper bound on the separation the path certified, in the pair's units: apart, its core points'
   * distance (points on the cores, in A's frame) less the radii; where the cores meet, its global
   * certificate of the depth (EPA's final polytope, a complete set of separating axes, a closed form's
   * depth); Infinity where the path has none (the world witness points then bound it). Reset by the caller.
   */
  pathUpper = Infinity;
  /**
   * σ, the separation along the answer's normal read from the shapes' supports, where the path read it
   * (GJK's last separating plane, EPA's last support along its normal, a separating-axis pass's axis), in
   * the pair's units; `hasSigma` false where it did not (the bounds then read the supports). Reset by the caller.
   */
  sigma = 0;
  hasSigma = false;
  /** Whether the pair function wrote `lower` and `upper` itself (a half-space's, a compound's). Reset by the caller. */
  certified = false;
}

/** Copies contact answer `c` into `out` (either an answer or a result record: they have the same fields). */
export function copyContactAnswer(out: ContactAnswer | ContactResult, c: Readonly<ContactAnswer | ContactResult>): void {
  out.separation = c.separation;
  out.normal.x = c.normal.x; out.normal.y = c.normal.y; out.normal.z = c.normal.z;
  out.pointA.x = c.pointA.x; out.pointA.y = c.pointA.y; out.pointA.z = c.pointA.z;
  out.pointB.x = c.pointB.x; out.pointB.y = c.pointB.y; out.pointB.z = c.pointB.z;
  out.status = c.status; out.iterations = c.iterations;
  out.partA = c.partA; out.partB = c.partB;
  out.lower = c.lower; out.upper = c.upper;
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
  /** The manifold builder's scratch (manifold/convex-manifold.ts), made by the manifold query on first use. */
  manifold: ManifoldWork | null = null;
  /** Scratch of pairs outside the ordinary range of sizes (pair/scale-free.ts), made on first use. */
  scaled: ScaledPair | null = null;
  /** The contact derivatives' scratch (derivatives/contact-derivatives.ts), made on first use. */
  derivatives: DerivativesWork | null = null;

  /** Input of the contact family: report pairs up to this separation (world units; Infinity: all). */
  maxSeparation = Infinity;
  /**
   * The public `contact`'s own limit (`options.maxDistance`, else Infinity), kept past the pair function,
   * which may change `maxSeparation` while it runs (a field of this work, not a module's: a shape of the
   * user's may call `contact` again from inside).
   */
  queryLimit = Infinity;
  /**
   * Input of the contact and closest-points families: whether the caller reads certified bounds (the
   * public queries and batches do; the world does not), so that a compound's function certifies its parts.
   */
  wantBounds = false;
  /** Answer of the closest-points family: whether its pair function wrote `lower` and `upper` itself. Reset by the caller. */
  closestCertified = false;
  /**
   * Answer of the closest-points family, as ContactAnswer's `pathUpper` and `sigma` (the pair's units, the
   * signed separation's bounds before the distance clamps them at 0), with whether the path left them.
   * Reset by the caller.
   */
  closestUpper = 0;
  closestSigma = 0;
  closestHasUpper = false;
  closestHasSigma = false;
  /** Input of the contact family: only overlapping or touching pairs (penetration): the limit is the touch slack. */
  touchingOnly = false;
  /**
   * Answer of the contact family when it returns false (beyond `maxSeparation`): a lower bound on the
   * separation (world units, up to rounding) where the path that proved it knows one (a separating plane of
   * GJK, a closed form's exact separation, two boxes' separating axis); left as the caller set it otherwise.
   * The world skips a separated pair until its bodies have moved that far.
   */
  separationBound = 0.5;
  /** Answer of the contact family. */
  readonly contact = new ContactAnswer();
  /** Answer of the distance family (a field, not a return value: CONTRIBUTING.md, "V8 rules", rule 1). */
  distance = 0;
  /** The part the distance family's answer is between, for a compound (0 for a convex shape). */
  distancePartA = 0;
  distancePartB = 0;
  /**
   * Input of the distance family from a concave pair function that already holds an answer (its best
   * distance so far): a concave shape's parts beyond it are not visited, and its answer is then Infinity.
   * Infinity (no bound) in every work record a public query runs in.
   */
  distanceBound = Infinity;
  /**
   * The work of the queries a compound's pair function runs on its parts (query/parted/), made on first
   * use: its answers must not overwrite this one's best so far.
   */
  child: QueryWork | null = null;
  /** A compound pair function's scratch (query/parted/parted-pairs.ts), made on first use. */
  compound: object | null = null;
}

const _shared = /* @__PURE__ */ new QueryWork();
/** Work records of queries run from inside a user's support function, by depth (made once, then kept). */
const _nested: QueryWork[] = [];
/** How many user support functions are running, each inside a query: the depth of the next query. */

/**
 * The work set of a query: the shared one for a query run from no user code, one per depth for a query
 * run from inside a user's support function (the outer query's state lives in the shallower set; see
 * {@link enterUserCode}), and a fresh one when the query is traced: its trace callback may run queries
 * (they take the shared set, which the traced query does not use), and may keep its trace steps.
 */
export function acquireWork(tracing: boolean): QueryWork {
  // The rare cases out of line: this is inlined into every public query, whose inlined size V8 bounds
  // (CONTRIBUTING.md, "V8 rules": a query too large to inline into its caller returns a boxed double).
  return tracing || userCodeDepth() !== 0 ? otherWork(tracing) : _shared;
}

/** acquireWork's rare cases: a traced query, or one run from inside a user's support function. */
function otherWork(tracing: boolean): QueryWork {
  if (tracing) return new QueryWork();
  const depth = userCodeDepth();
  return _nested[depth] ?? (_nested[depth] = new QueryWork());
}

