/**
 * The finite part of a convex shape's support-map Jacobian at a witness: how its support point moves as
 * the direction turns, J = ∂S/∂d on the plane perpendicular to the unit direction d (symmetric, positive
 * semi-definite, J d = 0): the shape's radii of curvature there, 0 at a corner. An edge's or a face's
 * straight extent, along which the support jumps, is not in J: it is the "flat" part support-dimension.ts
 * names, and second-order.ts lets the witness slide along it instead.
 *
 * Closed forms, in the shape's frame, for a unit direction d and the witness w (both local):
 * - a vertex, an edge or a face of a polytope, an apex: 0;
 * - a sphere of radius r, and any shape's swept radius r: r (I − d dᵀ);
 * - an ellipsoid D = diag(rx, ry, rz): S(d) = D² d / |D d|, so J = (D² − S Sᵀ) / |D d|;
 * - a cylinder's or a cone's rim point or side line, at distance ρ from the axis where the witness is (on
 *   the core, within a rounded shape's radius):
 *   turning d about the axis by δφ turns the support (a rim point, or the side line) by δφ, moving the
 *   witness by ρ δφ along the azimuth t, while d moves by |d⊥| δφ (d⊥ its part off the axis), so
 *   J = (ρ / |d⊥|) t tᵀ; at a side line d's tilt along the line changes nothing (the flat part).
 * A Minkowski sum, a scaled shape or a support map of the user's own has no closed form here: false.
 */
import type { Ellipsoid } from '../../shapes/ellipsoid.js';
import type { Rounded } from '../../shapes/rounded.js';
import type { ConvexShape } from '../../shapes/shape.js';
import type { Sphere } from '../../shapes/sphere.js';
import type { Capsule } from '../../shapes/capsule.js';
import { MANIFOLD_ALIGNMENT_TOLERANCE } from '../../tolerance.js';

const TOL = MANIFOLD_ALIGNMENT_TOLERANCE; // (a module constant: CONTRIBUTING.md, "V8 rules", rule 4)

/**
 * Writes into `j` (row-major 3 × 3, local frame) the finite part of `shape`'s support Jacobian along the
 * unit direction `d` at the witness `w` (both local, packed in d[0..2], w[0..2]); false for a shape with no
 * closed form (`j` then unspecified).
 */
export function supportCurvature(shape: ConvexShape, d: Float64Array, w: Float64Array, j: Float64Array): boolean {
  j.fill(0);
  let s = shape, radius = 0;
  // A rounded shape: its inner shape's, plus its radius.
  while (s.kind === 'rounded') { radius += (s as Rounded).radius; s = (s as Rounded).shape; }
  const dx = d[0], dy = d[1], dz = d[2];
  switch (s.kind) {
    case 'point': case 'segment': case 'triangle': case 'box': case 'convexHull': break;
    case 'sphere': radius += (s as Sphere).radius; break;
    case 'capsule': radius += (s as Capsule).radius; break;
    case 'ellipsoid': {
      // With the semi-axes over the largest, M (no square over- or underflows): J = M (D'² − S' S'ᵀ)/|D' d|.
      const e = s as Ellipsoid, M = Math.max(e.rx, e.ry, e.rz);
      if (!(M > 0 && M < Infinity)) break;
      const ux = e.rx / M, uy = e.ry / M, uz = e.rz / M, ax = ux * ux, ay = uy * uy, az = uz * uz;
      const q = Math.sqrt(ax * dx * dx + ay * dy * dy + az * dz * dz);
      // (q = 0: the direction along a zero semi-axis, a disc's face or a needle's end: flat, no curvature.)
      if (!(q > 0)) break;
      const sx = (ax * dx) / q, sy = (ay * dy) / q, sz = (az * dz) / q, k = M / q;
      j[0] = k * (ax - sx * sx); j[1] = -k * sx * sy; j[2] = -k * sx * sz;
      j[3] = j[1]; j[4] = k * (ay - sy * sy); j[5] = -k * sy * sz;
      j[6] = j[2]; j[7] = j[5]; j[8] = k * (az - sz * sz);
      break;
    }
    case 'cylinder': case 'cone': {
      // The witness on the core (a cylinder's or a cone's own swept radius is 0; a rounded one's is
      // `radius`, along d).
      const wx = w[0] - radius * dx, wz = w[2] - radius * dz;
      const p = Math.sqrt(dx * dx + dz * dz), rho = Math.sqrt(wx * wx + wz * wz);
      // (Along the axis, within the alignment tolerance, the support set is an end's face: flat, no
      // curvature; support-dimension.ts names it so. Past it, ρ/|d⊥| is the rim's.)
      if (!(p > TOL) || !(rho > 0)) break;
      const tx = -dz / p, tz = dx / p, k = rho / p;
      j[0] = k * tx * tx; j[2] = k * tx * tz; j[6] = j[2]; j[8] = k * tz * tz;
      break;
    }
    default: return false;
  }
  if (radius > 0) {
    // + r (I − d dᵀ)
    j[0] += radius * (1 - dx * dx); j[1] -= radius * dx * dy; j[2] -= radius * dx * dz;
    j[3] -= radius * dy * dx; j[4] += radius * (1 - dy * dy); j[5] -= radius * dy * dz;
    j[6] -= radius * dz * dx; j[7] -= radius * dz * dy; j[8] += radius * (1 - dz * dz);
  }
  return true;
}
