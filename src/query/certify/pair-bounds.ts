/**
 * Certified bounds on a convex pair's exact separation and distance, from its final answer.
 *
 * Lower: for any unit n, σ(n) = −h_B(−n) − h_A(n) (h the support function: the greatest n·x over the
 * shape) is the gap between the two slabs the shapes lie in; the distance is at least σ(n) (a separating
 * plane's gap, GJK 1988's lower bound) and the signed separation is the greatest σ over every direction
 * (van den Bergen 2003 §4.3: the depth is the least overlap over directions). Each path reads σ where it
 * already has it (ContactAnswer.sigma, QueryWork.closestSigma: GJK's last plane, EPA's last support along
 * its normal, a separating-axis pass's axis, the closed forms' cores); where one has none, both shapes'
 * supports are read here at the answer's normal.
 *
 * Upper: the path's ContactAnswer.pathUpper (QueryWork.closestUpper): apart, the distance of two points of
 * the cores (GJK's v, a point of their difference; the closed forms' core points) less the radii; where
 * the cores meet, a global certificate of the depth (EPA's final polytope, a complete set of separating
 * axes, a closed form's depth). Overlapping where EPA did not converge, the shapes' inscribed balls too
 * (inscribed-ball.ts). The reported witness points only where a path left nothing: GJK's barycentric
 * witnesses of a curved pair can sit 1e-12 of its size off their shapes.
 *
 * Each reading errs by a few units in the last place of the pair's size (its bounding radii and offset as
 * the path related it: PairFrame.size, in world units by PairFrame.unit); the bounds widen by
 * BOUND_ROUNDING of it, and world witness points by 2ε of the positions. A value that overflows reads as
 * an unbounded side (−Infinity, Infinity), never NaN.
 */
import type { Transform } from '../../math/transform.js';
import type { Vec3Like } from '../../math/types.js';
import { vec3 } from '../../math/vec3.js';
import type { Box } from '../../shapes/box.js';
import type { Capsule } from '../../shapes/capsule.js';
import { builtInKindIndex, KIND_INDEX, runsUserCode, throwNonFiniteSupport, type ConvexShape } from '../../shapes/shape.js';
import { BOUND_ROUNDING } from '../../tolerance.js';
import { enterUserCode, leaveUserCode, type QueryWork } from '../pair/query-work.js';
import type { ClosestPointsResult } from '../pair/results.js';
import { inscribedBall } from './inscribed-ball.js';

const ROUNDING = BOUND_ROUNDING; // (CONTRIBUTING.md, "V8 rules", rule 4)
const SPHERE = /* @__PURE__ */ builtInKindIndex('sphere'), POINT = /* @__PURE__ */ builtInKindIndex('point');
const BOX = /* @__PURE__ */ builtInKindIndex('box'), CAPSULE = /* @__PURE__ */ builtInKindIndex('capsule');

/**
 * Witness points placed in the world (a rotation, then the position added) err by half a unit in the last
 * place of each coordinate: their distance, by at most ε/2 of their 1-norms; twice that, of the positions'.
 */
const POSITION = 2 * Number.EPSILON;

/** The witnesses' share of the slack: POSITION of both positions' 1-norms. */
function placementSlack(tA: Transform, tB: Transform): number {
  return POSITION * (Math.abs(tA.tx) + Math.abs(tA.ty) + Math.abs(tA.tz) + Math.abs(tB.tx) + Math.abs(tB.ty) + Math.abs(tB.tz));
}

/**
 * The numbers through this file's calls (CONTRIBUTING.md, "V8 rules", rule 1): the unit direction 0..2
 * (world), σ 3, the slack 4, the witnesses' upper bound 5, the two support values 6, 7, a vector 8..10 and
 * its length 11 (vectorLength).
 */
const _k = /* @__PURE__ */ new Float64Array(12);

/**
 * The length of the vector in _k[8..10] into _k[11], scaled by its largest component where its squares
 * would underflow or overflow (a pair 1e-250 across read its balls' distance as 0).
 */
function vectorLength(): void {
  const x = _k[8], y = _k[9], z = _k[10], m = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
  if (m > 1e-150 && m < 1e150) { _k[11] = Math.sqrt(x * x + y * y + z * z); return; }
  if (!(m > 0 && m < Infinity)) { _k[11] = m; return; }
  const a = x / m, b = y / m, c = z / m;
  _k[11] = m * Math.sqrt(a * a + b * b + c * c);
}
const _dir = /* @__PURE__ */ vec3(), _q = /* @__PURE__ */ vec3();

