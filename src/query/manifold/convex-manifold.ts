/**
 * The contact manifold of two convex shapes from their contact (Jolt's ManifoldBetweenTwoFaces, Box2D's
 * b2CollidePolygons, Bullet's clipping of polyhedral faces; Ericson, Real-Time Collision Detection §5):
 *  1. the normal and separation come from the exact contact query (GJK/EPA), already in `work.contact`;
 *  2. each shape's supporting feature along the normal (support-feature.ts), B's moved into A's frame;
 *  3. the reference face: the face of A or B nearer the contact normal, within MANIFOLD_REFERENCE_
 *     TOLERANCE (A's on a tie unless the cache says B's was last); without one, two parallel edges (two
 *     capsules side by side) clip each other, and anything else is the one contact point;
 *  4. the incident feature (the other shape's supporting face, segment or point) clipped against the
 *     reference face's side planes (clip-points.ts), each point's separation measured along the normal
 *     to the reference plane, those beyond the margin dropped;
 *  5. reduced to `maxPoints` (reduce-points.ts), the radii added, written in world space.
 * All in A's frame, so that far-from-origin pairs keep their digits, and for a pair outside
 * [2^-SCALE_FREE_EXPONENT, 2^SCALE_FREE_EXPONENT] (tolerance.ts) in size with the features scaled by a power of two to a size near 1 (exactly).
 */
import { nearestPowerOfTwoExponent, PLAIN_EDGE_MAX, PLAIN_EDGE_MIN } from '../../math/power-of-two.js';
import { relativeTransform, Transform, transformPoint } from '../../math/transform.js';
import type { Vec3Like } from '../../math/types.js';
import { vec3 } from '../../math/vec3.js';
import type { ConvexShape } from '../../shapes/shape.js';
import {
  MANIFOLD_ALIGNMENT_TOLERANCE, MANIFOLD_DEPTH_AGREEMENT as DEPTH_AGREEMENT, MANIFOLD_REFERENCE_TOLERANCE,
} from '../../tolerance.js';
import { createInnerOptions } from '../pair/options.js';
import type { ContactAnswer } from '../pair/query-work.js';
import { ClipPolygon, clipPolygon, clipSegment } from './clip-points.js';
import { codeIndex, codeType, pairId } from './feature-code.js';
import { FeaturePolygon } from './feature-polygon.js';
import type { ManifoldCache } from './manifold-cache.js';
import type { Manifold, ManifoldPoint } from './manifold-result.js';
import { reducePoints } from './reduce-points.js';
import { supportFeature } from './support-feature.js';

const TOL = MANIFOLD_ALIGNMENT_TOLERANCE;
const REFERENCE_TOL = MANIFOLD_REFERENCE_TOLERANCE;
/** A module constant (CONTRIBUTING.md, "V8 rules", rule 4). */
const MANIFOLD_DEPTH_AGREEMENT = DEPTH_AGREEMENT;
/** Pair sizes answered as they are; outside, the features are scaled (ManifoldWork.unit). Module constants (rule 4). */
const MANIFOLD_PLAIN_MIN = PLAIN_EDGE_MIN, MANIFOLD_PLAIN_MAX = PLAIN_EDGE_MAX;

