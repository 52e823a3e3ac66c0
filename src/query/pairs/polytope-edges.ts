/**
 * What the separating-axis pair functions read of a polytope besides its faces: its edges, each with the
 * two faces that meet there (for the Gauss-map test of an edge axis, Gregorius, "The Separating Axis Test
 * between Convex Polyhedra", GDC 2013/2015), and a box as the hull of its corners. Made once per shape on
 * first use and kept beside it (a WeakMap: nothing is added to the shape objects, whose layout V8 keeps).
 */
import type { Box } from '../../shapes/box.js';
import { ConvexHull } from '../../shapes/convex-hull.js';

const edgeLists = new WeakMap<ConvexHull, Int32Array>();
const boxHulls = new WeakMap<Box, ConvexHull>();

/**
 * The edges of a solid hull, 4 numbers each: its two vertices and the two faces on either side (the first
 * face in face order whose loop runs from the first vertex to the second, then the other).
 */
export function hullEdges(hull: ConvexHull): Int32Array {
  let edges = edgeLists.get(hull);
  if (edges === undefined) {
    const start = hull.faceStart, loops = hull.faceIndices, V = hull.vertexCount, seen = new Map<number, number>(), out: number[] = [];
    for (let f = 0; f < hull.faceCount; f++) {
      for (let k = start[f], e = start[f + 1]; k < e; k++) {
        const u = loops[k], w = loops[k + 1 < e ? k + 1 : start[f]];
        const key = u < w ? u * V + w : w * V + u;
        const at = seen.get(key);
        if (at === undefined) { seen.set(key, out.length); out.push(u, w, f, -1); } else out[at + 3] = f;
      }
    }
    edges = Int32Array.from(out);
    edgeLists.set(hull, edges);
  }
  return edges;
}

/** Box `box` as the convex hull of its 8 corners (its faces' normals and offsets come out exact). */
export function boxHull(box: Box): ConvexHull {
  let hull = boxHulls.get(box);
  if (hull === undefined) {
    const pts: number[] = [];
    for (const x of [-box.hx, box.hx]) for (const y of [-box.hy, box.hy]) for (const z of [-box.hz, box.hz]) pts.push(x, y, z);
    hull = new ConvexHull(pts);
    boxHulls.set(box, hull);
  }
  return hull;
}
