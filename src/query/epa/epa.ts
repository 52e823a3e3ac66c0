/**
 * Penetration depth of two overlapping convex cores by the Expanding Polytope Algorithm, after
 * van den Bergen, "Proximity queries and penetration depth computation on 3D game objects", GDC 2001,
 * and "Collision Detection in Interactive 3D Environments" (2003), §4.3.6.
 *
 * The depth is the distance from the origin to the boundary of K = A − B. EPA grows a polytope inside K
 * that contains the origin: it takes the face whose plane is closest to the origin, asks K for its
 * support point along that face's normal, and — unless the point lies on the plane within tolerance —
 * removes every face that sees the point and closes the hole with a fan from the point to the horizon.
 * (Replacing only the closest face would leave the polytope non-convex and under-report the depth.)
 * The closest face's plane distance is a lower bound on the depth and the support distance an upper one;
 * the loop stops when they meet.
 *
 * Starting polytope: GJK ends with 1 to 4 points around the origin. Fewer than four are blown up to a
 * tetrahedron with supports along directions perpendicular to their affine hull (both sides). When K
 * has no extent in some direction (two coplanar polygons, a triangle lying on a box face, segments that
 * cross), K is flat: the origin is on its boundary, the depth is 0, and the normal is the flat's normal.
 *
 * Departures from the references: faces are kept in a flat array scanned for the minimum (the face
 * count stays in the tens, where a scan beats a heap); the polytope lives in preallocated typed arrays.
 */
import type { Transform } from '../../math/transform.js';
import type { Vec3Like } from '../../math/types.js';
import { anyPerpendicular, vec3 } from '../../math/vec3.js';
import type { ConvexShape } from '../../shapes/shape.js';
import {
  EPA_MAX_ITERATIONS, EPA_POLISH_FIRST_STEP, EPA_POLISH_LAST_STEP, EPA_POLISH_MAX_EVALUATIONS, EPA_RELATIVE_TOLERANCE,
  EPA_ROUNDING, EPA_VISIBLE_TOLERANCE, EPA_WITNESS_TOLERANCE, FLAT_TOLERANCE,
} from '../../tolerance.js';
import { closestOnTriangle } from '../gjk/simplex.js';
import { supportPair } from '../pair/support-pair.js';
import type { GjkWork } from '../gjk/gjk.js';
import type { QueryStatus } from '../pair/results.js';
import type { TraceCallback } from '../pair/trace.js';
import { EPA_MAX_VERTICES, Polytope } from './polytope.js';

/**
 * A relative tolerance given in the options, else the default, through a typed array: a double option
 * merged with the default constant (`options?.x ?? DEFAULT`) was boxed on every call (16 bytes a query;
 * CONTRIBUTING.md, "V8 rules", rule 1).
 */
const _tolerance = /* @__PURE__ */ new Float64Array(1);

/** Per-call overrides of EPA's tolerances. */
export interface EpaOptions {
  /** Overrides EPA_RELATIVE_TOLERANCE. */
  epaRelativeTolerance?: number;
  /** Overrides EPA_MAX_ITERATIONS (at most that constant: the polytope is preallocated). */
  epaMaxIterations?: number;
  /** Called once per EPA iteration with a copy of EPA's state (for the explorer and debugging); see {@link EpaTraceStep}. */
  trace?: TraceCallback;
}

/** EPA's working state and answer, in A's local frame. */
export class EpaWork {
  readonly polytope = new Polytope();
  readonly dir = vec3();
  readonly dirB = vec3();
  readonly sa = vec3();
  readonly sb = vec3();
  readonly tri = new Float64Array(9);
  readonly lambda = new Float64Array(4);
  /** Scratch of the witness search among coplanar faces (EPA_WITNESS_TOLERANCE). */
  readonly tri2 = new Float64Array(9);
  readonly lambda2 = new Float64Array(4);
  readonly target = new Float64Array(3);
  readonly perp = vec3();
  /** Last support point of K: w, then a, then b. */
  readonly s = new Float64Array(9);
  /** Support point (w, a, b) of the best upper bound found so far. */
  readonly upperSupport = new Float64Array(9);

