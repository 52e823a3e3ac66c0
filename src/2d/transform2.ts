/**
 * A rigid transform of the plane, `p' = R·p + t` with R the rotation by an angle kept as its cosine and
 * sine: queries convert each caller's pose once, and a rotation is then 4 multiplies.
 */
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
 * Writes the transform of `pose` into `out` and returns it. `field` names the pose in error messages.
 * @throws InvalidPoseError if the pose or its position is not an object; InvalidNumberError naming the
 *   component if a position component or the angle is not a finite number.
 */
export function transform2FromPose(out: Transform2, pose: Pose2Like, field: string): Transform2 {
  if (pose === null || typeof pose !== 'object') throw new InvalidPoseError(field, `is ${describeValue(pose)}; ${POSE_FORM}`);
  const p = pose.position;
  if (p === null || typeof p !== 'object') throw new InvalidPoseError(`${field}.position`, `is ${describeValue(p)}; ${POSE_FORM}`);
  const px = p.x, py = p.y, angle = pose.angle;
  if (typeof px !== 'number' || typeof py !== 'number' || typeof angle !== 'number') throwPoseNumber(pose, field);
  // One test catches NaN and ±Infinity in all three: any of them makes the sum non-finite.
  const sum = px + py + angle;
  if (sum - sum !== 0) throwPoseNumber(pose, field);
  out.c = Math.cos(angle);
  out.s = Math.sin(angle);
  out.tx = px;
  out.ty = py;
  return out;
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

/** out = A⁻¹·B: B's frame expressed in A's frame. Safe when `out` aliases `a` or `b`. */
export function relativeTransform2(out: Transform2, a: Transform2, b: Transform2): Transform2 {
  const ac = a.c, as = a.s, bc = b.c, bs = b.s;
  const dx = b.tx - a.tx, dy = b.ty - a.ty;
  out.c = ac * bc + as * bs;
  out.s = ac * bs - as * bc;
  out.tx = ac * dx + as * dy;
  out.ty = ac * dy - as * dx;
  return out;
}