/**
 * h_s(sign · n) − sign · (n · tA's position), n in _k[0..2]: the shape's support value along ±n with A's
 * position taken off (exact to the offset's last place), into _k[slot]. The closed forms' own kinds (a
 * point, a ball, a capsule, a box) by their formulas, the rest by their support mapping.
 */
function supportFromA(s: ConvexShape, t: Transform, tA: Transform, sign: number, slot: number): void {
  const nx = sign * _k[0], ny = sign * _k[1], nz = sign * _k[2];
  const centre = nx * (t.tx - tA.tx) + ny * (t.ty - tA.ty) + nz * (t.tz - tA.tz);
  const k = (s as { [KIND_INDEX]?: number })[KIND_INDEX];
  if (k === SPHERE || k === POINT) { _k[slot] = centre + s.sweptRadius; return; }
  // The direction in the shape's frame: Rᵀ n.
  const lx = t.m00 * nx + t.m10 * ny + t.m20 * nz, ly = t.m01 * nx + t.m11 * ny + t.m21 * nz, lz = t.m02 * nx + t.m12 * ny + t.m22 * nz;
  if (k === BOX) {
    const b = s as Box;
    _k[slot] = centre + (b.hx * Math.abs(lx) + b.hy * Math.abs(ly) + b.hz * Math.abs(lz));
    return;
  }
  if (k === CAPSULE) { _k[slot] = centre + ((s as Capsule).halfHeight * Math.abs(ly) + s.sweptRadius); return; }
  _dir.x = lx; _dir.y = ly; _dir.z = lz;
  const q = s.support(_q, _dir);
  if (!Number.isFinite(q.x + q.y + q.z)) throwNonFiniteSupport(s, q, _dir);
  _k[slot] = centre + (lx * q.x + ly * q.y + lz * q.z) + s.sweptRadius;
}

/**
 * σ at the unit direction of `n` into _k[3] (−Infinity for a zero or non-finite direction, or an
 * overflow). Runs both shapes' supports: guarded when either is the user's.
 */
function readSigma(a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform, n: Readonly<Vec3Like>): void {
  const nx = n.x, ny = n.y, nz = n.z, l = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (!(l > 0 && l < Infinity)) { _k[3] = -Infinity; return; }
  _k[0] = nx / l; _k[1] = ny / l; _k[2] = nz / l;
  if (!runsUserCode(a) && !runsUserCode(b)) { sigma(a, tA, b, tB); return; }
  enterUserCode();
  try { sigma(a, tA, b, tB); } finally { leaveUserCode(); }
}

function sigma(a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform): void {
  supportFromA(b, tB, tA, -1, 6);
  supportFromA(a, tA, tA, 1, 7);
  const s = -_k[6] - _k[7];
  if (s === s) _k[3] = s;
  else _k[3] = -Infinity;
}

/** The two shapes' inscribed balls (inscribed-ball.ts), A's and B's. */
const _ballA = /* @__PURE__ */ new Float64Array(4), _ballB = /* @__PURE__ */ new Float64Array(4);

/** |cA − cB| − ρA − ρB of the shapes' inscribed balls placed in the world, into _k[5] when lower than it holds. */
function ballBound(a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform): void {
  if (!inscribedBall(a, _ballA) || !inscribedBall(b, _ballB)) return;
  const p = _ballA, q = _ballB;
  // B's centre less A's, the positions' difference first (exact to its last place).
  const dx = tB.m00 * q[0] + tB.m01 * q[1] + tB.m02 * q[2] + (tB.tx - tA.tx) - (tA.m00 * p[0] + tA.m01 * p[1] + tA.m02 * p[2]);
  const dy = tB.m10 * q[0] + tB.m11 * q[1] + tB.m12 * q[2] + (tB.ty - tA.ty) - (tA.m10 * p[0] + tA.m11 * p[1] + tA.m12 * p[2]);
  const dz = tB.m20 * q[0] + tB.m21 * q[1] + tB.m22 * q[2] + (tB.tz - tA.tz) - (tA.m20 * p[0] + tA.m21 * p[1] + tA.m22 * p[2]);
  _k[8] = dx; _k[9] = dy; _k[10] = dz;
  vectorLength();
  const bound = _k[11] - p[3] - q[3];
  if (bound < _k[5]) _k[5] = bound;
}