  /** Answer: core penetration depth (≥ 0). */
  depth = 0;
  /**
   * Answer: a certified lower bound on the core depth (≥ 0): the least face distance of the final polytope,
   * whose vertices are points of K and whose faces all lie at least that far from the origin, so the ball
   * of that radius is inside K; 0 when the polytope cannot be trusted (a broken horizon) or K is flat.
   */
  floor = 0;
  /**
   * Answer: h_K along the reported normal (the overlap of the cores along it, read from their supports),
   * an upper bound on the core depth; `hasCeiling` false where none was read along that normal (flat K).
   */
  ceiling = 0;
  hasCeiling = false;
  /** Answer: outward normal of K at the closest boundary point, i.e. from A towards B. */
  readonly normal = vec3(1, 0, 0);
  /** Answer: A's deepest core point along `normal`, B's deepest along −normal. */
  readonly pointA = vec3();
  readonly pointB = vec3();
  status: QueryStatus = 'converged';
  iterations = 0;
}

/**
 * Support of K along `work.dir`, written into `work.s` as (w, a, b): the Minkowski point and the
 * supports of A and of B that make it (see supportPair). Per-work rather than module scope, so a trace
 * callback may run queries.
 */
function supportK(work: EpaWork, shapeA: ConvexShape, shapeB: ConvexShape, bInA: Transform): void {
  supportPair(work, shapeA, shapeB, bInA);
  const sa = work.sa, sb = work.sb, out = work.s;
  const ax = sa.x, ay = sa.y, az = sa.z, bx = sb.x, by = sb.y, bz = sb.z;
  out[0] = ax - bx; out[1] = ay - by; out[2] = az - bz;
  out[3] = ax; out[4] = ay; out[5] = az;
  out[6] = bx; out[7] = by; out[8] = bz;
}

function addSupportVertex(poly: Polytope, s: Float64Array): number {
  return poly.addVertexFrom(s, 0, s, 3, s, 6);
}

/**
 * Distance of the support point `s` from the line through vertices i and j, into `_lineDistance[0]`
 * (a double returned from a call that is not inlined is boxed: CONTRIBUTING.md, "V8 rules", rule 1).
 */
function distanceFromLine(poly: Polytope, sup: Float64Array, i: number, j: number): void {
  const w = poly.w;
  const ux = w[3 * j] - w[3 * i], uy = w[3 * j + 1] - w[3 * i + 1], uz = w[3 * j + 2] - w[3 * i + 2];
  const px = sup[0] - w[3 * i], py = sup[1] - w[3 * i + 1], pz = sup[2] - w[3 * i + 2];
  const cx = uy * pz - uz * py, cy = uz * px - ux * pz, cz = ux * py - uy * px;
  const uu = ux * ux + uy * uy + uz * uz;
  _lineDistance[0] = uu > 0 ? Math.sqrt((cx * cx + cy * cy + cz * cz) / uu) : Math.sqrt(px * px + py * py + pz * pz);
}

const _lineDistance = /* @__PURE__ */ new Float64Array(1);
const WITNESS_TOLERANCE = EPA_WITNESS_TOLERANCE; // V8 rule 4 (CONTRIBUTING.md)
const _miss = /* @__PURE__ */ new Float64Array(2);

/**
 * Writes the "flat" answer: K has no extent along `n`, the origin is on its boundary; depth 0 and
 * the witness points are GJK's shared point. The normal's sign is chosen to point from A's origin
 * towards B's where that is defined.
 */
function flatAnswer(work: EpaWork, gjk: GjkWork, bInA: Transform, nx: number, ny: number, nz: number): void {
  const l = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (l > 0) { nx /= l; ny /= l; nz /= l; } else { nx = 1; ny = 0; nz = 0; }
  if (nx * bInA.tx + ny * bInA.ty + nz * bInA.tz < 0) { nx = -nx; ny = -ny; nz = -nz; }
  work.depth = 0;
  work.floor = 0;
  work.hasCeiling = false;
  work.normal.x = nx; work.normal.y = ny; work.normal.z = nz;
  const pa = gjk.pointA, pb = gjk.pointB;
  // The cores share a point: use the midpoint of GJK's (coincident up to rounding) witnesses.
  const mx = 0.5 * (pa.x + pb.x), my = 0.5 * (pa.y + pb.y), mz = 0.5 * (pa.z + pb.z);
  work.pointA.x = mx; work.pointA.y = my; work.pointA.z = mz;
  work.pointB.x = mx; work.pointB.y = my; work.pointB.z = mz;
  work.status = 'converged';
}

