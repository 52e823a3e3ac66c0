/**
 * What the queries do with bad input (the hardening issue's probes, each turned into a test): every
 * argument is checked at the public boundary, and the only outcomes are a correct answer or a
 * CollisionError naming the argument (or a user's own exception, passed through). Never a raw TypeError,
 * never a coerced value coming back in a result.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Box, closestPoints, CollisionError, computeAabb, contact, contactManifold, contactManifolds, createContactResult, distance, GjkCache, InvalidArgumentError,
  InvalidNumberError, InvalidPoseError, InvalidShapeError, intersects, penetration, rayCast, Rounded, shapeCast, Sphere, type PoseLike, type Shape,
} from '../../src/index.js';
import { CollisionWorld } from '../../src/world/collision-world.js';
import { runs, seed } from '../runs.js';

const ID = { x: 0, y: 0, z: 0, w: 1 };
const at = (x: number, y = 0, z = 0): PoseLike => ({ position: { x, y, z }, quaternion: { ...ID } });
const box = new Box(0.5, 0.5, 0.5), ball = new Sphere(0.25);
const custom = (sweptRadius: unknown, boundingRadius: unknown): Shape => ({
  sweptRadius, boundingRadius, support(out: { x: number; y: number; z: number }) { out.x = 0; out.y = 0; out.z = 0; return out; },
}) as unknown as Shape;

describe('poses', () => {
  it('a string component is an error, not concatenated into the result', () => {
    const call = () => contact(box, { position: { x: '1', y: 0, z: 0 }, quaternion: ID } as unknown as PoseLike, ball, at(1, 0.2));
    expect(call).toThrow(InvalidNumberError);
    expect(call).toThrow('poseA.position.x is string "1"; expected a finite number');
  });

  it.each([
    ['null', null], ['a boolean', true], ['an array', [1]], ['an object with valueOf', { valueOf: () => 1 }], ['a BigInt', 1n], ['a Symbol', Symbol('x')],
  ])('%s as a component is an InvalidNumberError naming it', (_name, value) => {
    const pose = { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: value } } as unknown as PoseLike;
    expect(() => distance(box, at(0), ball, pose)).toThrow(/^poseB\.quaternion\.w is /);
    expect(() => distance(box, at(0), ball, pose)).toThrow(InvalidNumberError);
  });

  it.each([['null', null], ['missing', undefined], ['{}', {}], ['a number', 5], ['a pose without a quaternion', { position: { x: 0, y: 0, z: 0 } }]])(
    'a pose that is %s is an InvalidPoseError', (_name, pose) => {
      expect(() => intersects(box, pose as unknown as PoseLike, ball, at(0))).toThrow(InvalidPoseError);
      expect(() => computeAabb(box, pose as unknown as PoseLike)).toThrow(InvalidPoseError);
    },
  );
});

describe('shapes', () => {
  it('a user shape\'s radii must be finite lengths', () => {
    expect(() => distance(custom('0.1', 1), at(0), ball, at(3))).toThrow('a.sweptRadius is string "0.1"');
    expect(() => intersects(ball, at(0), custom(NaN, 1), at(3))).toThrow('b.sweptRadius is NaN');
    expect(() => contact(custom(0, undefined), at(0), ball, at(3))).toThrow('a.boundingRadius is missing');
    expect(() => computeAabb(custom(-1, 1), at(0))).toThrow('shape.sweptRadius is -1');
    expect(() => new Rounded(custom(0, Infinity) as never, 0.1)).toThrow(InvalidShapeError);
    expect(distance(custom(0.5, 1), at(0), ball, at(3))).toBeCloseTo(2.25, 15);
  });

  it('a value that is not a shape is an InvalidShapeError', () => {
    expect(() => distance(5 as never, at(0), ball, at(3))).toThrow(InvalidShapeError);
    expect(() => distance(box, at(0), null as never, at(3))).toThrow('b is null; expected a shape object');
  });
});

describe('options, cache, trace and out', () => {
  it('null options and a null out are no options and no out, in every query', () => {
    expect(intersects(box, at(0), ball, at(1), null as never)).toBe(false);
    expect(distance(box, at(0), ball, at(1), null as never)).toBe(0.25);
    expect(closestPoints(box, at(0), ball, at(1), null, null as never).distance).toBe(0.25);
    expect(penetration(box, at(0), ball, at(0.6), null, null as never)!.depth).toBeCloseTo(0.15, 15);
    expect(contact(box, at(0), ball, at(1), null, null as never)!.separation).toBe(0.25);
  });

  it.each([
    ['options 5', 5, /^options is 5; expected an object/],
    ['a null cache', { cache: null }, /^options\.cache is null/],
    ['a number cache', { cache: 3 }, /^options\.cache is 3; expected a GjkCache/],
    ['a frozen cache', { cache: Object.freeze(new GjkCache()) }, /^options\.cache is frozen/],
    ['trace 5', { trace: 5 }, /^options\.trace is 5; expected a function/],
    ['a string tolerance', { gjkRelativeTolerance: '0.1' }, /^options\.gjkRelativeTolerance is string/],
    // (distance takes no maxDistance: there the key itself is the error.)
    ['a null maxDistance', { maxDistance: null }, /^options\.maxDistance is (null|not an option here)/],
  ])('%s is a typed error naming it', (_name, options, message) => {
    for (const call of [
      () => distance(box, at(0), ball, at(1), options as never),
      () => contact(box, at(0), ball, at(1), undefined, options as never),
    ]) {
      expect(call).toThrow(CollisionError);
      expect(call).toThrow(message);
    }
  });

  it('a misspelt or unknown option is a typed error naming it, the accepted ones and the nearest', () => {
    // (They were ignored: { maxDistanse: 0.5 } ran with no limit.)
    expect(() => contact(box, at(0), ball, at(1), undefined, { maxDistanse: 0.5 } as never))
      .toThrow(/^options\.maxDistanse is not an option here \(did you mean maxDistance\?\); expected one of cache, trace, /);
    expect(() => distance(box, at(0), ball, at(1), { maxDistance: 0.5 } as never)).toThrow(/^options\.maxDistance is not an option here; expected one of cache, trace, gjkRelativeTolerance, gjkMaxIterations$/);
    expect(() => contactManifold(box, at(0), ball, at(1), undefined, { margn: 0.1 } as never)).toThrow(/did you mean margin\?/);
    expect(() => contactManifolds(box, at(0), ball, at(1), undefined, { meshEdge: 'exact' } as never)).toThrow(/did you mean meshEdges\?/);
    expect(contact(box, at(0), ball, at(1), undefined, { maxDistance: 0.5, gjkMaxIterations: 50 })!.separation).toBe(0.25);
    // Rays, casts and their motions, and the world's options.
    expect(() => rayCast(box, at(0), { x: -5, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, null, { maxt: 3 } as never)).toThrow(/^options\.maxt is not an option here \(did you mean maxT\?\)/);
    expect(() => shapeCast(ball, at(-5), { linaer: { x: 1, y: 0, z: 0 } } as never, box, at(0), null)).toThrow(/^motionA\.linaer is not an option here \(did you mean linear\?\)/);
    expect(() => shapeCast(ball, at(-5), null, box, at(0), null, null, { maxtime: 3 } as never)).toThrow(/did you mean maxTime\?/);
    expect(() => new CollisionWorld({ margn: 0.1 } as never)).toThrow(/^options\.margn is not an option here \(did you mean margin\?\)/);
    const world = new CollisionWorld();
    expect(() => world.add(box, at(0), { statc: true } as never)).toThrow(/did you mean static\?/);
    expect(() => world.rayCast({ x: -5, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { filtr: () => true } as never)).toThrow(/did you mean filter\?/);
    expect(() => world.shapeCast(ball, at(-5), { linear: { x: 1, y: 0, z: 0 } }, { maxTim: 2 } as never)).toThrow(/did you mean maxTime\?/);
    expect(() => world.shapeCast(ball, at(-5), { angulr: { x: 1, y: 0, z: 0 } } as never)).toThrow(/^motion\.angulr is not an option here/);
  });

  it.each([
    ['a number', 5], ['{}', {}], ['a frozen record', Object.freeze(createContactResult())],
    ['a record with a frozen point', (() => { const r = createContactResult(); Object.freeze(r.pointA); return r; })()],
  ])('out that is %s is an InvalidArgumentError', (_name, out) => {
    expect(() => contact(box, at(0), ball, at(1), out as never)).toThrow(InvalidArgumentError);
    expect(() => closestPoints(box, at(0), ball, at(1), out as never)).toThrow(/^out is not a writable result record/);
  });
});

describe('garbage in every argument', () => {
  const valid = {
    shape: fc.constantFrom<Shape>(box, ball, custom(0.1, 1)),
    pose: fc.constant(at(0.3)),
  };
  /** Anything, or a valid value, or a valid value with one field replaced by anything (or a throwing getter). */
  const userError = new Error('from a getter');
  const maybe = <T>(ok: fc.Arbitrary<T>) => fc.oneof(
    ok,
    fc.anything(),
    fc.tuple(ok, fc.string(), fc.anything()).map(([v, k, x]) => (typeof v === 'object' && v !== null ? { ...v, [k]: x } : v)),
    ok.map((v) => (typeof v === 'object' && v !== null ? Object.defineProperty({ ...v }, 'position', { get() { throw userError; } }) : v)),
  );
  const QUERIES: ((a: unknown, pa: unknown, b: unknown, pb: unknown, out: unknown, o: unknown) => unknown)[] = [
    (a, pa, b, pb, _out, o) => intersects(a as Shape, pa as PoseLike, b as Shape, pb as PoseLike, o as never),
    (a, pa, b, pb, _out, o) => distance(a as Shape, pa as PoseLike, b as Shape, pb as PoseLike, o as never),
    (a, pa, b, pb, out, o) => closestPoints(a as Shape, pa as PoseLike, b as Shape, pb as PoseLike, out as never, o as never),
    (a, pa, b, pb, out, o) => penetration(a as Shape, pa as PoseLike, b as Shape, pb as PoseLike, out as never, o as never),
    (a, pa, b, pb, out, o) => contact(a as Shape, pa as PoseLike, b as Shape, pb as PoseLike, out as never, o as never),
    (a, pa) => computeAabb(a as Shape, pa as PoseLike),
  ];

  it('every public query answers or throws a CollisionError (or the user\'s own exception)', () => {
    let answered = 0, rejected = 0;
    fc.assert(fc.property(
      fc.integer({ min: 0, max: QUERIES.length - 1 }), maybe(valid.shape), maybe(valid.pose), maybe(valid.shape), maybe(valid.pose),
      fc.oneof(fc.constant(undefined), fc.anything()), fc.oneof(fc.constant(undefined), fc.anything()),
      (q, a, pa, b, pb, out, options) => {
        try {
          QUERIES[q](a, pa, b, pb, out, options);
          answered++;
        } catch (error) {
          if (error !== userError && !(error instanceof CollisionError)) throw error;
          rejected++;
        }
      },
    ), { seed: seed(1125), numRuns: runs(3000) });
    // Both outcomes are exercised.
    expect(answered).toBeGreaterThan(50);
    expect(rejected).toBeGreaterThan(500);
  });
});

describe('a 2D shape where a 3D one goes', () => {
  // FC_SEED=random (the garbage fuzz): a Circle of convex-collide/2d passed for a support map of one's own,
  // and its support, writing x and y only, left a z never written (NaN in supportWithRadius's answer).
  it('is a typed error naming the argument, in the queries, the wrappers and supportWithRadius', async () => {
    const { Circle } = await import('../../src/2d/index.js');
    const { supportWithRadius } = await import('../../src/index.js');
    const circle = new Circle(0.5) as unknown as Shape;
    for (const call of [
      () => contact(circle, at(0), box, at(1)), () => distance(box, at(0), circle, at(1)), () => rayCast(circle, at(0), { x: -2, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }),
      () => new Rounded(circle as never, 0.1), () => supportWithRadius({ x: 0, y: 0, z: 0 }, circle as never, { x: 1, y: 0, z: 0 }),
    ]) {
      expect(call).toThrow(InvalidShapeError);
      expect(call).toThrow(/is a 2D shape \("circle"\) of convex-collide\/2d; the 3D queries take 3D shapes/);
    }
  });
});
