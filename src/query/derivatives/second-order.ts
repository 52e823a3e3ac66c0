/**
 * Derivatives of a smooth contact's normal and witness points in the two poses (for second-order methods:
 * the Hessian of a separation-based cost needs how its gradient, made of them, moves).
 *
 * The contact satisfies pB − pA = s n with pA A's support point along n and pB B's along −n (the closest
 * points when apart, the deepest when overlapping). A motion of the bodies (one of the 12 pose
 * coordinates) moves each support point as its body carries it (∂pA, ∂pB: a translation δ, or a turn ω
 * about the body's position: ω × (p − c), less J (ω × n) as the direction turns in the body's frame), and
 * as n turns (J dn, J the support map's Jacobian: support-curvature.ts), and lets it slide along a flat
 * extent of its support set (an edge, a face: support-dimension.ts) by an unknown amount; the normal stays
 * perpendicular to each such extent as it turns with its body. Differentiating gives, for dn (n · dn = 0),
 * ds and the slides λ (A's extents e) and μ (B's extents f), one square linear system per coordinate:
 *
 *   (J_A + J_B + s I) dn + ds n + Σ λ e − Σ μ f = ∂pB − ∂pA,   n · dn = 0,
 *   e · dn = −n · ∂e (each of A's extents),  f · dn = −n · ∂f (each of B's),
 *
 * (the implicit function theorem on the support points' optimality conditions; with no flat extents it is
 * (J_A + J_B + s P) dn = P (∂pB − ∂pA), the curvature form of the Minkowski difference's support). Then
 * dpA = ∂pA + J_A dn + Σ λ e and dpB = ∂pB − J_B dn + Σ μ f. The system is singular exactly where the
 * contact is not smooth (a face on a face, parallel edges, corners touching, a normal not unique), and so
 * is solved only where it is: by Gaussian elimination with partial pivoting, at most 8 unknowns, for all 12
 * coordinates at once.
 */
import type { Transform } from '../../math/transform.js';
import type { ContactAnswer } from '../pair/query-work.js';
import type { SmoothnessWork } from './contact-smoothness.js';
import { supportCurvature } from './support-curvature.js';

/** A pivot this small against the system's largest entry is singular. */
const SINGULAR = 1e-12;

/** The solve's scratch: one per query work. */
export class SecondOrderWork {
  /** Each side's support Jacobian (world, row-major 3 × 3), and the local one. */
  readonly jA = new Float64Array(9);
  readonly jB = new Float64Array(9);
  readonly local = new Float64Array(9);
  /** A shape frame's rotation (row-major), and R L on the way to R L Rᵀ. */
  readonly rotation = new Float64Array(9);
  readonly product = new Float64Array(9);
  /** A direction and a witness in a shape's frame. */
  readonly d = new Float64Array(3);
  readonly w = new Float64Array(3);
  /** The flat extents (unit, world): A's first, then B's; how many each. */
  readonly flats = new Float64Array(12);
  flatsA = 0;
  flatsB = 0;
  /** The system (row-major, 8 × 8 at most) and its 12 right-hand sides (8 × 12). */
  readonly m = new Float64Array(64);
  readonly r = new Float64Array(96);
  /** ∂pA and ∂pB of each coordinate at fixed n (12 × 3 each). */
  readonly pa = new Float64Array(36);
  readonly pb = new Float64Array(36);
}

/**
 * The derivatives of the normal and of the two witness points of the smooth contact `c` (A at tA, B at
 * tB; `sw` classified for it: contact-smoothness.ts, classifyContact) with respect to the 12 pose
 * coordinates (linearA, angularA, linearB, angularB, as the first derivatives are laid out) into n, pa and
 * pb: entry 3k + i is component i's derivative in coordinate k. False, with nothing written, where a
 * shape has no closed-form curvature or the system is singular (the contact is not smooth there).
 */
