/**
 * Random 2D shapes and poses for the property tests, as the oracle's plain data (oracle2d.ts), and the
 * library's shape built from the same numbers. Coordinates mix arbitrary doubles with a 1/16 grid, so
 * exact ties (parallel edges, collinear and repeated points, shapes touching exactly) come up often.
 */
import fc from 'fast-check';
import { Box2, Capsule2, Circle, Point2, Polygon, Rounded2, Segment2, type Pose2Like, type Shape2 } from '../../src/2d/index.js';
import type { P2, Placed2D, Pose2D, Shape2D } from './oracle2d.js';
import { shapeSize } from './oracle2d.js';

/** A number in [lo, hi]: any double, or a multiple of 1/16 (exact ties). */
export const num = (lo: number, hi: number): fc.Arbitrary<number> => fc.oneof(
  fc.double({ min: lo, max: hi, noNaN: true }).map((v) => (Math.abs(v) < 1e-9 ? 0 : v)),
  fc.integer({ min: Math.ceil(lo * 16), max: Math.floor(hi * 16) }).map((k) => k / 16),
);
/** A length: 0 (a degenerate size) or in [1e-3, hi] (other magnitudes: test/2d/scale-free.test.ts). */
export const length = (hi: number): fc.Arbitrary<number> => fc.oneof(
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 6, arbitrary: num(1e-3, hi) },
);
export const point: fc.Arbitrary<P2> = fc.tuple(num(-1, 1), num(-1, 1));

