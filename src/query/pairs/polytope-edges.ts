/**
 * What the separating-axis pair functions read of a polytope: its faces (as a convex hull has them) and its
 * edges, each with the two faces that meet there (for the Gauss-map test of an edge axis, Gregorius, "The
 * Separating Axis Test between Convex Polyhedra", GDC 2013/2015). A hull's view is made once on first
 * use and kept beside it (a WeakMap: nothing is added to the hull, whose layout V8 keeps); a box's too,
 * its faces' topology and normals shared by every box (no hull is built: the contact query's bundle keeps
 * no quickhull).
 */
import type { Box } from '../../shapes/box.js';
import { HULL_COVER_FACTOR } from '../../tolerance.js';
import type { ConvexHull } from '../../shapes/convex-hull.js';
import type { Triangle } from '../../shapes/triangle.js';

/**
 * A polytope's faces (as ConvexHull holds them) and edges, in one class for hulls and boxes alike: the
 * pair functions read one kind of object (a box's object literal beside hulls made their reads polymorphic,
 * and a number was boxed: 3 bytes a query over every pair of kinds, allocation.ts).
 */
export class Polytope {
  dimension = 3;
  /**
   * How far a facet read from these faces may lie outside the solid (a hull's faces merged within its build
   * tolerance: HULL_COVER_FACTOR of it; 0 for a box's or triangle's), added to the certified upper bounds.
   */
  margin = 0;
  /** A point inside a hull (its corners' mean), for contact-hull-hull.ts's bounds; (0, 0, 0) for a box's or triangle's view. */
  readonly center = new Float64Array(3);
  /**
   * Each edge's normal cone (the directions along which it is the polytope's support: on the Gauss map, the
   * arc between its two faces' normals a and b), 9 numbers an edge: a direction inside it (a + b), then u
   * and w, with a direction L perpendicular to the edge inside the cone exactly when L·u ≥ 0 and L·w ≥ 0
   * (u = a − (a·b) b and w = b − (a·b) a: L = αa + βb has α ∝ L·u and β ∝ L·w). A flat polytope's edge
   * (a triangle's) has the half-plane of its outward in-plane normal m as its cone: all three are m.
   */
  readonly cones: Float64Array;
  /** Face f's corners are faceIndices[faceStart[f] .. faceStart[f + 1]), counter-clockwise seen from outside. */
  constructor(
    readonly vertices: Float64Array, readonly faceCount: number, readonly faceStart: Int32Array, readonly faceIndices: Int32Array,
    readonly faceNormals: Float64Array, readonly faceOffsets: Float64Array, readonly edges: Int32Array, cones?: Float64Array,
  ) {
    this.cones = cones ?? conesOf(faceNormals, edges);
  }
}

/** The edges' normal cones (Polytope.cones) from their faces' normals; an edge with one face has none (zeros). */
function conesOf(n: Float64Array, edges: Int32Array): Float64Array {
  const out = new Float64Array((edges.length / 4) * 9);
  for (let e = 0, o = 0; e < edges.length; e += 4, o += 9) {
    const f0 = 3 * edges[e + 2], f1 = 3 * edges[e + 3];
    if (f1 < 0) continue;
    const ab = n[f0] * n[f1] + n[f0 + 1] * n[f1 + 1] + n[f0 + 2] * n[f1 + 2];
    for (let k = 0; k < 3; k++) {
      out[o + k] = n[f0 + k] + n[f1 + k];
      out[o + 3 + k] = n[f0 + k] - ab * n[f1 + k];
      out[o + 6 + k] = n[f1 + k] - ab * n[f0 + k];
    }
  }
  return out;
}

const views = new WeakMap<ConvexHull, Polytope>();

/**
 * The edges of a polytope's faces, 4 numbers each: its two vertices and the two faces on either side (the
 * first face in face order whose loop holds it, then the other; −1 if none).
 */
