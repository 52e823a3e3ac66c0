/**
 * A seeded mix of answers, run in Node by test/e2e/engines.e2e.ts and in Chromium by this page, whose bits
 * must be equal (the hardening issue: Math.sin, cos, atan2 and hypot are not correctly rounded, and 235 of
 * 14,100 answers of such a mix differed between Node 20 and Chromium 147). 3D contacts and their derivatives
 * (smoothed, and to the second order), rays and turning
 * shape casts between shapes of every curved and flat kind, turned by angles (quaternions from sines and
 * cosines of the library's own), and 2D contacts, distances, rays and turning casts. Every number of every
 * answer, as the hex of its bits.
 */
import type * as Lib3 from 'convex-collide';
import type * as Lib2 from 'convex-collide/2d';
import { mulberry32 } from '../../random.js';

/** The mix, with the library given (the page passes its bundle's, the test the sources'). */
export function answerMix(count: number, D3: typeof Lib3, D2: typeof Lib2): string[] {
  const rnd = mulberry32(3350);
  const u = (a: number, b: number) => a + (b - a) * rnd();
  const out: number[] = [];
  const shapes3 = (): Lib3.ConvexShape => {
    const k = Math.floor(rnd() * 7);
    if (k === 0) return new D3.Box(u(0.2, 0.6), u(0.2, 0.6), u(0.2, 0.6));
    if (k === 1) return new D3.Sphere(u(0.2, 0.6));
    if (k === 2) return new D3.Capsule(u(0.1, 0.5), u(0.1, 0.4));
    if (k === 3) return new D3.Cylinder(u(0.1, 0.5), u(0.2, 0.5));
    if (k === 4) return new D3.Cone(u(0.2, 0.5), u(0.2, 0.5));
    if (k === 5) return new D3.Ellipsoid(u(0.2, 0.6), u(0.2, 0.6), u(0.2, 0.6));
    return new D3.ConvexHull(Array.from({ length: 12 }, () => ({ x: u(-0.5, 0.5), y: u(-0.5, 0.5), z: u(-0.5, 0.5) })));
  };
  // A turned pose: a random 4-vector normalised (a square root only: Math.sin here would differ by engine
  // before any query ran).
  const pose3 = () => {
    const x = u(-1, 1), y = u(-1, 1), z = u(-1, 1), w = u(-1, 1), l = Math.sqrt(x * x + y * y + z * z + w * w);
    return { position: { x: u(-0.8, 0.8), y: u(-0.8, 0.8), z: u(-0.8, 0.8) }, quaternion: { x: x / l, y: y / l, z: z / l, w: w / l } };
  };
  const push3 = (v: { x: number; y: number; z: number }) => out.push(v.x, v.y, v.z);
  for (let i = 0; i < count; i++) {
    const a = shapes3(), b = shapes3(), pa = pose3(), pb = pose3();
    const c = D3.contact(a, pa, b, pb, undefined, { maxDistance: 10 })!;
    out.push(c.separation, c.lower, c.upper); push3(c.normal); push3(c.pointA); push3(c.pointB);
    const q = D3.closestPoints(a, pa, b, pb);
    out.push(q.distance, q.lower, q.upper);
    // The contact's derivatives: smoothed (seeded normal numbers, their logarithm and angles of our own),
    // and the second order.
    const d = D3.contactDerivatives(a, pa, b, pb, null, i % 2 === 0 ? { smoothing: { samples: 4, noise: 0.05, seed: i } } : { secondOrder: true });
    push3(d.linearA); push3(d.angularA); push3(d.angularB);
    out.push(...d.normalDerivatives.subarray(0, 12), ...d.pointBDerivatives.subarray(24, 36));
    const hit = D3.rayCast(b, pb, { x: -3, y: u(-0.3, 0.3), z: u(-0.3, 0.3) }, { x: 1, y: u(-0.1, 0.1), z: u(-0.1, 0.1) });
    if (hit !== null) { out.push(hit.t); push3(hit.normal); } else out.push(-1);
    const cast = D3.shapeCast(a, { position: { x: -3, y: 0, z: 0 }, quaternion: pa.quaternion }, { linear: { x: 4, y: u(-0.2, 0.2), z: 0 }, angular: { x: u(-2, 2), y: u(-2, 2), z: u(-2, 2) } }, b, pb, null);
    if (cast !== null) { out.push(cast.time, cast.separation); push3(cast.normal); } else out.push(-1);
    // 2D
    const s2 = (): Lib2.Shape2 => {
      const k = Math.floor(rnd() * 4);
      if (k === 0) return new D2.Box2(u(0.2, 0.6), u(0.2, 0.6));
      if (k === 1) return new D2.Circle(u(0.2, 0.6));
      if (k === 2) return new D2.Capsule2(u(0.1, 0.5), u(0.1, 0.4));
      const r = u(0.3, 0.6);
      return new D2.Polygon([r, 0, 0.3 * r, 0.9 * r, -0.8 * r, 0.6 * r, -0.8 * r, -0.6 * r, 0.3 * r, -0.9 * r]);
    };
    const A = s2(), B = s2();
    const qa = { position: { x: u(-0.8, 0.8), y: u(-0.8, 0.8) }, angle: u(-7, 7) }, qb = { position: { x: u(-0.8, 0.8), y: u(-0.8, 0.8) }, angle: u(-7, 7) };
    const c2 = D2.contact(A, qa, B, qb, null, { maxDistance: 10 })!;
    out.push(c2.separation, c2.normal.x, c2.normal.y, c2.pointA.x, c2.pointA.y, D2.distance(A, qa, B, qb));
    const h2 = D2.rayCast(B, qb, { x: -3, y: u(-0.3, 0.3) }, { x: 1, y: u(-0.1, 0.1) });
    if (h2 !== null) out.push(h2.t, h2.normal.x, h2.normal.y); else out.push(-1);
    const k2 = D2.shapeCast(A, { position: { x: -3, y: 0 }, angle: qa.angle }, { linear: { x: 4, y: 0 }, angular: u(-3, 3) }, B, qb, null);
    if (k2 !== null) out.push(k2.time, k2.normal.x, k2.normal.y); else out.push(-1);
  }
  // A decomposition (its samples, pseudonormals' angles, cube roots and merges): an octagonal ring of square
  // section, its corners from square roots only, turned by a seeded pose and cut into convex parts.
  const ring = octagonRing(pose3().quaternion);
  const d = D3.decomposeToHulls(ring, { maxParts: 6 });
  out.push(d.concavity, d.cuts, d.merges);
  for (const h of d.hulls) out.push(h.length, ...h);
  const bits = new BigUint64Array(Float64Array.from(out).buffer);
  return Array.from(bits, (b) => b.toString(16));
}

