/**
 * Scaled (src/shapes/scaled.ts): a convex shape times a per-axis scale. Checked three ways:
 * - closed forms: a scaled box is a box, a scaled sphere an ellipsoid (a sphere under a uniform scale,
 *   keeping its swept radius), a scaled capsule under a uniform scale a capsule, a scaled hull the hull
 *   of the scaled points; every query must answer the scaled shape as it answers its closed form;
 * - the support function against the oracle's, written from the definition h_{S·K}(d) = h_K(S·d), on
 *   random inner shapes of every kind and random scales, mirrors included;
 * - queries against certificates (witness points on their shapes, a separating normal bounding the
 *   distance from below, the overlap along the normal equal to the depth).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shapeFromJSON, shapeToJSON, type ShapeJSON } from '../../src/format/index.js';
import {
  Box, Capsule, closestPoints, computeAabb, contact, ConvexHull, Ellipsoid, InvalidNumberError, InvalidShapeError, penetration,
  MinkowskiSum, Rounded, Scaled, Sphere, supportWithRadius, type Shape,
} from '../../src/index.js';
import * as A from '../arbitraries.js';
import * as O from '../oracles.js';
import { mulberry32 } from '../random.js';
import { runs, seed } from '../runs.js';

const rand = mulberry32(20261125);
const u = (lo: number, hi: number) => lo + (hi - lo) * rand();
const randomQuat = (): O.Q4 => O.normalizeQ([u(-1, 1), u(-1, 1), u(-1, 1), u(-1, 1)]);
const randomPose = (r: number) => O.poseObj(O.at(u(-r, r), u(-r, r), u(-r, r), randomQuat()));

/** Every pair (shape, partner) at random poses: contact answers of `a` and of its closed form `b` agree. */
function expectSameAnswers(a: Shape, b: Shape, tol: number, pairs = 300): void {
  const partners: Shape[] = [new Sphere(0.4), new Box(0.3, 0.6, 0.2), new ConvexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0.3, 0.3, -0.5])];
  let overlapping = 0;
  for (let k = 0; k < pairs; k++) {
    const partner = partners[k % partners.length];
    const poseA = randomPose(0.5), poseB = randomPose(1.2);
    const ra = contact(a, poseA, partner, poseB)!, rb = contact(b, poseA, partner, poseB)!;
    expect(Math.abs(ra.separation - rb.separation), `pair ${k}`).toBeLessThanOrEqual(tol);
    if (Math.abs(rb.separation) > 1e-6) {
      expect(O.dist(O.toV3(ra.normal), O.toV3(rb.normal)), `pair ${k} normal`).toBeLessThanOrEqual(Math.sqrt(tol));
    }
    const ca = closestPoints(partner, poseB, a, poseA), cb = closestPoints(partner, poseB, b, poseA);
    expect(Math.abs(ca.distance - cb.distance), `pair ${k} reversed`).toBeLessThanOrEqual(tol);
    if (rb.separation < 0) overlapping++;
  }
  // Both sides of the boundary are exercised.
  expect(overlapping).toBeGreaterThan(pairs * 0.1);
  expect(overlapping).toBeLessThan(pairs * 0.9);
}

describe('Scaled against closed forms', () => {
  it('a scaled box is the box of the scaled half extents (mirrored axes included)', () => {
    expectSameAnswers(new Scaled(new Box(0.5, 0.5, 0.5), { x: 2, y: -1, z: 0.5 }), new Box(1, 0.5, 0.25), 1e-12);
  });

  it('a scaled hull is the hull of the scaled points', () => {
    const pts = [0.1, 0, 0, 1, 0.2, 0, 0, 1, 0.1, 0.2, 0.1, 1, -0.5, -0.4, -0.3, 0.6, 0.7, 0.8];
    const s = { x: 1.5, y: 0.4, z: -2 };
    const scaled: number[] = [];
    for (let i = 0; i < pts.length; i += 3) scaled.push(pts[i] * s.x, pts[i + 1] * s.y, pts[i + 2] * s.z);
    expectSameAnswers(new Scaled(new ConvexHull(pts), s), new ConvexHull(scaled), 1e-12);
  });

  it('a sphere under a non-uniform scale is an ellipsoid (the radius folded into the support)', () => {
    const s = new Scaled(new Sphere(0.5), { x: 2, y: 1, z: -0.6 });
    expect(s.sweptRadius).toBe(0);
    expect(s.boundingRadius).toBe(1);
    expectSameAnswers(s, new Ellipsoid(1, 0.5, 0.3), 1e-9);
  });

  it('a uniform scale keeps the swept radius: a sphere stays a sphere, a capsule a capsule', () => {
    const ball = new Scaled(new Sphere(0.5), { x: -1.5, y: 1.5, z: 1.5 });
    expect(ball.sweptRadius).toBe(0.75);
    expectSameAnswers(ball, new Sphere(0.75), 1e-12);
    const pill = new Scaled(new Capsule(0.4, 0.2), { x: 2, y: 2, z: 2 });
    expect(pill.sweptRadius).toBe(0.4);
    expectSameAnswers(pill, new Capsule(0.8, 0.4), 1e-12);
  });

  it('a scaled scaled shape is the product of the scales (each instance has its own scratch)', () => {
    expectSameAnswers(new Scaled(new Scaled(new Box(0.5, 0.5, 0.5), { x: 2, y: -1, z: 0.5 }), { x: 0.5, y: 3, z: -2 }), new Box(0.5, 1.5, 0.5), 1e-12);
  });

  it('a scale uniform up to rounding keeps the swept radius (a sphere stays a sphere)', () => {
    const s = 2 * (1 + 4 * Number.EPSILON);
    const ball = new Scaled(new Sphere(0.5), { x: 2, y: s, z: -2 });
    expect(ball.sweptRadius).toBe(0.5 * s);
    expectSameAnswers(ball, new Sphere(1), 1e-12);
  });

  it('exact penetration on scaled polytopes: a scaled unit cube 0.1 into a box', () => {
    const cube = new Scaled(new Box(0.5, 0.5, 0.5), { x: 4, y: 1, z: 1 }); // spans x in [-2, 2]
    const id = { x: 0, y: 0, z: 0, w: 1 };
    const p = penetration(cube, { position: { x: 0, y: 0, z: 0 }, quaternion: id }, new Box(0.5, 0.5, 0.5), { position: { x: 2.4, y: 0, z: 0 }, quaternion: id })!;
    expect(p.depth).toBeCloseTo(0.1, 14);
    expect(p.normal).toEqual({ x: 1, y: 0, z: 0 });
  });
});

