/**
 * Penetration depth of two overlapping convex cores in the plane by the expanding polytope algorithm
 * (van den Bergen, "Proximity queries and penetration depth computation on 3D game objects", GDC 2001;
 * the 2D case as Catto teaches it): the polygon GJK ended in, which holds the origin, grows towards K's
 * boundary. Each step takes the edge nearest the origin, asks K for its support along that edge's
 * outward normal, and stops when the support is no further out than the edge (the edge then lies on K's
 * boundary and its distance is the depth); else the support splits the edge in two.
 *
 * 2D cores are points, segments and polygons, so K is a polygon and the loop ends on one of its edges
 * exactly. The polygon may start as a segment through the origin (a 2-gon: two edges with opposite
 * normals), so cores whose difference has no area (collinear segments, a point on a segment) end at
 * depth 0 with the normal perpendicular to their common line, as the format asks.
 *
 * Termination: the stop above (EPA_RELATIVE_TOLERANCE of the scale), a support equal to an end of its
 * edge (no progress), and EPA2_MAX_VERTICES vertices ('max-iterations', the best edge so far).
 */
import * as T from '../tolerance.js';
import type { QueryStatus } from '../query/pair/results.js';
import { Vec2 } from './types.js';
import type { SupportMap2 } from './shapes/shape2.js';
import { supportK2, type Gjk2Work } from './gjk2.js';

const EPA_RELATIVE_TOLERANCE = T.EPA_RELATIVE_TOLERANCE;
/** The polygon's vertex cap: a few more than EPA_MAX_ITERATIONS, one vertex per step. */
const EPA2_MAX_VERTICES = T.EPA_MAX_ITERATIONS + 4;

/** The expanding polygon and the answer. Reused. */
export class Epa2Work {
  /** Vertices counter-clockwise, 6 numbers each: w (x y), then the supports a and b behind it. */
  readonly verts = new Float64Array(6 * EPA2_MAX_VERTICES);
  /** Per edge i (vertex i to i + 1): outward unit normal and distance from the origin. */
  readonly nx = new Float64Array(EPA2_MAX_VERTICES);
  readonly ny = new Float64Array(EPA2_MAX_VERTICES);
  readonly dist = new Float64Array(EPA2_MAX_VERTICES);
  count = 0;
  /** Inputs: the iteration cap and the stopping tolerance (fields, not arguments: CONTRIBUTING.md, "V8 rules", rule 1). */
  maxIterations = EPA2_MAX_VERTICES;
  relativeTolerance = EPA_RELATIVE_TOLERANCE;
  /** Answers, in A's frame: the core depth, K's outward normal (from A towards B), deepest points. */
  depth = 0;
  readonly normal = new Vec2();
  readonly pointA = new Vec2();
  readonly pointB = new Vec2();
  status: QueryStatus = 'converged';
  iterations = 0;
  /** sat2.ts's answer besides the depth: the best axis's signed separation (> 0 apart). */
  axisSeparation = 0;
  /** sat2.ts's input: stop at the first separating axis (see satAxes2). */
  stopWhenApart = false;
}

/** Copies slot `slot` of GJK's simplex arrays into polygon vertex `i`. */
function loadVertex(epa: Epa2Work, i: number, gjk: Gjk2Work, slot: number): void {
  const v = epa.verts, o = 6 * i, s = 2 * slot;
  v[o] = gjk.w[s]; v[o + 1] = gjk.w[s + 1];
  v[o + 2] = gjk.a[s]; v[o + 3] = gjk.a[s + 1];
  v[o + 4] = gjk.b[s]; v[o + 5] = gjk.b[s + 1];
}

/**
 * Edge i's outward normal and distance. A zero-length edge (a repeated point) gets distance Infinity, so
 * it is never chosen.
 */
function edgeOf(epa: Epa2Work, i: number): void {
  const v = epa.verts, n = epa.count;
  const j = i + 1 === n ? 0 : i + 1;
  const px = v[6 * i], py = v[6 * i + 1];
  const ex = v[6 * j] - px, ey = v[6 * j + 1] - py;
  const len = Math.sqrt(ex * ex + ey * ey);
  if (!(len > 0)) {
    epa.nx[i] = 1; epa.ny[i] = 0; epa.dist[i] = Infinity;
    return;
  }
  const nx = ey / len, ny = -ex / len;
  epa.nx[i] = nx; epa.ny[i] = ny;
  epa.dist[i] = nx * px + ny * py;
}

/**
 * Runs EPA from the simplex GJK left in `gjk` (which found the cores intersecting; its `rel` holds B's
 * pose in A's frame), with `epa.maxIterations` and `epa.relativeTolerance`. Writes the depth, normal and
 * deepest points into `epa`.
 */
