/**
 * Worked examples across the query modules: closed forms (sphere–sphere, sphere–capsule, capsule–capsule,
 * sphere–box), published-style hand cases, output parameters (aliasing, untouched on null), zero-size
 * shapes, and bad input (typed errors with a code and a message naming the field).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Box, Capsule, closestPoints, CollisionError, Cone, contact, ConvexHull, createClosestPointsResult, createContactResult,
  createPenetrationResult, Cylinder, distance, Ellipsoid, intersects, penetration, Point, Rounded, Segment, Sphere,
  Triangle,
} from '../../src/index.js';
import { shapeFromJSON, shapeToJSON } from '../../src/format/index.js';
import * as A from '../arbitraries.js';
import * as O from '../oracles.js';
import { runs, seed } from '../runs.js';

const P = (x = 0, y = 0, z = 0, q: O.Q4 = [0, 0, 0, 1]) => O.poseObj(O.at(x, y, z, q));
const v = (x: number, y: number, z: number) => ({ x, y, z });
const QZ90: O.Q4 = [0, 0, Math.SQRT1_2, Math.SQRT1_2];
const QX90: O.Q4 = [Math.SQRT1_2, 0, 0, Math.SQRT1_2];

describe('closed forms', () => {
  it('sphere–sphere: signed distance |cB − cA| − rA − rB', () => {
    fc.assert(fc.property(A.num(0, 2), A.num(0, 2), A.vec(3), A.vec(3), (ra, rb, ca, cb) => {
      const ref = O.sphereSphere(ca, ra, cb, rb);
      const c = contact(new Sphere(ra), P(...ca), new Sphere(rb), P(...cb))!;
      expect(Math.abs(c.separation - ref)).toBeLessThanOrEqual(1e-9 * (1 + ra + rb));
    }), { numRuns: runs(200), seed: seed(301) });
  });

  it('sphere–capsule and capsule–capsule from segment–segment distance (Ericson §5.1.9)', () => {
    fc.assert(fc.property(A.num(0, 2), A.num(0.05, 1), A.num(0, 2), A.num(0.05, 1), A.pose(2), A.pose(2), (ha, ra, hb, rb, pa, pb) => {
      const tol = 1e-7 * (1 + ha + ra + hb + rb);
      const cc = contact(new Capsule(ha, ra), O.poseObj(pa), new Capsule(hb, rb), O.poseObj(pb))!;
      const ref = O.capsuleCapsule(pa, ha, ra, pb, hb, rb);
      // Crossing axes give depth ra + rb − |axes gap| only when that is the least overlap: check the distance side exactly,
      // and the overlap side against the certificate o(normal) = depth.
      if (ref > 0) expect(Math.abs(cc.separation - ref)).toBeLessThanOrEqual(tol);
      else expect(cc.separation).toBeLessThanOrEqual(tol);
      const cs = contact(new Sphere(ra), O.poseObj(pa), new Capsule(hb, rb), O.poseObj(pb))!;
      const refS = O.sphereCapsule(pa.position, ra, pb, hb, rb);
      // Sphere–capsule is exact in both directions: the nearest axis point is unique away from the axis.
      expect(Math.abs(cs.separation - refS)).toBeLessThanOrEqual(tol);
    }), { numRuns: runs(200), seed: seed(302) });
  });

  it('sphere–box: distance outside, face depth inside', () => {
    fc.assert(fc.property(A.num(0, 1), A.vec(2), fc.tuple(A.num(0.1, 1), A.num(0.1, 1), A.num(0.1, 1)), A.pose(2), (r, c, h, bp) => {
      const ref = O.sphereBox(c, r, bp, h);
      const got = contact(new Sphere(r), P(...c), new Box(...h), O.poseObj(bp))!;
      expect(Math.abs(got.separation - ref)).toBeLessThanOrEqual(1e-7 * (1 + r + Math.max(...h)));
    }), { numRuns: runs(200), seed: seed(303) });
  });

  it('segment–segment oracle itself: parallel, crossing, skew and degenerate segments', () => {
    expect(O.segmentSegment([0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0])[2]).toBeCloseTo(1, 15);
    expect(O.segmentSegment([0, 0, 0], [2, 0, 0], [1, -1, 1], [1, 1, 1])[2]).toBeCloseTo(1, 15);
    expect(O.segmentSegment([0, 0, 0], [0, 0, 0], [3, 4, 0], [3, 4, 0])[2]).toBeCloseTo(5, 15);
    expect(O.segmentSegment([0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0])[2]).toBeCloseTo(1, 15);
  });
});

describe('hand cases', () => {
  const cube = new Box(0.5, 0.5, 0.5);
  it('two unit cubes overlapping by 0.1 along x', () => {
    const r = penetration(cube, P(), cube, P(0.9, 0.1, -0.2))!;
    expect(r.depth).toBeCloseTo(0.1, 12);
    expect(r.normal.x).toBeCloseTo(1, 12);
    expect(r.pointA.x - r.pointB.x).toBeCloseTo(0.1, 12);
  });
  it('touching cubes: distance 0, intersects, depth 0, separation 0', () => {
    expect(distance(cube, P(), cube, P(1, 0.3, 0))).toBe(0);
    expect(intersects(cube, P(), cube, P(1, 0.3, 0))).toBe(true);
    expect(penetration(cube, P(), cube, P(1, 0.3, 0))!.depth === 0).toBe(true); // ±0: see golden penetration-touching-depth-positive-zero
    expect(contact(cube, P(), cube, P(1, 0.3, 0))!.separation).toBe(0);
    expect(penetration(cube, P(), cube, P(1 + 1e-9, 0, 0))).toBeNull();
  });
  it('rotated touching cubes far from the origin (45° about z, corner edge on a face)', () => {
    const x = 0.5 + Math.SQRT1_2 * 1; // a cube of half 0.5 rotated 45°: half-diagonal √2/2 along x
    const q: O.Q4 = [0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)];
    const c = contact(cube, P(1e5, 1e5, 0), cube, P(1e5 + x, 1e5, 0, q))!;
    expect(Math.abs(c.separation)).toBeLessThanOrEqual(1e-9);
  });
  it('sphere vs box face, edge and corner', () => {
    const s = new Sphere(0.5);
    expect(contact(s, P(0.9, 0, 0), cube, P())!.separation).toBeCloseTo(-0.1, 12);
    expect(contact(s, P(0.8, 0.8, 0), cube, P())!.separation).toBeCloseTo(Math.hypot(0.3, 0.3) - 0.5, 12);
    expect(contact(s, P(0.8, 0.8, 0.8), cube, P())!.separation).toBeCloseTo(Math.hypot(0.3, 0.3, 0.3) - 0.5, 12);
    const corner = contact(s, P(0.8, 0.8, 0.8), cube, P())!;
    for (const k of ['x', 'y', 'z'] as const) expect(corner.normal[k]).toBeCloseTo(-1 / Math.sqrt(3), 9);
    expect(distance(s, P(2, 0, 0), cube, P())).toBeCloseTo(1, 12);
  });
  it('cylinders stacked along their axis: overlap 0.1, touching, apart', () => {
    const c = new Cylinder(1, 0.5);
    const r = contact(c, P(), c, P(0, 1.9, 0))!;
    expect(r.separation).toBeCloseTo(-0.1, 10);
    expect(r.normal.y).toBeCloseTo(1, 10);
    expect(contact(c, P(), c, P(0, 2, 0))!.separation).toBe(0);
    expect(distance(c, P(), c, P(0.2, 2.5, 0))).toBeCloseTo(0.5, 10);
    // Lying cylinder on a standing one: the curved side against the top disc.
    expect(distance(c, P(), c, P(0, 1.5 + 0.25, 0, QZ90))).toBeCloseTo(0.25, 9);
  });
  it('cone apex against a box face, cone base against a sphere', () => {
    expect(distance(new Cone(1, 0.5), P(0, 1.5, 0, [1, 0, 0, 0]), new Box(1, 0.5, 1), P())).toBeCloseTo(0, 12);
    expect(distance(new Cone(1, 0.5), P(0, 2, 0), new Sphere(0.5), P(0, 0, 0))).toBeCloseTo(0.5, 9);
  });
  it('crossing capsules: depth = r_A + r_B − gap of the axes', () => {
    const c = new Capsule(1, 0.2);
    const r = contact(c, P(), c, P(0, 0, 0.3, QX90))!; // axes y and z cross at the origin
    expect(r.separation).toBeCloseTo(-0.4, 12);
    const r2 = contact(c, P(), c, P(0.3, 0, 0, QX90))!; // axes 0.3 apart along x
    expect(r2.separation).toBeCloseTo(-0.1, 12);
    expect(Math.abs(r2.normal.x)).toBeCloseTo(1, 12);
  });
  it('ellipsoid–point along each axis, rounded box corner', () => {
    const e = new Ellipsoid(1, 2, 3);
    expect(distance(e, P(), new Point(), P(0, 0, 4))).toBeCloseTo(1, 9);
    expect(distance(e, P(), new Point(), P(0, 3, 0))).toBeCloseTo(1, 9);
    const rb = new Rounded(new Box(1, 1, 1), 0.5);
    expect(distance(rb, P(), new Point(), P(2, 2, 2))).toBeCloseTo(Math.sqrt(3) - 0.5, 9);
  });
});

describe('output parameters', () => {
  const a = new Box(0.5, 0.5, 0.5), b = new Sphere(0.4);
  it('penetration and contact leave out untouched when the result is null', () => {
    const out = createPenetrationResult();
    out.depth = 42; out.normal.x = 7; out.pointA.y = 8; out.pointB.z = 9; out.iterations = 99;
    const before = JSON.stringify(out);
    expect(penetration(a, P(), b, P(3, 0, 0), out)).toBeNull();
    expect(JSON.stringify(out)).toBe(before);
    const cout = createContactResult();
    cout.separation = 42; cout.normal.y = 3;
    const cbefore = JSON.stringify(cout);
    expect(contact(a, P(), b, P(3, 0, 0), cout, { maxDistance: 1 })).toBeNull();
    expect(JSON.stringify(cout)).toBe(cbefore);
  });
  it('results are written into out and returned; reusing out gives the same answer', () => {
    const out = createPenetrationResult();
    expect(penetration(a, P(), b, P(0.7, 0, 0), out)).toBe(out);
    expect(out.depth).toBeCloseTo(0.2, 12);
    const cp = createClosestPointsResult();
    expect(closestPoints(a, P(), b, P(2, 0, 0), cp)).toBe(cp);
    expect(cp.distance).toBeCloseTo(1.1, 12);
    closestPoints(a, P(), b, P(3, 0, 0), cp);
    expect(cp.distance).toBeCloseTo(2.1, 12);
  });
  it('out fields aliasing the input poses: the poses are read before anything is written', () => {
    const poseA = P(0, 0, 0), poseB = P(2, 0, 0);
    const expected = closestPoints(a, poseA, b, poseB);
    const out = createClosestPointsResult();
    // The result's points are the very objects holding the poses' positions.
    (out as { pointA: O.V3 | object }).pointA = poseB.position;
    (out as { pointB: O.V3 | object }).pointB = poseA.position;
    closestPoints(a, poseA, b, poseB, out);
    expect(out.distance).toBeCloseTo(expected.distance, 12);
    expect(out.pointA).toEqual(expected.pointA);
    expect(out.pointB).toEqual(expected.pointB);
    const pa = P(0, 0, 0), pb = P(0.7, 0, 0);
    const expP = penetration(a, pa, b, pb)!;
    const pout = createPenetrationResult();
    (pout as { normal: object }).normal = pb.position;
    (pout as { pointA: object }).pointA = pa.position;
    penetration(a, pa, b, pb, pout);
    expect(pout.depth).toBeCloseTo(expP.depth, 12);
    expect(pout.normal).toEqual(expP.normal);
  });
  it('pointA and pointB being one object: pointB (written last) wins, nothing throws', () => {
    const out = createContactResult();
    const shared = v(0, 0, 0);
    (out as { pointA: object }).pointA = shared;
    (out as { pointB: object }).pointB = shared;
    const r = contact(a, P(), b, P(0.7, 0, 0), out)!;
    expect(r.separation).toBeCloseTo(-0.2, 12);
    expect(Number.isFinite(shared.x)).toBe(true);
  });
});

describe('options', () => {
  const a = new Box(0.5, 0.5, 0.5), b = new Ellipsoid(0.5, 1, 0.3);
  const pb = P(0.9, 0.3, 0.1, [0.1, 0.2, 0.3, Math.sqrt(1 - 0.14)]);
  it('a trace callback changes no answer, and may run queries itself (re-entrancy)', () => {
    for (const pose of [pb, P(3, 1, 0)]) {
      const plain = contact(a, P(), b, pose)!;
      let steps = 0;
      const traced = contact(a, P(), b, pose, undefined, {
        trace: () => { steps++; contact(new Sphere(1), P(), new Sphere(1), P(0.5, 0, 0)); distance(a, P(), a, P(9, 9, 9)); },
      })!;
      expect(steps).toBeGreaterThan(0);
      expect(traced.separation).toBe(plain.separation);
      expect(traced.normal).toEqual(plain.normal);
      const cp = closestPoints(a, P(), b, pose);
      const cpt = closestPoints(a, P(), b, pose, undefined, { trace: () => { penetration(a, P(), a, P(0.5, 0, 0)); } });
      expect(cpt.distance).toBe(cp.distance);
      expect(cpt.pointA).toEqual(cp.pointA);
    }
  });
  it('a tiny EPA iteration cap still returns a valid upper bound with status max-iterations', () => {
    // A 48-sided prism as a hull, 50 faces (two boxes, and hulls of at most 40 faces, take separating axes,
    // which run no EPA).
    const h = new ConvexHull([-0.5, 0.5].flatMap((y) => Array.from({ length: 48 }, (_, k) => v(0.5 * Math.cos(k * Math.PI / 24), y, 0.5 * Math.sin(k * Math.PI / 24)))));
    const r = penetration(h, P(), h, P(0.5, 0.2, 0), undefined, { epaMaxIterations: 1 })!;
    expect(r.status).toBe('max-iterations');
    const o = O.overlapAlong({ json: shapeToJSON(h), pose: O.IDENTITY }, { json: shapeToJSON(h), pose: O.at(0.5, 0.2, 0) }, O.toV3(r.normal));
    expect(Math.abs(o - r.depth)).toBeLessThanOrEqual(1e-12);
    // An upper bound: at least the exact depth.
    const full = penetration(h, P(), h, P(0.5, 0.2, 0))!;
    expect(full.status).toBe('converged');
    expect(r.depth).toBeGreaterThanOrEqual(full.depth - 1e-12);
    // The boxes themselves: the exact depth, 0 iterations, whatever the cap.
    const exact = penetration(a, P(), a, P(0.5, 0.2, 0), undefined, { epaMaxIterations: 1 })!;
    expect(exact.status).toBe('converged');
    expect(exact.iterations).toBe(0);
  });
  it('contact with maxDistance: null beyond it (out untouched), the exact separation within it', () => {
    expect(contact(a, P(), a, P(3, 0, 0), undefined, { maxDistance: 1.99 })).toBeNull();
    expect(contact(a, P(), a, P(3, 0, 0), undefined, { maxDistance: 2.01 })!.separation).toBeCloseTo(2, 12);
    expect(contact(a, P(), a, P(0.9, 0, 0), undefined, { maxDistance: 0 })!.separation).toBeCloseTo(-0.1, 12);
  });
});

describe('zero-size and degenerate shapes never throw or return NaN', () => {
  const zeros = [new Box(0, 0, 0), new Sphere(0), new Point(), new Capsule(0, 0), new Cylinder(0, 0), new Cone(0, 0), new Ellipsoid(0, 0, 0),
    new Triangle(v(0, 0, 0), v(0, 0, 0), v(0, 0, 0)), new Triangle(v(0, 0, 0), v(1, 0, 0), v(2, 0, 0)), new Segment(v(0, 0, 0), v(0, 0, 0)),
    new ConvexHull([v(1, 1, 1)]), new Box(1, 1, 0), new Cylinder(1, 0), new Ellipsoid(1, 0, 1), new Rounded(new Point(), 0)];
  const others = [new Box(0.5, 0.5, 0.5), new Sphere(0.5), new Capsule(0.5, 0.2), ...zeros];
  it.each(zeros.map((z, i) => [z.kind + i, z] as const))('%s against every shape, apart, touching-ish and overlapping', (_, z) => {
    for (const o of others) for (const p of [P(0, 0, 0), P(0.3, 0.1, 0), P(0.5, 0, 0), P(2, 0, 0)]) {
      const cp = closestPoints(z, P(0.1, 0, 0, QZ90), o, p);
      expect(Number.isFinite(cp.distance) && Number.isFinite(cp.pointA.x + cp.pointB.y + cp.normal.z)).toBe(true);
      const c = contact(z, P(0.1, 0, 0, QZ90), o, p)!;
      expect(Number.isFinite(c.separation) && Number.isFinite(c.pointA.x + c.pointB.y + c.normal.z + c.normal.x)).toBe(true);
      expect(Math.hypot(c.normal.x, c.normal.y, c.normal.z)).toBeCloseTo(1, 9);
      expect(intersects(z, P(0.1, 0, 0, QZ90), o, p)).toBe(cp.distance === 0);
    }
  });
  it('a point inside a zero-thickness box: depth 0 (flat Minkowski difference)', () => {
    const r = penetration(new Point(), P(0.2, 0.3, 0), new Box(1, 1, 0), P())!;
    expect(Object.is(r.depth, 0)).toBe(true); // +0, never −0 (golden touching-cubes-face-to-face)
    expect(Math.abs(r.normal.z)).toBeCloseTo(1, 12);
  });
});

describe('bad input: typed errors with a code and a message naming the field', () => {
  const expectError = (f: () => unknown, code: string, field: RegExp) => {
    let err: unknown;
    try { f(); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(CollisionError);
    expect((err as CollisionError).code).toBe(code);
    expect((err as Error).message).toMatch(field);
  };
  const box = new Box(1, 1, 1);
  it('poses: NaN, Infinity, non-unit and zero quaternions', () => {
    expectError(() => distance(box, P(NaN, 0, 0), box, P()), 'INVALID_NUMBER', /poseA\.position\.x/);
    expectError(() => closestPoints(box, P(), box, { position: v(0, Infinity, 0), quaternion: { x: 0, y: 0, z: 0, w: 1 } }), 'INVALID_NUMBER', /poseB\.position\.y/);
    expectError(() => penetration(box, { position: v(0, 0, 0), quaternion: { x: 0, y: NaN, z: 0, w: 1 } }, box, P()), 'INVALID_NUMBER', /poseA\.quaternion\.y/);
    expectError(() => intersects(box, P(), box, { position: v(0, 0, 0), quaternion: { x: 0, y: 0, z: 0, w: 2 } }), 'INVALID_QUATERNION', /poseB\.quaternion/);
    expectError(() => contact(box, { position: v(0, 0, 0), quaternion: { x: 0, y: 0, z: 0, w: 0 } }, box, P()), 'INVALID_QUATERNION', /poseA\.quaternion/);
    expectError(() => distance(box, P(), box, { position: v(0, 0, 0), quaternion: { x: 0, y: 0, z: 0, w: 1.01 } }), 'INVALID_QUATERNION', /length/);
  });
  it('slightly non-unit quaternions (within 1e-6) are accepted and normalised', () => {
    const q = { x: 0, y: 0, z: 0, w: 1 + 5e-7 };
    expect(distance(box, P(), box, { position: v(3, 0, 0), quaternion: q })).toBeCloseTo(1, 12);
  });
  it('shapes: negative / NaN / infinite radii and extents, NaN points, empty hull', () => {
    expectError(() => new Sphere(-1), 'INVALID_RADIUS', /Sphere\.radius/);
    expectError(() => new Capsule(1, NaN), 'INVALID_RADIUS', /Capsule\.radius/);
    expectError(() => new Capsule(-1, 1), 'INVALID_RADIUS', /Capsule\.halfHeight/);
    expectError(() => new Box(1, Infinity, 1), 'INVALID_RADIUS', /Box\.hy/);
    expectError(() => new Cylinder(1, -0.1), 'INVALID_RADIUS', /Cylinder\.radius/);
    expectError(() => new Cone(NaN, 1), 'INVALID_RADIUS', /Cone\.halfHeight/);
    expectError(() => new Ellipsoid(1, 1, -1), 'INVALID_RADIUS', /Ellipsoid\.rz/);
    expectError(() => new Rounded(box, -0.1), 'INVALID_RADIUS', /Rounded\.radius/);
    expectError(() => new Segment(v(0, 0, 0), v(0, 0, Infinity)), 'INVALID_NUMBER', /Segment\.b\.z/);
    expectError(() => new Triangle(v(0, 0, 0), v(NaN, 0, 0), v(0, 1, 0)), 'INVALID_NUMBER', /Triangle\.b\.x/);
    expectError(() => new ConvexHull([v(0, 0, 0), v(0, NaN, 0)]), 'INVALID_NUMBER', /points\[1\]\.y/);
    expectError(() => new ConvexHull([]), 'DEGENERATE_HULL', /points/);
  });
  it('JSON shapes: the message names the JSON path', () => {
    expectError(() => shapeFromJSON({ type: 'sphere', radius: -1 }, 'pairs[2].a'), 'INVALID_RADIUS', /pairs\[2\]\.a\.radius/);
    expectError(() => shapeFromJSON({ type: 'box', halfExtents: [1, NaN, 1] }), 'INVALID_RADIUS', /halfExtents\[1\]/);
    expectError(() => shapeFromJSON({ type: 'blob' }), 'INVALID_SHAPE', /shape\.type/);
    expectError(() => shapeFromJSON({ type: 'convexHull', points: [] }), 'DEGENERATE_HULL', /points/);
    expectError(() => shapeFromJSON({ type: 'convexHull', points: [[0, 0, 'x']] }), 'INVALID_NUMBER', /points\[0\]\[2\]/);
    expectError(() => shapeFromJSON({ type: 'rounded', shape: { type: 'capsule', halfHeight: 1, radius: Infinity }, radius: 1 }), 'INVALID_RADIUS', /shape\.shape\.radius/);
  });
});

describe('far from the origin', () => {
  const unit = new Box(0.5, 0.5, 0.5);
  const atX = (x: number) => ({ position: { x, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });

  it('far from the origin, the slack is a few ulps of the positions', () => {
    // 1e12 has an ulp of 1.2e-4: an overlap of 1e-2 is a hundred ulps deep, not touching (it read as
    // touching while the slack was 256 ulps of the sum of the coordinates: up to 0.34 at 1e12).
    const x = 1e12, overlap = 1e-2;
    const c = contact(unit, atX(x), unit, atX(x + 1 - overlap))!;
    expect(c.separation).toBeLessThan(0);
    expect(Math.abs(c.separation + overlap)).toBeLessThanOrEqual(4 * 1.2e-4);
    expect(penetration(unit, atX(x), unit, atX(x + 1 - overlap))!.depth).toBeGreaterThan(0);
    // Boxes turned by 30° and placed face to face there, their positions rounded to the float grid (an
    // ulp is 1.2e-4): they touch, the slack taking in the rounding of the positions (without it: -5e-5).
    const h = Math.PI / 12, q = { x: 0, y: 0, z: Math.sin(h), w: Math.cos(h) };
    const turned = (px: number, py: number) => ({ position: { x: px, y: py, z: 0 }, quaternion: q });
    expect(contact(unit, turned(x, x), unit, turned(x + Math.cos(2 * h), x + Math.sin(2 * h)))!.separation).toBe(0);
    // Exactly touching there is still touching, and a gap of 1e-2 is a gap.
    expect(contact(unit, atX(x), unit, atX(x + 1))!.separation).toBe(0);
    expect(distance(unit, atX(x), unit, atX(x + 1 + overlap))).toBeGreaterThan(0.99 * overlap);
  });
});