describe('Scaled support against the oracle', () => {
  const scaleComponent = fc.oneof(fc.double({ min: 0.05, max: 3, noNaN: true }), fc.double({ min: -3, max: -0.05, noNaN: true }));
  it('h(d) of the whole shape equals the oracle\'s h_K(S·d) on every kind, mirrors included', () => {
    fc.assert(fc.property(A.anyShape, fc.tuple(scaleComponent, scaleComponent, scaleComponent), A.unitVec, (inner, s, d) => {
      const json: ShapeJSON = { type: 'scaled', shape: inner, scale: s };
      const shape = shapeFromJSON(json);
      const p = supportWithRadius({ x: 0, y: 0, z: 0 }, shape, { x: d[0], y: d[1], z: d[2] });
      const got = O.dot(O.toV3(p), d), want = O.dot(O.supportLocal(json, d), d);
      expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-12 * (1 + O.shapeSize(inner) * 3));
      // The bounding radius holds the support point.
      expect(O.norm(O.toV3(p))).toBeLessThanOrEqual(shape.boundingRadius * (1 + 1e-12));
    }), { seed: seed(1125), numRuns: runs(400) });
  });

  it('computeAabb of a scaled shape is the oracle\'s box', () => {
    for (let k = 0; k < 50; k++) {
      const inner: ShapeJSON = k % 2 ? { type: 'capsule', halfHeight: 0.5, radius: 0.2 } : { type: 'cone', halfHeight: 0.4, radius: 0.3 };
      const json: ShapeJSON = { type: 'scaled', shape: inner, scale: [u(-2, 2) || 1, u(0.1, 2), u(-2, -0.1)] };
      const pose = O.at(u(-3, 3), u(-3, 3), u(-3, 3), randomQuat());
      const box = computeAabb(shapeFromJSON(json), O.poseObj(pose));
      const got = [box.min.x, box.min.y, box.min.z, box.max.x, box.max.y, box.max.z];
      for (let i = 0; i < 3; i++) {
        const e: O.V3 = [0, 0, 0];
        e[i] = 1;
        expect(Math.abs(got[3 + i] - O.supportWorld({ json, pose }, e)[i])).toBeLessThanOrEqual(1e-12 * 10);
        expect(Math.abs(got[i] - O.supportWorld({ json, pose }, O.neg(e))[i])).toBeLessThanOrEqual(1e-12 * 10);
      }
    }
  });
});

