/**
 * What the separating-axis pair functions read of a polytope: its faces (as a convex hull has them) and its
 * edges, each with the two faces that meet there (for the Gauss-map test of an edge axis, Gregorius, "The
 * Separating Axis Test between Convex Polyhedra", GDC 2013/2015). A hull's view is made once on first
 * use and kept beside it (a WeakMap: nothing is added to the hull, whose layout V8 keeps); a box's too,
 * its faces' topology and normals shared by every box (no hull is built: the contact query's bundle keeps
 * no quickhull).
 */
import type { Box } from '../../shapes/box.js';
import type { ConvexHull } from '../../shapes/convex-hull.js';

/**
 * A polytope's faces (as ConvexHull holds them) and edges, in one class for hulls and boxes alike: the
 * pair functions read one kind of object (a box's object literal beside hulls made their reads polymorphic,
 * and a number was boxed: 3 bytes a query over every pair of kinds, allocation.ts).
 */
export class Polytope {
  dimension = 3;
  /** Face f's corners are faceIndices[faceStart[f] .. faceStart[f + 1]), counter-clockwise seen from outside. */
  constructor(
    readonly vertices: Float64Array, readonly faceCount: number, readonly faceStart: Int32Array, readonly faceIndices: Int32Array,
    readonly faceNormals: Float64Array, readonly faceOffsets: Float64Array, readonly edges: Int32Array,
  ) {}
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
const boxViews = new WeakMap<Box, Polytope>();

/** Box `b` as a polytope (made on first use; its topology and normals shared by every box). */
export function boxPolytope(b: Box): Polytope {
  let view = boxViews.get(b);
  if (view === undefined) {
    const hx = b.hx, hy = b.hy, hz = b.hz, v = new Float64Array(24);
    for (let i = 0; i < 8; i++) {
      v[3 * i] = (i & 4) !== 0 ? hx : -hx; v[3 * i + 1] = (i & 2) !== 0 ? hy : -hy; v[3 * i + 2] = (i & 1) !== 0 ? hz : -hz;
    }
    view = new Polytope(v, 6, BOX_START, BOX_LOOPS, BOX_NORMALS, Float64Array.of(hx, hx, hy, hy, hz, hz), BOX_EDGES);
    view.dimension = hx > 0 && hy > 0 && hz > 0 ? 3 : 2;
    boxViews.set(b, view);
  }
  return view;
}

/** A scratch box for the scaled copy of a pair (outside 2^±200: rare), refilled per query. */
const scaledBox = /* @__PURE__ */ new Polytope(new Float64Array(24), 6, BOX_START, BOX_LOOPS, BOX_NORMALS, new Float64Array(6), BOX_EDGES);

/** A box of half extents h[6..8] (a closed form's record, scaled) as a polytope (rewritten by the next call). */
export function scaledBoxPolytope(h: Float64Array): Polytope {
  const hx = h[6], hy = h[7], hz = h[8], v = scaledBox.vertices, o = scaledBox.faceOffsets;
  for (let i = 0; i < 8; i++) {
    v[3 * i] = (i & 4) !== 0 ? hx : -hx; v[3 * i + 1] = (i & 2) !== 0 ? hy : -hy; v[3 * i + 2] = (i & 1) !== 0 ? hz : -hz;
  }
  o[0] = hx; o[1] = hx; o[2] = hy; o[3] = hy; o[4] = hz; o[5] = hz;
  return scaledBox;
}

