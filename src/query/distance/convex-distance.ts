/**
 * The distance family on two convex shapes, by GJK on their cores (query/gjk/gjk.ts): the general pair
 * functions of `intersects`, `distance` and `closestPoints` (query/pair/dispatch.ts routes every convex pair
 * here unless a specialised function exists). Each reads the two world transforms, relates B to A,
 * runs GJK in A's frame with the radii kept out of it (the core-plus-radius two-step, van den Bergen
 * 2003 §4.3.7), and applies the radii to GJK's answer.
 */
import { rotateVector, transformPoint, type Transform } from '../../math/transform.js';
import type { Vec3Like } from '../../math/types.js';
import type { ConvexShape } from '../../shapes/shape.js';
import { gjkDistance, type GjkOptions } from '../gjk/gjk.js';
import { relatePair } from '../pair/pair-frame.js';
import type { QueryWork } from '../pair/query-work.js';
import type { ClosestPointsResult } from '../pair/results.js';
import { prepare, requireRepresentable, scratch, unscalePoint } from '../pair/scale-free.js';
import { carryCache, exchangedOptions, exchangeWitnesses, runsInB } from '../pair/working-frame.js';

/**
 * Whether the shapes share a point, touching within the pair's slack included. GJK stops as soon as a
 * separating plane proves them farther apart than the radii plus the slack.
 */
export function intersectsConvex(
  work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform, options: GjkOptions | undefined,
): boolean {
  const frame = relatePair(work.frame, a, tA, b, tB);
  if (frame.outOfRange || runsInB(a, b)) return intersectsElsewhere(work, a, tA, b, tB, options);
  const r = a.sweptRadius + b.sweptRadius + frame.slack;
  work.gjk.limit = r;
  gjkDistance(work.gjk, a, b, frame.bInA, options);
  return !work.gjk.separatedBeyondLimit && work.gjk.distance <= r;
}

/** The distance into `work.distance`: 0 when the gap is within the touch slack (as intersects says). */
export function distanceConvex(
  work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform, options: GjkOptions | undefined,
): void {
  const frame = relatePair(work.frame, a, tA, b, tB);
  if (frame.outOfRange || runsInB(a, b)) return distanceElsewhere(work, a, tA, b, tB, options);
  work.gjk.limit = Infinity;
  gjkDistance(work.gjk, a, b, frame.bInA, options);
  const d = work.gjk.distance - a.sweptRadius - b.sweptRadius;
  work.distance = d > frame.slack ? d : 0;
}

/**
 * Distance, closest points and normal, in world space, into `out`. Touching or overlapping: distance
 * 0 and one shared point for both.
 */
export function closestPointsConvex(
  work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform, out: ClosestPointsResult,
  options: GjkOptions | undefined,
): void {
  const frame = relatePair(work.frame, a, tA, b, tB);
  if (frame.outOfRange || runsInB(a, b)) return closestPointsElsewhere(work, a, tA, b, tB, out, options);
  const gjk = work.gjk;
  gjk.limit = Infinity;
  gjkDistance(gjk, a, b, frame.bInA, options);
  const rA = a.sweptRadius, rB = b.sweptRadius;
  const pa = out.pointA, pb = out.pointB, n = out.normal;
  writeCoreNormal(n, work);
  const dCore = gjk.distance;
  if (dCore - rA - rB > frame.slack) {
    // Apart: move each core point out by its radius along the normal.
    offsetByRadii(pa, gjk.pointA, pb, gjk.pointB, n, a, b);
    out.distance = dCore - rA - rB;
  } else {
    // Touching or overlapping: a shared point on the segment between the core points, within rA of
    // A's core and rB of B's core.
    const t = rA + rB > 0 ? (dCore * rA) / (rA + rB) : 0;
    const p = gjk.pointA;
    pa.x = p.x + n.x * t; pa.y = p.y + n.y * t; pa.z = p.z + n.z * t;
    pb.x = pa.x; pb.y = pa.y; pb.z = pa.z;
    out.distance = 0;
  }
  transformPoint(pa, tA, pa);
  transformPoint(pb, tA, pb);
  rotateVector(n, tA, n);
  out.status = gjk.status;
  out.iterations = gjk.iterations;
  // The certified bounds' readings (query/certify/): |v|, a point of the cores' difference, and the last plane.
  work.closestUpper = dCore - (rA + rB); work.closestHasUpper = true;
  if (gjk.planeBound > -Infinity) { work.closestSigma = gjk.planeBound - (rA + rB); work.closestHasSigma = true; }
}

// The pairs the functions above do not answer in A's frame as they are (one call out of line, for V8's
// inlining budget: CONTRIBUTING.md, "V8 rules", rule 2; written into them, the larger-frame test boxed
// distance()'s answer, 7 bytes a query): outside the ordinary range of sizes, a scaled copy; B the larger
// shape, the pair exchanged in B's frame (working-frame.ts), the cache carried across and the answer turned
// back.

