/**
 * The rare paths of an apex step (quickhull.ts, addApex): folding nearly coplanar horizon faces into
 * the visible set, and repairing a visible set that roundoff made into a non-disk. Barber et al. 1996
 * §4 handle such configurations by merging facets during the build; this build keeps triangles and
 * repairs the visible set instead.
 */
import { HULL_NEEDLE } from '../tolerance.js';
import { NONE } from './arrays.js';
import type { QuickhullBuilder } from './quickhull.js';

// absorbFolds: a new face whose smallest altitude is at most HULL_NEEDLE ε is a needle, and the nearly
// coplanar face beyond its horizon edge joins the visible set; at most HULL_FOLD_ROUNDS such rounds
// (each a new walk) per apex step (tolerance.ts).

/**
 * Marks `forced` (with `fs`) the horizon faces that the apex is within ε of and that the new face
 * over their edge would fold inwards against, and returns whether it marked any. Such a face is not
 * visible (the apex is at most ε above it), but when the apex is nearly collinear with the edge, the
 * new face (a, b, apex) is a needle whose plane roundoff and ε-sized offsets can point anywhere: on
 * a lattice perturbed by 1e-13, a needle's plane dropped a point 0.44 outside the hull as inside
 * (quickhull.test.ts, golden). Marked when the new face's smallest altitude is at most HULL_NEEDLE ε, or
 * when the face's third corner lies more than ε above the new face's plane (an inward fold). Taking
 * the face into the visible set moves the hull by at most ε there: the apex is within ε of its plane
 * and, in the needle case, the corner between is within HULL_NEEDLE ε of the segment from the other
 * corner to the apex.
 */
export function absorbFolds(qb: QuickhullBuilder, eye: number, fs: number): boolean {
  const fv = qb.fv, fa = qb.fa, p = qb.p, eps = qb.eps, forced = qb.forced, hF = qb.hF, hE = qb.hE;
  const ex = p[3 * eye], ey = p[3 * eye + 1], ez = p[3 * eye + 2];
  let any = false;
  for (let k = 0; k < qb.hCount; k++) {
    const f = hF[k], e = hE[k];
    const g = fa[3 * f + e];
    if (forced[g] === fs || !(qb.dist(g, eye) > -eps)) continue;
    const a = 3 * fv[3 * f + e], b = 3 * fv[3 * f + (e === 2 ? 0 : e + 1)];
    const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
    const wx = ex - p[a], wy = ey - p[a + 1], wz = ez - p[a + 2];
    const nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
    const area2 = Math.sqrt(nx * nx + ny * ny + nz * nz);
    const vx = ex - p[b], vy = ey - p[b + 1], vz = ez - p[b + 2];
    const longest = Math.sqrt(Math.max(ux * ux + uy * uy + uz * uz, wx * wx + wy * wy + wz * wz, vx * vx + vy * vy + vz * vz));
    let fold = !(area2 > HULL_NEEDLE * eps * longest);
    if (!fold) {
      const j = fa[3 * g] === f ? 0 : fa[3 * g + 1] === f ? 1 : 2;
      const c = 3 * fv[3 * g + (j === 0 ? 2 : j - 1)];
      fold = (nx * (p[c] - p[a]) + ny * (p[c + 1] - p[a + 1]) + nz * (p[c + 2] - p[a + 2])) / area2 > eps;
    }
    if (fold) {
      forced[g] = fs;
      any = true;
    }
  }
  return any;
}

/**
 * Makes the visible set simply connected: every face not connected (through non-visible faces) to
 * the face the apex is furthest below becomes visible.
 */
export function fillHoles(qb: QuickhullBuilder, stamp: number, eye: number): void {
  const mark = qb.mark, fa = qb.fa, alive = qb.alive;
  let low = NONE, lowD = Infinity;
  for (let f = 0; f < qb.count; f++) {
    if (alive[f] === 0 || mark[f] === stamp) continue;
    const d = qb.dist(f, eye);
    if (d < lowD) {
      lowD = d;
      low = f;
    }
  }
  if (low === NONE) return;
  const reach = stamp + 0x20000000;
  const queue = [low];
  mark[low] = reach;
  for (let q = 0; q < queue.length; q++) {
    const f = queue[q];
    for (let e = 0; e < 3; e++) {
      const g = fa[3 * f + e];
      if (mark[g] === stamp || mark[g] === reach) continue;
      mark[g] = reach;
      queue.push(g);
    }
  }
  for (let f = 0; f < qb.count; f++) {
    if (alive[f] === 0) continue;
    if (mark[f] !== reach && mark[f] !== stamp) {
      mark[f] = stamp;
      if (3 * qb.visCount + 6 > qb.stepCap) qb.growStep(3 * qb.visCount + 6);
      qb.visible[qb.visCount++] = f;
    }
  }
}

/** Removes point `i` from the outside set of face `f` and recomputes the face's furthest point. */
export function removeFromOutside(qb: QuickhullBuilder, f: number, i: number): void {
  const ptNext = qb.ptNext;
  let prev = NONE, j = qb.head[f];
  while (j !== NONE && j !== i) {
    prev = j;
    j = ptNext[j];
  }
  if (j === NONE) return;
  if (prev === NONE) qb.head[f] = ptNext[j];
  else ptNext[prev] = ptNext[j];
  // Recompute the furthest point.
  let best = NONE, bestD = 0;
  for (let k = qb.head[f]; k !== NONE; k = ptNext[k]) {
    const d = qb.dist(f, k);
    if (d > bestD) {
      bestD = d;
      best = k;
    }
  }
  qb.far[f] = best;
  qb.farDist[f] = bestD;
}
