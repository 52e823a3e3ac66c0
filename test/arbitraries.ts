/**
 * fast-check arbitraries shared by the cross-module tests. Shapes are generated in the JSON SHAPE format
 * (plain data the oracles read), and built into library shapes with `shapeFromJSON` by the tests.
 *
 * Two sets: well-conditioned (sizes 0.2..2, aspect ≤ 10, poses within ±3) and hard (slivers,
 * near-coplanar and duplicated/collinear hull points, scales 1e-3..1e3, poses 1e5 from the origin).
 */
import fc from 'fast-check';
import type { ShapeJSON } from '../src/format/index.js';
import { add, at, normalize, normalizeQ, type PoseT, type Q4, type V3 } from './oracles.js';

/**
 * A double in [min, max] on a grid of 2^30 steps: well-conditioned (fast-check's own doubles favour
 * subnormal and extreme values, which belong to the hard set, see `rawNum`).
 */
export const num = (min: number, max: number): fc.Arbitrary<number> =>
  fc.integer({ min: 0, max: 2 ** 30 }).map((k) => (k === 2 ** 30 ? max : min + ((max - min) * k) / 2 ** 30));
/** Any double in [min, max], subnormals included: for the hard set. */
export const rawNum = (min: number, max: number): fc.Arbitrary<number> => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

export const vec = (r: number): fc.Arbitrary<V3> => fc.tuple(num(-r, r), num(-r, r), num(-r, r));

/** Uniform-ish unit quaternions (normalised Gaussian-like tuple, away from zero). */
export const unitQuat: fc.Arbitrary<Q4> = fc
  .tuple(num(-1, 1), num(-1, 1), num(-1, 1), num(-1, 1))
  .filter((q) => Math.hypot(...q) > 0.2)
  .map((q) => normalizeQ(q as Q4));

/** Unit direction. */
export const unitVec: fc.Arbitrary<V3> = vec(1).filter((v) => Math.hypot(...v) > 0.1).map(normalize);

export const pose = (r = 3): fc.Arbitrary<PoseT> => fc.record({ position: vec(r), quaternion: unitQuat });

const size = num(0.2, 2);

/** 4..n random points in a box of half size s (well spread; hulls of them are solid almost surely). */
export const hullPoints = (s = 1, min = 4, max = 8): fc.Arbitrary<V3[]> => fc.array(vec(s), { minLength: min, maxLength: max });

export const polytopeShape: fc.Arbitrary<ShapeJSON> = fc.oneof(
  fc.record({ type: fc.constant('box' as const), halfExtents: fc.tuple(size, size, size) }),
  fc.record({ type: fc.constant('convexHull' as const), points: hullPoints(1.5) }),
  fc.record({ type: fc.constant('triangle' as const), a: vec(1.5), b: vec(1.5), c: vec(1.5) }),
  fc.record({ type: fc.constant('segment' as const), a: vec(1.5), b: vec(1.5) }),
  fc.constant({ type: 'point' as const }),
) as fc.Arbitrary<ShapeJSON>;

/** Polytopes with a solid hull (box or 4..7 spread points), for the depth brute force. */
export const solidPolytope: fc.Arbitrary<ShapeJSON> = fc.oneof(
  fc.record({ type: fc.constant('box' as const), halfExtents: fc.tuple(size, size, size) }),
  fc.record({ type: fc.constant('convexHull' as const), points: hullPoints(1.5, 4, 7) }),
) as fc.Arbitrary<ShapeJSON>;

export const curvedShape: fc.Arbitrary<ShapeJSON> = fc.oneof(
  fc.record({ type: fc.constant('sphere' as const), radius: size }),
  fc.record({ type: fc.constant('capsule' as const), halfHeight: size, radius: size }),
  fc.record({ type: fc.constant('cylinder' as const), halfHeight: size, radius: size }),
  fc.record({ type: fc.constant('cone' as const), halfHeight: size, radius: size }),
  fc.record({ type: fc.constant('ellipsoid' as const), radii: fc.tuple(size, size, size) }),
  fc.record({ type: fc.constant('rounded' as const), shape: polytopeShape, radius: num(0.05, 1) }),
  fc.record({
    type: fc.constant('minkowskiSum' as const),
    a: fc.record({ type: fc.constant('box' as const), halfExtents: fc.tuple(size, size, size) }),
    b: fc.record({ type: fc.constant('sphere' as const), radius: size }),
  }),
) as fc.Arbitrary<ShapeJSON>;

/** Wrappers of wrappers: sums of any two shapes, rounded curved shapes, rounded sums (a swept-segment "capsule" of anything). */
export const nestedShape: fc.Arbitrary<ShapeJSON> = fc.oneof(
  fc.tuple(polytopeShape, curvedShape).map(([a, b]) => ({ type: 'minkowskiSum' as const, a, b })),
  fc.tuple(curvedShape, num(0.01, 0.5)).map(([shape, radius]) => ({ type: 'rounded' as const, shape, radius })),
  fc.tuple(fc.oneof(polytopeShape, curvedShape), vec(0.5), num(0.01, 0.5)).map(([a, d, radius]) => ({
    type: 'rounded' as const, radius, shape: { type: 'minkowskiSum' as const, a, b: { type: 'segment' as const, a: [0, 0, 0], b: d } },
  })),
) as fc.Arbitrary<ShapeJSON>;

export const anyShape: fc.Arbitrary<ShapeJSON> = fc.oneof(polytopeShape, curvedShape, nestedShape);

