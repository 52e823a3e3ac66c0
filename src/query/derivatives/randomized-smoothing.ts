/**
 * The first-order randomized-smoothing estimate of the separation's gradient (Montaut, Le Lidec, Petrík,
 * Sivic & Carpentier, "Differentiable collision detection: a randomized smoothing approach", ICRA 2023):
 * the mean of the gradients at poses perturbed by Gaussian noise, an unbiased estimate of the gradient of
 * the separation averaged over that noise, which is smooth where the separation has kinks (faces resting
 * on faces), so that a gradient step sees the whole contact rather than one corner of it.
 *
 * B is perturbed in its own frame, the relative pose with it: its position by noise·g (g standard normal in
 * each axis), its rotation by R·exp(ρ·g') with ρ = noise / r, r the smaller finite bounding radius of the
 * two (at most 1 radian), so that the smaller shape's points move relative to the other by about `noise`.
 * The samples' contacts take the caller's tolerances but not its GjkCache or trace (a cache would end on a
 * perturbed pose). A world-frame turn ω of B turns the perturbed B by the same ω, so each sample's
 * world-frame gradient is the perturbed function's and the mean needs no transport. The draws come from a
 * seeded stream (math/seeded-normal.ts): a given query and seed give the same estimate everywhere.
 */
import { sinCosInto } from '../../math/exact-math.js';
import { SeededNormal } from '../../math/seeded-normal.js';
import { Transform } from '../../math/transform.js';
import type { Shape } from '../../shapes/shape.js';
import { CONTACT } from '../pair/dispatch.js';
import type { QueryWork } from '../pair/query-work.js';
import { poseGradient } from './pose-gradient.js';

/** The smoothing's scratch: one per query work. */
export class SmoothingWork {
  readonly normal = new SeededNormal();
  readonly perturbed = new Transform();
  readonly gradient = new Float64Array(12);
  readonly sum = new Float64Array(12);
  /** Input: the number of samples, the noise (world units) and the seed (fields, not arguments: rule 1). */
  samples = 0;
  noise = 0;
  seed = 1;
  /** A sample's six normal numbers (translation, then rotation), and an angle's sine and cosine. */
  readonly draw = new Float64Array(6);
  readonly angle = new Float64Array(2);
}

/**
 * Writes into `out[0..11]` the mean over `sw.samples` perturbations (seeded by `sw.seed`, of size
 * `sw.noise`) of the separation's gradient (poseGradient's layout), the contact of `a` at `tA` and `b` at
 * perturbed tB run by the contact family with `options`. Leaves `work.contact` holding the last sample's
 * answer.
 */
export function smoothedGradient(
  sw: SmoothingWork, work: QueryWork, a: Shape, tA: Transform, b: Shape, tB: Transform, options: object | undefined, out: Float64Array,
): void {
  const samples = sw.samples, noise = sw.noise;
  const rng = sw.normal, p = sw.perturbed, g = sw.gradient, sum = sw.sum, z = sw.draw, sc = sw.angle;
  rng.reset(sw.seed);
  sum.fill(0);
  // The turn's scale: the noise over the smaller finite bounding radius (a half-space or a large mesh on
  // one side turns the other by the angle that moves the smaller's points by about the noise), at most 1.
  const ra = a.boundingRadius, rb = b.boundingRadius;
  const radius = ra > 0 && ra < Infinity ? (rb > 0 && rb < ra ? rb : ra) : rb > 0 && rb < Infinity ? rb : 0;
  let turn = radius > 0 ? noise / radius : 0;
  if (!(turn <= 1)) turn = 1;
  const find = CONTACT.find(a, b);
  for (let k = 0; k < samples; k++) {
    rng.fill(z, 6);
    p.tx = tB.tx + noise * z[0]; p.ty = tB.ty + noise * z[1]; p.tz = tB.tz + noise * z[2];
    // R · exp(ξ), ξ = turn · g' (Rodrigues: exp(ξ) = I + sin θ K + (1 − cos θ) K², K the unit axis's cross matrix).
    const wx = turn * z[3], wy = turn * z[4], wz = turn * z[5];
    const theta = Math.sqrt(wx * wx + wy * wy + wz * wz);
    let e00 = 1, e01 = 0, e02 = 0, e10 = 0, e11 = 1, e12 = 0, e20 = 0, e21 = 0, e22 = 1;
    if (theta > 0) {
      // (θ is about noise/radius: below π/4, where sinCosInto reduces nothing, unless the noise is a good
      // part of B's size.)
      sc[0] = theta;
      sinCosInto(sc);
      const kx = wx / theta, ky = wy / theta, kz = wz / theta, s = sc[0], c = 1 - sc[1];
      e00 = 1 - c * (ky * ky + kz * kz); e01 = c * kx * ky - s * kz; e02 = c * kx * kz + s * ky;
      e10 = c * kx * ky + s * kz; e11 = 1 - c * (kx * kx + kz * kz); e12 = c * ky * kz - s * kx;
      e20 = c * kx * kz - s * ky; e21 = c * ky * kz + s * kx; e22 = 1 - c * (kx * kx + ky * ky);
    }
    p.m00 = tB.m00 * e00 + tB.m01 * e10 + tB.m02 * e20; p.m01 = tB.m00 * e01 + tB.m01 * e11 + tB.m02 * e21; p.m02 = tB.m00 * e02 + tB.m01 * e12 + tB.m02 * e22;
    p.m10 = tB.m10 * e00 + tB.m11 * e10 + tB.m12 * e20; p.m11 = tB.m10 * e01 + tB.m11 * e11 + tB.m12 * e21; p.m12 = tB.m10 * e02 + tB.m11 * e12 + tB.m12 * e22;
    p.m20 = tB.m20 * e00 + tB.m21 * e10 + tB.m22 * e20; p.m21 = tB.m20 * e01 + tB.m21 * e11 + tB.m22 * e21; p.m22 = tB.m20 * e02 + tB.m21 * e12 + tB.m22 * e22;
    work.contact.partA = 0; work.contact.partB = 0;
    work.maxSeparation = Infinity;
    find(work, a, tA, b, p, options);
    poseGradient(g, work.contact, tA, p);
    for (let i = 0; i < 12; i++) sum[i] += g[i];
  }
  for (let i = 0; i < 12; i++) out[i] = sum[i] / samples;
}
