/**
 * The certified bounds of closestPoints and contact (`lower`, `upper`) against independent oracles:
 * exact separations where the test can compute one (closed forms, the brute force over polytope vertices,
 * a ball whose centre lies outside any shape), and for every kind the two certificates the bounds must
 * respect whatever the exact value is: the test's own supports along any direction give σ(n) ≤ separation
 * ≤ upper, and two points on the shapes give distance ≤ |pB − pA|, so lower ≤ that. Then the issue's
 * targets (held on every pair, within 1e-9 of the size on at least 99 %), the hard cases (a 1e12 flat hull,
 * coincident curved shapes EPA cannot close on), compounds, meshes, half-spaces, the batches, and bad input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Box, closestPoints, Compound, Point, contact, contactBatch, ConvexHull, Cylinder, distance, distanceBatch, Ellipsoid, HalfSpace, InvalidArgumentError,
  Sphere, TriangleMesh, CONTACT_BATCH_STRIDE, type PoseLike, type Shape,
} from '../../src/index.js';
import { anyShape, build, curvedShape, describeCase, placedPair, polytopeShape, solidPolytope, unitVec } from '../arbitraries.js';
import {
  boxBoxSat, dist, rng as mulberry32, neg, normalize, outsideDistance, poseObj, polytopeDepth, polytopeDistance, sphereBox, supportValue, toV3,
  type Placed, type PoseT, type V3,
} from '../oracles.js';
import { runs, seed } from '../runs.js';
import type { ShapeJSON } from '../../src/format/index.js';

/** The rounding the test's own double evaluations may carry (its supports, its brute force), of the size. */
const ORACLE = 1e-13;
const ID = { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
const at = (x: number, y: number, z: number): PoseLike => ({ position: { x, y, z }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });

/** The pair's size as the conformance checker takes it: the shapes' bounding radii, the offset, the answer. */
function sizeOf(a: Shape, pa: PoseT, b: Shape, pb: PoseT, s: number): number {
  return Math.max(a.boundingRadius + b.boundingRadius + dist(pa.position, pb.position), Math.abs(s), 1e-300);
}

/** Unit directions: the answer's normal and `k` seeded random ones. */
function directions(normal: V3, k: number, rand: () => number): V3[] {
  const out: V3[] = [normalize(normal)];
  for (let i = 0; i < k; i++) out.push(normalize([rand() - 0.5, rand() - 0.5, rand() - 0.5]));
  return out;
}

/**
 * The certificates every answer must respect, from the test's own supports and the reported witnesses:
 * σ(n) ≤ s ≤ upper for every unit n, and (apart) lower ≤ d ≤ |pB − pA|. Returns the width over the size.
 */
function checkCertificates(A: Placed, B: Placed, rand: () => number): number {
  const a = build(A), b = build(B);
  const c = contact(a.shape, a.pose, b.shape, b.pose);
  const q = closestPoints(a.shape, a.pose, b.shape, b.pose);
  const L = sizeOf(a.shape, A.pose, b.shape, B.pose, c.separation), tol = ORACLE * L;
  const what = describeCase(A, B);
  expect(c.lower, what).toBeLessThanOrEqual(c.upper);
  expect(q.lower, what).toBeLessThanOrEqual(q.upper);
  expect(q.lower, what).toBeGreaterThanOrEqual(0);
  for (const n of directions(toV3(c.normal), 8, rand)) {
    const sigma = -supportValue(B, neg(n)) - supportValue(A, n);
    expect(sigma, `${what} σ along ${n}`).toBeLessThanOrEqual(c.upper + tol);
    expect(Math.max(sigma, 0), `${what} σ along ${n}`).toBeLessThanOrEqual(q.upper + tol);
  }
  // Two points on the shapes bound the distance from above (the oracle's membership: a point within
  // rounding of its shape, read where the oracle's distance is exact or an upper bound: not a Minkowski
  // sum's, found by a search from below, nor a hull's, whose inside test allows 1e-9 of its size).
  const pa = toV3(q.pointA), pb = toV3(q.pointB);
  if (soundMembership(A.json) && soundMembership(B.json) && outsideDistance(A, pa) <= tol && outsideDistance(B, pb) <= tol) {
    expect(q.lower, what).toBeLessThanOrEqual(dist(pa, pb) + 3 * tol);
    expect(c.lower, what).toBeLessThanOrEqual(dist(pa, pb) + 3 * tol);
  }
  return (c.upper - c.lower) / L;
}

/** Whether the oracle's outside distance of `j` is exact or an upper bound (so "within rounding of the shape" is sound). */
function soundMembership(j: ShapeJSON): boolean {
  return j.type === 'rounded' ? soundMembership(j.shape) : j.type !== 'minkowskiSum' && j.type !== 'scaled' && j.type !== 'convexHull';
}

/** Exact-oracle check: lower ≤ s ≤ upper for contact, and the same for closestPoints' distance max(s, 0). */
function checkExact(a: Shape, pa: PoseT, b: Shape, pb: PoseT, s: number, what: string): number {
  const c = contact(a, poseObj(pa), b, poseObj(pb)), q = closestPoints(a, poseObj(pa), b, poseObj(pb));
  const L = sizeOf(a, pa, b, pb, s), tol = ORACLE * L;
  expect(c.lower, `${what}: lower ${c.lower} exact ${s}`).toBeLessThanOrEqual(s + tol);
  expect(c.upper, `${what}: upper ${c.upper} exact ${s}`).toBeGreaterThanOrEqual(s - tol);
  const d = Math.max(s, 0);
  expect(q.lower, `${what}: lower ${q.lower} exact ${d}`).toBeLessThanOrEqual(d + tol);
  expect(q.upper, `${what}: upper ${q.upper} exact ${d}`).toBeGreaterThanOrEqual(d - tol);
  return Math.max(c.upper - c.lower, q.upper - q.lower) / L;
}

/** Fraction of widths within 1e-9 of the size. */
const tight = (widths: number[]): number => widths.filter((w) => w <= 1e-9).length / widths.length;

describe('certified bounds: exact oracles', () => {
  it('closed forms: sphere–sphere, sphere–box (outside and inside), apart and overlapping', () => {
    const rand = mulberry32(7), widths: number[] = [];
    for (let i = 0; i < 300; i++) {
      const ra = 0.1 + rand(), rb = 0.1 + rand(), ca: V3 = [rand() * 4 - 2, rand() * 4 - 2, rand() * 4 - 2];
      const dir = normalize([rand() - 0.5, rand() - 0.5, rand() - 0.5]), l = (ra + rb) * (0.2 + 1.6 * rand());
      const cb: V3 = [ca[0] + l * dir[0], ca[1] + l * dir[1], ca[2] + l * dir[2]];
      const pa: PoseT = { position: ca, quaternion: [0, 0, 0, 1] }, pb: PoseT = { position: cb, quaternion: [0, 0, 0, 1] };
      widths.push(checkExact(new Sphere(ra), pa, new Sphere(rb), pb, dist(ca, cb) - ra - rb, `spheres ${i}`));
      // A sphere about a box's centre region: inside (depth to the nearest face) and out.
      const h: V3 = [0.2 + rand(), 0.2 + rand(), 0.2 + rand()];
      const quat = normalize4([rand() - 0.5, rand() - 0.5, rand() - 0.5, rand() - 0.5]);
      const box: PoseT = { position: [rand() - 0.5, rand() - 0.5, rand() - 0.5], quaternion: quat };
      const centre: V3 = [box.position[0] + (rand() - 0.5) * 3 * h[0], box.position[1] + (rand() - 0.5) * 3 * h[1], box.position[2] + (rand() - 0.5) * 3 * h[2]];
      const s = sphereBox(centre, ra, box, h);
      widths.push(checkExact(new Sphere(ra), { position: centre, quaternion: [0, 0, 0, 1] }, new Box(h[0], h[1], h[2]), box, s, `sphere–box ${i}`));
    }
    expect(tight(widths)).toBe(1);
  });

  it('polytopes (boxes, hulls, triangles, segments, points): the brute force over their vertices, apart and overlapping', () => {
    let n = 0;
    const widths: number[] = [];
    fc.assert(fc.property(polytopeShape, solidPolytope, placedPair(1.5, 1.5, [0.05, 1.2]), (ja, jb, { poseA, poseB }) => {
      const A: Placed = { json: ja, pose: poseA }, B: Placed = { json: jb, pose: poseB };
      const apart = polytopeDistance(A, B);
      let s = apart.distance;
      if (s === 0) {
        if (ja.type !== 'box' && ja.type !== 'convexHull') return; // (the depth brute force takes solids)
        s = -(ja.type === 'box' && jb.type === 'box' ? boxBoxSat(A, B).depth : polytopeDepth(A, B).depth);
      }
      const a = build(A), b = build(B);
      widths.push(checkExact(a.shape, poseA, b.shape, poseB, s, describeCase(A, B)));
      n++;
    }), { numRuns: runs(300), seed: seed(36_201) });
    expect(n).toBeGreaterThan(100);
    expect(tight(widths)).toBeGreaterThanOrEqual(0.99);
  });

  it('a ball whose centre is outside any curved shape: its distance to the shape less the radius', () => {
    const widths: number[] = [];
    fc.assert(fc.property(curvedShape, fc.double({ min: 0.05, max: 1, noNaN: true }), placedPair(1.5, 1, [0.3, 1.5]), (j, r, { poseA, poseB }) => {
      if (j.type === 'minkowskiSum') return; // (its oracle distance is a search, not exact)
      const X: Placed = { json: j, pose: poseA }, centre = poseB.position;
      const d = outsideDistance(X, centre);
      if (!(d > 1e-6)) return;
      const x = build(X);
      widths.push(checkExact(x.shape, poseA, new Sphere(r), { position: centre, quaternion: [0, 0, 0, 1] }, d - r, describeCase(X, { json: { type: 'sphere', radius: r }, pose: poseB })));
    }), { numRuns: runs(300), seed: seed(36_202) });
    expect(widths.length).toBeGreaterThan(100);
    expect(tight(widths)).toBeGreaterThanOrEqual(0.99);
  });
});

describe('certified bounds: every kind', () => {
  it('respect the test\'s own supports along any direction and the witness points, and are tight on 99 % of random pairs', () => {
    const rand = mulberry32(11), widths: number[] = [];
    fc.assert(fc.property(anyShape, anyShape, placedPair(1.5, 1.5, [0.1, 1.3]), (ja, jb, { poseA, poseB }) => {
      widths.push(checkCertificates({ json: ja, pose: poseA }, { json: jb, pose: poseB }, rand));
    }), { numRuns: runs(400), seed: seed(36_203) });
    expect(tight(widths)).toBeGreaterThanOrEqual(0.99);
  });

  it('goldens (FC_SEED=random): curved pairs whose GJK witnesses sit 2e-12 off their shapes, below σ; the upper bound is |v|', () => {
    // closestPoints' upper was |pB − pA| of the world witnesses, 1e-12 below the test's own σ here.
    const cases: [ShapeJSON, ShapeJSON, PoseT, PoseT][] = [
      [{ type: 'ellipsoid', radii: [1.0770564192906023, 0.2, 0.33621571995317934] }, { type: 'cone', halfHeight: 1.2040976986289025, radius: 0.2 },
        { position: [-3, -3, -3], quaternion: [-0.27677144437115603, -0.5324249692959037, -0.5431661734777945, -0.5872748314379311] },
        { position: [-1.1728292549504715, -1.169324078704493, -2.115969583176982], quaternion: [0.29377046053445877, -0.4962530624190523, -0.5751506454713146, -0.580201300904276] }],
      [{ type: 'triangle', a: [-1.5, -1.5, -1.5], b: [-1.5, -1.5, -1.5], c: [-1.5, -1.5, -1.5] },
        { type: 'minkowskiSum', a: { type: 'segment', a: [-1.5, -1.5, -1.5], b: [-1.5, -1.5, -1.5] }, b: { type: 'cylinder', halfHeight: 0.2, radius: 1.1976529018953443 } },
        { position: [-3, -3, -3], quaternion: [0.7152016488354317, -0.4441638090037345, -0.482013792442076, -0.24262690734949727] },
        { position: [0.2725862107622725, -2.1906120992216813, -3.439767630517184], quaternion: [-0.6610475525925432, -0.32479963688079777, 0.6507186828710123, 0.18462536352334064] }],
      [{ type: 'rounded', shape: { type: 'cone', halfHeight: 0.37009170465171337, radius: 0.2 }, radius: 0.01 }, { type: 'ellipsoid', radii: [0.2, 1.1433869101107121, 0.6050634805113078] },
        { position: [-3, 2.2068700455129147, -3], quaternion: [-0.1611443435850434, -0.7553395523357409, 0.31529073072000197, -0.5514403107588666] },
        { position: [-3.2105707220182276, 4.000000005050081, -0.8479314536934521], quaternion: [-0.6286817619325162, -0.4072292580058227, 0.09981489594175616, -0.6549508074547207] }],
      [{ type: 'rounded', shape: { type: 'segment', a: [-0.3841943359002471, -1.2635394288226962, -1.5], b: [-1.1437854627147317, -0.7673373688012362, -1.5] }, radius: 0.05 },
        { type: 'cylinder', halfHeight: 0.2, radius: 1.1828608142212034 },
        { position: [-1.985651956871152, -3, -3], quaternion: [0.6542482134691817, -0.5741054335642172, 0.4625064500817706, 0.16867130745086745] },
        { position: [-1.9999999974536473, -3.589814260774384, -2.1610725147069036], quaternion: [0.08079674892562348, 0.5993479102021485, 0.6737981082797935, 0.4245586851990415] }],
    ];
    const rand = mulberry32(17);
    for (const [ja, jb, pa, pb] of cases) expect(checkCertificates({ json: ja, pose: pa }, { json: jb, pose: pb }, rand)).toBeLessThan(1e-9);
  });

  it('the same pair swapped, or both bodies moved by one rigid motion, gives intervals that meet (one exact separation)', () => {
    fc.assert(fc.property(anyShape, anyShape, placedPair(1.5, 1.5, [0.1, 1.3]), unitVec, fc.double({ min: -5, max: 5, noNaN: true }), (ja, jb, { poseA, poseB }, axis, shift) => {
      const a = build({ json: ja, pose: poseA }), b = build({ json: jb, pose: poseB });
      const c = contact(a.shape, a.pose, b.shape, b.pose), s = contact(b.shape, b.pose, a.shape, a.pose);
      const moved = (p: PoseT): PoseT => ({ position: [p.position[0] + shift * axis[0], p.position[1] + shift * axis[1], p.position[2] + shift * axis[2]], quaternion: p.quaternion });
      const m = contact(a.shape, poseObj(moved(poseA)), b.shape, poseObj(moved(poseB)));
      for (const [x, y] of [[c, s], [c, m]] as const) {
        expect(x.lower, describeCase({ json: ja, pose: poseA }, { json: jb, pose: poseB })).toBeLessThanOrEqual(y.upper);
        expect(y.lower).toBeLessThanOrEqual(x.upper);
      }
    }), { numRuns: runs(200), seed: seed(36_204) });
  });
});

describe('certified bounds: hard cases', () => {
  it('a flat hull 1e12 long, 2 from a sphere: the bounds hold 2, honestly wide', () => {
    const L = 1e12, hull = new ConvexHull([{ x: -L, y: 0, z: -1 }, { x: L, y: 0, z: -1 }, { x: -L, y: 0, z: 1 }, { x: L, y: 0, z: 1 }]);
    for (const y of [3, 3.5, 0.5]) {
      const c = contact(hull, ID, new Sphere(1), at(0.3, y, 0)), q = closestPoints(hull, ID, new Sphere(1), at(0.3, y, 0));
      expect(c.lower).toBeLessThanOrEqual(y - 1);
      expect(c.upper).toBeGreaterThanOrEqual(y - 1);
      expect(q.lower).toBeLessThanOrEqual(Math.max(y - 1, 0));
      expect(q.upper).toBeGreaterThanOrEqual(Math.max(y - 1, 0));
      // Wide: the supports' rounding at 1e12 is of order 1e-4, and the bounds say so.
      expect(c.upper - c.lower).toBeGreaterThan(1e-6);
      expect(c.upper - c.lower).toBeLessThan(1);
    }
  });

  it('coincident curved shapes, whose deepest direction is not unique (EPA cannot close): exact from the inscribed balls', () => {
    for (const [s, depth] of [[new Cylinder(0.98, 0.3), 0.6], [new Ellipsoid(0.4, 0.7, 0.9), 0.8], [new Box(0.5, 0.2, 0.9), 0.4]] as const) {
      const pose = poseObj({ position: [-0.44, 0.42, -0.27], quaternion: normalize4([0.25, -0.05, -0.63, -0.73]) });
      const c = contact(s, pose, s, pose);
      expect(c.lower).toBeLessThanOrEqual(-depth + 1e-12);
      expect(c.upper).toBeGreaterThanOrEqual(-depth - 1e-12);
      expect(c.upper - c.lower).toBeLessThan(1e-9);
    }
  });

  it('golden: a point a few nanometres off a small box far from the origin, answered as touching: the upper bound holds the gap', () => {
    // Gaps within the touch slack (8 ulps of the positions) are answered as one shared point; the upper bound
    // was the shared point's placement rounding alone, 2.7e-9 against a gap of 4e-9.
    const off = 1e6, box = new Box(1e-3, 1e-3, 1e-3);
    for (const gap of [3e-9, 4e-9, 5e-9]) {
      // (The gap to the face, to 6e-11: the face at 1e6 + 0.001 rounded once, then an exact subtraction.)
      const x = off + 1e-3 + gap, exact = x - (off + 1e-3);
      const q = closestPoints(new Point(), at(x, off, off), box, at(off, off, off));
      expect(q.distance).toBe(0);
      expect(q.lower).toBeLessThanOrEqual(exact);
      expect(q.upper).toBeGreaterThanOrEqual(exact);
    }
  });

  it('far from the origin (positions near 1e6): held, and within 1e-9 of the size', () => {
    const rand = mulberry32(3);
    for (let i = 0; i < 50; i++) {
      const off = 1e6 * (1 + rand());
      const pa: PoseT = { position: [off, -off, 0.5 * off], quaternion: [0, 0, 0, 1] };
      const pb: PoseT = { position: [off + 1.5 + rand(), -off + rand(), 0.5 * off], quaternion: [0, 0, 0, 1] };
      const s = dist(pa.position, pb.position) - 1 - 0.5;
      checkExact(new Sphere(1), pa, new Sphere(0.5), pb, s, `far ${i}`);
    }
  });
});

describe('certified bounds: goldens of a review', () => {
  const I = { x: 0, y: 0, z: 0, w: 1 };
  const place = (x: number, y: number, z: number, q = I): PoseLike => ({ position: { x, y, z }, quaternion: q });

  it('two boxes edge on edge at an angle of 3e-7: the separating axis of the nearly parallel edges is read (it was skipped: 5.6e-7 too deep, the upper bound below σ)', () => {
    const q = { x: 0, y: 3e-7, z: 3e-7, w: Math.sqrt(1 - 1.8e-13) };
    const c = contact(new Box(1, 1, 1), place(0, 0, 0), new Box(1, 1, 1), place(0, 2 - 1e-7, 2 - 1e-7, q));
    // σ along the edges' cross product, from both boxes' supports (the test's own).
    const A: Placed = { json: { type: 'box', halfExtents: [1, 1, 1] }, pose: { position: [0, 0, 0], quaternion: [0, 0, 0, 1] } };
    const B: Placed = { json: { type: 'box', halfExtents: [1, 1, 1] }, pose: { position: [0, 2 - 1e-7, 2 - 1e-7], quaternion: [q.x, q.y, q.z, q.w] } };
    const n: V3 = normalize([0, 1, 1]), sigma = -supportValue(B, neg(n)) - supportValue(A, n);
    expect(c.upper).toBeGreaterThanOrEqual(sigma);
    expect(c.separation).toBeGreaterThanOrEqual(sigma - 1e-12);
    expect(c.lower).toBeLessThanOrEqual(c.separation);
  });

  it('a hull built with a coarse tolerance (creased faces merged): the bounds allow for its faces, for the ball closed form, the inscribed ball and the separating axes', () => {
    const d = 0.05, corners = [[2, 2, 1], [-2, 2, 1 - d], [-2, -2, 1 - d], [2, -2, 1 - d], [-2, -2, -1], [2, -2, -1 + d], [2, 2, -1 + d], [-2, 2, -1 + d]];
    const P = corners.map(([x, y, z]) => ({ x, y, z })), coarse = new ConvexHull(P, { tolerance: d }), exact = new ConvexHull(P);
    let least = Infinity;
    for (let f = 0; f < exact.faceCount; f++) least = Math.min(least, exact.faceOffsets[f]);
    const ball = contact(new Sphere(0.1), place(0, 0, 0), coarse, place(0, 0, 0));
    expect(ball.upper).toBeGreaterThanOrEqual(-(least + 0.1));
    expect(ball.lower).toBeLessThanOrEqual(-(least + 0.1));
    const unclosed = contact(coarse, place(0, 0, 0), new Ellipsoid(0.1, 0.1, 0.1), place(0, 0, 0), null, { epaMaxIterations: 1 });
    expect(unclosed.lower).toBeLessThanOrEqual(unclosed.upper);
    expect(unclosed.upper).toBeGreaterThanOrEqual(-(least + 0.1));
    const tv: V3[] = [[0, 0, -0.5], [0.5, 0, 0.3], [-0.3, 0.4, 0.3], [-0.3, -0.4, 0.3]];
    const tet = new ConvexHull(tv.map(([x, y, z]) => ({ x, y, z })));
    const c = contact(tet, place(-1.75, 1.75, 1.4), coarse, place(0, 0, 0));
    let sigma = -Infinity; // the greatest σ over the exact hull's face normals: a lower bound on the separation
    for (let f = 0; f < exact.faceCount; f++) {
      const n: V3 = [exact.faceNormals[3 * f], exact.faceNormals[3 * f + 1], exact.faceNormals[3 * f + 2]];
      sigma = Math.max(sigma, -exact.faceOffsets[f] + Math.min(...tv.map((v) => n[0] * (v[0] - 1.75) + n[1] * (v[1] + 1.75) + n[2] * (v[2] + 1.4))));
    }
    expect(c.upper).toBeGreaterThanOrEqual(sigma);
  });

  it('a pair 1e-250 across whose EPA stops early: the inscribed balls\' distance read without its squares underflowing', () => {
    for (const F of [1, 2 ** -830]) {
      const c = contact(new Ellipsoid(F, 1.1 * F, 1.2 * F), place(0, 0, 0), new Sphere(0.8 * F), place(0.2 * F, 0, 0), null, { epaMaxIterations: 1 });
      expect(c.lower / F).toBeLessThanOrEqual(-1.6 + 1e-12);
      expect(c.upper / F).toBeGreaterThanOrEqual(-1.6 - 1e-12);
    }
  });

  it('a pair 1e250 across answered scaled in the larger shape\'s frame: the bounds in world units', () => {
    const F = 2 ** 830, c = contact(new Ellipsoid(0.01 * F, 0.02 * F, 0.03 * F), place(0, 5.5 * F, 0), new Box(5 * F, 5 * F, 5 * F), place(0.1 * F, 0, 0));
    // Exactly 0.5F less the ellipsoid's y radius, 0.02F as the double it is (a little above 0.02F).
    const exact = 0.5 * F - 0.02 * F;
    expect(c.lower).toBeLessThanOrEqual(exact);
    expect(c.upper).toBeGreaterThanOrEqual(exact);
  });
});

describe('certified bounds: compounds, meshes, half-spaces', () => {
  it('a compound of balls against a ball: the least over its parts; the same for closestPoints', () => {
    const rand = mulberry32(5);
    for (let i = 0; i < 60; i++) {
      const centres: V3[] = [[0, 0, 0], [1.2, 0.1, 0], [0.3, 1.1, -0.4]], radii = [0.5, 0.3, 0.4];
      const compound = new Compound(centres.map((c, k) => ({ shape: new Sphere(radii[k]), pose: { position: { x: c[0], y: c[1], z: c[2] }, quaternion: { x: 0, y: 0, z: 0, w: 1 } } })));
      const p: V3 = [rand() * 4 - 1.5, rand() * 4 - 1.5, rand() * 3 - 1.5];
      const exact = Math.min(...centres.map((c, k) => dist(c, p) - radii[k] - 0.35));
      checkExact(compound, { position: [0, 0, 0], quaternion: [0, 0, 0, 1] }, new Sphere(0.35), { position: p, quaternion: [0, 0, 0, 1] }, exact, `compound ${i}`);
    }
  });

  it('a box as a triangle mesh against a ball outside it: the ball–box closed form', () => {
    const v = [-1, -1, -1, 1, -1, -1, 1, 1, -1, -1, 1, -1, -1, -1, 1, 1, -1, 1, 1, 1, 1, -1, 1, 1].map((x, k) => x * [0.6, 0.4, 0.8][k % 3]);
    const t = [0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 2, 3, 7, 2, 7, 6, 1, 2, 6, 1, 6, 5, 0, 4, 7, 0, 7, 3];
    const mesh = new TriangleMesh(v, t), rand = mulberry32(9);
    for (let i = 0; i < 60; i++) {
      const p: V3 = [(rand() - 0.5) * 4, (rand() - 0.5) * 4, (rand() - 0.5) * 4], r = 0.1 + 0.3 * rand();
      const box: PoseT = { position: [0, 0, 0], quaternion: [0, 0, 0, 1] };
      const s = sphereBox(p, r, box, [0.6, 0.4, 0.8]);
      if (!(s > -r)) continue; // (a mesh is its surface: a centre inside the box is not the solid's answer)
      checkExact(mesh, box, new Sphere(r), { position: p, quaternion: [0, 0, 0, 1] }, s, `mesh ${i}`);
    }
  });

  it('a half-space: the solid\'s height over the plane, both bounds within rounding of it', () => {
    const plane = new HalfSpace(), rand = mulberry32(13);
    for (let i = 0; i < 40; i++) {
      const y = (rand() - 0.5) * 3, r = 0.2 + rand();
      const c = contact(plane, ID, new Sphere(r), at(rand(), y, rand())), q = closestPoints(plane, ID, new Sphere(r), at(rand(), y, rand()));
      expect(c.lower).toBeLessThanOrEqual(y - r);
      expect(c.upper).toBeGreaterThanOrEqual(y - r);
      expect(c.upper - c.lower).toBeLessThan(1e-12);
      expect(q.lower).toBeLessThanOrEqual(Math.max(y - r, 0));
      expect(q.upper).toBeGreaterThanOrEqual(Math.max(y - r, 0));
    }
  });
});

describe('certified bounds: batches', () => {
  const shapes: Shape[] = [new Sphere(0.5), new Box(0.4, 0.3, 0.6), new Cylinder(0.5, 0.3), new ConvexHull([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]].map(([x, y, z]) => ({ x, y, z })))];
  const poses = new Float64Array([0, 0, 0, 0, 0, 0, 1, 0.8, 0.2, 0, 0, 0, 0.3826834323650898, 0.9238795325112867, -0.3, 0.9, 0.1, 0, 0, 0, 1, 0.5, -0.6, 0.4, 0, 0, 0, 1]);
  const pairs = new Int32Array([0, 1, 0, 2, 1, 2, 1, 3, 2, 3, 3, 0]);
  const poseOf = (i: number): PoseLike => ({ position: { x: poses[7 * i], y: poses[7 * i + 1], z: poses[7 * i + 2] }, quaternion: { x: poses[7 * i + 3], y: poses[7 * i + 4], z: poses[7 * i + 5], w: poses[7 * i + 6] } });

  it('contactBatch and distanceBatch write each pair\'s bounds, bit for bit the single queries\'; the answers unchanged', () => {
    const bounds = new Float64Array(12), dBounds = new Float64Array(12);
    const out = contactBatch(shapes, poses, pairs, null, bounds), plain = contactBatch(shapes, poses, pairs);
    const d = distanceBatch(shapes, poses, pairs, null, dBounds), dPlain = distanceBatch(shapes, poses, pairs);
    expect(Array.from(out)).toEqual(Array.from(plain));
    expect(Array.from(d)).toEqual(Array.from(dPlain));
    for (let k = 0; k < 6; k++) {
      const i = pairs[2 * k], j = pairs[2 * k + 1];
      const c = contact(shapes[i], poseOf(i), shapes[j], poseOf(j)), q = closestPoints(shapes[i], poseOf(i), shapes[j], poseOf(j));
      expect([bounds[2 * k], bounds[2 * k + 1]]).toEqual([c.lower, c.upper]);
      expect([dBounds[2 * k], dBounds[2 * k + 1]]).toEqual([q.lower, q.upper]);
      expect(d[k]).toBe(distance(shapes[i], poseOf(i), shapes[j], poseOf(j)));
      expect(out[CONTACT_BATCH_STRIDE * k]).toBe(c.separation);
    }
  });

  it('a bounds array of the wrong type, too short, or sharing out\'s numbers is a typed error naming `bounds`', () => {
    for (const bad of [new Float64Array(3), new Float32Array(12), [0, 0]] as unknown as Float64Array[]) {
      expect(() => contactBatch(shapes, poses, pairs, null, bad)).toThrow(InvalidArgumentError);
      expect(() => contactBatch(shapes, poses, pairs, null, bad)).toThrow(/^bounds /);
      expect(() => distanceBatch(shapes, poses, pairs, null, bad)).toThrow(/^bounds /);
    }
    const shared = new Float64Array(80);
    expect(() => contactBatch(shapes, poses, pairs, shared.subarray(0, 60), shared.subarray(50))).toThrow(/^bounds shares its numbers with out/);
    expect(() => distanceBatch(shapes, poses, pairs, shared, shared)).toThrow(/^bounds shares its numbers with out/);
    // Two parts of one buffer that do not overlap are fine.
    expect(() => contactBatch(shapes, poses, pairs, shared.subarray(0, 60), shared.subarray(60))).not.toThrow();
  });
});

function normalize4(q: [number, number, number, number]): [number, number, number, number] {
  const l = Math.hypot(...q);
  return [q[0] / l, q[1] / l, q[2] / l, q[3] / l];
}
