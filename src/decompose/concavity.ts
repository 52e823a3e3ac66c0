/**
 * How far a part is from its hull (decompose/): the concavity a decomposition drives below its target.
 * Two measures, the larger counts (after CoACD, Wei et al. 2022, §4, which weighs a boundary distance
 * against R_v, the radius of a ball of the hull's excess volume):
 *  - inside depth: the largest distance from a point of the part's own surface (the input's, not a cut's
 *    cap) in to its hull's boundary, over seeded samples. A point inside a convex body is its least
 *    distance to the face planes from the boundary, so a sample costs one pass over the hull's faces. It
 *    sees notches, slots and cavities, and the overhang of the hull across them from below;
 *  - k · R_v with k = 0.3, CoACD's weight: R_v = ∛(3 ΔV / 4π), ΔV the hull's volume less the part's. It
 *    sees what the samples miss between them.
 * Deterministic: an integer generator with a fixed seed, and a cube root by Newton's iteration from a start
 * read from the number's bits (no Math.cbrt, whose last bit engines may differ on).
 */
import type { HulledPart } from './part-hull.js';

/** CoACD's weight of R_v against the boundary distance. */
const VOLUME_WEIGHT = 0.3;

/** A seeded generator of numbers in [0, 1): mulberry32 (integer arithmetic, the same in every engine). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * About `count` points on the part's own surface (its triangles that are not caps): each such triangle's
 * corners, and points spread over the triangles by area (the largest remainders rounded up), placed by the
 * generator. Into a flat array x, y, z.
 */
export function surfaceSamples(hp: HulledPart, count: number, seed: number): Float64Array {
  const m = hp.part, p = m.positions, t = m.indices, rnd = seededRandom(seed);
  let total = 0;
  const areas = new Float64Array(m.triangles);
  for (let k = 0; k < m.triangles; k++) {
    if (m.cap[k] === 1) continue;
    const a = 3 * t[3 * k], b = 3 * t[3 * k + 1], c = 3 * t[3 * k + 2];
    const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2], vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
    areas[k] = Math.sqrt((uy * vz - uz * vy) ** 2 + (uz * vx - ux * vz) ** 2 + (ux * vy - uy * vx) ** 2);
    total += areas[k];
  }
  const out: number[] = [];
  const seen = new Uint8Array(m.count);
  for (let k = 0; k < m.triangles; k++) {
    if (m.cap[k] === 1) continue;
    for (let e = 0; e < 3; e++) {
      const i = t[3 * k + e];
      if (seen[i] === 1) continue;
      seen[i] = 1; out.push(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
    }
    if (!(total > 0)) continue;
    const want = Math.ceil((count * areas[k]) / total);
    const a = 3 * t[3 * k], b = 3 * t[3 * k + 1], c = 3 * t[3 * k + 2];
    for (let j = 0; j < want; j++) {
      let r1 = rnd(), r2 = rnd();
      if (r1 + r2 > 1) { r1 = 1 - r1; r2 = 1 - r2; }
      out.push(p[a] + r1 * (p[b] - p[a]) + r2 * (p[c] - p[a]), p[a + 1] + r1 * (p[b + 1] - p[a + 1]) + r2 * (p[c + 1] - p[a + 1]), p[a + 2] + r1 * (p[b + 2] - p[a + 2]) + r2 * (p[c + 2] - p[a + 2]));
    }
  }
  return Float64Array.from(out);
}

/**
 * The largest depth of the samples inside the part's hull (0 for a flat part: it has no inside); the
 * deepest sample into `witness` when given (untouched when none is inside).
 */
export function insideDepth(hp: HulledPart, samples: Float64Array, witness?: Float64Array): number {
  const h = hp.hull;
  if (h === null) return 0;
  const nrm = h.faceNormals, off = h.faceOffsets, F = h.faceCount;
  let worst = 0;
  for (let s = 0; s < samples.length; s += 3) {
    const x = samples[s], y = samples[s + 1], z = samples[s + 2];
    let least = Infinity;
    for (let f = 0; f < F && least > worst; f++) {
      const d = off[f] - (nrm[3 * f] * x + nrm[3 * f + 1] * y + nrm[3 * f + 2] * z);
      if (d < least) least = d;
    }
    if (!(least > worst)) continue;
    worst = least;
    if (witness !== undefined) { witness[0] = x; witness[1] = y; witness[2] = z; }
  }
  return worst;
}

/** k · R_v: the weighted radius of a ball of the hull's excess volume. */
export function volumeTerm(hp: HulledPart): number {
  const excess = Math.max(0, hp.hullVolume - hp.volume);
  return VOLUME_WEIGHT * cubeRoot((3 * excess) / (4 * Math.PI));
}

const _bits = /* @__PURE__ */ new Float64Array(1);
const _words = /* @__PURE__ */ new Uint32Array(_bits.buffer);

/** ∛x for x ≥ 0: Newton's iteration from 2^(e/3), e read from x's bits; a fixed count of steps. */
function cubeRoot(x: number): number {
  if (!(x > 0) || x === Infinity) return x > 0 ? x : 0;
  _bits[0] = x;
  // (The high word holds the sign, the biased exponent and 20 bits of the fraction: little-endian, as every
  // engine that runs this library.)
  const e = ((_words[1] >>> 20) & 0x7ff) - 1023;
  let y = 2 ** Math.trunc(e / 3);
  for (let k = 0; k < 8; k++) y -= (y * y * y - x) / (3 * y * y);
  return y;
}