function edgesOf(faceCount: number, start: Int32Array, loops: Int32Array, vertexCount: number): Int32Array {
  const seen = new Map<number, number>(), out: number[] = [];
  for (let f = 0; f < faceCount; f++) {
    for (let k = start[f], e = start[f + 1]; k < e; k++) {
      const u = loops[k], w = loops[k + 1 < e ? k + 1 : start[f]];
      const key = u < w ? u * vertexCount + w : w * vertexCount + u;
      const at = seen.get(key);
      if (at === undefined) { seen.set(key, out.length); out.push(u, w, f, -1); } else out[at + 3] = f;
    }
  }
  return Int32Array.from(out);
}

/** A hull as a polytope (its arrays, and its edges made on first use). */
export function hullPolytope(hull: ConvexHull): Polytope {
  let view = views.get(hull);
  if (view === undefined) {
    view = new Polytope(hull.vertices, hull.faceCount, hull.faceStart, hull.faceIndices, hull.faceNormals, hull.faceOffsets,
      edgesOf(hull.faceCount, hull.faceStart, hull.faceIndices, hull.vertexCount));
    view.dimension = hull.dimension;
    view.margin = HULL_COVER_FACTOR * hull.tolerance;
    const v = hull.vertices, n = hull.vertexCount, c = view.center;
    for (let i = 0; i < v.length; i += 3) { c[0] += v[i]; c[1] += v[i + 1]; c[2] += v[i + 2]; }
    c[0] /= n; c[1] /= n; c[2] /= n;
    views.set(hull, view);
  }
  return view;
}

/**
 * A box's corners: corner i is (±hx, ±hy, ±hz) with the signs of bits 4, 2, 1 of i. Its faces +x, −x, +y,
 * −y, +z, −z, each loop counter-clockwise seen from outside; its edges are fixed.
 */
const BOX_LOOPS = /* @__PURE__ */ Int32Array.of(4, 6, 7, 5, 0, 1, 3, 2, 2, 3, 7, 6, 0, 4, 5, 1, 1, 5, 7, 3, 0, 2, 6, 4);
const BOX_START = /* @__PURE__ */ Int32Array.of(0, 4, 8, 12, 16, 20, 24);
const BOX_NORMALS = /* @__PURE__ */ Float64Array.of(1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1);
const BOX_EDGES = /* @__PURE__ */ edgesOf(6, BOX_START, BOX_LOOPS, 8);
const BOX_CONES = /* @__PURE__ */ conesOf(BOX_NORMALS, BOX_EDGES);

/**
 * A box's edge by its direction and corner: at 8k + c, the offset in a box's edges of the edge along axis
 * k (0 x, 1 y, 2 z) whose corners' other two coordinates have the signs of c's bits (corner numbering as
 * above, k's own bit 0).
 */
export const BOX_EDGE_AT = /* @__PURE__ */ boxEdgeTable(BOX_EDGES);

function boxEdgeTable(edges: Int32Array): Int32Array {
  const out = new Int32Array(24).fill(-1);
  for (let e = 0; e < edges.length; e += 4) {
    const d = edges[e] ^ edges[e + 1], k = d === 4 ? 0 : d === 2 ? 1 : 2;
    out[8 * k + (edges[e] & ~d)] = e;
  }
  return out;
}
const boxViews = new WeakMap<Box, Polytope>();

/** Box `b` as a polytope (made on first use; its topology and normals shared by every box). */
export function boxPolytope(b: Box): Polytope {
  let view = boxViews.get(b);
  if (view === undefined) {
    const hx = b.hx, hy = b.hy, hz = b.hz, v = new Float64Array(24);
    for (let i = 0; i < 8; i++) {
      v[3 * i] = (i & 4) !== 0 ? hx : -hx; v[3 * i + 1] = (i & 2) !== 0 ? hy : -hy; v[3 * i + 2] = (i & 1) !== 0 ? hz : -hz;
    }
    view = new Polytope(v, 6, BOX_START, BOX_LOOPS, BOX_NORMALS, Float64Array.of(hx, hx, hy, hy, hz, hz), BOX_EDGES, BOX_CONES);
    view.dimension = hx > 0 && hy > 0 && hz > 0 ? 3 : 2;
    boxViews.set(b, view);
  }
  return view;
}

