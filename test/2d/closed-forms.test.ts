/**
 * The 2D queries on pairs whose answer has a closed form: circles (|c2 − c1| − r1 − r2), axis-aligned
 * boxes (the gap between rectangles, or minus the smaller overlap along x or y), a circle against an
 * axis-aligned box (the box's signed distance field at the centre, minus the radius), and the worked
 * example of the 2D issue (a triangle and a quadrilateral 11/√41 ≈ 1.7179 apart), derived by hand below.
 * Each answer is computed here from its formula, not by the oracle and not by the library.
 *
 * Tolerance 1e-12 · the pair's size: the library works in A's frame (one rotation of B's offset, a few
 * ulps) and GJK ends on exact vertices, so these agree to rounding.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Box2, Circle, closestPoints, contact, distance, intersects, penetration, Polygon, type Pose2Like, type Shape2 } from '../../src/2d/index.js';
import { runs } from '../runs.js';

const RUNS = runs(300);
const TOL = 1e-12;
const pose = (x: number, y: number, angle = 0): Pose2Like => ({ position: { x, y }, angle });
// Subnormal sizes are left out (a tiny value becomes 0): the 2D entry refuses a pair whose whole size is
// below 2^-200, as documented, and these tests are about answers.
const coord = fc.oneof(
  fc.double({ min: -10, max: 10, noNaN: true }).map((v) => (Math.abs(v) < 1e-9 ? 0 : v)),
  fc.integer({ min: -80, max: 80 }).map((k) => k / 8),
);
/** B's centre relative to A's: within 8 along each axis, so about a third of the pairs overlap. */
const offset = fc.oneof(
  fc.double({ min: -8, max: 8, noNaN: true }).map((v) => (Math.abs(v) < 1e-9 ? 0 : v)),
  fc.integer({ min: -64, max: 64 }).map((k) => k / 8),
);
/** A length: 0, any double in [1e-3, hi], or a multiple of 1/8 (exact ties: touching circles and boxes). */
const len = (hi: number) => fc.oneof(
  fc.constant(0),
  fc.double({ min: 1e-3, max: hi, noNaN: true }),
  fc.integer({ min: 1, max: Math.floor(hi * 8) }).map((k) => k / 8),
);

function sep(a: Shape2, pa: Pose2Like, b: Shape2, pb: Pose2Like): number {
  const r = contact(a, pa, b, pb);
  if (r === null) throw new Error('contact without maxDistance answered null');
  return r.separation;
}

/** Checks every query against a known signed separation (and, where given, the normal). */
function checkAll(a: Shape2, pa: Pose2Like, b: Shape2, pb: Pose2Like, expected: number, tol: number, normal?: [number, number]): void {
  const r = contact(a, pa, b, pb)!;
  expect(Math.abs(r.separation - expected)).toBeLessThanOrEqual(tol);
  expect(Math.abs(distance(a, pa, b, pb) - Math.max(0, expected))).toBeLessThanOrEqual(tol);
  expect(Math.abs(closestPoints(a, pa, b, pb).distance - Math.max(0, expected))).toBeLessThanOrEqual(tol);
  if (expected > tol) expect(intersects(a, pa, b, pb)).toBe(false);
  if (expected < -tol) {
    expect(intersects(a, pa, b, pb)).toBe(true);
    expect(Math.abs(penetration(a, pa, b, pb)!.depth + expected)).toBeLessThanOrEqual(tol);
  }
  if (normal !== undefined) {
    expect(Math.abs(r.normal.x - normal[0])).toBeLessThanOrEqual(1e-9);
    expect(Math.abs(r.normal.y - normal[1])).toBeLessThanOrEqual(1e-9);
  }
}