/**
 * The bounds of the contact answer in work.contact (world space) of `a` at `tA` and `b` at `tB`, into its
 * `lower` and `upper`: from what the path certified (`sigma`, `pathUpper`) where it did, else read here.
 */
export function certifyContact(work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform): void {
  const c = work.contact, f = work.frame;
  // The pair's size as its path related it (every convex path relates its pair first: pair-frame.ts).
  _k[4] = ROUNDING * f.size * f.unit + Number.MIN_VALUE * 64;
  if (c.pathUpper < Infinity) _k[5] = c.pathUpper;
  else { worldWitnessBound(c, a, b, tA, tB); _k[5] += f.slack * f.unit; }
  // Overlapping where EPA did not converge (a curved surface whose deepest direction is not unique): the
  // balls inside the shapes bound the depth too, exactly for coincident cylinders, boxes, ellipsoids.
  if (c.separation < 0 && c.status !== 'converged') ballBound(a, tA, b, tB);
  // σ as the path read it (GJK's plane, EPA's support, a separating axis), else from the supports here.
  if (c.hasSigma) _k[3] = c.sigma;
  else readSigma(a, tA, b, tB, c.normal);
  const slack = _k[4], upper = _k[5] + slack;
  c.lower = _k[3] - slack;
  if (upper === upper) c.upper = upper;
  else c.upper = Infinity;
}

/**
 * The cores' distance less the radii from the world witnesses (moved back along the normal by the radii:
 * points on the cores), with their placement's rounding, into _k[5]: where the path left no bound. (The
 * caller adds the pair's touch slack: a gap within it may have been answered as one shared point.)
 */
function worldWitnessBound(c: QueryWork['contact'], a: ConvexShape, b: ConvexShape, tA: Transform, tB: Transform): void {
  const n = c.normal, r = a.sweptRadius + b.sweptRadius;
  const dx = c.pointB.x - c.pointA.x + r * n.x, dy = c.pointB.y - c.pointA.y + r * n.y, dz = c.pointB.z - c.pointA.z + r * n.z;
  _k[8] = dx; _k[9] = dy; _k[10] = dz;
  vectorLength();
  _k[5] = _k[11] - r + placementSlack(tA, tB);
}

/**
 * The bounds of the closest-points answer in `out` (world space) of `a` at `tA` and `b` at `tB`, into its
 * `lower` and `upper`: from the path's readings in `work` where it left them, else read here. (The world
 * witnesses of a curved pair sit up to about 1e-12 of its size off their shapes, GJK's weights rounded, so
 * the path's |v| is the upper bound where there is one.)
 */
export function certifyClosest(work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform, out: ClosestPointsResult): void {
  const f = work.frame;
  _k[4] = ROUNDING * f.size * f.unit + Number.MIN_VALUE * 64;
  if (work.closestHasUpper) _k[5] = work.closestUpper;
  else { worldPointsBound(out, tA, tB); _k[5] += f.slack * f.unit; }
  // A distance is never below 0: a reported 0 needs no reading.
  if (work.closestHasSigma) _k[3] = work.closestSigma;
  else if (out.distance > 0) readSigma(a, tA, b, tB, out.normal);
  else _k[3] = 0;
  const slack = _k[4], lower = _k[3] - slack, upper = _k[5] > 0 ? _k[5] + slack : slack;
  if (lower > 0) out.lower = lower; // (two stores: a merged 0-or-double is boxed; "V8 rules", rule 1)
  else out.lower = 0;
  if (upper === upper) out.upper = upper;
  else out.upper = Infinity;
}

/**
 * |pB − pA| of the answer's world points, with their placement's rounding, into _k[5]. (The caller adds the
 * pair's touch slack: a closed form whose cores meet within it answers one shared point.)
 */
function worldPointsBound(out: ClosestPointsResult, tA: Transform, tB: Transform): void {
  const dx = out.pointB.x - out.pointA.x, dy = out.pointB.y - out.pointA.y, dz = out.pointB.z - out.pointA.z;
  _k[8] = dx; _k[9] = dy; _k[10] = dz;
  vectorLength();
  _k[5] = _k[11] + placementSlack(tA, tB);
}
