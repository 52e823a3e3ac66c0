/**
 * Every family's answer from the closest points of two cores (a closed form found them, in A's frame),
 * by the core-plus-radius rule the general path uses (van den Bergen 2003 §4.3.7; convex-contact.ts):
 * the separation is the cores' distance less the radii, the normal joins the core points, and each
 * shape's deepest point along the normal is its core point moved out by its radius. The core points
 * must be apart by more than the pair's slack (a normal read off closer points would be rounding): the
 * callers send pairs whose cores touch or overlap to the general path, or answer them themselves.
 *
 * Reads the pair from the kernel's record (closed-form-families.ts): the core points, their distance, the
 * unit normal the kernel found (not the points' difference over d, whose direction carries the points'
 * rounding over d) and the radii, all in the units of the pair as related (a scaled copy's, when it is
 * one: the family scales back). `tA` is A's transform as related (the copy's, when scaled).
 */
import { rotateVector, transformPoint, type Transform } from '../../math/transform.js';
import type { Vec3Like } from '../../math/types.js';
import type { PairFrame } from '../pair/pair-frame.js';
import type { QueryWork } from '../pair/query-work.js';
import type { ClosestPointsResult } from '../pair/results.js';

/** Whether the shapes touch or overlap (within the slack), as intersectsConvex decides it. */
export function intersectsFromCores(frame: PairFrame, c: Float64Array): boolean {
  return c[18] - c[25] - c[26] <= frame.slack;
}

/** The distance into `work.distance`, 0 within the slack, as distanceConvex writes it. */
export function distanceFromCores(work: QueryWork, c: Float64Array): void {
  const d = c[18] - c[25] - c[26];
  // Two stores, not `d > slack ? d : 0`: a small integer on one branch and a double on the other is boxed
  // (CONTRIBUTING.md, "V8 rules", rule 1: 8 to 12 bytes a query, measured).
  if (d > work.frame.slack) work.distance = d;
  else work.distance = 0;
}

/** The kernel's unit normal from A's core point to B's into `n` (A's frame). */
function coreNormal(n: Vec3Like, c: Float64Array): void {
  n.x = c[20]; n.y = c[21]; n.z = c[22];
}

/** Closest points, distance and normal in world space, as closestPointsConvex writes them. */
export function closestFromCores(work: QueryWork, tA: Transform, out: ClosestPointsResult, c: Float64Array): void {
  const rA = c[25], rB = c[26], d = c[18];
  const pa = out.pointA, pb = out.pointB, n = out.normal;
  coreNormal(n, c);
  if (d - rA - rB > work.frame.slack) {
    pa.x = c[12] + n.x * rA; pa.y = c[13] + n.y * rA; pa.z = c[14] + n.z * rA;
    pb.x = c[15] - n.x * rB; pb.y = c[16] - n.y * rB; pb.z = c[17] - n.z * rB;
    out.distance = d - rA - rB;
  } else {
    // Touching or overlapping: one shared point on the segment between the core points, within rA of
    // A's core and rB of B's (closestPointsConvex's rule).
    const t = rA + rB > 0 ? (d * rA) / (rA + rB) : 0;
    pa.x = c[12] + n.x * t; pa.y = c[13] + n.y * t; pa.z = c[14] + n.z * t;
    pb.x = pa.x; pb.y = pa.y; pb.z = pa.z;
    out.distance = 0;
  }
  transformPoint(pa, tA, pa);
  transformPoint(pb, tA, pb);
  rotateVector(n, tA, n);
  out.status = 'converged';
  out.iterations = 0;
  // The certified bounds' readings (query/certify/): the core points' distance, σ where the kernel read it.
  work.closestUpper = d - rA - rB + c[29]; work.closestHasUpper = true;
  if (c[28] === 1) { work.closestSigma = c[27] - rA - rB; work.closestHasSigma = true; }
}

/**
 * The signed contact into `work.contact` (world space), as contactConvex writes it for cores apart;
 * false, leaving it as it was, when the separation exceeds the contact family's limit (work.maxSeparation
 * is in the pair's units: divided by the factor back, exactly, for a scaled copy), with that separation in
 * `work.separationBound`.
 */
export function contactFromCores(work: QueryWork, tA: Transform, c: Float64Array): boolean {
  const rA = c[25], rB = c[26], slack = work.frame.slack;
  const sep = c[18] - rA - rB;
  if (sep > (work.touchingOnly ? slack : work.maxSeparation / c[24])) {
    work.separationBound = sep * c[24];
    return false;
  }
  const r = work.contact, n = r.normal;
  coreNormal(n, c);
  r.pointA.x = c[12] + n.x * rA; r.pointA.y = c[13] + n.y * rA; r.pointA.z = c[14] + n.z * rA;
  r.pointB.x = c[15] - n.x * rB; r.pointB.y = c[16] - n.y * rB; r.pointB.z = c[17] - n.z * rB;
  if (Math.abs(sep) <= slack) r.separation = 0; // (two stores: see distanceFromCores)
  else r.separation = sep;
  // Apart, the core points' distance (points on the cores); where they meet, the kernel's signed answer
  // is its depth over a complete set (a closed form's faces, the separating-axis passes' every axis).
  r.pathUpper = sep + c[29];
  if (c[28] === 1) { r.sigma = c[27] - rA - rB; r.hasSigma = true; c[28] = 0; }
  r.status = 'converged';
  r.iterations = 0;
  transformPoint(r.pointA, tA, r.pointA);
  transformPoint(r.pointB, tA, r.pointB);
  rotateVector(n, tA, n);
  return true;
}
