/**
 * A point core against a segment or polygon core, in closed form: a circle (or a point, or a rounded point)
 * against a box, a capsule, a segment, a polygon or their roundings. The 2D twin of the 3D box closed
 * forms (query/pairs/closed-form-box.ts): exact at any aspect ratio, where GJK interpolates along the
 * simplex's edges between the far corners of a long box and loses ε times its length (a circle 2 above a
 * box 1e12 long read 2.5, and 0 at 1e15).
 *
 * Computed in the polygon's own frame: the point q there, each edge's signed distance as n·q − n·v (its
 * unit normal, exact for a box's axes, against the edge's own offset), and the least distance to the edges
 * (Ericson, Real-Time Collision Detection, §5.1.2: a point's closest point on a segment, by where it
 * projects; §5.1.8 for the polygon, by its edges' Voronoi regions). Inside the polygon the deepest edge gives
 * the depth. No length of the polygon enters a rounding but through the edge offsets it is made of, so the
 * slack is sized by what is computed (BOX_CLOSED_FORM_RELATIVE_TOLERANCE), not by the polygon's extent.
 */
import { BOX_CLOSED_FORM_RELATIVE_TOLERANCE, POSITION_ULPS } from '../tolerance.js';
import type { Query2Work } from './queries2.js';
import { POINT_CORE, type Shape2 } from './shapes/shape2.js';

const RELATIVE = BOX_CLOSED_FORM_RELATIVE_TOLERANCE;
const POSITION_SLACK = POSITION_ULPS * Number.EPSILON;

/** The point's position in the polygon's frame, and the answer there (fields: no numbers through calls). */
class PointCoreWork {
  qx = 0.5;
  qy = 0.5;
  sep = 0.5;
  nx = 0.5;
  ny = 0.5;
  /** The closest (or deepest) point of the polygon's core. */
  cx = 0.5;
  cy = 0.5;
  /** The magnitude the answer rounds with. */
  scale = 0.5;
  /** A point inside both shapes when they touch or overlap (A's frame): closestPoints' shared point. */
  sx = 0.5;
  sy = 0.5;
}

const _w = /* @__PURE__ */ new PointCoreWork();

/**
 * The pair's contact into `work` (separation with the radii, normal from A to B, points on the surfaces,
 * A's frame) and its own touch slack into `work.slack`, for a pair preparePair marked `work.pointCore`
 * (exactly one core a point at its origin, the other with an edge). The pose of B in A's frame is `work.bInA`.
 */
export function pointCoreContact(work: Query2Work, a: Shape2, b: Shape2): void {
  const w = _w, t = work.bInA, polyIsA = b.coreVertices === POINT_CORE;
  const poly = polyIsA ? a : b, r = a.sweptRadius + b.sweptRadius;
  // The point in the polygon's frame: B's origin in A's frame, or A's origin in B's (−Rᵀt).
  if (polyIsA) { w.qx = t.tx; w.qy = t.ty; } else { w.qx = -(t.c * t.tx + t.s * t.ty); w.qy = t.s * t.tx - t.c * t.ty; }
  closestOnCore(w, poly);
  // The normal from A towards B and the points on each surface, in the polygon's frame first.
  let nx = w.nx, ny = w.ny;
  if (!polyIsA) { nx = -nx; ny = -ny; }
  const rA = a.sweptRadius, rB = b.sweptRadius;
  // Polygon side: its core point pushed out by its radius along its outward normal w.n; point side: q
  // pulled back by its radius along w.n.
  const rP = poly.sweptRadius, rQ = r - rP;
  let px = w.cx + w.nx * rP, py = w.cy + w.ny * rP;
  let qx = w.qx - w.nx * rQ, qy = w.qy - w.ny * rQ;
  // The shared point: the point's centre when it is inside the polygon's core, else the point of the
  // segment from the core's closest point to the centre that splits it as the radii do (within rP of the
  // core and rQ of the centre when the shapes meet), as GJK's path splits the cores' segment.
  let sx = w.qx, sy = w.qy;
  if (w.sep > 0 && r > 0) { const f = (w.sep * rP) / r; sx = w.cx + w.nx * f; sy = w.cy + w.ny * f; }
  if (!polyIsA) {
    // Back into A's frame: p' = R·p + t for the polygon's (B's) points and normal.
    const c = t.c, s = t.s;
    const x1 = c * px - s * py + t.tx, y1 = s * px + c * py + t.ty; px = x1; py = y1;
    const x2 = c * qx - s * qy + t.tx, y2 = s * qx + c * qy + t.ty; qx = x2; qy = y2;
    const mx = c * nx - s * ny, my = s * nx + c * ny; nx = mx; ny = my;
    const x3 = c * sx - s * sy + t.tx, y3 = s * sx + c * sy + t.ty; sx = x3; sy = y3;
  }
  w.sx = sx; w.sy = sy;
  work.normal.x = nx; work.normal.y = ny;
  if (polyIsA) { work.pointA.x = px; work.pointA.y = py; work.pointB.x = qx; work.pointB.y = qy; } else {
    work.pointA.x = qx; work.pointA.y = qy; work.pointB.x = px; work.pointB.y = py;
  }
  const sep = w.sep - rA - rB;
  const tA = work.tA;
  work.slack = RELATIVE * (w.scale + rA + rB) + POSITION_SLACK * (Math.abs(tA.tx) + Math.abs(tA.ty) + work.positionBias);
  work.separation = sep;
  if (Math.abs(sep) <= work.slack) work.separation = 0;
  work.gjk.status = 'converged';
  work.gjk.iterations = 0;
}