export function epa2(epa: Epa2Work, gjk: Gjk2Work, shapeA: SupportMap2, shapeB: SupportMap2): void {
  const maxIterations = epa.maxIterations, relTol = epa.relativeTolerance;
  epa.iterations = 0;
  epa.status = 'converged';
  if (!startPolygon(epa, gjk, shapeA, shapeB)) {
    // K is a single point (the cores are coincident points): depth 0, any normal.
    const v = epa.verts;
    epa.depth = 0;
    epa.normal.x = 1; epa.normal.y = 0;
    epa.pointA.x = v[2]; epa.pointA.y = v[3];
    epa.pointB.x = v[4]; epa.pointB.y = v[5];
    return;
  }
  for (let i = 0; i < epa.count; i++) edgeOf(epa, i);
  let scale = 0;
  for (let i = 0; i < epa.count; i++) scale = Math.max(scale, Math.abs(epa.verts[6 * i]) + Math.abs(epa.verts[6 * i + 1]));

  const verts = epa.verts, dir = gjk.dir;
  let best = 0;
  for (;;) {
    best = 0;
    let bestDist = epa.dist[0];
    for (let i = 1; i < epa.count; i++) {
      const d = epa.dist[i];
      if (d < bestDist) { bestDist = d; best = i; }
    }
    if (epa.iterations >= maxIterations || epa.count >= EPA2_MAX_VERTICES) {
      epa.status = 'max-iterations';
      break;
    }
    epa.iterations++;
    const nx = epa.nx[best], ny = epa.ny[best];
    dir.x = nx; dir.y = ny;
    supportK2(gjk, shapeA, shapeB, 0);
    const wx = gjk.w[0], wy = gjk.w[1];
    const reach = nx * wx + ny * wy;
    const wScale = Math.abs(wx) + Math.abs(wy);
    if (wScale > scale) scale = wScale;
    // On K's boundary: the support is no further out than the edge.
    if (reach - bestDist <= relTol * Math.max(Math.abs(bestDist), scale)) break;
    // No progress: the support is an end of the edge (rounding put it past the line).
    const j = best + 1 === epa.count ? 0 : best + 1;
    if ((wx === verts[6 * best] && wy === verts[6 * best + 1]) || (wx === verts[6 * j] && wy === verts[6 * j + 1])) break;
    // Insert the support after vertex `best`.
    const at = best + 1;
    verts.copyWithin(6 * (at + 1), 6 * at, 6 * epa.count);
    epa.nx.copyWithin(at + 1, at, epa.count);
    epa.ny.copyWithin(at + 1, at, epa.count);
    epa.dist.copyWithin(at + 1, at, epa.count);
    epa.count++;
    loadVertex(epa, at, gjk, 0);
    edgeOf(epa, best);
    edgeOf(epa, at);
  }
  finish(epa, best);
}

/**
 * Writes the depth, normal and witness points of edge `e`: the origin's projection on the edge, as
 * weights of its two ends, gives A's and B's points.
 */
function finish(epa: Epa2Work, e: number): void {
  const v = epa.verts, n = epa.count;
  const j = e + 1 === n ? 0 : e + 1;
  const nx = epa.nx[e], ny = epa.ny[e], d = epa.dist[e];
  const px = v[6 * e], py = v[6 * e + 1];
  const ex = v[6 * j] - px, ey = v[6 * j + 1] - py;
  const ee = ex * ex + ey * ey;
  let t = ee > 0 ? ((nx * d - px) * ex + (ny * d - py) * ey) / ee : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const o = 6 * e, q = 6 * j;
  epa.pointA.x = v[o + 2] + t * (v[q + 2] - v[o + 2]);
  epa.pointA.y = v[o + 3] + t * (v[q + 3] - v[o + 3]);
  epa.pointB.x = v[o + 4] + t * (v[q + 4] - v[o + 4]);
  epa.pointB.y = v[o + 5] + t * (v[q + 5] - v[o + 5]);
  epa.normal.x = nx; epa.normal.y = ny;
  // A store, then an if: `d > 0 ? d : 0` mixes the small integer 0 with a double and boxes the result.
  epa.depth = d;
  if (!(d > 0)) epa.depth = 0;
}

/** Axis directions tried, in order, to grow a single point into a segment. */
const AXES = /* @__PURE__ */ new Float64Array([1, 0, -1, 0, 0, 1, 0, -1]);

/**
 * The starting polygon from GJK's final simplex, counter-clockwise: its triangle, or a 2-gon (a segment
 * through the origin). A single point grows into a segment by supports along the axes. Returns false
 * when K is a single point.
 */
function startPolygon(epa: Epa2Work, gjk: Gjk2Work, shapeA: SupportMap2, shapeB: SupportMap2): boolean {
  const n = gjk.n, w = gjk.w;
  if (n === 3) {
    const area = (w[2] - w[0]) * (w[5] - w[1]) - (w[3] - w[1]) * (w[4] - w[0]);
    loadVertex(epa, 0, gjk, 0);
    if (area >= 0) {
      loadVertex(epa, 1, gjk, 1);
      loadVertex(epa, 2, gjk, 2);
    } else {
      loadVertex(epa, 1, gjk, 2);
      loadVertex(epa, 2, gjk, 1);
    }
    epa.count = 3;
    return true;
  }
  // The 2-gon's first point is GJK's simplex point 0; the second its point 1, or a support along an axis
  // that differs from the first.
  loadVertex(epa, 0, gjk, 0);
  if (n === 2 && (w[2] !== w[0] || w[3] !== w[1])) {
    loadVertex(epa, 1, gjk, 1);
    epa.count = 2;
    return true;
  }
  const dir = gjk.dir;
  for (let k = 0; k < 4; k++) {
    dir.x = AXES[2 * k]; dir.y = AXES[2 * k + 1];
    supportK2(gjk, shapeA, shapeB, 3);
    if (w[6] !== epa.verts[0] || w[7] !== epa.verts[1]) {
      loadVertex(epa, 1, gjk, 3);
      epa.count = 2;
      return true;
    }
  }
  epa.count = 1;
  return false;
}
