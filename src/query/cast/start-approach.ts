/**
 * Whether a cast that starts within its target approaches: the pair's contact at time 0 (its normal from A
 * to B) and the relative velocity v_B − v_A, closing when their dot product is below −1e-9 of the speed
 * (a motion along the surface leaves a few ulps of it across). For two convex shapes under translation the
 * separation is a convex function of time (the signed distance of the origin to the Minkowski difference,
 * moving along a line), so a pair that does not approach at the start never comes nearer: shapeCast's
 * `stopAtPenetration: false` passes it by (parry's `stop_at_penetration`), part by part for a compound or a
 * mesh.
 */
import type { Transform } from '../../math/transform.js';
import type { ConvexShape } from '../../shapes/shape.js';
import { CONTACT } from '../pair/dispatch.js';
import { acquireWork, type ContactAnswer } from '../pair/query-work.js';

/** The relative velocity v_B − v_A (an array: doubles through calls are boxed). */
export const startVelocity = /* @__PURE__ */ new Float64Array(3);

/** The contact approachesAtStart found (the query work's record: read it before the next query). */
export let startContact: ContactAnswer | null = null;

/**
 * Whether convex `a` at `tA` and `b` at `tB`, moving apart at startVelocity (v_B − v_A), close from the start;
 * their contact at time 0 is left in `startContact` (a cast that stops there answers with it).
 */
export function approachesAtStart(a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform): boolean {
  const work = acquireWork(false);
  startContact = work.contact;
  work.touchingOnly = false;
  work.wantBounds = false;
  work.maxSeparation = Infinity;
  work.queryLimit = Infinity;
  if (!CONTACT.find(a, b)(work, a, tA, b, tB, undefined)) return true;
  const n = work.contact.normal, v = startVelocity;
  const speed = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  return n.x * v[0] + n.y * v[1] + n.z * v[2] < -1e-9 * speed;
}
