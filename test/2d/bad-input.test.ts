/**
 * What the 2D entry does with bad input and with degenerate input. Bad input (an empty point list, a NaN
 * coordinate, a negative radius, a NaN angle, a 3D shape or a plain copy of a shape, bad options, an
 * `out` that is no result record) is a typed error: a CollisionError with a stable `code` whose message
 * names the field, thrown by every query alike. Degenerate input (collinear segments, coincident points,
 * a polygon of repeated or collinear points) is no error: it gets an answer, and never a NaN.
 */
import { describe, expect, it } from 'vitest';
import {
  Box2, Capsule2, Circle, closestPoints, CollisionError, contact, contactManifold, createClosestPointsResult, createContactResult, distance,
  GjkCache, intersects, penetration, Point2, Polygon, rayCast, Rounded2, Segment2, shapeCast, type Pose2Like, type Shape2,
} from '../../src/2d/index.js';
// The mistake the shape check is there for: a 3D shape passed to a 2D query.
import { Box as Box3, Sphere } from '../../src/index.js';

const at = (x: number, y: number, angle = 0): Pose2Like => ({ position: { x, y }, angle });

/** Runs `f`, which must throw; returns the error. */
function thrown(f: () => unknown): CollisionError {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(CollisionError);
    return error as CollisionError;
  }
  throw new Error('expected an error, none was thrown');
}

/** Expects `f` to throw an error of `code` whose field is `field` and whose message starts with it. */
function expectError(f: () => unknown, code: string, field: string): void {
  const e = thrown(f);
  expect(e.code).toBe(code);
  expect((e as CollisionError & { field?: string }).field).toBe(field);
  // The message leads with the field, so a reader sees at once which argument was wrong.
  expect(e.message.startsWith(`${field} `), e.message).toBe(true);
}

/** The five queries, each called with the same arguments (and no out record or options). */
const QUERIES: Array<[string, (a: Shape2, pa: Pose2Like, b: Shape2, pb: Pose2Like) => unknown]> = [
  ['intersects', (a, pa, b, pb) => intersects(a, pa, b, pb)],
  ['distance', (a, pa, b, pb) => distance(a, pa, b, pb)],
  ['closestPoints', (a, pa, b, pb) => closestPoints(a, pa, b, pb)],
  ['penetration', (a, pa, b, pb) => penetration(a, pa, b, pb)],
  ['contact', (a, pa, b, pb) => contact(a, pa, b, pb)],
];

function finite(r: { pointA: { x: number; y: number }; pointB: { x: number; y: number }; normal: { x: number; y: number } }): boolean {
  return [r.pointA.x, r.pointA.y, r.pointB.x, r.pointB.y, r.normal.x, r.normal.y].every(Number.isFinite);
}

describe('shape constructors', () => {
  it('an empty point list is an InvalidShapeError naming Polygon.points', () => {
    expectError(() => new Polygon([]), 'INVALID_SHAPE', 'Polygon.points');
  });

  it('a point list that is not an array, or a flat list of odd length, is an InvalidShapeError naming Polygon.points', () => {
    expectError(() => new Polygon(null as never), 'INVALID_SHAPE', 'Polygon.points');
    expectError(() => new Polygon(5 as never), 'INVALID_SHAPE', 'Polygon.points');
    expectError(() => new Polygon([0, 0, 1]), 'INVALID_SHAPE', 'Polygon.points');
  });

  it('a NaN or infinite coordinate is an InvalidNumberError naming its index (and x or y)', () => {
    expectError(() => new Polygon([{ x: 0, y: 0 }, { x: NaN, y: 1 }]), 'INVALID_NUMBER', 'Polygon.points[1].x');
    expectError(() => new Polygon([{ x: 0, y: 0 }, { x: 1, y: 1 }, { x: 2, y: -Infinity }]), 'INVALID_NUMBER', 'Polygon.points[2].y');
    // The flat form names the number's own index.
    expectError(() => new Polygon([0, 0, 1, NaN]), 'INVALID_NUMBER', 'Polygon.points[3]');
    // A string is not coerced.
    expectError(() => new Polygon([{ x: '1' as never, y: 0 }]), 'INVALID_NUMBER', 'Polygon.points[0].x');
    expectError(() => new Segment2({ x: 0, y: Infinity }, { x: 1, y: 1 }), 'INVALID_NUMBER', 'Segment2.a.y');
    expectError(() => new Segment2({ x: 0, y: 0 }, { x: NaN, y: 1 }), 'INVALID_NUMBER', 'Segment2.b.x');
  });

  it('a negative or non-finite radius or size is an InvalidRadiusError naming it', () => {
    expectError(() => new Circle(-1), 'INVALID_RADIUS', 'Circle.radius');
    expectError(() => new Circle(NaN), 'INVALID_RADIUS', 'Circle.radius');
    expectError(() => new Circle(Infinity), 'INVALID_RADIUS', 'Circle.radius');
    expectError(() => new Box2(1, -1), 'INVALID_RADIUS', 'Box2.hy');
    expectError(() => new Box2(-0.5, 1), 'INVALID_RADIUS', 'Box2.hx');
    expectError(() => new Capsule2(-1, 1), 'INVALID_RADIUS', 'Capsule2.halfHeight');
    expectError(() => new Capsule2(1, -1), 'INVALID_RADIUS', 'Capsule2.radius');
    expectError(() => new Rounded2(new Circle(1), -0.5), 'INVALID_RADIUS', 'Rounded2.radius');
  });

  it('Rounded2 of something that is not a 2D shape is an InvalidShapeError naming Rounded2.shape', () => {
    expectError(() => new Rounded2(new Sphere(1) as never, 0.5), 'INVALID_SHAPE', 'Rounded2.shape');
    expectError(() => new Rounded2({ ...new Circle(1) } as never, 0.5), 'INVALID_SHAPE', 'Rounded2.shape');
  });
});