/**
 * Runs EPA on the cores, starting from GJK's final simplex in `gjk` (which must report the cores
 * intersecting), and writes the core depth, normal and witness points into `work` (A's frame).
 * Never throws on valid shapes; every exit sets `status`:
 * 'converged' within tolerance; 'max-iterations' when the vertex cap was hit (best face so far);
 * 'degenerate' when rounding broke the horizon (best face so far).
 */
export function epaPenetration(
  work: EpaWork,
  gjk: GjkWork,
  shapeA: ConvexShape,
  shapeB: ConvexShape,
  bInA: Transform,
  options?: EpaOptions,
): void {
  const poly = work.polytope;
  const sup = work.s;
  poly.reset();
  const trace = options?.trace;
  if (options != null && typeof options.epaRelativeTolerance === 'number') _tolerance[0] = options.epaRelativeTolerance;
  else _tolerance[0] = EPA_RELATIVE_TOLERANCE;
  const relTol = _tolerance[0];
  const maxIterations = Math.min(options?.epaMaxIterations ?? EPA_MAX_ITERATIONS, EPA_MAX_VERTICES - 5);
  work.iterations = 0;

  // Scale of K, for relative tolerances.
  const scale = Math.max(shapeA.boundingRadius + shapeB.boundingRadius, Number.MIN_VALUE);
  const flatTol = FLAT_TOLERANCE * scale;

  for (let k = 0; k < gjk.n; k++) {
    const o = 3 * k;
    poly.addVertexFrom(gjk.w, o, gjk.a, o, gjk.b, o);
  }

  // --- Blow the simplex up to a tetrahedron -------------------------------------------------------
  if (poly.vertexCount === 1) {
    // Farthest support from the point among the six axis directions.
    let best = -1, bestDist = flatTol;
    for (let k = 0; k < 6; k++) {
      const s = k & 1 ? -1 : 1, axis = k >> 1;
      work.dir.x = axis === 0 ? s : 0; work.dir.y = axis === 1 ? s : 0; work.dir.z = axis === 2 ? s : 0;
      supportK(work, shapeA, shapeB, bInA);
      const dx = sup[0] - poly.w[0], dy = sup[1] - poly.w[1], dz = sup[2] - poly.w[2];
      const dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (dist > bestDist) { bestDist = dist; best = k; }
    }
    if (best < 0) return flatAnswer(work, gjk, bInA, bInA.tx, bInA.ty, bInA.tz); // K is a point
    const s = best & 1 ? -1 : 1, axis = best >> 1;
    work.dir.x = axis === 0 ? s : 0; work.dir.y = axis === 1 ? s : 0; work.dir.z = axis === 2 ? s : 0;
    supportK(work, shapeA, shapeB, bInA);
    addSupportVertex(poly, sup);
  }
  if (poly.vertexCount === 2) {
    const w = poly.w;
    const u = work.dir;
    u.x = w[3] - w[0]; u.y = w[4] - w[1]; u.z = w[5] - w[2];
    const e1 = anyPerpendicular(work.perp, u);
    const e1x = e1.x, e1y = e1.y, e1z = e1.z;
    // e2 = u × e1 (unnormalised is fine for a search direction)
    const e2x = u.y * e1z - u.z * e1y, e2y = u.z * e1x - u.x * e1z, e2z = u.x * e1y - u.y * e1x;
    let best = -1, bestDist = flatTol;
    for (let k = 0; k < 4; k++) {
      const s = k & 1 ? -1 : 1;
      if (k < 2) { work.dir.x = s * e1x; work.dir.y = s * e1y; work.dir.z = s * e1z; }
      else { work.dir.x = s * e2x; work.dir.y = s * e2y; work.dir.z = s * e2z; }
      supportK(work, shapeA, shapeB, bInA);
      distanceFromLine(poly, sup, 0, 1);
      const dist = _lineDistance[0];
      if (dist > bestDist) { bestDist = dist; best = k; }
    }
    if (best < 0) return flatAnswer(work, gjk, bInA, e1x, e1y, e1z); // K is a segment
    const s = best & 1 ? -1 : 1;
    if (best < 2) { work.dir.x = s * e1x; work.dir.y = s * e1y; work.dir.z = s * e1z; }
    else { work.dir.x = s * e2x; work.dir.y = s * e2y; work.dir.z = s * e2z; }
    supportK(work, shapeA, shapeB, bInA);
    addSupportVertex(poly, sup);
  }
  if (poly.vertexCount === 3) {
    const w = poly.w;
    const ux = w[3] - w[0], uy = w[4] - w[1], uz = w[5] - w[2];
    const vx = w[6] - w[0], vy = w[7] - w[1], vz = w[8] - w[2];
    let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (!(nl > 0)) {
      // Collinear triple (only from rounding): any perpendicular of the longer edge will do.
      const u = work.dir;
      if (ux * ux + uy * uy + uz * uz >= vx * vx + vy * vy + vz * vz) { u.x = ux; u.y = uy; u.z = uz; } else { u.x = vx; u.y = vy; u.z = vz; }
      if (u.x === 0 && u.y === 0 && u.z === 0) u.x = 1;
      anyPerpendicular(work.perp, u);
      nx = work.perp.x; ny = work.perp.y; nz = work.perp.z;
    } else {
      nx /= nl; ny /= nl; nz /= nl;
    }
    work.dir.x = nx; work.dir.y = ny; work.dir.z = nz;
    supportK(work, shapeA, shapeB, bInA);
    const hPlus = nx * (sup[0] - w[0]) + ny * (sup[1] - w[1]) + nz * (sup[2] - w[2]);
    const plus0 = sup[0], plus1 = sup[1], plus2 = sup[2], plus3 = sup[3], plus4 = sup[4], plus5 = sup[5], plus6 = sup[6], plus7 = sup[7], plus8 = sup[8];
    work.dir.x = -nx; work.dir.y = -ny; work.dir.z = -nz;
    supportK(work, shapeA, shapeB, bInA);
    const hMinus = -(nx * (sup[0] - w[0]) + ny * (sup[1] - w[1]) + nz * (sup[2] - w[2]));
    if (Math.max(hPlus, hMinus) <= flatTol) return flatAnswer(work, gjk, bInA, nx, ny, nz); // K is flat
    if (hPlus >= hMinus) {
      sup[0] = plus0; sup[1] = plus1; sup[2] = plus2; sup[3] = plus3; sup[4] = plus4; sup[5] = plus5; sup[6] = plus6; sup[7] = plus7; sup[8] = plus8;
    }
    addSupportVertex(poly, sup);
  }

  // --- Tetrahedron, faces outward -----------------------------------------------------------------
  {
    const w = poly.w;
    const ux = w[3] - w[0], uy = w[4] - w[1], uz = w[5] - w[2];
    const vx = w[6] - w[0], vy = w[7] - w[1], vz = w[8] - w[2];
    const qx = w[9] - w[0], qy = w[10] - w[1], qz = w[11] - w[2];
    const det = (uy * vz - uz * vy) * qx + (uz * vx - ux * vz) * qy + (ux * vy - uy * vx) * qz;
    const i1 = det >= 0 ? 1 : 2, i2 = det >= 0 ? 2 : 1;
    const f0 = poly.addFace(0, i2, i1);
    const f1 = poly.addFace(0, i1, 3);
    const f2 = poly.addFace(0, 3, i2);
    const f3 = poly.addFace(i1, i2, 3);
    linkTetrahedron(poly, f0, f1, f2, f3);
  }

  // --- Expand -----------------------------------------------------------------------------------------
  // The stopping tolerance: relative to twice the smaller shape's size where that is less than the pair's (a
  // curved surface converges to its own size, and a depth within 1e-10 of the pair's whole size was 10^-4
  // off for a ball on a box 10^6 long; two shapes of a size keep the pair's, and its iteration counts), not
  // below the rounding of the polytope's points (EPA_ROUNDING of the pair's size). A point (size 0) takes
  // the pair's.
  const small = 2 * Math.min(shapeA.boundingRadius, shapeB.boundingRadius);
  const tol = relTol * (small > 0 && small < scale ? small : scale) + EPA_ROUNDING * scale;
  poly.visibleEps = EPA_VISIBLE_TOLERANCE * scale;
  let bestFace = -1;
  let status: QueryStatus = 'max-iterations';
  const fv = poly.faceVertex, fn = poly.faceNormal, fd = poly.faceDistance;
  let bi = 0, bj = 0, bk = 0, bnx = 1, bny = 0, bnz = 0, bd = 0, bw = Infinity;
  // Best upper bound seen: the smallest support distance along a face normal, with its supports.
  // If the loop ends unconverged this is the answer, because it is certified: the overlap of the two
  // shapes along that normal is exactly this depth.
  let upper = Infinity, unx = 1, uny = 0, unz = 0;
  const ub = work.upperSupport;
  let iterations = 0;
  for (; iterations <= maxIterations; iterations++) {
    let f = -1, fmin = Infinity;
    for (let g = 0; g < poly.faceCount; g++) {
      if (poly.faceAlive[g] && fd[g] < fmin) { fmin = fd[g]; f = g; }
    }
    if (f < 0) { status = 'degenerate'; break; }
    bestFace = f;
    bi = fv[3 * f]; bj = fv[3 * f + 1]; bk = fv[3 * f + 2];
    bnx = fn[3 * f]; bny = fn[3 * f + 1]; bnz = fn[3 * f + 2]; bd = fmin;
    const dir = work.dir;
    dir.x = bnx; dir.y = bny; dir.z = bnz;
    supportK(work, shapeA, shapeB, bInA);
    const dw = bnx * sup[0] + bny * sup[1] + bnz * sup[2];
    bw = dw;
    if (dw < upper) {
      upper = dw; unx = bnx; uny = bny; unz = bnz;
      ub.set(sup);
    }
    if (trace !== undefined) emitTrace(trace, poly, sup, iterations, f, bnx, bny, bnz, bd);
    if (dw - bd <= tol) { status = 'converged'; break; }
    if (iterations === maxIterations || poly.vertexCount >= EPA_MAX_VERTICES) break;
    const v = addSupportVertex(poly, sup);
    if (!poly.expand(f, v)) { status = 'degenerate'; break; }
  }
  work.iterations = iterations;
  work.status = status;
  // (Two stores: a merged 0-or-double is boxed; CONTRIBUTING.md, "V8 rules", rule 1.)
  if (status !== 'degenerate' && bd > 0) work.floor = bd;
  else work.floor = 0;
  if (bestFace < 0) return flatAnswer(work, gjk, bInA, bInA.tx, bInA.ty, bInA.tz);
  if (status !== 'converged') {
    // Unconverged (curved shapes whose deepest direction is not unique, or a broken horizon): answer
    // with the best certified upper bound, polished by a direct search, with the supports along its
    // normal as witnesses.
    // The bound goes in through work's answer fields, not as arguments: four doubles passed to a call that
    // is not inlined are boxed, 64 bytes a query (CONTRIBUTING.md, "V8 rules", rule 1).
    work.depth = upper;
    work.normal.x = unx; work.normal.y = uny; work.normal.z = unz;
    polishUpperBound(work, shapeA, shapeB, bInA, ub);
    // (The polished depth is h_K along the polished normal: an upper bound on the depth read there.)
    work.ceiling = work.depth; work.hasCeiling = true;
    return;
  }

  // Witness points: barycentric coordinates of the origin's projection onto the closest face.
  const w = poly.w, tri = work.tri, lam = work.lambda;
  for (let c = 0; c < 3; c++) {
    tri[c] = w[3 * bi + c]; tri[3 + c] = w[3 * bj + c]; tri[6 + c] = w[3 * bk + c];
  }
  closestOnTriangle(tri, 0, 1, 2, lam);
  // The projection outside the face (a coplanar neighbour nearer by a rounding of its distance was not
  // the one it lies in): the witnesses from the face of that plane the projection is in, or nearest it
  // (EPA_WITNESS_TOLERANCE), by a walk from face to adjacent face of the plane, each step nearer the
  // projection, so no face twice: at most as many steps as faces. The projection and the misses go through
  // arrays (CONTRIBUTING.md, "V8 rules", rule 1: the least miss kept in a local, a double carried round the
  // loop across its calls, came out boxed, about 100 bytes a step in a 2,000-body world).
  const target = work.target;
  target[0] = bnx * bd; target[1] = bny * bd; target[2] = bnz * bd;
  witnessMiss(tri, lam, target);
  _miss[1] = _miss[0];
  if (_miss[1] > WITNESS_TOLERANCE * scale) {
    const tri2 = work.tri2, lam2 = work.lambda2, adj = poly.faceAdjacent;
    let cur = bestFace;
    for (let steps = poly.faceCount; steps > 0 && _miss[1] > 0; steps--) {
      let next = -1;
      for (let e = 0; e < 3; e++) {
        const g = adj[3 * cur + e];
        if (!poly.faceAlive[g] || !(Math.abs(fd[g] - bd) <= tol)) continue;
        if (!(fn[3 * g] * bnx + fn[3 * g + 1] * bny + fn[3 * g + 2] * bnz >= 1 - WITNESS_TOLERANCE)) continue;
        const gi = fv[3 * g], gj = fv[3 * g + 1], gk = fv[3 * g + 2];
        for (let c = 0; c < 3; c++) {
          tri2[c] = w[3 * gi + c]; tri2[3 + c] = w[3 * gj + c]; tri2[6 + c] = w[3 * gk + c];
        }
        closestOnTriangle(tri2, 0, 1, 2, lam2);
        witnessMiss(tri2, lam2, target);
        if (_miss[0] < _miss[1]) {
          _miss[1] = _miss[0]; next = g;
          bi = gi; bj = gj; bk = gk;
          lam[0] = lam2[0]; lam[1] = lam2[1]; lam[2] = lam2[2];
        }
      }
      if (next < 0) break;
      cur = next;
    }
  }
  const a = poly.a, b = poly.b;
  const l0 = lam[0], l1 = lam[1], l2 = lam[2];
  work.pointA.x = l0 * a[3 * bi] + l1 * a[3 * bj] + l2 * a[3 * bk];
  work.pointA.y = l0 * a[3 * bi + 1] + l1 * a[3 * bj + 1] + l2 * a[3 * bk + 1];
  work.pointA.z = l0 * a[3 * bi + 2] + l1 * a[3 * bj + 2] + l2 * a[3 * bk + 2];
  work.pointB.x = l0 * b[3 * bi] + l1 * b[3 * bj] + l2 * b[3 * bk];
  work.pointB.y = l0 * b[3 * bi + 1] + l1 * b[3 * bj + 1] + l2 * b[3 * bk + 1];
  work.pointB.z = l0 * b[3 * bi + 2] + l1 * b[3 * bj + 2] + l2 * b[3 * bk + 2];
  work.normal.x = bnx; work.normal.y = bny; work.normal.z = bnz;
  work.depth = bd > 0 ? bd : 0;
  work.ceiling = bw; work.hasCeiling = true;
}

