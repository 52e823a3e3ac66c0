import { Transform, relativeTransform, transformFromPose } from '../math/transform.js';
import type { PoseLike } from '../math/types.js';
import type { SupportMap } from '../shapes/shape.js';
import { CONTACT_RELATIVE_TOLERANCE } from '../tolerance.js';
import { EpaWork } from './epa/epa.js';
import { GjkWork } from './gjk/gjk.js';

/**
 * Working set of one pair query: both poses as transforms, B's pose in A's frame, and GJK/EPA state.
 * Queries use the module-scope one; a traced query makes its own, because a trace callback is user
 * code that may run queries itself.
 */
export class PairWork {
  readonly poseA = new Transform();
  readonly poseB = new Transform();
  readonly bInA = new Transform();
  readonly gjk = new GjkWork();
  readonly epa = new EpaWork();
  /**
   * Absolute slack under which the two shapes count as touching: CONTACT_RELATIVE_TOLERANCE times the
   * magnitude of the coordinates the query computes with (bounding radii about the local origins, both
   * world positions, the distance between the frames), so it scales with the rounding it absorbs.
   */
  slack = 0;
  /** Signed separation found by the contact queries (a field: returned doubles are boxed by V8). */
  separation = 0;
}

const _shared = /* @__PURE__ */ new PairWork();

/**
 * Returns the work set for a query (fresh when tracing) with poses read, B expressed in A's frame, and
 * the touch slack of the pair.
 */
export function preparePair(a: SupportMap, poseA: PoseLike, b: SupportMap, poseB: PoseLike, tracing: boolean): PairWork {
  const work = tracing ? new PairWork() : _shared;
  const pa = transformFromPose(work.poseA, poseA, 'poseA');
  const pb = transformFromPose(work.poseB, poseB, 'poseB');
  const t = relativeTransform(work.bInA, pa, pb);
  const magnitude = a.boundingRadius + b.boundingRadius + Math.sqrt(t.tx * t.tx + t.ty * t.ty + t.tz * t.tz)
    + Math.abs(pa.tx) + Math.abs(pa.ty) + Math.abs(pa.tz) + Math.abs(pb.tx) + Math.abs(pb.ty) + Math.abs(pb.tz);
  work.slack = CONTACT_RELATIVE_TOLERANCE * magnitude;
  return work;
}