describe('query arguments', () => {
  const c = new Circle(1);

  it.each(QUERIES)('%s: a NaN angle is an InvalidNumberError naming poseA.angle', (_name, q) => {
    expectError(() => q(c, at(0, 0, NaN), c, at(3, 0)), 'INVALID_NUMBER', 'poseA.angle');
  });

  it.each(QUERIES)('%s: an infinite position is an InvalidNumberError naming poseB.position.y', (_name, q) => {
    expectError(() => q(c, at(0, 0), c, at(3, Infinity)), 'INVALID_NUMBER', 'poseB.position.y');
  });

  it.each(QUERIES)('%s: a pose that is null or has no position is an InvalidPoseError naming it', (_name, q) => {
    expectError(() => q(c, null as never, c, at(3, 0)), 'INVALID_POSE', 'poseA');
    expectError(() => q(c, at(0, 0), c, { angle: 0 } as never), 'INVALID_POSE', 'poseB.position');
  });

  it.each(QUERIES)('%s: a 3D shape as A is an InvalidShapeError naming a', (_name, q) => {
    expectError(() => q(new Sphere(1) as never, at(0, 0), c, at(3, 0)), 'INVALID_SHAPE', 'a');
    expectError(() => q(new Box3(1, 1, 1) as never, at(0, 0), c, at(3, 0)), 'INVALID_SHAPE', 'a');
    // The message says what was passed: a 3D shape (it has a support method), not just "not a shape".
    expect(thrown(() => q(new Sphere(1) as never, at(0, 0), c, at(3, 0))).message).toMatch(/3D shape/);
  });

  it.each(QUERIES)('%s: a plain copy {...circle} as B is an InvalidShapeError naming b', (_name, q) => {
    // The copy has the circle's fields (kind, radius, sweptRadius) but not its class: it is refused.
    expectError(() => q(c, at(0, 0), { ...c } as never, at(3, 0)), 'INVALID_SHAPE', 'b');
    expectError(() => q(c, at(0, 0), null as never, at(3, 0)), 'INVALID_SHAPE', 'b');
  });

  it('bad options are an InvalidNumberError naming the option, in every query that takes it', () => {
    const P = at(0, 0), Q = at(3, 0);
    expectError(() => contact(c, P, c, Q, undefined, { gjkMaxIterations: 0 }), 'INVALID_NUMBER', 'options.gjkMaxIterations');
    expectError(() => distance(c, P, c, Q, { gjkMaxIterations: 0 }), 'INVALID_NUMBER', 'options.gjkMaxIterations');
    expectError(() => intersects(c, P, c, Q, { gjkMaxIterations: 2.5 }), 'INVALID_NUMBER', 'options.gjkMaxIterations');
    expectError(() => contact(c, P, c, Q, undefined, { maxDistance: -1 }), 'INVALID_NUMBER', 'options.maxDistance');
    expectError(() => contact(c, P, c, Q, undefined, { maxDistance: NaN }), 'INVALID_NUMBER', 'options.maxDistance');
    expectError(() => penetration(c, P, c, Q, undefined, { epaMaxIterations: 0 }), 'INVALID_NUMBER', 'options.epaMaxIterations');
    expectError(() => closestPoints(c, P, c, Q, undefined, { gjkRelativeTolerance: 1 }), 'INVALID_NUMBER', 'options.gjkRelativeTolerance');
    expectError(() => contact(c, P, c, Q, undefined, { epaRelativeTolerance: -0.1 }), 'INVALID_NUMBER', 'options.epaRelativeTolerance');
  });

  it('options that are not an object, or a cache that is not a 2D GjkCache, are an InvalidArgumentError naming them', () => {
    const P = at(0, 0), Q = at(3, 0);
    expectError(() => distance(c, P, c, Q, 5 as never), 'INVALID_ARGUMENT', 'options');
    expectError(() => distance(c, P, c, Q, { cache: {} as never }), 'INVALID_ARGUMENT', 'options.cache');
    expectError(() => distance(c, P, c, Q, { cache: Object.freeze(new GjkCache()) }), 'INVALID_ARGUMENT', 'options.cache');
  });

  it('an out that is not a result record, or is frozen, is an InvalidArgumentError naming out', () => {
    const P = at(0, 0), Q = at(3, 0);
    expectError(() => contact(c, P, c, Q, {} as never), 'INVALID_ARGUMENT', 'out');
    expectError(() => contact(c, P, c, Q, 7 as never), 'INVALID_ARGUMENT', 'out');
    expectError(() => closestPoints(c, P, c, Q, { distance: 0 } as never), 'INVALID_ARGUMENT', 'out');
    expectError(() => contact(c, P, c, Q, Object.freeze(createContactResult())), 'INVALID_ARGUMENT', 'out');
    const frozenPoint = createClosestPointsResult();
    Object.freeze(frozenPoint.pointA);
    expectError(() => closestPoints(c, P, c, Q, frozenPoint), 'INVALID_ARGUMENT', 'out');
    // Overlapping, so penetration writes its out (apart, it answers null and writes nothing).
    expectError(() => penetration(c, P, c, at(1, 0), [] as never), 'INVALID_ARGUMENT', 'out');
  });

  it('a bad argument leaves an out record untouched', () => {
    const out = createContactResult();
    const before = JSON.stringify(out);
    thrown(() => contact(c, at(0, 0, NaN), c, at(3, 0), out));
    expect(JSON.stringify(out)).toBe(before);
  });
});

