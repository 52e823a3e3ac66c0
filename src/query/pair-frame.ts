/**
 * The relative pose of a pair: B's pose in A's frame, and the touch slack of the pair. Every pairwise
 * algorithm runs in A's local frame (STYLE §4), so this is computed once per query from the two world
 * transforms, by whichever pair function answers it. A cast (later) adds the relative motion here.
 */
import { relativeTransform, Transform } from '../math/transform.js';
import type { Shape } from '../shapes/shape.js';
import { CONTACT_RELATIVE_TOLERANCE, POSITION_ULPS } from '../tolerance.js';

const POSITION_SLACK = POSITION_ULPS * Number.EPSILON;

export class PairFrame {
  /** B's pose in A's frame: `p_A = R·p_B + t`. */
  readonly bInA = new Transform();
  /**
   * Absolute slack under which the two shapes count as touching (a length): CONTACT_RELATIVE_TOLERANCE
   * times the sizes the query computes with (bounding radii about the local origins, the distance
   * between the frames), plus POSITION_ULPS ulps of the larger world position, so it follows the
   * rounding it absorbs (tolerance.ts).
   */
  slack = 0;
}

/** Fills `frame` for shape `a` at world transform `tA` and `b` at `tB`, and returns it. */
export function relatePair(frame: PairFrame, a: Shape, tA: Transform, b: Shape, tB: Transform): PairFrame {
  const t = relativeTransform(frame.bInA, tA, tB);
  const size = a.boundingRadius + b.boundingRadius + Math.sqrt(t.tx * t.tx + t.ty * t.ty + t.tz * t.tz);
  const position = Math.max(Math.abs(tA.tx), Math.abs(tA.ty), Math.abs(tA.tz), Math.abs(tB.tx), Math.abs(tB.ty), Math.abs(tB.tz));
  frame.slack = CONTACT_RELATIVE_TOLERANCE * size + POSITION_SLACK * position;
  return frame;
}