/** How far the point with weights `lam` on triangle `tri` (packed) is from `p`, into `_miss[0]`. */
function witnessMiss(tri: Float64Array, lam: Float64Array, p: Float64Array): void {
  const l0 = lam[0], l1 = lam[1], l2 = lam[2];
  const x = l0 * tri[0] + l1 * tri[3] + l2 * tri[6] - p[0];
  const y = l0 * tri[1] + l1 * tri[4] + l2 * tri[7] - p[1];
  const z = l0 * tri[2] + l1 * tri[5] + l2 * tri[8] - p[2];
  _miss[0] = Math.sqrt(x * x + y * y + z * z);
}

/**
 * Direct search (compass search on the unit sphere, halving the step when no neighbour improves) for
 * the direction minimising the overlap h_K(n), starting from EPA's best upper bound (in `work.depth` and
 * `work.normal`; the answer replaces it there). Used only when EPA
 * stops unconverged, which happens on curved shapes whose deepest direction is not unique (a point on a
 * cone's axis: a whole circle of normals), where the polytope would have to refine the entire circle.
 * h_K is convex, so every value found is an upper bound on the depth and the search only ever lowers
 * it; its normal and the supports along it remain a consistent certificate (golden case
 * point-on-cone-axis: from 9e-5 to below 1e-9 relative).
 */