/** The manifold builder's scratch (one per QueryWork, made on first use). */
export class ManifoldWork {
  readonly bInA = new Transform();
  /** B in A as the cache compares it (the query's own; bInA is the builder's). */
  readonly relative = new Transform();
  /**
   * The contact normal in A's frame, B's direction (−n in B's frame), the reference face's outward
   * direction along the normal, and a point being written: vectors travel as objects, and the margin
   * and the pair's size as fields (CONTRIBUTING.md, "V8 rules", rule 1).
   */
  readonly n = vec3();
  readonly dirB = vec3();
  readonly u = vec3();
  readonly point = vec3();
  /** The reduction's tie in depth (x), as an object. */
  readonly tie = vec3(Infinity);
  // Made doubles from the start (Infinity, not 0): a field that first holds small integers and later
  // doubles can end up tagged, and then every store allocates a heap number (the allocation probe
  // measured 32 bytes a call with margin 1 in one row and 0.5 in the next).
  margin = Infinity;
  size = Infinity;
  /**
   * The features' scale `k` (unit[0]): 1 for pairs of ordinary size; otherwise a power of two that brings
   * the pair near size 1 (scale-free.ts does the same for the contact query), so that the products of two
   * lengths the clipping forms (and their squares) neither overflow nor underflow. unit[1] is its inverse,
   * unit[2] the margin in the scaled units; `size` above is in them too. Numbers in a typed array: fields
   * written on every call measured 0.2–0.9 bytes a query (CONTRIBUTING.md, "V8 rules", rule 1).
   */
  readonly unit = new Float64Array([1, 1, Infinity]);
  /** The cache key's GJK and EPA options, −1 for one not given (manifold-cache.ts ManifoldKey). */
  readonly optionKey = new Float64Array([-1, -1, -1, -1]);
  readonly featureA = new FeaturePolygon();
  readonly featureB = new FeaturePolygon();
  readonly clip1 = new ClipPolygon();
  readonly clip2 = new ClipPolygon();
  /** Kept points: the incident core point (A's frame), its core separation and surface separation. */
  kept = new Float64Array(3 * 32);
  keptCore = new Float64Array(32);
  keptSep = new Float64Array(32);
  keptInc = new Int32Array(32);
  keptRef = new Int32Array(32);
  chosen = new Int32Array(32);
  used = new Uint8Array(32);
  /** The options the manifold query passes on to its contact query (filled per call: no allocation). */
  readonly options = createInnerOptions();

  reserve(n: number): void {
    if (this.keptSep.length >= n) return;
    const cap = Math.max(n, 2 * this.keptSep.length);
    this.kept = new Float64Array(3 * cap);
    this.keptCore = new Float64Array(cap);
    this.keptSep = new Float64Array(cap);
    this.keptInc = new Int32Array(cap);
    this.keptRef = new Int32Array(cap);
    this.chosen = new Int32Array(cap);
    this.used = new Uint8Array(cap);
  }
}

/** Whether face `f`'s normal is the unit direction `side` · n within `tol` in sine (`side` +1 or −1). */
function faceAligned(f: FeaturePolygon, n: Readonly<Vec3Like>, side: number, tol: number): boolean {
  if (!f.isFace) return false;
  const nx = n.x, ny = n.y, nz = n.z;
  const d = (f.nx * nx + f.ny * ny + f.nz * nz) * side;
  if (!(d > 0)) return false;
  const cx = f.ny * nz - f.nz * ny, cy = f.nz * nx - f.nx * nz, cz = f.nx * ny - f.ny * nx;
  return Math.sqrt(cx * cx + cy * cy + cz * cz) <= tol;
}

/**
 * Writes the manifold of `a` at `tA` and `b` at `tB` into `out`, from their contact `c` (world space,
 * separation within `mw.margin`, which the caller sets: a number passed to this call would be boxed,
 * CONTRIBUTING.md, "V8 rules", rule 1). `maxPoints` ≥ 1.
 */
export function manifoldConvex(
  mw: ManifoldWork, c: ContactAnswer, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform,
  out: Manifold, maxPoints: number, cache: ManifoldCache | undefined,
): void {
  out.normal.x = c.normal.x; out.normal.y = c.normal.y; out.normal.z = c.normal.z;
  out.status = c.status;
  out.iterations = c.iterations;
  // The normal in A's frame (Rᵀ n), and B in A's frame.
  const wx = c.normal.x, wy = c.normal.y, wz = c.normal.z;
  const n = mw.n;
  n.x = tA.m00 * wx + tA.m10 * wy + tA.m20 * wz;
  n.y = tA.m01 * wx + tA.m11 * wy + tA.m21 * wz;
  n.z = tA.m02 * wx + tA.m12 * wy + tA.m22 * wz;
  const t = relativeTransform(mw.bInA, tA, tB);
  const fa = mw.featureA, fb = mw.featureB;
  supportFeature(fa, a, n);
  // −n in B's frame: Rᵀ_BA (−n).
  const d = mw.dirB;
  d.x = -(t.m00 * n.x + t.m10 * n.y + t.m20 * n.z);
  d.y = -(t.m01 * n.x + t.m11 * n.y + t.m21 * n.z);
  d.z = -(t.m02 * n.x + t.m12 * n.y + t.m22 * n.z);
  supportFeature(fb, b, d);
  fb.transform(t);
  const size = a.boundingRadius + b.boundingRadius, unit = mw.unit;
  if (size >= MANIFOLD_PLAIN_MIN && size <= MANIFOLD_PLAIN_MAX) {
    unit[0] = 1; unit[1] = 1;
  } else {
    const e = nearestPowerOfTwoExponent(size);
    unit[0] = 2 ** -e; unit[1] = 2 ** e;
    fa.scale(unit[0]); fb.scale(unit[0]);
  }
  mw.size = size * unit[0];
  unit[2] = mw.margin * unit[0];
  if (!clipped(mw, c, tA, out, maxPoints, cache)) {
    if (cache !== undefined) cache.reference = 0;
    singlePoint(out, c, fa.supportCode, fb.supportCode);
    alignPoint(mw, c, tA, out.points[0]);
  }
}

