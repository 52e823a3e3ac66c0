/**
 * The relative pose of a pair: B's pose in A's frame, and the touch slack of the pair. Every pairwise
 * algorithm runs in A's local frame (STYLE §4), so this is computed once per query from the two world
 * transforms, by whichever pair function answers it. A cast (later) adds the relative motion here.
 */
import { relativeTransform, Transform } from '../../math/transform.js';
import type { Shape } from '../../shapes/shape.js';
import { CONTACT_RELATIVE_TOLERANCE, POSITION_ULPS, SCALE_FREE_EXPONENT } from '../../tolerance.js';

const POSITION_SLACK = POSITION_ULPS * Number.EPSILON;
const HIGH = 2 ** SCALE_FREE_EXPONENT, LOW = 2 ** -SCALE_FREE_EXPONENT;

export class PairFrame {
  /** B's pose in A's frame: `p_A = R·p_B + t`. */
  readonly bInA = new Transform();
  /**
   * Absolute slack under which the two shapes count as touching (a length): CONTACT_RELATIVE_TOLERANCE
   * times the sizes the query computes with (bounding radii about the local origins, the distance
   * between the frames), plus POSITION_ULPS ulps of A's world position (its 1-norm), so it follows the
   * rounding it absorbs (tolerance.ts).
   */
  slack = 0;
  /** The slack's term for A's position (POSITION_ULPS ulps of it), for a pair function that sizes its own slack. */
  positionSlack = 0.5;
  /** Whether the pair's size is outside 2^±SCALE_FREE_EXPONENT: then it is answered scaled (scale-free.ts). */
  outOfRange = false;
  /**
   * A's position term carried into a scaled copy of the pair, whose A sits at the origin (scale-free.ts
   * sets it, in the copy's units, and the copy's relatePair takes it and resets it): so the copy's slack
   * is the pair's own.
   */
  positionBias = 0;
  /**
   * The pair's size as the slack reads it (the bounding radii and the offset, 1-norm), in the frame's units,
   * and the world length of one of them (1; a scaled copy's factor back, set by the scaled paths once the
   * copy's answer is in): the certified bounds' rounding (query/certify/).
   */
  size = 0;
  unit = 1;
}

/** Fills `frame` for shape `a` at world transform `tA` and `b` at `tB`, and returns it. */
export function relatePair(frame: PairFrame, a: Shape, tA: Transform, b: Shape, tB: Transform): PairFrame {
  const t = relativeTransform(frame.bInA, tA, tB);
  // Sizes as 1-norms: no squares, which would overflow or underflow outside the range tested below.
  const size = a.boundingRadius + b.boundingRadius + Math.abs(t.tx) + Math.abs(t.ty) + Math.abs(t.tz);
  // A's position (B's is within the offset of it, which `size` holds).
  // (The bias is taken once: a scaled copy's relatePair consumes what scale-free.ts set for it.)
  const position = Math.abs(tA.tx) + Math.abs(tA.ty) + Math.abs(tA.tz) + frame.positionBias;
  frame.positionBias = 0;
  frame.positionSlack = POSITION_SLACK * position;
  frame.slack = CONTACT_RELATIVE_TOLERANCE * size + frame.positionSlack;
  frame.size = size;
  frame.unit = 1;
  frame.outOfRange = !(size <= HIGH) || (size < LOW && size > 0);
  return frame;
}