/** 3..30 points: a cloud, points with repeats, collinear points (maybe one off the line), points on a circle. */
export const polygonPoints: fc.Arbitrary<P2[]> = fc.oneof(
  fc.array(point, { minLength: 3, maxLength: 30 }),
  fc.array(point, { minLength: 1, maxLength: 6 }).chain((base) =>
    fc.array(fc.nat(base.length - 1), { minLength: 3, maxLength: 30 }).map((ix) => ix.map((i) => base[i]))),
  fc.tuple(point, point, fc.array(num(-1, 1), { minLength: 3, maxLength: 30 }), fc.option(point)).map(([a, b, ts, extra]) => {
    const pts: P2[] = ts.map((t) => [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
    if (extra !== null) pts.push(extra);
    return pts;
  }),
  fc.tuple(fc.integer({ min: 3, max: 30 }), fc.double({ min: 0, max: 7, noNaN: true }), num(0.1, 1)).map(([n, phase, r]) =>
    Array.from({ length: n }, (_, i): P2 => [r * Math.cos(phase + (2 * Math.PI * i) / n), r * Math.sin(phase + (2 * Math.PI * i) / n)])),
);

/** A shape that is not rounded. */
export const baseShape: fc.Arbitrary<Shape2D> = fc.oneof(
  fc.constant({ kind: 'point' as const }),
  fc.oneof(
    fc.tuple(point, point).map(([a, b]) => ({ kind: 'segment' as const, a, b })),
    point.map((a) => ({ kind: 'segment' as const, a, b: a })),
  ),
  length(1).map((radius) => ({ kind: 'circle' as const, radius })),
  fc.tuple(length(1), length(1)).map(([hx, hy]) => ({ kind: 'box' as const, hx, hy })),
  fc.tuple(length(1), length(1)).map(([halfHeight, radius]) => ({ kind: 'capsule' as const, halfHeight, radius })),
  { weight: 3, arbitrary: polygonPoints.map((points) => ({ kind: 'polygon' as const, points })) },
);

/** Any shape: a base shape, rounded once or twice. */
export const shape: fc.Arbitrary<Shape2D> = fc.oneof(
  { weight: 4, arbitrary: baseShape },
  { weight: 1, arbitrary: fc.tuple(baseShape, length(0.5)).map(([inner, radius]) => ({ kind: 'rounded' as const, inner, radius })) },
  {
    weight: 1,
    arbitrary: fc.tuple(baseShape, length(0.3), length(0.3)).map(([inner, r1, r2]) =>
      ({ kind: 'rounded' as const, inner: { kind: 'rounded' as const, inner, radius: r1 }, radius: r2 })),
  },
);

/** Angles: small, large (up to 1e3), right angles (near-exact axis alignment), and any finite double. */
export const angle: fc.Arbitrary<number> = fc.oneof(
  fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
  fc.double({ min: -1e3, max: 1e3, noNaN: true }),
  fc.integer({ min: -8, max: 8 }).map((k) => (k * Math.PI) / 2),
  fc.constant(0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A rotation for rigid motions: within 1e3 rad (any finite angle plus another may overflow to infinity). */
export const moderateAngle: fc.Arbitrary<number> = fc.oneof(
  fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
  fc.double({ min: -1e3, max: 1e3, noNaN: true }),
  fc.integer({ min: -8, max: 8 }).map((k) => (k * Math.PI) / 2),
);

/** Scales every length of a shape by s (the pair's overall size). */
export function scaleShape(s: Shape2D, k: number): Shape2D {
  const sp = (p: P2): P2 => [p[0] * k, p[1] * k];
  switch (s.kind) {
    case 'point': return s;
    case 'segment': return { kind: 'segment', a: sp(s.a), b: sp(s.b) };
    case 'circle': return { kind: 'circle', radius: s.radius * k };
    case 'box': return { kind: 'box', hx: s.hx * k, hy: s.hy * k };
    case 'capsule': return { kind: 'capsule', halfHeight: s.halfHeight * k, radius: s.radius * k };
    case 'polygon': return { kind: 'polygon', points: s.points.map(sp) };
    case 'rounded': return { kind: 'rounded', inner: scaleShape(s.inner, k), radius: s.radius * k };
  }
}

/**
 * A pair placed near each other: A at a point within 4 sizes of the origin, B at A's position plus
 * g·(sizeA + sizeB) along a random direction (g in [0, 1.3], so roughly half the pairs overlap), the
 * whole pair scaled by 1e-2..1e2; the shapes' angles from `angles`.
 */
export function pairWith(angles: fc.Arbitrary<number>): fc.Arbitrary<[Placed2D, Placed2D]> {
  return fc.tuple(
    shape, shape, fc.tuple(num(-4, 4), num(-4, 4)), num(0, 1.3), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
    angles, angles, fc.constantFrom(1, 1, 1e-2, 0.1, 10, 100),
  ).map(([sa, sb, off, g, phi, angA, angB, k]) => {
    const a = scaleShape(sa, k), b = scaleShape(sb, k);
    const reach = g * (shapeSize(a) + shapeSize(b));
    const pa: Pose2D = { x: off[0] * k, y: off[1] * k, angle: angA };
    const pb: Pose2D = { x: pa.x + reach * Math.cos(phi), y: pa.y + reach * Math.sin(phi), angle: angB };
    return [{ shape: a, pose: pa }, { shape: b, pose: pb }];
  });
}

/** A pair at any angles. */
export const pair = pairWith(angle);

/** The library's shape for the oracle's description. */
export function build(s: Shape2D): Shape2 {
  switch (s.kind) {
    case 'point': return new Point2();
    case 'segment': return new Segment2({ x: s.a[0], y: s.a[1] }, { x: s.b[0], y: s.b[1] });
    case 'circle': return new Circle(s.radius);
    case 'box': return new Box2(s.hx, s.hy);
    case 'capsule': return new Capsule2(s.halfHeight, s.radius);
    case 'polygon': return new Polygon(s.points.map(([x, y]) => ({ x, y })));
    case 'rounded': return new Rounded2(build(s.inner), s.radius);
  }
}

/** The library's pose for the oracle's. */
export const pose = (p: Pose2D): Pose2Like => ({ position: { x: p.x, y: p.y }, angle: p.angle });