describe('circles', () => {
  it('separation is |c2 − c1| − r1 − r2, the normal (c2 − c1)/|c2 − c1|, and the witnesses c1 + r1·n, c2 − r2·n', () => {
    let overlapping = 0;
    fc.assert(
      fc.property(coord, coord, offset, offset, len(5), len(5), fc.double({ min: -1e3, max: 1e3, noNaN: true }), fc.double({ min: -1e3, max: 1e3, noNaN: true }),
        (x1, y1, ox, oy, r1, r2, t1, t2) => {
          const x2 = x1 + ox, y2 = y1 + oy;
          const d = Math.hypot(x2 - x1, y2 - y1), expected = d - r1 - r2;
          const size = Math.abs(x1) + Math.abs(y1) + Math.abs(x2) + Math.abs(y2) + r1 + r2;
          if (expected < 0) overlapping++;
          const a = new Circle(r1), b = new Circle(r2), pa = pose(x1, y1, t1), pb = pose(x2, y2, t2);
          // The centres' direction is well defined once they are apart by more than rounding.
          const n: [number, number] | undefined = d > 1e-3 * size ? [(x2 - x1) / d, (y2 - y1) / d] : undefined;
          checkAll(a, pa, b, pb, expected, TOL * size, n);
          if (n !== undefined) {
            const r = contact(a, pa, b, pb)!;
            expect(Math.hypot(r.pointA.x - (x1 + r1 * n[0]), r.pointA.y - (y1 + r1 * n[1]))).toBeLessThanOrEqual(1e-9 * size);
            expect(Math.hypot(r.pointB.x - (x2 - r2 * n[0]), r.pointB.y - (y2 - r2 * n[1]))).toBeLessThanOrEqual(1e-9 * size);
          }
        }),
      { numRuns: RUNS },
    );
    expect(overlapping).toBeGreaterThan(RUNS * 0.15);
  });

  it('two unit circles with centres 3 apart: separation 1; 1.5 apart: −0.5; 2 apart: touching, 0', () => {
    const c = new Circle(1);
    expect(sep(c, pose(0, 0), c, pose(3, 0))).toBe(1);
    expect(sep(c, pose(0, 0), c, pose(0, 1.5))).toBe(-0.5);
    expect(sep(c, pose(1, 1), c, pose(1, -1))).toBe(0);
    expect(intersects(c, pose(1, 1), c, pose(1, -1))).toBe(true);
  });

  it('coincident centres: depth r1 + r2, a unit normal, each point on its own circle', () => {
    const r = contact(new Circle(0.5), pose(2, -1, 0.3), new Circle(0.25), pose(2, -1, 2))!;
    expect(r.separation).toBe(-0.75);
    expect(Math.hypot(r.normal.x, r.normal.y)).toBeCloseTo(1, 15);
    expect(Math.hypot(r.pointA.x - 2, r.pointA.y + 1)).toBeCloseTo(0.5, 15);
    expect(Math.hypot(r.pointB.x - 2, r.pointB.y + 1)).toBeCloseTo(0.25, 15);
  });

  it('a circle is the same at every angle: its answers against a box do not change with it, bit for bit', () => {
    // The queries leave a circle's rotation out (its core is a point at its centre), which must not show.
    const circle = new Circle(0.7), box = new Box2(1, 0.4);
    fc.assert(fc.property(offset, offset, fc.double({ min: -7, max: 7, noNaN: true }), fc.double({ min: -1e3, max: 1e3, noNaN: true }), (x, y, boxAngle, circleAngle) => {
      const c0 = contact(circle, pose(x, y, 0), box, pose(0, 0, boxAngle))!;
      const c1 = contact(circle, pose(x, y, circleAngle), box, pose(0, 0, boxAngle))!;
      expect(c1).toEqual(c0);
      const d0 = contact(box, pose(0, 0, boxAngle), circle, pose(x, y, 0))!;
      expect(contact(box, pose(0, 0, boxAngle), circle, pose(x, y, circleAngle))).toEqual(d0);
      // And the answer is the closed form: the box's signed distance at the centre, minus the radius.
      const c = Math.cos(boxAngle), s = Math.sin(boxAngle), lx = c * x + s * y, ly = -s * x + c * y;
      const qx = Math.abs(lx) - 1, qy = Math.abs(ly) - 0.4;
      const signed = qx > 0 || qy > 0 ? Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) : Math.max(qx, qy);
      expect(Math.abs(c0.separation - (signed - 0.7))).toBeLessThanOrEqual(1e-12 * (1 + Math.abs(x) + Math.abs(y)));
    }), { numRuns: RUNS });
  });
});