describe('an option or a motion key the call does not take', () => {
  it('is an InvalidArgumentError naming it, the accepted keys and the nearest (they were ignored)', () => {
    const at2 = (x: number, y: number) => ({ position: { x, y }, angle: 0 }), c = new Circle(1);
    expect(() => contact(c, at2(0, 0), c, at2(3, 0), null, { maxDistanse: 1 } as never)).toThrow(/^options\.maxDistanse is not an option here \(did you mean maxDistance\?\)/);
    expect(() => distance(c, at2(0, 0), c, at2(3, 0), { maxDistance: 1 } as never)).toThrow(/^options\.maxDistance is not an option here; expected one of cache, trace, gjkRelativeTolerance, gjkMaxIterations$/);
    expect(() => rayCast(c, at2(0, 0), { x: -5, y: 0 }, { x: 1, y: 0 }, null, { maxt: 1 } as never)).toThrow(/did you mean maxT\?/);
    expect(() => shapeCast(c, at2(-5, 0), { linaer: { x: 1, y: 0 } } as never, c, at2(0, 0), null)).toThrow(/^motionA\.linaer is not an option here \(did you mean linear\?\)/);
    expect(() => contactManifold(c, at2(0, 0), c, at2(1.5, 0), null, { margn: 1 } as never)).toThrow(/did you mean margin\?/);
    expect(contact(c, at2(0, 0), c, at2(3, 0), null, { maxDistance: 2 })!.separation).toBe(1);
  });
});

