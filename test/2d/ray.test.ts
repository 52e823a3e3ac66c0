/**
 * 2D ray casts: closed forms (a box, a circle by the quadratic, a capsule from its side and its end, a
 * turned box's corner, a segment end on, a point on the ray's line), the options (maxT, solid false: where
 * the ray leaves), bad input, and a property against an oracle written apart from the library: the first
 * root of the shape's signed distance along the ray (convex along the ray: its minimum by ternary search,
 * then the first root by bisection), on random shapes and rays.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Box2, Capsule2, Circle, createPose2, createRayHit, InvalidArgumentError, InvalidNumberError, Point2, Polygon, rayCast, Rounded2, Segment2,
} from '../../src/2d/index.js';
import { build, pose, shape as shapeArb, num } from './arbitraries2d.js';
import * as O from './oracle2d.js';
import { runs } from '../runs.js';

const I = createPose2();

describe('2D ray casts: closed forms', () => {
  it('a box from outside along x: t to its left side, the normal −x; t is in the direction\'s units', () => {
    const hit = rayCast(new Box2(1, 0.5), I, { x: -5, y: 0.25 }, { x: 2, y: 0 })!;
    expect(hit.t).toBe(2);
    expect(hit.point).toEqual({ x: -1, y: 0.25 });
    expect(hit.normal.x).toBe(-1);
    expect(hit.normal.y).toBeCloseTo(0, 15);
  });

  it('a circle: the smaller root of the quadratic, the normal from the centre', () => {
    const c = { x: 3, y: 1 }, r = 1.5, o = { x: -1, y: -2 }, d = { x: 0.8, y: 0.6 };
    const fx = o.x - c.x, fy = o.y - c.y, b = fx * d.x + fy * d.y, cc = fx * fx + fy * fy - r * r;
    const t = -b - Math.sqrt(b * b - cc);
    const hit = rayCast(new Circle(r), createPose2(c.x, c.y, 0.7), o, d)!;
    expect(hit.t).toBeCloseTo(t, 13);
    expect(hit.normal.x).toBeCloseTo((o.x + t * d.x - c.x) / r, 13);
    expect(hit.normal.y).toBeCloseTo((o.y + t * d.y - c.y) / r, 13);
  });

  it('a capsule: its flat side from the side, its round end from along its axis', () => {
    const cap = new Capsule2(1, 0.5);
    const side = rayCast(cap, I, { x: -4, y: 0.3 }, { x: 1, y: 0 })!;
    expect(side.t).toBeCloseTo(3.5, 14);
    expect(side.normal).toEqual({ x: -1, y: 0 });
    const end = rayCast(cap, I, { x: 0, y: -5 }, { x: 0, y: 1 })!;
    expect(end.t).toBeCloseTo(3.5, 14);
    expect(end.normal.y).toBeCloseTo(-1, 14);
    // Off the axis by 0.3: the arc about (0, −1), at height −1 − √(0.25 − 0.09).
    const arc = rayCast(cap, I, { x: 0.3, y: -5 }, { x: 0, y: 1 })!;
    expect(arc.t).toBeCloseTo(4 - Math.sqrt(0.25 - 0.09), 14);
  });

  it('a box turned 45°: its corner, with a normal of the corner\'s cone', () => {
    const hit = rayCast(new Box2(1, 1), createPose2(0, 0, Math.PI / 4), { x: -5, y: 0 }, { x: 1, y: 0 })!;
    expect(hit.t).toBeCloseTo(5 - Math.SQRT2, 14);
    expect(hit.normal.x).toBeLessThan(0);
    expect(Math.hypot(hit.normal.x, hit.normal.y)).toBeCloseTo(1, 14);
  });

  it('a segment seen end on, and a point on the ray\'s line: hit; a point off it: miss', () => {
    const seg = new Segment2({ x: 0, y: 0 }, { x: 2, y: 0 });
    expect(rayCast(seg, I, { x: -3, y: 0 }, { x: 1, y: 0 })!.t).toBe(3);
    expect(rayCast(seg, I, { x: 5, y: 0 }, { x: -1, y: 0 })!.t).toBe(3);
    expect(rayCast(seg, I, { x: 1, y: -1 }, { x: 0, y: 1 })!.t).toBe(1);
    expect(rayCast(new Point2(), createPose2(2, 2, 0), { x: 0, y: 0 }, { x: 1, y: 1 })!.t).toBe(2);
    expect(rayCast(new Point2(), createPose2(2, 2.5, 0), { x: 0, y: 0 }, { x: 1, y: 1 })).toBeNull();
  });

  it('golden (seed 125): a ray along a triangle\'s axis of symmetry enters through its apex', () => {
    // The apex (0.1176…, 0) of a triangle symmetric about y = 0, at (−0.5, 0); the ray from the origin along
    // −x meets it at x = −0.3824…: the hit fell outside both of the apex's edges by rounding, and was a miss.
    const tri = new Polygon([0.11762149123528691, 0, -0.05881074561764343, 0.10186319944076716, -0.05881074561764351, -0.10186319944076713]);
    const hit = rayCast(tri, createPose2(-0.5, 0, 0), { x: 0, y: 0 }, { x: -0.0625, y: 0 })!;
    expect(hit).not.toBeNull();
    expect(hit.t).toBeCloseTo((0.5 - 0.11762149123528691) / 0.0625, 12);
    // The same through a rounded copy (radius 0.1: its arc about the apex) and a segment's end, met at an angle.
    const seg = new Segment2({ x: 0, y: 0 }, { x: 1, y: 1 });
    expect(rayCast(seg, I, { x: 2, y: 0 }, { x: -1, y: 1 })!.t).toBeCloseTo(1, 12);
  });

  it('misses: beside the shape, pointing away, and beyond maxT', () => {
    const box = new Box2(1, 1);
    expect(rayCast(box, I, { x: -5, y: 1.5 }, { x: 1, y: 0 })).toBeNull();
    expect(rayCast(box, I, { x: -5, y: 0 }, { x: -1, y: 0 })).toBeNull();
    expect(rayCast(box, I, { x: -5, y: 0 }, { x: 1, y: 0 }, null, { maxT: 3.9 })).toBeNull();
    expect(rayCast(box, I, { x: -5, y: 0 }, { x: 1, y: 0 }, null, { maxT: 4 })!.t).toBe(4);
  });

  it('an origin inside: solid, t = 0 and the normal −direction; hollow, where it leaves', () => {
    const r = new Rounded2(new Box2(1, 1), 0.25);
    const solid = rayCast(r, I, { x: 0.5, y: 0 }, { x: 2, y: 0 })!;
    expect(solid.t).toBe(0);
    expect(solid.normal).toEqual({ x: -1, y: 0 });
    const hollow = rayCast(r, I, { x: 0.5, y: 0 }, { x: 2, y: 0 }, null, { solid: false })!;
    expect(hollow.t).toBeCloseTo(0.375, 14);
    expect(hollow.point.x).toBeCloseTo(1.25, 14);
    expect(hollow.normal.x).toBeCloseTo(1, 14);
  });

  it('with out, the record is filled and returned', () => {
    const out = createRayHit();
    expect(rayCast(new Circle(1), I, { x: -3, y: 0 }, { x: 1, y: 0 }, out)).toBe(out);
    expect(out.t).toBe(2);
  });

  it('bad input: errors naming the field', () => {
    const c = new Circle(1);
    expect(() => rayCast(c, I, { x: 0, y: 0 }, { x: 0, y: 0 })).toThrow(InvalidNumberError);
    expect(() => rayCast(c, I, { x: 0, y: 0 }, { x: 0, y: 0 })).toThrow(/direction/);
    expect(() => rayCast(c, I, { x: NaN, y: 0 }, { x: 1, y: 0 })).toThrow(/origin\.x/);
    expect(() => rayCast(c, I, { x: 0, y: 0 }, { x: 1, y: Infinity })).toThrow(/direction\.y/);
    expect(() => rayCast(c, I, { x: 0, y: 0 }, { x: 1, y: 0 }, null, { maxT: -1 })).toThrow(/options\.maxT/);
    expect(() => rayCast(c, I, { x: 0, y: 0 }, { x: 1, y: 0 }, null, { solid: 'no' as never })).toThrow(InvalidArgumentError);
    expect(() => rayCast(c, { position: { x: 0, y: 0 }, angle: NaN }, { x: 0, y: 0 }, { x: 1, y: 0 })).toThrow(/angle/);
    expect(() => rayCast({} as never, I, { x: 0, y: 0 }, { x: 1, y: 0 })).toThrow(/shape/);
    expect(() => rayCast(c, I, { x: 0, y: 0 }, { x: 1, y: 0 }, {} as never)).toThrow(/createRayHit/);
  });
});

/** The oracle's first hit: the least t ≥ 0 with signed distance 0 along the ray, or null (and the grazing margin). */
function oracleHit(p: O.Placed2D, o: O.P2, d: O.P2): { t: number | null; minimum: number } {
  const c = O.worldCore(p), h = O.hull(c.points);
  const f = (t: number): number => O.signedDistanceToHull([o[0] + t * d[0], o[1] + t * d[1]], h) - c.radius;
  let far = 1;
  const reach = O.norm(o) + Math.max(...h.map((q) => O.norm(q))) + c.radius + 1;
  while (far * O.norm(d) < 2 * reach) far *= 2;
  // Convex along the ray: the minimum by ternary search.
  let lo = 0, hi = far;
  for (let k = 0; k < 200; k++) {
    const m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
    if (f(m1) <= f(m2)) hi = m2; else lo = m1;
  }
  const tMin = (lo + hi) / 2, minimum = f(tMin);
  if (f(0) <= 0) return { t: 0, minimum };
  if (minimum > 0) return { t: null, minimum };
  lo = 0; hi = tMin;
  for (let k = 0; k < 200; k++) {
    const m = (lo + hi) / 2;
    if (f(m) > 0) lo = m; else hi = m;
  }
  return { t: hi, minimum };
}

