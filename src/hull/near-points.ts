/**
 * The points a build dropped as within ε of a face plane (quickhull.ts, `near`), checked by their
 * distance to the triangulation rather than to its planes, and added as apexes when they lie outside it.
 *
 * Barber et al. 1996 §4 treat a point within ε of a facet's hyperplane as coplanar with it, which bounds
 * its distance to the facet's plane, not to the hull. The two differ beside a knife edge, where two
 * faces with nearly opposite normals meet at a wedge angle α: the strip within ε of both planes reaches
 * ε/α past the edge. A unit triangle with a bump 1e-6 above it (α ≈ 3e-6) dropped a point 1e-9 beside
 * an edge, 3e-15 above the bump's face (ε = 2.1e-14); a sliver whose first tetrahedron was ε thick
 * dropped a real vertex 1.3e-9 past an edge, within 8e-16 of both planes (quickhull.test.ts, "golden: a
 * point beside a knife edge"). Plane tests (coversNear, validateHull) cannot see such points.
 */
import { HULL_COVER_CHECK_BUDGET, HULL_COVER_FACTOR } from '../tolerance.js';
import { NONE } from './arrays.js';
import type { QuickhullBuilder } from './quickhull.js';

/**
 * Makes an apex of every near point that lies more than HULL_COVER_FACTOR · ε from the triangulation
 * (see uncoveredFace), once the build's queue is empty; skipped, like coversNear, when near points ×
 * face slots exceed HULL_COVER_CHECK_BUDGET. The apex step is the build's own (addApex): its first face
 * is the one the point is furthest above, which sees it, and faces it is within ε of are handled as in
 * any step (absorbFolds, the merge). Only the points near at the start are checked: an apex step adds
 * a point to `near` only when it gives up on it (its visible set was no disk), and such a point is not
 * tried again.
 */
export function addUncoveredNear(qb: QuickhullBuilder): void {
  const m = qb.nearCount;
  if (m === 0 || m * qb.count > HULL_COVER_CHECK_BUDGET) return;
  for (let k = 0; k < m; k++) {
    const i = qb.near[k];
    const f = uncoveredFace(qb, i);
    if (f === NONE) continue;
    // The point as the face's whole outside set, and its furthest point (the outside sets are empty now).
    qb.ptNext[i] = NONE;
    qb.head[f] = i;
    qb.far[f] = i;
    qb.farDist[f] = qb.dist(f, i);
    qb.addApex(f);
  }
}

/**
 * The face point `i` is furthest above when it lies outside the build's triangles by more than
 * HULL_COVER_FACTOR · ε (Euclidean distance), else NONE. Inside every face plane is inside; otherwise
 * the distance to the hull is the distance to its nearest triangle, and a triangle can be nearer than
 * that only if its plane is: triangles whose plane is further than the threshold are skipped.
 */
function uncoveredFace(qb: QuickhullBuilder, i: number): number {
  const tol = HULL_COVER_FACTOR * qb.eps, alive = qb.alive;
  let best = NONE, bestD = 0;
  for (let f = 0; f < qb.count; f++) {
    if (alive[f] === 0) continue;
    const d = qb.dist(f, i);
    if (d > bestD) {
      bestD = d;
      best = f;
    }
    if (Math.abs(d) <= tol && triangleDistance(qb, f, i, d) <= tol) return NONE;
  }
  return best;
}

/**
 * Distance from point `i` to triangle `f` (corners counter-clockwise about its unit normal n), `d` its
 * signed distance to the plane: |d| when the point's projection lies inside the triangle (on the inner
 * side of every edge, whose outward direction in the plane is edge × n), else the distance to the
 * nearest of its three edges.
 */
function triangleDistance(qb: QuickhullBuilder, f: number, i: number, d: number): number {
  const p = qb.p, fv = qb.fv, fp = qb.fp;
  const nx = fp[4 * f], ny = fp[4 * f + 1], nz = fp[4 * f + 2];
  const x = p[3 * i], y = p[3 * i + 1], z = p[3 * i + 2];
  let inside = true, nearest = Infinity;
  for (let e = 0; e < 3; e++) {
    const a = 3 * fv[3 * f + e], b = 3 * fv[3 * f + (e === 2 ? 0 : e + 1)];
    const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
    const wx = x - p[a], wy = y - p[a + 1], wz = z - p[a + 2];
    if ((uy * nz - uz * ny) * wx + (uz * nx - ux * nz) * wy + (ux * ny - uy * nx) * wz > 0) inside = false;
    // Nearest point of the edge: a + t·u, t clamped to [0, 1].
    const uu = ux * ux + uy * uy + uz * uz;
    const t = uu > 0 ? Math.min(1, Math.max(0, (wx * ux + wy * uy + wz * uz) / uu)) : 0;
    const rx = wx - t * ux, ry = wy - t * uy, rz = wz - t * uz;
    nearest = Math.min(nearest, Math.sqrt(rx * rx + ry * ry + rz * rz));
  }
  return inside ? Math.abs(d) : nearest;
}