/** Scales every length of a shape by s. */
export function scaleShape(j: ShapeJSON, s: number): ShapeJSON {
  const v = (p: number[]) => p.map((x) => x * s);
  switch (j.type) {
    case 'point': return j;
    case 'segment': return { ...j, a: v(j.a), b: v(j.b) };
    case 'triangle': return { ...j, a: v(j.a), b: v(j.b), c: v(j.c) };
    case 'sphere': return { ...j, radius: j.radius * s };
    case 'box': return { ...j, halfExtents: v(j.halfExtents) };
    case 'capsule': case 'cylinder': case 'cone': return { ...j, halfHeight: j.halfHeight * s, radius: j.radius * s };
    case 'ellipsoid': return { ...j, radii: v(j.radii) };
    case 'convexHull': return { ...j, points: j.points.map(v) };
    case 'rounded': return { ...j, shape: scaleShape(j.shape, s), radius: j.radius * s };
    case 'minkowskiSum': return { ...j, a: scaleShape(j.a, s), b: scaleShape(j.b, s) };
    case 'scaled': return { ...j, shape: scaleShape(j.shape, s) };
  }
}

/**
 * A pair of poses whose frames are `gap` × (sum of sizes) apart along a random direction, with random
 * rotations, both shifted by a common offset. `gapRange` steers the overlap rate.
 */
export const placedPair = (sizeA: number, sizeB: number, gapRange: [number, number], offsetR = 3) =>
  fc.record({ dir: unitVec, gap: num(gapRange[0], gapRange[1]), qa: unitQuat, qb: unitQuat, off: vec(offsetR) }).map(({ dir, gap, qa, qb, off }) => {
    const d = gap * (sizeA + sizeB);
    const poseA = at(off[0], off[1], off[2], qa);
    const pb = add(off, [dir[0] * d, dir[1] * d, dir[2] * d]);
    const poseB = at(pb[0], pb[1], pb[2], qb);
    return { poseA, poseB };
  });

// ------------------------------------------------------------------------------------------------
// Hard set.

/** Slivers: boxes with one extent 1e-6..1e-3 of the others, needle hulls. */
export const sliverShape: fc.Arbitrary<ShapeJSON> = fc.oneof(
  fc.record({ type: fc.constant('box' as const), halfExtents: fc.tuple(size, size, num(1e-6, 1e-3)) }),
  fc.tuple(vec(1), num(1e-6, 1e-3)).map(([d, e]) => ({
    type: 'convexHull' as const,
    points: [[0, 0, 0], d, [d[0] + e, d[1], d[2]], [d[0], d[1] + e, d[2] + e]],
  })),
) as fc.Arbitrary<ShapeJSON>;

/** Hulls whose points are coplanar up to 1e-9..1e-6 (z jitter), plus duplicated and collinear points. */
export const nearCoplanarHull: fc.Arbitrary<ShapeJSON> = fc
  .tuple(fc.array(fc.tuple(num(-1, 1), num(-1, 1), num(-1e-7, 1e-7)), { minLength: 4, maxLength: 8 }), fc.boolean())
  .map(([pts, dup]) => {
    const points = pts.map((p) => [...p]);
    if (dup) {
      points.push([...points[0]]); // duplicate
      points.push([(points[0][0] + points[1][0]) / 2, (points[0][1] + points[1][1]) / 2, (points[0][2] + points[1][2]) / 2]); // on an edge line
    }
    return { type: 'convexHull' as const, points };
  });

/** Flat / degenerate polytopes: exactly coplanar hulls, collinear hulls, degenerate triangles, single points. */
export const flatShape: fc.Arbitrary<ShapeJSON> = fc.oneof(
  fc.array(fc.tuple(num(-1, 1), num(-1, 1)), { minLength: 3, maxLength: 6 }).map((pts) => ({ type: 'convexHull' as const, points: pts.map(([x, y]) => [x, y, 0]) })),
  fc.tuple(vec(1), fc.array(num(-1, 1), { minLength: 2, maxLength: 4 })).map(([d, ts]) => ({ type: 'convexHull' as const, points: ts.map((t) => [d[0] * t, d[1] * t, d[2] * t]) })),
  fc.tuple(vec(1), num(-1, 2)).map(([d, t]) => ({ type: 'triangle' as const, a: [0, 0, 0], b: d, c: [d[0] * t, d[1] * t, d[2] * t] })),
  fc.record({ type: fc.constant('box' as const), halfExtents: fc.tuple(size, size, fc.constant(0)) }),
) as fc.Arbitrary<ShapeJSON>;

/** Well-conditioned polytopes scaled by 10^k, k ∈ [−3, 3]. */
export const scaledPolytope = fc.tuple(polytopeShape, fc.integer({ min: -3, max: 3 })).map(([j, k]) => ({ json: scaleShape(j, 10 ** k), s: 10 ** k }));

// ------------------------------------------------------------------------------------------------
// Bridge to the library (the only part of this file that imports src/).
import { shapeFromJSON } from '../src/format/index.js';
import type { Shape } from '../src/index.js';
import { poseObj, type Placed } from './oracles.js';

/** The library's shape and pose for a placed JSON shape. */
export function build(p: Placed): { shape: Shape; pose: ReturnType<typeof poseObj> } {
  return { shape: shapeFromJSON(p.json), pose: poseObj(p.pose) };
}

/** Printable description of a failing case (JSON SHAPE + tuple poses), for golden files. */
export function describeCase(a: Placed, b: Placed): string {
  return JSON.stringify({ a: a.json, poseA: a.pose, b: b.json, poseB: b.pose });
}