/**
 * Makes the single point's pair lie along the normal (`pointB − pointA = separation · normal`, which the
 * contact query's deepest points need not: any deepest point along the normal is one). When one
 * supporting feature is a point, the other shape's point is found along the normal from it; otherwise
 * it is the deepest point of the two features' overlap seen along the normal (both faces clipped as the
 * region is), or where two segments cross. The contact query's points stay when nothing agrees with
 * its separation within MANIFOLD_DEPTH_AGREEMENT (then they are still A's and B's deepest points).
 */
function alignPoint(mw: ManifoldWork, c: ContactAnswer, tA: Transform, p: ManifoldPoint): void {
  const fa = mw.featureA, fb = mw.featureB, s = c.separation, size = mw.size, ks = mw.unit[0] * s;
  const nx = mw.n.x, ny = mw.n.y, nz = mw.n.z;
  const wx = c.normal.x, wy = c.normal.y, wz = c.normal.z;
  if (fb.count === 1) {
    p.pointA.x = c.pointB.x - s * wx; p.pointA.y = c.pointB.y - s * wy; p.pointA.z = c.pointB.z - s * wz;
    return;
  }
  if (fa.count === 1) {
    p.pointB.x = c.pointA.x + s * wx; p.pointB.y = c.pointA.y + s * wy; p.pointB.z = c.pointA.z + s * wz;
    return;
  }
  const radii = fa.radius + fb.radius;
  let bestCore = Infinity, bx = 0, by = 0, bz = 0, onB = true;
  if (fa.count >= 3 || fb.count >= 3) {
    // Clip the other feature against the face's side planes, seen along the normal.
    const refIsA = fa.count >= 3;
    const ref = refIsA ? fa : fb, inc = refIsA ? fb : fa, u = refIsA ? 1 : -1;
    const mn = ref.nx * nx + ref.ny * ny + ref.nz * nz;
    if (!(mn * u > 0)) return;
    const dir = mw.u;
    dir.x = u * nx; dir.y = u * ny; dir.z = u * nz;
    let poly: ClipPolygon;
    if (inc.count === 2) { clipSegment(inc, ref, dir, mw.clip1); poly = mw.clip1; }
    else poly = clipPolygon(inc, ref, dir, mw.clip1, mw.clip2);
    const rp = ref.points, plane = ref.nx * rp[0] + ref.ny * rp[1] + ref.nz * rp[2];
    const pp = poly.points;
    for (let i = 0; i < poly.count; i++) {
      const x = pp[3 * i], y = pp[3 * i + 1], z = pp[3 * i + 2];
      const core = (ref.nx * x + ref.ny * y + ref.nz * z - plane) / Math.abs(mn);
      if (core < bestCore) { bestCore = core; bx = x; by = y; bz = z; }
    }
    onB = refIsA;
  } else {
    // Two segments: where they cross seen along the normal.
    const pa = fa.points, pb = fb.points;
    const ex = pa[3] - pa[0], ey = pa[4] - pa[1], ez = pa[5] - pa[2];
    const fx = pb[3] - pb[0], fy = pb[4] - pb[1], fz = pb[5] - pb[2];
    // Solve a0 + s e − (b0 + t f) ∥ n: dot with (f × n) and (e × n).
    const gx = fy * nz - fz * ny, gy = fz * nx - fx * nz, gz = fx * ny - fy * nx;
    const hx = ey * nz - ez * ny, hy = ez * nx - ex * nz, hz = ex * ny - ey * nx;
    const dx = pb[0] - pa[0], dy = pb[1] - pa[1], dz = pb[2] - pa[2];
    const den = ex * gx + ey * gy + ez * gz;
    if (!(Math.abs(den) > 0)) return;
    const sa = (dx * gx + dy * gy + dz * gz) / den;
    const tb = -(dx * hx + dy * hy + dz * hz) / (fx * hx + fy * hy + fz * hz);
    if (!(sa >= 0 && sa <= 1 && tb >= 0 && tb <= 1)) return;
    bx = pb[0] + tb * fx; by = pb[1] + tb * fy; bz = pb[2] + tb * fz;
    const ax = pa[0] + sa * ex, ay = pa[1] + sa * ey, az = pa[2] + sa * ez;
    bestCore = (bx - ax) * nx + (by - ay) * ny + (bz - az) * nz;
  }
  if (!(Math.abs(bestCore - radii - ks) <= MANIFOLD_DEPTH_AGREEMENT * size)) return;
  // The point found is on B (onB) or on A; the other is along the normal from it.
  const sx = onB ? -bestCore : bestCore;
  const ox = bx + sx * nx, oy = by + sx * ny, oz = bz + sx * nz;
  const ax = onB ? ox : bx, ay = onB ? oy : by, az = onB ? oz : bz;
  const qx = onB ? bx : ox, qy = onB ? by : oy, qz = onB ? bz : oz;
  const w = mw.point, back = mw.unit[1];
  w.x = (ax + fa.radius * nx) * back; w.y = (ay + fa.radius * ny) * back; w.z = (az + fa.radius * nz) * back;
  transformPoint(p.pointA, tA, w);
  w.x = (qx - fb.radius * nx) * back; w.y = (qy - fb.radius * ny) * back; w.z = (qz - fb.radius * nz) * back;
  transformPoint(p.pointB, tA, w);
}