describe('degenerate input is answered, without NaN', () => {
  it('collinear overlapping segments: separation 0, unit normal perpendicular to their line', () => {
    // The cores' difference is a segment through the origin (no area): depth 0, and the only directions
    // along which the overlap is 0 are the two perpendiculars.
    for (const th of [0, 0.7, 2, -1.2]) {
      const d = [Math.cos(th), Math.sin(th)];
      const a = new Segment2({ x: -1, y: 0 }, { x: 1, y: 0 }), b = new Segment2({ x: 0, y: 0 }, { x: 2, y: 0 });
      const r = contact(a, at(0, 0, th), b, at(0.5 * d[0], 0.5 * d[1], th))!;
      expect(finite(r), `angle ${th}`).toBe(true);
      expect(r.separation).toBe(0);
      expect(Math.hypot(r.normal.x, r.normal.y)).toBeCloseTo(1, 14);
      expect(Math.abs(r.normal.x * d[0] + r.normal.y * d[1]), `angle ${th}`).toBeLessThanOrEqual(1e-12);
      const p = penetration(a, at(0, 0, th), b, at(0.5 * d[0], 0.5 * d[1], th))!;
      expect(p.depth).toBe(0);
      expect(intersects(a, at(0, 0, th), b, at(0.5 * d[0], 0.5 * d[1], th))).toBe(true);
    }
  });

  it('coincident points: separation 0, a unit normal, both points at the shared position', () => {
    for (const [a, b] of [[new Point2(), new Point2()], [new Point2(), new Polygon([{ x: 0, y: 0 }, { x: 0, y: 0 }])], [new Circle(0), new Box2(0, 0)]] as Array<[Shape2, Shape2]>) {
      const r = contact(a, at(3, -2, 0.4), b, at(3, -2, 1))!;
      expect(finite(r)).toBe(true);
      expect(r.separation).toBe(0);
      expect(Math.hypot(r.normal.x, r.normal.y)).toBeCloseTo(1, 14);
      expect(r.pointA).toEqual({ x: 3, y: -2 });
      expect(r.pointB).toEqual({ x: 3, y: -2 });
      expect(penetration(a, at(3, -2), b, at(3, -2))!.depth).toBe(0);
      expect(distance(a, at(3, -2), b, at(3, -2))).toBe(0);
      expect(intersects(a, at(3, -2), b, at(3, -2))).toBe(true);
    }
  });

  it('a Polygon of one repeated point has count 1, that vertex, and no edge normals', () => {
    const p = new Polygon([{ x: 1, y: 2 }, { x: 1, y: 2 }, { x: 1, y: 2 }]);
    expect(p.count).toBe(1);
    expect(Array.from(p.vertices)).toEqual([1, 2]);
    expect(p.normals.length).toBe(0);
    // It behaves as the point it is: 5 from a point at (4, 6) (a 3-4-5 triangle).
    expect(distance(p, at(0, 0), new Point2(), at(4, 6))).toBeCloseTo(5, 14);
  });

  it('a Polygon of collinear points has count 2: the two extreme points, and its two sides as normals', () => {
    const p = new Polygon([{ x: 1, y: 1 }, { x: 3, y: 3 }, { x: 2, y: 2 }, { x: 0, y: 0 }, { x: 1.5, y: 1.5 }]);
    expect(p.count).toBe(2);
    const ends = [[p.vertices[0], p.vertices[1]], [p.vertices[2], p.vertices[3]]].sort((u, v) => u[0] - v[0]);
    expect(ends).toEqual([[0, 0], [3, 3]]);
    // The two normals are opposite unit vectors perpendicular to the segment's direction (1, 1)/√2.
    const n = Array.from(p.normals);
    expect(n.length).toBe(4);
    expect(Math.abs(n[0] + n[1])).toBeLessThanOrEqual(1e-15);
    expect(n[0] + n[2]).toBeCloseTo(0, 15);
    expect(n[1] + n[3]).toBeCloseTo(0, 15);
    expect(Math.hypot(n[0], n[1])).toBeCloseTo(1, 15);
    // A point on its line beyond the end (4, 4) is √2 from (3, 3); one on the segment touches it.
    expect(distance(p, at(0, 0), new Point2(), at(4, 4))).toBeCloseTo(Math.SQRT2, 14);
    expect(contact(p, at(0, 0), new Point2(), at(1.25, 1.25))!.separation).toBe(0);
  });

  it('zero-size boxes, capsules and circles are points or segments, answered without NaN', () => {
    const shapes: Shape2[] = [new Box2(0, 0), new Box2(1, 0), new Capsule2(0, 0), new Capsule2(1, 0), new Circle(0), new Rounded2(new Point2(), 0)];
    for (const a of shapes) {
      for (const b of shapes) {
        for (const pb of [at(0, 0), at(0.5, 0, 1), at(3, 4, 2)]) {
          const r = contact(a, at(0, 0), b, pb)!;
          expect(finite(r) && Number.isFinite(r.separation), `${a.kind} vs ${b.kind}`).toBe(true);
        }
      }
    }
    // Box2(1, 0) is the segment from (−1, 0) to (1, 0); Capsule2(1, 0) the segment from (0, −1) to (0, 1).
    // Crossed at their midpoints, B must move 1 (past A's end along x, or its own along y) to come free:
    // their difference is the square with corners (±1, ±1), the origin at its centre. A point at (3, 4)
    // is √(2² + 4²) from the first.
    expect(contact(new Box2(1, 0), at(0, 0), new Capsule2(1, 0), at(0, 0))!.separation).toBe(-1);
    expect(distance(new Box2(1, 0), at(0, 0), new Point2(), at(3, 4))).toBeCloseTo(Math.sqrt(20), 14);
  });
});
