/**
 * Closest points between two segments, either of which may be a single point (Ericson, Real-Time
 * Collision Detection §5.1.9): minimise |p1 + s·d1 − (p2 + t·d2)|² over [0, 1]², by the unconstrained
 * s clamped, t from that s clamped, and s again from the clamped t. The kernel of every pair of point,
 * segment, sphere and capsule (swept-segments.ts): their cores are points or segments.
 *
 * Nearly parallel segments make the unconstrained s ill-conditioned, but the distance is flat along
 * them there, so the clamped pair that follows is still a closest pair to rounding.
 *
 * The normal is not read off the difference of the points alone: each point carries the rounding of the
 * coordinates (ε times the size), so for cores 1e-9 of the size apart its direction would be off by 1e-7,
 * and a capsule's flat side turns that into a first-order error in the overlap along it. Where a point is
 * inside its segment the exact difference is perpendicular to that segment, so the normal is d1 × d2 when
 * both are inside (and the segments not parallel), else the difference with its component along the
 * segment that holds an inside point removed; what error remains tilts the normal only where the overlap
 * is flat to first order (van den Bergen 2003 §4.3 on reading normals from closest points).
 */
import { SEGMENTS_PARALLEL_SINE2 } from '../../tolerance.js';

/**
 * The two segments in, the answer out, in one typed array (numbers through a call V8 does not inline are
 * boxed: CONTRIBUTING.md, "V8 rules", rule 1): reads P1 = s[0..2], Q1 = s[3..5], P2 = s[6..8], Q2 =
 * s[9..11]; writes the closest point on the first segment to s[12..14], on the second to s[15..17], their
 * distance to s[18] and the unit normal from the first to the second to s[20..22] (0 when they meet):
 * the layout of a closed form's record (closed-form-families.ts), whose other entries it leaves alone.
 */
export function closestSegments(s: Float64Array): void {
  const p1x = s[0], p1y = s[1], p1z = s[2], p2x = s[6], p2y = s[7], p2z = s[8];
  const d1x = s[3] - p1x, d1y = s[4] - p1y, d1z = s[5] - p1z;
  const d2x = s[9] - p2x, d2y = s[10] - p2y, d2z = s[11] - p2z;
  const rx = p1x - p2x, ry = p1y - p2y, rz = p1z - p2z;
  const a = d1x * d1x + d1y * d1y + d1z * d1z, e = d2x * d2x + d2y * d2y + d2z * d2z;
  const f = d2x * rx + d2y * ry + d2z * rz;
  // (Clamps written out: a helper returning a double was not inlined here, and boxed its answer.)
  let u = 0, v = 0, x = 0; // the parameters s and t of the book, and a scratch
  if (a === 0 && e === 0) {
    // Two points.
  } else if (a === 0) {
    x = f / e; v = x < 0 ? 0 : x > 1 ? 1 : x;
  } else {
    const c = d1x * rx + d1y * ry + d1z * rz;
    if (e === 0) {
      x = -c / a; u = x < 0 ? 0 : x > 1 ? 1 : x;
    } else {
      const b = d1x * d2x + d1y * d2y + d1z * d2z;
      const denom = a * e - b * b; // ≥ 0 (Cauchy–Schwarz), 0 when parallel: then any u; take 0
      if (denom > 0) { x = (b * f - c * e) / denom; u = x < 0 ? 0 : x > 1 ? 1 : x; }
      v = (b * u + f) / e;
      if (v < 0) { v = 0; x = -c / a; u = x < 0 ? 0 : x > 1 ? 1 : x; } else if (v > 1) { v = 1; x = (b - c) / a; u = x < 0 ? 0 : x > 1 ? 1 : x; }
    }
  }
  const ax = p1x + d1x * u, ay = p1y + d1y * u, az = p1z + d1z * u;
  const bx = p2x + d2x * v, by = p2y + d2y * v, bz = p2z + d2z * v;
  s[12] = ax; s[13] = ay; s[14] = az;
  s[15] = bx; s[16] = by; s[17] = bz;
  const dx = bx - ax, dy = by - ay, dz = bz - az;
  const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
  s[18] = d;
  let nx = dx, ny = dy, nz = dz;
  const inA = u > 0 && u < 1, inB = v > 0 && v < 1;
  const cx = d1y * d2z - d1z * d2y, cy = d1z * d2x - d1x * d2z, cz = d1x * d2y - d1y * d2x;
  const cc = cx * cx + cy * cy + cz * cz;
  if (inA && inB && cc > NOT_PARALLEL * a * e) {
    const sign = cx * dx + cy * dy + cz * dz >= 0 ? 1 : -1;
    nx = sign * cx; ny = sign * cy; nz = sign * cz;
  } else if (inA) {
    const k = (dx * d1x + dy * d1y + dz * d1z) / a;
    nx -= k * d1x; ny -= k * d1y; nz -= k * d1z;
  } else if (inB) {
    const k = (dx * d2x + dy * d2y + dz * d2z) / e;
    nx -= k * d2x; ny -= k * d2y; nz -= k * d2z;
  }
  const l = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (l > 0 && d > 0) { s[20] = nx / l; s[21] = ny / l; s[22] = nz / l; } else { s[20] = 0; s[21] = 0; s[22] = 0; }
}

const NOT_PARALLEL = SEGMENTS_PARALLEL_SINE2; // V8 rule 4 (CONTRIBUTING.md); tolerance.ts says why its value