describe('queries on scaled shapes against certificates', () => {
  it('closest points: witnesses on their shapes, the normal a separating certificate; overlap along the normal = depth', () => {
    let apart = 0, total = 0;
    const inners: ShapeJSON[] = [
      { type: 'cylinder', halfHeight: 0.5, radius: 0.3 }, { type: 'rounded', shape: { type: 'box', halfExtents: [0.3, 0.2, 0.1] }, radius: 0.1 },
      { type: 'capsule', halfHeight: 0.3, radius: 0.2 }, { type: 'cone', halfHeight: 0.5, radius: 0.4 },
    ];
    for (let k = 0; k < 120; k++) {
      const ja: ShapeJSON = { type: 'scaled', shape: inners[k % inners.length], scale: [u(0.3, 2), -u(0.3, 2), u(0.3, 2)] };
      const jb: ShapeJSON = { type: 'scaled', shape: inners[(k >> 2) % inners.length], scale: [u(0.3, 2), u(0.3, 2), u(0.3, 2)] };
      const a: O.Placed = { json: ja, pose: O.at(0.1, -0.2, 0.3, randomQuat()) };
      const dir = O.normalize([u(-1, 1), u(-1, 1), u(-1, 1)]), gap = u(0.3, 1.2) * (O.shapeSize(ja) + O.shapeSize(jb)) * 0.6;
      const pb = O.add(a.pose.position as O.V3, O.scale(dir, gap));
      const b: O.Placed = { json: jb, pose: O.at(pb[0], pb[1], pb[2], randomQuat()) };
      const r = contact(shapeFromJSON(ja), O.poseObj(a.pose), shapeFromJSON(jb), O.poseObj(b.pose))!;
      const pa = O.toV3(r.pointA), pB = O.toV3(r.pointB), n = O.toV3(r.normal);
      // The README's accuracy: 1e-6 relative apart, 1e-5 for curved shapes overlapping.
      const size = 1 + O.shapeSize(ja) + O.shapeSize(jb), tol = (r.separation > 0 ? 1e-6 : 1e-5) * size;
      expect(O.outsideDistance(a, pa), `pair ${k} pointA`).toBeLessThanOrEqual(tol);
      expect(O.outsideDistance(b, pB), `pair ${k} pointB`).toBeLessThanOrEqual(tol);
      // Apart: pB − pA = separation · normal. Overlapping: (pA − pB) · normal is the depth.
      if (r.separation > 0) expect(O.dist(O.add(pa, O.scale(n, r.separation)), pB)).toBeLessThanOrEqual(tol);
      else expect(Math.abs(O.dot(O.sub(pB, pa), n) - r.separation)).toBeLessThanOrEqual(tol);
      // The overlap of the shapes along the normal is −separation: the normal certifies the answer.
      expect(Math.abs(O.overlapAlong(a, b, n) + r.separation), `pair ${k} certificate`).toBeLessThanOrEqual(tol);
      total++;
      if (r.separation > 0) apart++;
    }
    expect(apart / total).toBeGreaterThan(0.2);
    expect(apart / total).toBeLessThan(0.8);
  });
});

describe('nesting of wrapper shapes', () => {
  it('nesting deeper than the cap is an error at construction, not a stack overflow in a query', () => {
    let shape: Shape = new Sphere(0.01);
    for (let k = 0; k < 32; k++) shape = k % 3 === 0 ? new Rounded(shape as never, 0.01) : k % 3 === 1 ? new Scaled(shape as never, { x: 1, y: 1, z: 1 }) : new MinkowskiSum(shape as never, new Sphere(0.01));
    const id = { x: 0, y: 0, z: 0, w: 1 };
    expect(contact(shape, { position: { x: 0, y: 0, z: 0 }, quaternion: id }, new Sphere(1), { position: { x: 3, y: 0, z: 0 }, quaternion: id })!.separation).toBeGreaterThan(0);
    expect(() => new Rounded(shape as never, 0.01)).toThrow(/^Rounded nests shapes 33 levels deep; at most 32/);
    expect(() => new MinkowskiSum(new Sphere(1), shape as never)).toThrow(InvalidShapeError);
    // The probe: 100,000 levels built through the API.
    expect(() => { let s: Shape = new Sphere(1); for (let k = 0; k < 100_000; k++) s = new Rounded(s as never, 0.1); }).toThrow(InvalidShapeError);
  });
});

describe('Scaled input checks and JSON', () => {
  it('rejects a zero, NaN or missing scale component and a value that is not a shape, naming the field', () => {
    expect(() => new Scaled(new Box(1, 1, 1), { x: 1, y: 0, z: 1 })).toThrow(/Scaled\.scale\.y is 0; expected a finite non-zero number/);
    expect(() => new Scaled(new Box(1, 1, 1), { x: NaN, y: 1, z: 1 })).toThrow(InvalidNumberError);
    expect(() => new Scaled(new Box(1, 1, 1), { x: 1, y: 1 } as never)).toThrow(/Scaled\.scale\.z is missing/);
    expect(() => new Scaled(new Box(1, 1, 1), null as never)).toThrow(/Scaled\.scale/);
    expect(() => new Scaled({} as never, { x: 1, y: 1, z: 1 })).toThrow(InvalidShapeError);
    expect(() => shapeFromJSON({ type: 'scaled', shape: { type: 'point' }, scale: [1, 1, 0] })).toThrow(/shape\.scale\[2\] is 0/);
  });

  it('keeps a copy of its scale and writes itself back to JSON', () => {
    const s = { x: 2, y: 3, z: -1 };
    const shape = new Scaled(new Rounded(new Box(1, 2, 3), 0.5), s);
    s.x = 100;
    expect(shape.scale).toEqual({ x: 2, y: 3, z: -1 });
    expect(shapeToJSON(shape)).toEqual({
      type: 'scaled', scale: [2, 3, -1], shape: { type: 'rounded', radius: 0.5, shape: { type: 'box', halfExtents: [1, 2, 3] } },
    });
  });
});