export function secondOrder(
  w: SecondOrderWork, sw: SmoothnessWork, c: ContactAnswer, tA: Transform, tB: Transform, n: Float64Array, pa: Float64Array, pb: Float64Array,
): boolean {
  const nx = c.normal.x, ny = c.normal.y, nz = c.normal.z;
  w.flatsA = 0; w.flatsB = 0;
  if (!side(w, sw, c, 1) || !side(w, sw, c, -1)) return false;
  const kA = w.flatsA, kB = w.flatsB, size = 4 + kA + kB, m = w.m, r = w.r, f = w.flats, jA = w.jA, jB = w.jB, s = c.separation;
  // Rows 0–2 are lengths, the rest unitless, and so are dn's columns where ds's and the slides' are
  // lengths: the position rows and ds's and the slides' columns are divided by a length of the pair, L,
  // so that every entry is of order 1 and the singularity test is one of shape, not of size.
  let L = Math.abs(s);
  for (let k = 0; k < 9; k++) L = Math.max(L, Math.abs(jA[k]), Math.abs(jB[k]));
  L = Math.max(L, sw.convexA === null ? 0 : sw.convexA.boundingRadius, sw.convexB === null ? 0 : sw.convexB.boundingRadius);
  if (!(L > 0 && L < Infinity)) return false;
  m.fill(0, 0, 64);
  // Rows 0–2 (over L): (J_A + J_B + s I)/L dn + ds' n + Σ λ' e − Σ μ' f, ds' = ds/L, λ' = λ/L, μ' = μ/L.
  for (let i = 0; i < 3; i++) {
    for (let k = 0; k < 3; k++) m[8 * i + k] = (jA[3 * i + k] + jB[3 * i + k] + (i === k ? s : 0)) / L;
    m[8 * i + 3] = i === 0 ? nx : i === 1 ? ny : nz;
    for (let a = 0; a < kA + kB; a++) m[8 * i + 4 + a] = (a < kA ? 1 : -1) * f[3 * a + i];
  }
  // Row 3: n · dn = 0; rows 4…: each extent · dn.
  m[24] = nx; m[25] = ny; m[26] = nz;
  for (let a = 0; a < kA + kB; a++) { m[8 * (4 + a)] = f[3 * a]; m[8 * (4 + a) + 1] = f[3 * a + 1]; m[8 * (4 + a) + 2] = f[3 * a + 2]; }
  // The right-hand sides, one a coordinate, and the support points' motions at fixed n.
  r.fill(0);
  const ax = c.pointA.x - tA.tx, ay = c.pointA.y - tA.ty, az = c.pointA.z - tA.tz;
  const bx = c.pointB.x - tB.tx, by = c.pointB.y - tB.ty, bz = c.pointB.z - tB.tz;
  const ua = w.pa, ub = w.pb;
  ua.fill(0); ub.fill(0);
  for (let k = 0; k < 3; k++) {
    // Translations: A's moves pA, B's pB.
    ua[3 * k + k] = 1;
    ub[3 * (6 + k) + k] = 1;
    // Turns about e_k: ω × (p − c), and ∓J (ω × n) (the direction turning in the body's frame).
    const ox = +(k === 0), oy = +(k === 1), oz = +(k === 2);
    const cx = oy * nz - oz * ny, cy = oz * nx - ox * nz, cz = ox * ny - oy * nx; // ω × n
    const i = 3 * (3 + k), o = 3 * (9 + k);
    ua[i] = oy * az - oz * ay - (jA[0] * cx + jA[1] * cy + jA[2] * cz);
    ua[i + 1] = oz * ax - ox * az - (jA[3] * cx + jA[4] * cy + jA[5] * cz);
    ua[i + 2] = ox * ay - oy * ax - (jA[6] * cx + jA[7] * cy + jA[8] * cz);
    ub[o] = oy * bz - oz * by + (jB[0] * cx + jB[1] * cy + jB[2] * cz);
    ub[o + 1] = oz * bx - ox * bz + (jB[3] * cx + jB[4] * cy + jB[5] * cz);
    ub[o + 2] = ox * by - oy * bx + (jB[6] * cx + jB[7] * cy + jB[8] * cz);
    // Each extent turns with its body: −n · (ω × e) = −ω · (e × n).
    for (let a = 0; a < kA + kB; a++) {
      const ex = f[3 * a], ey = f[3 * a + 1], ez = f[3 * a + 2];
      const tx = ey * nz - ez * ny, ty = ez * nx - ex * nz, tz = ex * ny - ey * nx; // e × n
      r[12 * (4 + a) + (a < kA ? 3 : 9) + k] = -(ox * tx + oy * ty + oz * tz);
    }
  }
  for (let q = 0; q < 12; q++) for (let i = 0; i < 3; i++) r[12 * i + q] = (ub[3 * q + i] - ua[3 * q + i]) / L;
  if (!solve(m, r, size)) return false;
  // Back to lengths: the slides (ds, row 3, is the first derivatives' already and not read).
  for (let i = 4; i < size; i++) for (let q = 0; q < 12; q++) r[12 * i + q] *= L;
  // The answers: dn, then the witnesses' motions.
  for (let q = 0; q < 12; q++) {
    const dx = r[q], dy = r[12 + q], dz = r[24 + q];
    n[3 * q] = dx; n[3 * q + 1] = dy; n[3 * q + 2] = dz;
    let px = ua[3 * q] + jA[0] * dx + jA[1] * dy + jA[2] * dz, py = ua[3 * q + 1] + jA[3] * dx + jA[4] * dy + jA[5] * dz, pz = ua[3 * q + 2] + jA[6] * dx + jA[7] * dy + jA[8] * dz;
    let qx = ub[3 * q] - (jB[0] * dx + jB[1] * dy + jB[2] * dz), qy = ub[3 * q + 1] - (jB[3] * dx + jB[4] * dy + jB[5] * dz), qz = ub[3 * q + 2] - (jB[6] * dx + jB[7] * dy + jB[8] * dz);
    for (let a = 0; a < kA + kB; a++) {
      const t = r[12 * (4 + a) + q];
      if (a < kA) { px += t * f[3 * a]; py += t * f[3 * a + 1]; pz += t * f[3 * a + 2]; }
      else { qx += t * f[3 * a]; qy += t * f[3 * a + 1]; qz += t * f[3 * a + 2]; }
    }
    pa[3 * q] = px; pa[3 * q + 1] = py; pa[3 * q + 2] = pz;
    pb[3 * q] = qx; pb[3 * q + 1] = qy; pb[3 * q + 2] = qz;
  }
  return true;
}