/** The one contact point, with the features that hold it. */
function singlePoint(out: Manifold, c: ContactAnswer, codeA: number, codeB: number): void {
  const p = out.points[0];
  p.pointA.x = c.pointA.x; p.pointA.y = c.pointA.y; p.pointA.z = c.pointA.z;
  p.pointB.x = c.pointB.x; p.pointB.y = c.pointB.y; p.pointB.z = c.pointB.z;
  p.separation = c.separation;
  writeFeatures(p, codeA, codeB);
  out.count = 1;
}

function writeFeatures(p: ManifoldPoint, codeA: number, codeB: number): void {
  p.featureA.type = codeType(codeA); p.featureA.index = codeIndex(codeA);
  p.featureB.type = codeType(codeB); p.featureB.index = codeIndex(codeB);
  p.id = pairId(codeA, codeB);
}

/** Steps 3 to 5; false when the answer is the single contact point. */
function clipped(mw: ManifoldWork, c: ContactAnswer, tA: Transform, out: Manifold, maxPoints: number, cache: ManifoldCache | undefined): boolean {
  const fa = mw.featureA, fb = mw.featureB, n = mw.n, margin = mw.unit[2], size = mw.size;
  const nx = n.x, ny = n.y, nz = n.z;
  const okA = faceAligned(fa, n, 1, REFERENCE_TOL), okB = faceAligned(fb, n, -1, REFERENCE_TOL);
  let refIsA: boolean;
  if (okA && okB) {
    // The face nearer the normal, A's on a tie (within the alignment tolerance), or the cache's choice.
    const da = fa.nx * nx + fa.ny * ny + fa.nz * nz, db = -(fb.nx * nx + fb.ny * ny + fb.nz * nz);
    refIsA = Math.abs(da - db) <= TOL ? cache === undefined || cache.reference !== -1 : da > db;
  } else if (okA || okB) refIsA = okA;
  else return parallelEdges(mw, c, tA, out);
  const ref = refIsA ? fa : fb, inc = refIsA ? fb : fa;
  if (inc.count === 1) return false;
  // Under a radius, a core point is moved along the normal onto the surface: right only where the core
  // faces the normal, so a rounded incident feature clips only when it is flat against the reference.
  if (inc.radius > 0 && !(inc.count === 2 ? segmentFlat(inc, n) : faceAligned(inc, n, refIsA ? -1 : 1, TOL))) return false;
  const s = refIsA ? 1 : -1, u = mw.u;
  u.x = s * nx; u.y = s * ny; u.z = s * nz;
  let poly: ClipPolygon;
  if (inc.count === 2) { clipSegment(inc, ref, u, mw.clip1); poly = mw.clip1; }
  else poly = clipPolygon(inc, ref, u, mw.clip1, mw.clip2);
  // Separations along the normal to the reference plane m·x = m·r0.
  const rp = ref.points;
  const mx = ref.nx, my = ref.ny, mz = ref.nz;
  const plane = mx * rp[0] + my * rp[1] + mz * rp[2];
  const mn = Math.abs(mx * nx + my * ny + mz * nz);
  // A rounded reference face's surface is its core plane moved out by the radius along the face's own
  // normal m, which may lean from the contact normal by up to REFERENCE_TOL: along the normal that plane is
  // the radius over m·n away, not the radius (points of a rounded hull came out inside it by up to r(1 − m·n),
  // 4e-4 of its size).
  const rRef = ref.radius / mn, radii = rRef + inc.radius;
  mw.reserve(poly.count);
  let kept = 0, deepest = Infinity;
  const pp = poly.points;
  for (let i = 0; i < poly.count; i++) {
    const x = pp[3 * i], y = pp[3 * i + 1], z = pp[3 * i + 2];
    const core = (mx * x + my * y + mz * z - plane) / mn;
    const sep = core - radii;
    if (!(sep <= margin)) continue; // also drops NaN
    mw.kept[3 * kept] = x; mw.kept[3 * kept + 1] = y; mw.kept[3 * kept + 2] = z;
    mw.keptCore[kept] = core; mw.keptSep[kept] = sep;
    mw.keptInc[kept] = poly.incident[i]; mw.keptRef[kept] = poly.reference[i];
    if (sep < deepest) deepest = sep;
    kept++;
  }
  if (kept === 0) return false;
  if (!(Math.abs(deepest - mw.unit[0] * c.separation) <= MANIFOLD_DEPTH_AGREEMENT * size)) return false;
  mw.tie.x = MANIFOLD_DEPTH_AGREEMENT * size;
  const m = reducePoints(mw.kept, mw.keptSep, kept, maxPoints, n, mw.chosen, mw.used, mw.tie);
  const w = mw.point, rA = refIsA ? rRef : fa.radius, rB = refIsA ? fb.radius : rRef, back = mw.unit[1];
  for (let k = 0; k < m; k++) {
    const i = mw.chosen[k];
    const x = mw.kept[3 * i], y = mw.kept[3 * i + 1], z = mw.kept[3 * i + 2], core = mw.keptCore[i];
    // The reference point: the incident point moved along the normal onto the reference plane.
    const qx = x - s * core * nx, qy = y - s * core * ny, qz = z - s * core * nz;
    const p = out.points[k];
    // A's point (the reference point when A's face is the reference) out by A's radius, B's in by B's.
    const ax = refIsA ? qx : x, ay = refIsA ? qy : y, az = refIsA ? qz : z;
    const bx = refIsA ? x : qx, by = refIsA ? y : qy, bz = refIsA ? z : qz;
    w.x = (ax + rA * nx) * back; w.y = (ay + rA * ny) * back; w.z = (az + rA * nz) * back;
    transformPoint(p.pointA, tA, w);
    w.x = (bx - rB * nx) * back; w.y = (by - rB * ny) * back; w.z = (bz - rB * nz) * back;
    transformPoint(p.pointB, tA, w);
    if (refIsA) writeFeatures(p, mw.keptRef[i], mw.keptInc[i]);
    else writeFeatures(p, mw.keptInc[i], mw.keptRef[i]);
    p.separation = mw.keptSep[i] * mw.unit[1];
  }
  out.count = m;
  if (cache !== undefined) cache.reference = refIsA ? 1 : -1;
  return true;
}