/** A ring about y: 8 segments (corners at multiples of 45°, from √½), a square section 0.3 wide, turned by `q`. */
function octagonRing(q: { x: number; y: number; z: number; w: number }): { positions: number[]; indices: number[] } {
  const h = Math.sqrt(0.5), dirs = [[1, 0], [h, h], [0, 1], [-h, h], [-1, 0], [-h, -h], [0, -1], [h, -h]];
  const section = [[0.85, -0.15], [1.15, -0.15], [1.15, 0.15], [0.85, 0.15]];
  const positions: number[] = [], indices: number[] = [];
  for (const [c, s] of dirs) {
    for (const [r, y] of section) {
      const vx = r * c, vy = y, vz = r * s;
      const cx = q.y * vz - q.z * vy, cy = q.z * vx - q.x * vz, cz = q.x * vy - q.y * vx;
      positions.push(vx + 2 * (q.w * cx + q.y * cz - q.z * cy), vy + 2 * (q.w * cy + q.z * cx - q.x * cz), vz + 2 * (q.w * cz + q.x * cy - q.y * cx));
    }
  }
  for (let i = 0; i < 8; i++) {
    const a = 4 * i, b = 4 * ((i + 1) % 8);
    for (let k = 0; k < 4; k++) {
      const k1 = (k + 1) % 4;
      indices.push(a + k, b + k, b + k1, a + k, b + k1, a + k1);
    }
  }
  return { positions, indices };
}