/** A scratch box for the scaled copy of a pair (outside 2^±200: rare), refilled per query. */
const scaledBox = /* @__PURE__ */ new Polytope(new Float64Array(24), 6, BOX_START, BOX_LOOPS, BOX_NORMALS, new Float64Array(6), BOX_EDGES, BOX_CONES);

/** A box of half extents h[6..8] (a closed form's record, scaled) as a polytope (rewritten by the next call). */
export function scaledBoxPolytope(h: Float64Array): Polytope {
  const hx = h[6], hy = h[7], hz = h[8], v = scaledBox.vertices, o = scaledBox.faceOffsets;
  for (let i = 0; i < 8; i++) {
    v[3 * i] = (i & 4) !== 0 ? hx : -hx; v[3 * i + 1] = (i & 2) !== 0 ? hy : -hy; v[3 * i + 2] = (i & 1) !== 0 ? hz : -hz;
  }
  o[0] = hx; o[1] = hx; o[2] = hy; o[3] = hy; o[4] = hz; o[5] = hz;
  return scaledBox;
}


/**
 * A triangle as a flat polytope: faces 0 (its corners a, b, c in order, normal n = (b − a) × (c − a)
 * normalised) and 1 (c, b, a reversed: −n), and three edges whose cones are half-planes (Polytope.cones).
 * One scratch view, refilled by trianglePolytope (a mesh's triangles pass through one scratch Triangle
 * whose corners change: a view kept beside it would go stale).
 */
const TRI_LOOPS = /* @__PURE__ */ Int32Array.of(0, 1, 2, 0, 2, 1);
const TRI_START = /* @__PURE__ */ Int32Array.of(0, 3, 6);
const TRI_EDGES = /* @__PURE__ */ edgesOf(2, TRI_START, TRI_LOOPS, 3);
const triangle = /* @__PURE__ */ new Polytope(new Float64Array(9), 2, TRI_START, TRI_LOOPS, new Float64Array(6), new Float64Array(2), TRI_EDGES, new Float64Array(27));

/**
 * Triangle `t` as a polytope (rewritten by the next call); null when it has no area (no normal).
 */
export function trianglePolytope(t: Triangle): Polytope | null {
  const v = triangle.vertices, n = triangle.faceNormals, cones = triangle.cones;
  v[0] = t.a.x; v[1] = t.a.y; v[2] = t.a.z; v[3] = t.b.x; v[4] = t.b.y; v[5] = t.b.z; v[6] = t.c.x; v[7] = t.c.y; v[8] = t.c.z;
  const ux = v[3] - v[0], uy = v[4] - v[1], uz = v[5] - v[2], wx = v[6] - v[0], wy = v[7] - v[1], wz = v[8] - v[2];
  let nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
  const l = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (!(l > 0) || l === Infinity) return null;
  nx /= l; ny /= l; nz /= l;
  n[0] = nx; n[1] = ny; n[2] = nz; n[3] = -nx; n[4] = -ny; n[5] = -nz;
  const o = nx * v[0] + ny * v[1] + nz * v[2];
  triangle.faceOffsets[0] = o; triangle.faceOffsets[1] = -o;
  // Each edge's outward in-plane normal (its direction along face 0's loop, crossed with n).
  for (let e = 0; e < 3; e++) {
    const i = 3 * TRI_EDGES[4 * e], j = 3 * TRI_EDGES[4 * e + 1];
    const ex = v[j] - v[i], ey = v[j + 1] - v[i + 1], ez = v[j + 2] - v[i + 2];
    const mx = ey * nz - ez * ny, my = ez * nx - ex * nz, mz = ex * ny - ey * nx;
    for (let k = 0; k < 9; k += 3) { cones[9 * e + k] = mx; cones[9 * e + k + 1] = my; cones[9 * e + k + 2] = mz; }
  }
  return triangle;
}