/** The last pair's shared point (A's frame) into `out`: see PointCoreWork.sx. */
export function sharedPoint(out: { x: number; y: number }): void {
  out.x = _w.sx;
  out.y = _w.sy;
}

/**
 * The signed distance from (w.qx, w.qy) to `poly`'s core (negative inside a polygon), the outward unit
 * normal there (from the core towards the point) and the core's closest point, into `w`.
 */
function closestOnCore(w: PointCoreWork, poly: Shape2): void {
  const v = poly.coreVertices, nrm = poly.coreNormals, count = v.length >> 1;
  const qx = w.qx, qy = w.qy, polygon = count >= 3, segs = polygon ? count : 1;
  // Inside a polygon: the deepest edge (its signed distance, negative, is the least overlap).
  let worst = -Infinity, worstEdge = 0, worstOffset = 0;
  if (polygon) {
    for (let i = 0; i < count; i++) {
      const nx = nrm[2 * i], ny = nrm[2 * i + 1], offset = nx * v[2 * i] + ny * v[2 * i + 1];
      const s = nx * qx + ny * qy - offset;
      if (s > worst) { worst = s; worstEdge = i; worstOffset = offset; }
    }
    if (worst <= 0) {
      const nx = nrm[2 * worstEdge], ny = nrm[2 * worstEdge + 1];
      w.sep = worst; w.nx = nx; w.ny = ny;
      w.cx = qx - worst * nx; w.cy = qy - worst * ny;
      w.scale = Math.abs(qx) + Math.abs(qy) + Math.abs(worstOffset);
      return;
    }
  }
  // Outside (or a segment core): the least distance to an edge, by where the point projects on it.
  let best = Infinity, bx = 0, by = 0, bnx = 1, bny = 0, bscale = 0;
  for (let i = 0; i < segs; i++) {
    const j = i + 1 === count ? 0 : i + 1;
    const x0 = v[2 * i], y0 = v[2 * i + 1], ex = v[2 * j] - x0, ey = v[2 * j + 1] - y0;
    // The side of the edge facing the point: a polygon's edge i has its own outward normal; a segment's
    // two sides have normals 0 and 1.
    let nx = nrm[2 * i], ny = nrm[2 * i + 1];
    let offset = nx * x0 + ny * y0, s = nx * qx + ny * qy - offset;
    if (!polygon && s < 0) { nx = nrm[2]; ny = nrm[3]; offset = nx * x0 + ny * y0; s = nx * qx + ny * qy - offset; }
    if (polygon && s <= 0) continue; // (the point is on the inner side of this edge's line: not its closest)
    const along = (qx - x0) * ex + (qy - y0) * ey, ee = ex * ex + ey * ey;
    if (along > 0 && along < ee) {
      // Within the edge's span: the distance along its normal (exact for a box's axes).
      if (s < best) { best = s; bx = qx - s * nx; by = qy - s * ny; bnx = nx; bny = ny; bscale = Math.abs(qx) + Math.abs(qy) + Math.abs(offset); }
      continue;
    }
    // Beyond an end: the distance to that vertex (scaled to a largest component of 1 first, as coreNormal
    // does: below about 1e-154 the squares are subnormal).
    const k = along <= 0 ? i : j, dx = qx - v[2 * k], dy = qy - v[2 * k + 1];
    const m = Math.max(Math.abs(dx), Math.abs(dy));
    if (m === 0) {
      // On the vertex itself: distance 0, along the edge's normal.
      if (0 < best) { best = 0; bx = v[2 * k]; by = v[2 * k + 1]; bnx = nx; bny = ny; bscale = Math.abs(qx) + Math.abs(qy); }
      continue;
    }
    const ux = dx / m, uy = dy / m, l = Math.sqrt(ux * ux + uy * uy), d = m * l;
    if (d < best) { best = d; bx = v[2 * k]; by = v[2 * k + 1]; bnx = ux / l; bny = uy / l; bscale = Math.abs(qx) + Math.abs(qy) + Math.abs(v[2 * k]) + Math.abs(v[2 * k + 1]); }
  }
  w.sep = best; w.nx = bnx; w.ny = bny; w.cx = bx; w.cy = by; w.scale = bscale;
}