function polishUpperBound(work: EpaWork, shapeA: ConvexShape, shapeB: ConvexShape, bInA: Transform, best: Float64Array): void {
  // Start: the best upper bound (work.depth) and its normal (work.normal), set by the caller.
  let upper = work.depth, nx = work.normal.x, ny = work.normal.y, nz = work.normal.z;
  const sup = work.s;
  const basis = anyPerpendicular(work.perp, (work.dir.x = nx, work.dir.y = ny, work.dir.z = nz, work.dir));
  let ux = basis.x, uy = basis.y, uz = basis.z;
  let vx = ny * uz - nz * uy, vy = nz * ux - nx * uz, vz = nx * uy - ny * ux;
  let step = EPA_POLISH_FIRST_STEP;
  let evaluations = 0;
  while (step > EPA_POLISH_LAST_STEP && evaluations < EPA_POLISH_MAX_EVALUATIONS) {
    let improved = false;
    for (let k = 0; k < 4 && !improved; k++) {
      const s = k & 1 ? -step : step;
      const tx = k < 2 ? ux : vx, ty = k < 2 ? uy : vy, tz = k < 2 ? uz : vz;
      let mx = nx + s * tx, my = ny + s * ty, mz = nz + s * tz;
      const l = Math.sqrt(mx * mx + my * my + mz * mz);
      mx /= l; my /= l; mz /= l;
      work.dir.x = mx; work.dir.y = my; work.dir.z = mz;
      supportK(work, shapeA, shapeB, bInA);
      evaluations++;
      const h = mx * sup[0] + my * sup[1] + mz * sup[2];
      if (h < upper) {
        upper = h; nx = mx; ny = my; nz = mz;
        best.set(sup);
        improved = true;
        // Re-orthonormalise the tangent basis about the new normal.
        const d = ux * nx + uy * ny + uz * nz;
        ux -= d * nx; uy -= d * ny; uz -= d * nz;
        const ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
        ux /= ul; uy /= ul; uz /= ul;
        vx = ny * uz - nz * uy; vy = nz * ux - nx * uz; vz = nx * uy - ny * ux;
      }
    }
    if (!improved) step *= 0.5;
  }
  work.depth = upper > 0 ? upper : 0;
  work.normal.x = nx; work.normal.y = ny; work.normal.z = nz;
  work.pointA.x = best[3]; work.pointA.y = best[4]; work.pointA.z = best[5];
  work.pointB.x = best[6]; work.pointB.y = best[7]; work.pointB.z = best[8];
}