/**
 * One side's support Jacobian (world) into w.jA or w.jB, and its flat extents into w.flats: an edge's
 * direction, or a face's (a half-space's) two tangents. False for a shape with no closed-form curvature.
 */
function side(w: SecondOrderWork, sw: SmoothnessWork, c: ContactAnswer, sign: number): boolean {
  const convex = sign > 0 ? sw.convexA : sw.convexB, t = sign > 0 ? sw.frameA : sw.frameB, dim = sign > 0 ? sw.dimA : sw.dimB;
  const j = sign > 0 ? w.jA : w.jB, n = c.normal, nx = sign * n.x, ny = sign * n.y, nz = sign * n.z;
  j.fill(0);
  if (convex !== null) {
    const p = sign > 0 ? c.pointA : c.pointB, d = w.d, q = w.w, l = w.local;
    // The direction and the witness in the shape's frame: Rᵀ v, Rᵀ (p − t).
    d[0] = t.m00 * nx + t.m10 * ny + t.m20 * nz; d[1] = t.m01 * nx + t.m11 * ny + t.m21 * nz; d[2] = t.m02 * nx + t.m12 * ny + t.m22 * nz;
    const x = p.x - t.tx, y = p.y - t.ty, z = p.z - t.tz;
    q[0] = t.m00 * x + t.m10 * y + t.m20 * z; q[1] = t.m01 * x + t.m11 * y + t.m21 * z; q[2] = t.m02 * x + t.m12 * y + t.m22 * z;
    if (!supportCurvature(convex, d, q, l)) return false;
    // R L Rᵀ, as (R L) Rᵀ; nothing to turn where L is 0 (a polytope's feature).
    if (l[0] !== 0 || l[1] !== 0 || l[2] !== 0 || l[4] !== 0 || l[5] !== 0 || l[8] !== 0) {
      const R = w.rotation, P = w.product;
      R[0] = t.m00; R[1] = t.m01; R[2] = t.m02; R[3] = t.m10; R[4] = t.m11; R[5] = t.m12; R[6] = t.m20; R[7] = t.m21; R[8] = t.m22;
      for (let i = 0; i < 3; i++) {
        for (let k = 0; k < 3; k++) P[3 * i + k] = R[3 * i] * l[k] + R[3 * i + 1] * l[3 + k] + R[3 * i + 2] * l[6 + k];
      }
      for (let i = 0; i < 3; i++) {
        for (let k = 0; k < 3; k++) j[3 * i + k] = P[3 * i] * R[3 * k] + P[3 * i + 1] * R[3 * k + 1] + P[3 * i + 2] * R[3 * k + 2];
      }
    }
  }
  const f = w.flats;
  let at = w.flatsA + w.flatsB;
  if (dim === 1) {
    // (Scaled by its largest component before its length: no square over- or underflows.)
    const e = sign > 0 ? sw.edgeA : sw.edgeB, me = Math.max(Math.abs(e[0]), Math.abs(e[1]), Math.abs(e[2]));
    if (!(me > 0 && me < Infinity)) return false;
    const ex = e[0] / me, ey = e[1] / me, ez = e[2] / me, el = Math.sqrt(ex * ex + ey * ey + ez * ez);
    f[3 * at] = ex / el; f[3 * at + 1] = ey / el; f[3 * at + 2] = ez / el;
    at++;
  } else if (dim === 2) {
    // A face's two tangents: a basis of the plane perpendicular to n.
    let ax = 0, ay = 0, az = 0;
    if (Math.abs(nx) <= Math.abs(ny) && Math.abs(nx) <= Math.abs(nz)) ax = 1; else if (Math.abs(ny) <= Math.abs(nz)) ay = 1; else az = 1;
    let ux = ny * az - nz * ay, uy = nz * ax - nx * az, uz = nx * ay - ny * ax;
    const ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
    ux /= ul; uy /= ul; uz /= ul;
    f[3 * at] = ux; f[3 * at + 1] = uy; f[3 * at + 2] = uz;
    f[3 * at + 3] = ny * uz - nz * uy; f[3 * at + 4] = nz * ux - nx * uz; f[3 * at + 5] = nx * uy - ny * ux;
    at += 2;
  }
  if (sign > 0) w.flatsA = at; else w.flatsB = at - w.flatsA;
  return true;
}