/** Whether segment `f` (2 corners) is perpendicular to the unit normal `n` within TOL. */
function segmentFlat(f: FeaturePolygon, n: Readonly<Vec3Like>): boolean {
  const p = f.points, nx = n.x, ny = n.y, nz = n.z;
  const ex = p[3] - p[0], ey = p[4] - p[1], ez = p[5] - p[2];
  return Math.abs(ex * nx + ey * ny + ez * nz) <= TOL * Math.sqrt(ex * ex + ey * ey + ez * ez);
}

/**
 * Two segments (capsule cores, segments, cylinders' side lines) both perpendicular to the normal and
 * parallel to each other within TOL: B's clipped to A's extent along their common direction, 2 points.
 * False (the single contact point) for any other pair without a reference face.
 */
function parallelEdges(mw: ManifoldWork, c: ContactAnswer, tA: Transform, out: Manifold): boolean {
  const fa = mw.featureA, fb = mw.featureB, margin = mw.unit[2], size = mw.size;
  const nx = mw.n.x, ny = mw.n.y, nz = mw.n.z, w = mw.point, back = mw.unit[1];
  if (fa.count !== 2 || fb.count !== 2) return false;
  const pa = fa.points, pb = fb.points;
  const ex = pa[3] - pa[0], ey = pa[4] - pa[1], ez = pa[5] - pa[2];
  const fx = pb[3] - pb[0], fy = pb[4] - pb[1], fz = pb[5] - pb[2];
  const el = Math.sqrt(ex * ex + ey * ey + ez * ez), fl = Math.sqrt(fx * fx + fy * fy + fz * fz);
  if (!(el > 0 && fl > 0)) return false;
  if (Math.abs(ex * nx + ey * ny + ez * nz) > TOL * el || Math.abs(fx * nx + fy * ny + fz * nz) > TOL * fl) return false;
  const cx = ey * fz - ez * fy, cy = ez * fx - ex * fz, cz = ex * fy - ey * fx;
  if (Math.sqrt(cx * cx + cy * cy + cz * cz) > TOL * el * fl) return false;
  // B's ends as parameters along A's segment (0 at A's first corner, 1 at its second).
  const e2 = el * el;
  const t0 = ((pb[0] - pa[0]) * ex + (pb[1] - pa[1]) * ey + (pb[2] - pa[2]) * ez) / e2;
  const t1 = ((pb[3] - pa[0]) * ex + (pb[4] - pa[1]) * ey + (pb[5] - pa[2]) * ez) / e2;
  const lo = Math.max(Math.min(t0, t1), 0), hi = Math.min(Math.max(t0, t1), 1);
  if (!(lo < hi)) return false;
  const radii = fa.radius + fb.radius;
  let count = 0;
  for (let k = 0; k < 2; k++) {
    const tt = k === 0 ? lo : hi;
    // The point of B's line at parameter tt along A's direction, and A's point there.
    const ax = pa[0] + tt * ex, ay = pa[1] + tt * ey, az = pa[2] + tt * ez;
    const u = (tt - t0) / (t1 - t0);
    const bx = pb[0] + u * fx, by = pb[1] + u * fy, bz = pb[2] + u * fz;
    const core = (bx - ax) * nx + (by - ay) * ny + (bz - az) * nz;
    const sep = core - radii;
    if (!(sep <= margin)) continue;
    const p = out.points[count++];
    w.x = (bx + (fa.radius - core) * nx) * back; w.y = (by + (fa.radius - core) * ny) * back; w.z = (bz + (fa.radius - core) * nz) * back;
    transformPoint(p.pointA, tA, w);
    w.x = (bx - fb.radius * nx) * back; w.y = (by - fb.radius * ny) * back; w.z = (bz - fb.radius * nz) * back;
    transformPoint(p.pointB, tA, w);
    p.separation = sep * mw.unit[1];
    // An end inside the other segment is that segment's vertex against the other's edge.
    const codeA = tt === 0 ? fa.vertexCodes[0] : tt === 1 ? fa.vertexCodes[1] : fa.polygonCode;
    const codeB = u === 0 ? fb.vertexCodes[0] : u === 1 ? fb.vertexCodes[1] : fb.polygonCode;
    writeFeatures(p, codeA, codeB);
  }
  if (count === 0) return false;
  let deepest = out.points[0].separation;
  if (count === 2 && out.points[1].separation < deepest) deepest = out.points[1].separation;
  if (!(Math.abs(mw.unit[0] * (deepest - c.separation)) <= MANIFOLD_DEPTH_AGREEMENT * size)) return false;
  out.count = count;
  return true;
}