/**
 * Links the four faces of the starting tetrahedron, made as f0 = (0, i2, i1), f1 = (0, i1, 3),
 * f2 = (0, 3, i2), f3 = (i1, i2, 3): edge e of a face runs from its corner e to corner e + 1, and each
 * edge meets the reversed edge of one other face. Written out rather than searched (the search was a
 * tenth of a box–box penetration query).
 */
function linkTetrahedron(poly: Polytope, f0: number, f1: number, f2: number, f3: number): void {
  poly.link(f0, 0, f2, 2); // 0 → i2  |  i2 → 0
  poly.link(f0, 1, f3, 0); // i2 → i1 |  i1 → i2
  poly.link(f0, 2, f1, 0); // i1 → 0  |  0 → i1
  poly.link(f1, 1, f3, 2); // i1 → 3  |  3 → i1
  poly.link(f1, 2, f2, 0); // 3 → 0   |  0 → 3
  poly.link(f2, 1, f3, 1); // 3 → i2  |  i2 → 3
}

function emitTrace(trace: TraceCallback, poly: Polytope, sup: Float64Array, iteration: number, closest: number, nx: number, ny: number, nz: number, d: number): void {
  const faces: [Vec3Like, Vec3Like, Vec3Like][] = [];
  let closestIndex = -1;
  const w = poly.w, fv = poly.faceVertex;
  const pt = (i: number): Vec3Like => vec3(w[3 * i], w[3 * i + 1], w[3 * i + 2]);
  for (let g = 0; g < poly.faceCount; g++) {
    if (!poly.faceAlive[g]) continue;
    if (g === closest) closestIndex = faces.length;
    faces.push([pt(fv[3 * g]), pt(fv[3 * g + 1]), pt(fv[3 * g + 2])]);
  }
  trace({
    algorithm: 'epa',
    iteration,
    faces,
    closestFace: closestIndex,
    normal: vec3(nx, ny, nz),
    distance: d,
    support: vec3(sup[0], sup[1], sup[2]),
  });
}