function intersectsElsewhere(work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform, options: GjkOptions | undefined): boolean {
  if (work.frame.outOfRange) return intersectsScaled(work, a, tA, b, tB, options);
  carryCache(options, tA, tB);
  const meet = intersectsConvex(work, b, tB, a, tA, exchangedOptions(options, tA, tB));
  carryCache(options, tB, tA);
  return meet;
}

function distanceElsewhere(work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform, options: GjkOptions | undefined): void {
  if (work.frame.outOfRange) return distanceScaled(work, a, tA, b, tB, options);
  carryCache(options, tA, tB);
  distanceConvex(work, b, tB, a, tA, exchangedOptions(options, tA, tB));
  carryCache(options, tB, tA);
}

function closestPointsElsewhere(
  work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform, out: ClosestPointsResult, options: GjkOptions | undefined,
): void {
  if (work.frame.outOfRange) return closestPointsScaled(work, a, tA, b, tB, out, options);
  carryCache(options, tA, tB);
  closestPointsConvex(work, b, tB, a, tA, out, exchangedOptions(options, tA, tB));
  carryCache(options, tB, tA);
  exchangeWitnesses(out.pointA, out.pointB, out.normal);
}

// The same on pairs outside the ordinary range of sizes, scaled to near 1 and back (scale-free.ts).

function intersectsScaled(work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform, options: GjkOptions | undefined): boolean {
  const pair = scratch(work);
  prepare(pair, a, tA, b, tB, work.frame);
  return intersectsConvex(work, pair.viewA, pair.tA, pair.viewB, pair.tB, options);
}

function distanceScaled(work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform, options: GjkOptions | undefined): void {
  const pair = scratch(work);
  prepare(pair, a, tA, b, tB, work.frame);
  distanceConvex(work, pair.viewA, pair.tA, pair.viewB, pair.tB, options);
  work.distance = requireRepresentable(work.distance * pair.back, 'distance');
}

function closestPointsScaled(
  work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform, out: ClosestPointsResult, options: GjkOptions | undefined,
): void {
  const pair = scratch(work);
  prepare(pair, a, tA, b, tB, work.frame);
  closestPointsConvex(work, pair.viewA, pair.tA, pair.viewB, pair.tB, out, options);
  const back = pair.back;
  out.distance = requireRepresentable(out.distance * back, 'distance');
  work.closestUpper *= back; work.closestSigma *= back;
  work.frame.unit = back; // (the copy's frame, which a run in B's frame related again)
  unscalePoint(out.pointA, back, tA);
  unscalePoint(out.pointB, back, tA);
}

/**
 * Moves core points out to the shapes' surfaces: outA = pA + n·r_A, outB = pB − n·r_B (outputs may alias
 * the inputs). Takes the shapes, not the radii (CONTRIBUTING.md, "V8 rules", rule 1).
 */
export function offsetByRadii(
  outA: Vec3Like, pA: Readonly<Vec3Like>, outB: Vec3Like, pB: Readonly<Vec3Like>, n: Readonly<Vec3Like>,
  a: ConvexShape, b: ConvexShape,
): void {
  const rA = a.sweptRadius, rB = b.sweptRadius, nx = n.x, ny = n.y, nz = n.z;
  outA.x = pA.x + nx * rA; outA.y = pA.y + ny * rA; outA.z = pA.z + nz * rA;
  outB.x = pB.x - nx * rB; outB.y = pB.y - ny * rB; outB.z = pB.z - nz * rB;
}

/**
 * Unit normal from A to B in A's frame from GJK's answer: −v/|v| when the cores are apart; otherwise
 * the direction from A's origin to B's, or +x when even that is zero.
 */
export function writeCoreNormal(n: Vec3Like, work: QueryWork): void {
  const v = work.gjk.v;
  let x = -v.x, y = -v.y, z = -v.z;
  let l = Math.sqrt(x * x + y * y + z * z);
  if (!(l > 0) || work.gjk.intersecting) {
    const t = work.frame.bInA;
    x = t.tx; y = t.ty; z = t.tz;
    l = Math.sqrt(x * x + y * y + z * z);
    if (!(l > 0)) { x = 1; y = 0; z = 0; l = 1; }
  }
  if (l < TINY_LENGTH) {
    // Components below about 1e-154 square into subnormals (or 0), and the length read from them is off by
    // up to half itself (two spheres 1.6e-162 apart: a normal of length 0.707). Scaled to a largest
    // component of 1 first.
    const m = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
    x /= m; y /= m; z /= m;
    l = Math.sqrt(x * x + y * y + z * z);
  }
  n.x = x / l; n.y = y / l; n.z = z / l;
}

/** Below this length a vector's squared components lose precision (2^-500: their squares are near 2^-1000). */
const TINY_LENGTH = 3.055e-151;