/** Signed separation of axis-aligned rectangles (centres c, half extents h). */
function boxBox(ca: [number, number], ha: [number, number], cb: [number, number], hb: [number, number]): number {
  // Gap along each axis: positive where the intervals are apart, minus the overlap where they overlap.
  const gx = Math.abs(cb[0] - ca[0]) - (ha[0] + hb[0]);
  const gy = Math.abs(cb[1] - ca[1]) - (ha[1] + hb[1]);
  // Apart along some axis: the distance between the rectangles (corner to corner, or edge to edge).
  if (gx > 0 || gy > 0) return Math.hypot(Math.max(gx, 0), Math.max(gy, 0));
  // Overlapping: the smaller overlap, the shorter of the two axis-aligned escapes (a box's support
  // function has its minimum overlap along a face normal, and the faces are axis-aligned).
  return Math.max(gx, gy);
}

describe('axis-aligned boxes', () => {
  it('separated: the distance between the rectangles; overlapping: minus the smaller overlap along x or y', () => {
    let overlapping = 0;
    fc.assert(
      fc.property(coord, coord, offset, offset, len(5), len(5), len(5), len(5), fc.constantFrom(0, Math.PI, -Math.PI),
        (x1, y1, ox, oy, hx1, hy1, hx2, hy2, turn) => {
          const x2 = x1 + ox, y2 = y1 + oy;
          const expected = boxBox([x1, y1], [hx1, hy1], [x2, y2], [hx2, hy2]);
          const size = Math.abs(x1) + Math.abs(y1) + Math.abs(x2) + Math.abs(y2) + hx1 + hy1 + hx2 + hy2;
          if (expected < 0) overlapping++;
          // A half turn maps a box onto itself (up to sin π ≈ 1.2e-16 of rounding, within the tolerance).
          checkAll(new Box2(hx1, hy1), pose(x1, y1, turn), new Box2(hx2, hy2), pose(x2, y2, 0), expected, TOL * size);
        }),
      { numRuns: RUNS },
    );
    expect(overlapping).toBeGreaterThan(RUNS * 0.15);
  });

  it('a 2×2 box and a 4×2 box: centres 4 apart along x give 1, along the diagonal (4, 3) give √(1² + 1²), 2 apart give −1', () => {
    const a = new Box2(1, 1), b = new Box2(2, 1);
    expect(sep(a, pose(0, 0), b, pose(4, 0))).toBe(1);
    expect(sep(a, pose(0, 0), b, pose(4, 3))).toBeCloseTo(Math.SQRT2, 14);
    // Overlap 1 along x, 2 along y: the escape is along x, so the normal is +x.
    const r = contact(a, pose(0, 0), b, pose(2, 0))!;
    expect(r.separation).toBe(-1);
    expect(r.normal).toEqual({ x: 1, y: 0 });
  });
});

/** Signed distance from p to an axis-aligned rectangle (centre c, half extents h). */
function boxSdf(p: [number, number], c: [number, number], h: [number, number]): number {
  const qx = Math.abs(p[0] - c[0]) - h[0], qy = Math.abs(p[1] - c[1]) - h[1];
  // Outside: the distance to the nearest point of the rectangle; inside: minus the distance to the
  // nearest side.
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  return outside > 0 ? outside : Math.max(qx, qy);
}

