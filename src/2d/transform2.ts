/**
 * A rigid transform of the plane, `p' = R·p + t` with R the rotation by an angle kept as its cosine and
 * sine: queries convert each caller's pose once, and a rotation is then 4 multiplies.
 */
import { sinCosInto } from '../math/exact-math.js';

/** sinCosInto's argument and answers (numbers through calls are boxed: CONTRIBUTING.md, "V8 rules", rule 1). */
const _sinCos = /* @__PURE__ */ new Float64Array(2);
import { describeValue, InvalidNumberError, InvalidPoseError } from '../errors.js';
import type { Pose2Like } from './types.js';

export class Transform2 {
  c = 1;
  s = 0;
  tx = 0;
  ty = 0;
}

const POSE_FORM = 'expected a pose { position: { x, y }, angle } (finite numbers; angle in radians, counter-clockwise)';

/**
 * Reads both poses of a pair into `tA` and `tB` and writes B's pose in A's frame into `bInA`: the
 * pose's checks (an object with a position object, finite numbers) and its rotation's cosine and sine,
 * written out for each pose. One function for the
 * pair on purpose: at this size V8 does not inline it, so the public queries that call it stay small
 * enough to be inlined into their callers, which then read a returned number unboxed (CONTRIBUTING.md,
 * "V8 rules", rule 2). `turnA` / `turnB` false: that pose's rotation is taken as the identity, for a shape
 * that is the same at every angle (its core a point at its origin: shape2.ts `turns`); its angle is still
 * checked.
 * @throws InvalidPoseError if a pose or its position is not an object; InvalidNumberError naming the
 *   component (`poseB.angle`) that is not a finite number.
 */
export function transform2FromPoses(
  tA: Transform2, poseA: Pose2Like, tB: Transform2, poseB: Pose2Like, bInA: Transform2, turnA: boolean, turnB: boolean,
): void {
  if (poseA === null || typeof poseA !== 'object') throwPoseShape('poseA', poseA);
  if (poseB === null || typeof poseB !== 'object') throwPoseShape('poseB', poseB);
  const pa = poseA.position, pb = poseB.position;
  if (pa === null || typeof pa !== 'object') throwPoseShape('poseA.position', pa);
  if (pb === null || typeof pb !== 'object') throwPoseShape('poseB.position', pb);
  const ax = pa.x, ay = pa.y, aa = poseA.angle, bx = pb.x, by = pb.y, ba = poseB.angle;
  if (typeof ax !== 'number' || typeof ay !== 'number' || typeof aa !== 'number') throwPoseNumber(poseA, 'poseA');
  if (typeof bx !== 'number' || typeof by !== 'number' || typeof ba !== 'number') throwPoseNumber(poseB, 'poseB');
  const sumA = ax + ay + aa, sumB = bx + by + ba;
  if (sumA - sumA !== 0) throwPoseNumber(poseA, 'poseA');
  if (sumB - sumB !== 0) throwPoseNumber(poseB, 'poseB');
  // A shape whose core is a point at its origin (a circle) is the same turned by any angle: its rotation
  // is left out, which saves the trigonometry that is most of a circle pair's query.
  let ca = 1, sa = 0, cb = 1, sb = 0;
  const sc = _sinCos;
  if (turnA) { sc[0] = aa; sinCosInto(sc); sa = sc[0]; ca = sc[1]; }
  if (turnB) { sc[0] = ba; sinCosInto(sc); sb = sc[0]; cb = sc[1]; }
  tA.c = ca; tA.s = sa; tA.tx = ax; tA.ty = ay;
  tB.c = cb; tB.s = sb; tB.tx = bx; tB.ty = by;
  relate2(tA, tB, bInA);
}

/**
 * B's transform in A's frame from the two (set) transforms: the one formula of transform2FromPoses and
 * of a world's pairs, whose bodies keep their cosines and sines (so both read the same numbers).
 */
export function relate2(tA: Transform2, tB: Transform2, bInA: Transform2): void {
  const ca = tA.c, sa = tA.s, cb = tB.c, sb = tB.s, dx = tB.tx - tA.tx, dy = tB.ty - tA.ty;
  bInA.c = ca * cb + sa * sb;
  bInA.s = ca * sb - sa * cb;
  bInA.tx = ca * dx + sa * dy;
  bInA.ty = ca * dy - sa * dx;
}

/** Out of line (this function is inlined into every query: CONTRIBUTING.md, "V8 rules", rule 2). */
function throwPoseShape(field: string, v: unknown): never {
  throw new InvalidPoseError(field, `is ${describeValue(v)}; ${POSE_FORM}`);
}

/** Names the first component of `pose` that is not a finite number (re-read here, never passed: no boxing). */
function throwPoseNumber(pose: Pose2Like, field: string): never {
  const p = pose.position;
  const parts: Array<[string, unknown]> = [[`${field}.position.x`, p.x], [`${field}.position.y`, p.y], [`${field}.angle`, pose.angle]];
  for (const [name, v] of parts) {
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new InvalidNumberError(name, v);
  }
  throw new InvalidNumberError(field, NaN);
}
