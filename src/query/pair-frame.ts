/**
 * The relative pose of a pair: B's pose in A's frame, and the touch slack of the pair. Every pairwise
 * algorithm runs in A's local frame (STYLE §4), so this is computed once per query from the two world
 * transforms, by whichever pair function answers it. A cast (later) adds the relative motion here.
 */
import { relativeTransform, Transform } from '../math/transform.js';
import type { Shape } from '../shapes/shape.js';
import { CONTACT_RELATIVE_TOLERANCE } from '../tolerance.js';

export class PairFrame {
  /** B's pose in A's frame: `p_A = R·p_B + t`. */
  readonly bInA = new Transform();
  /**
   * Absolute slack under which the two shapes count as touching (a length): CONTACT_RELATIVE_TOLERANCE
   * times the magnitude of the coordinates the query computes with (bounding radii about the local
   * origins, both world positions, the distance between the frames), so it scales with the rounding it
   * absorbs.
   */
  slack = 0;
}

/** Fills `frame` for shape `a` at world transform `tA` and `b` at `tB`, and returns it. */
export function relatePair(frame: PairFrame, a: Shape, tA: Transform, b: Shape, tB: Transform): PairFrame {
  const t = relativeTransform(frame.bInA, tA, tB);
  const magnitude = a.boundingRadius + b.boundingRadius + Math.sqrt(t.tx * t.tx + t.ty * t.ty + t.tz * t.tz)
    + Math.abs(tA.tx) + Math.abs(tA.ty) + Math.abs(tA.tz) + Math.abs(tB.tx) + Math.abs(tB.ty) + Math.abs(tB.tz);
  frame.slack = CONTACT_RELATIVE_TOLERANCE * magnitude;
  return frame;
}