describe('circle against an axis-aligned box', () => {
  it('separation is the box\'s signed distance at the centre minus the radius', () => {
    let overlapping = 0;
    fc.assert(
      fc.property(coord, coord, offset, offset, len(5), len(5), len(5), fc.boolean(),
        (bx, by, ox, oy, hx, hy, r, circleFirst) => {
          const cx = bx + ox, cy = by + oy;
          const expected = boxSdf([cx, cy], [bx, by], [hx, hy]) - r;
          const size = Math.abs(bx) + Math.abs(by) + Math.abs(cx) + Math.abs(cy) + hx + hy + r;
          if (expected < 0) overlapping++;
          const box = new Box2(hx, hy), circle = new Circle(r);
          if (circleFirst) checkAll(circle, pose(cx, cy, 0.3), box, pose(bx, by), expected, TOL * size);
          else checkAll(box, pose(bx, by), circle, pose(cx, cy, -2), expected, TOL * size);
        }),
      { numRuns: RUNS },
    );
    expect(overlapping).toBeGreaterThan(RUNS * 0.15);
  });

  it('long boxes, up to 1e15 × 0.5: exact by the small shape\'s size (the hardening issue\'s reproducer and random near pairs)', () => {
    // A circle of radius 0.5, 3 above a Box2(1e15, 0.5): GJK read 0 and intersects true; 0.8 above, separation
    // 0 (expected −0.2); at 1e12, 2.5 (the hull of the box's corners dropped its thin sides, and GJK
    // interpolated along a 2e12 edge). Now the circle–polygon closed form (2d/point-core2.ts), its slack by
    // what it computes, not by the box's length.
    const box = new Box2(1e15, 0.5), ball = new Circle(0.5);
    expect(distance(box, pose(0, 0), ball, pose(0.3, 3))).toBe(2);
    expect(intersects(box, pose(0, 0), ball, pose(0.3, 3))).toBe(false);
    expect(contact(box, pose(0, 0), ball, pose(0.3, 0.8))!.separation).toBeCloseTo(-0.2, 14);
    expect(contact(ball, pose(0.3, 0.8), box, pose(0, 0))!.separation).toBeCloseTo(-0.2, 14);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), offset, offset, len(2), len(2), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), fc.boolean(),
        (e, ox, oy, hy, r, angle, circleFirst) => {
          // The box turned by `angle` about the origin; the circle at (ox, oy) in the box's frame, near its middle.
          const hx = 10 ** e, c = Math.cos(angle), s = Math.sin(angle);
          const cx = c * ox - s * oy, cy = s * ox + c * oy;
          // (The box's frame recomputed from the rounded world centre, as the library must.)
          const lx = c * cx + s * cy, ly = -s * cx + c * cy;
          const expected = boxSdf([lx, ly], [0, 0], [hx, hy]) - r;
          // Exact but for the rotation of the centre into the box's frame: a few ulps of the small sizes.
          const size = Math.abs(ox) + Math.abs(oy) + hy + r + 1;
          const box = new Box2(hx, hy), circle = new Circle(r);
          if (circleFirst) checkAll(circle, pose(cx, cy, 0.3), box, pose(0, 0, angle), expected, TOL * size);
          else checkAll(box, pose(0, 0, angle), circle, pose(cx, cy, -2), expected, TOL * size);
        }),
      { numRuns: RUNS },
    );
  });

  it('a unit circle beyond a 2×2 box\'s corner at (3, 3): separation √8 − 1, normal along the diagonal', () => {
    const r = contact(new Box2(1, 1), pose(0, 0), new Circle(1), pose(3, 3))!;
    expect(r.separation).toBeCloseTo(Math.sqrt(8) - 1, 14);
    expect(r.normal.x).toBeCloseTo(Math.SQRT1_2, 14);
    expect(r.normal.y).toBeCloseTo(Math.SQRT1_2, 14);
  });
});