describe('2D ray casts: against the oracle on random shapes and rays', () => {
  it('hit or miss, t, the point on the surface and a normal that supports the shape there', () => {
    const placed = fc.record({ shape: shapeArb, pose: fc.record({ x: num(-1, 1), y: num(-1, 1), angle: num(-4, 4) }) });
    const ray = fc.tuple(fc.tuple(num(-4, 4), num(-4, 4)), fc.tuple(num(-1, 1), num(-1, 1)).filter(([x, y]) => Math.hypot(x, y) > 1e-3));
    fc.assert(fc.property(placed, ray, (p, [o, d]) => {
      const s = build(p.shape);
      const scale = O.shapeSize(p.shape) + O.norm(o) + Math.hypot(p.pose.x, p.pose.y) + 1, tol = 1e-9 * scale;
      const want = oracleHit(p, o, d);
      if (Math.abs(want.minimum) <= tol) return; // grazing: either answer is right
      const hit = rayCast(s, pose(p.pose), { x: o[0], y: o[1] }, { x: d[0], y: d[1] });
      if (want.t === null) {
        expect(hit, 'a miss').toBeNull();
        return;
      }
      expect(hit, 'a hit').not.toBeNull();
      expect(Math.abs(hit!.t - want.t) * O.norm(d)).toBeLessThanOrEqual(tol);
      if (hit!.t > 0) {
        const q: O.P2 = [hit!.point.x, hit!.point.y];
        expect(O.distanceToShape(p, q)).toBeLessThanOrEqual(tol);
        const n: O.P2 = [hit!.normal.x, hit!.normal.y];
        expect(Math.abs(O.norm(n) - 1)).toBeLessThanOrEqual(1e-12);
        // The normal's line through the point supports the shape: nothing of it lies beyond.
        expect(O.support(p, n) - O.dot(n, q)).toBeLessThanOrEqual(tol);
        expect(O.dot(n, d)).toBeLessThanOrEqual(tol);
      }
    }), { numRuns: runs(500) });
  });

  it('hollow (solid: false) from inside: where the ray leaves, by the oracle on the reversed ray', () => {
    fc.assert(fc.property(fc.integer({ min: 3, max: 12 }), num(0, 0.5), num(-4, 4), fc.tuple(num(-1, 1), num(-1, 1)).filter(([x, y]) => Math.hypot(x, y) > 1e-3), (n, r, angle, d) => {
      const pts: O.P2[] = [];
      for (let k = 0; k < n; k++) pts.push([Math.cos((2 * Math.PI * k) / n), Math.sin((2 * Math.PI * k) / n)]);
      const p: O.Placed2D = { shape: { kind: 'rounded', inner: { kind: 'polygon', points: pts }, radius: r }, pose: { x: 0.5, y: -0.25, angle } };
      const o: O.P2 = [0.5 + 0.2, -0.25 - 0.1]; // inside the unit polygon
      const s = new Rounded2(new Polygon(pts.flat()), r);
      const hit = rayCast(s, pose(p.pose), { x: o[0], y: o[1] }, { x: d[0], y: d[1] }, null, { solid: false })!;
      // From far along the ray, back towards the origin: its first hit is where our ray leaves.
      const far = 10 / O.norm(d);
      const back = oracleHit(p, [o[0] + far * d[0], o[1] + far * d[1]], [-d[0], -d[1]]);
      expect(back.t).not.toBeNull();
      expect(Math.abs(hit.t - (far - back.t!)) * O.norm(d)).toBeLessThanOrEqual(1e-9 * 10);
    }), { numRuns: runs(200) });
  });
});