/**
 * Solves m x = r in place (m: `size` × `size` in rows of 8; r: `size` rows of 12 right-hand sides, the
 * answers left in r) by Gaussian elimination with partial pivoting. False when a pivot is below SINGULAR
 * of the largest entry.
 */
function solve(m: Float64Array, r: Float64Array, size: number): boolean {
  let big = 0;
  for (let i = 0; i < size; i++) for (let k = 0; k < size; k++) big = Math.max(big, Math.abs(m[8 * i + k]));
  const tiny = SINGULAR * big;
  for (let col = 0; col < size; col++) {
    let p = col;
    for (let i = col + 1; i < size; i++) if (Math.abs(m[8 * i + col]) > Math.abs(m[8 * p + col])) p = i;
    if (!(Math.abs(m[8 * p + col]) > tiny)) return false;
    if (p !== col) {
      for (let k = 0; k < size; k++) { const t = m[8 * col + k]; m[8 * col + k] = m[8 * p + k]; m[8 * p + k] = t; }
      for (let q = 0; q < 12; q++) { const t = r[12 * col + q]; r[12 * col + q] = r[12 * p + q]; r[12 * p + q] = t; }
    }
    const pivot = m[8 * col + col];
    for (let i = col + 1; i < size; i++) {
      const factor = m[8 * i + col] / pivot;
      if (factor === 0) continue;
      for (let k = col; k < size; k++) m[8 * i + k] -= factor * m[8 * col + k];
      for (let q = 0; q < 12; q++) r[12 * i + q] -= factor * r[12 * col + q];
    }
  }
  for (let i = size - 1; i >= 0; i--) {
    const pivot = m[8 * i + i];
    for (let q = 0; q < 12; q++) {
      let sum = r[12 * i + q];
      for (let k = i + 1; k < size; k++) sum -= m[8 * i + k] * r[12 * k + q];
      r[12 * i + q] = sum / pivot;
    }
  }
  return true;
}