describe('the worked example: triangle (4,11), (9,9), (4,5) and quadrilateral (8,6), (15,6), (13,1), (10,2)', () => {
  // Derivation. The nearest features are B's vertex (8, 6) and A's edge from (4, 5) to (9, 9):
  //  - edge direction e = (5, 4), |e|² = 41; from (4, 5) to (8, 6) is (4, 1); the foot's parameter is
  //    t = (4·5 + 1·4)/41 = 24/41, inside [0, 1], so the foot (4 + 5t, 5 + 4t) = (284/41, 301/41) is on
  //    the edge, and the distance is |e × (4, 1)|/|e| = |5·1 − 4·4|/√41 = 11/√41 ≈ 1.71791;
  //  - the direction from the foot to (8, 6) is (44/41, −55/41) = (11/41)·(4, −5), so n = (4, −5)/√41.
  // Proof it is the minimum: along m = (4, −5) (unnormalised), A's vertices give 4x − 5y = −39, −9, −9
  // (max −9: the edge (9,9)–(4,5) is A's support along m) and B's give 2, 30, 47, 30 (min 2: the vertex
  // (8, 6)). The line 4x − 5y = c separates them with a gap (2 − (−9))/√41 = 11/√41 along n, which
  // bounds the distance from below; the two points above are that far apart, which bounds it from
  // above. So the distance is exactly 11/√41.
  const A = new Polygon([{ x: 4, y: 11 }, { x: 9, y: 9 }, { x: 4, y: 5 }]);
  const B = new Polygon([{ x: 8, y: 6 }, { x: 15, y: 6 }, { x: 13, y: 1 }, { x: 10, y: 2 }]);
  const D = 11 / Math.sqrt(41);
  const n = [4 / Math.sqrt(41), -5 / Math.sqrt(41)];
  const foot = [284 / 41, 301 / 41];
  const I = pose(0, 0);

  it('distance 11/√41 ≈ 1.7179 in every query', () => {
    expect(D).toBeCloseTo(1.7179, 4);
    expect(Math.abs(distance(A, I, B, I) - D)).toBeLessThanOrEqual(1e-12);
    expect(Math.abs(contact(A, I, B, I)!.separation - D)).toBeLessThanOrEqual(1e-12);
    expect(intersects(A, I, B, I)).toBe(false);
    expect(penetration(A, I, B, I)).toBeNull();
  });

  it('closest points (284/41, 301/41) on A and (8, 6) on B, normal (4, −5)/√41', () => {
    const r = closestPoints(A, I, B, I);
    expect(Math.abs(r.distance - D)).toBeLessThanOrEqual(1e-12);
    expect(Math.abs(r.pointA.x - foot[0])).toBeLessThanOrEqual(1e-12);
    expect(Math.abs(r.pointA.y - foot[1])).toBeLessThanOrEqual(1e-12);
    expect(Math.abs(r.pointB.x - 8)).toBeLessThanOrEqual(1e-12);
    expect(Math.abs(r.pointB.y - 6)).toBeLessThanOrEqual(1e-12);
    expect(Math.abs(r.normal.x - n[0])).toBeLessThanOrEqual(1e-12);
    expect(Math.abs(r.normal.y - n[1])).toBeLessThanOrEqual(1e-12);
  });

  it('swapped, the same distance and the opposite normal', () => {
    const r = contact(B, I, A, I)!;
    expect(Math.abs(r.separation - D)).toBeLessThanOrEqual(1e-12);
    expect(Math.abs(r.normal.x + n[0])).toBeLessThanOrEqual(1e-12);
    expect(Math.abs(r.normal.y + n[1])).toBeLessThanOrEqual(1e-12);
  });

  it('both moved by one rotation (0.9 rad) and translation (−3, 7): the same distance, the points moved with them', () => {
    const th = 0.9, c = Math.cos(th), s = Math.sin(th), tx = -3, ty = 7;
    const move = (p: number[]) => [c * p[0] - s * p[1] + tx, s * p[0] + c * p[1] + ty];
    const P = pose(tx, ty, th);
    const r = contact(A, P, B, P)!;
    expect(Math.abs(r.separation - D)).toBeLessThanOrEqual(1e-12);
    const pa = move(foot), pb = move([8, 6]);
    expect(Math.hypot(r.pointA.x - pa[0], r.pointA.y - pa[1])).toBeLessThanOrEqual(1e-12);
    expect(Math.hypot(r.pointB.x - pb[0], r.pointB.y - pb[1])).toBeLessThanOrEqual(1e-12);
  });
});
