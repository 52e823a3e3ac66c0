/**
 * 2D shape casts: closed forms for translations (a circle into a box's face, a target separation), the
 * linear time of impact against an independent oracle (the ray of the relative velocity into the cores'
 * Minkowski difference, rounded by both radii: the first root of its signed distance along the ray), and
 * turning casts against the oracle's separation sampled over time: the cast's time is never after the
 * first touch (no tunnelling), and at its time the shapes are at the target within the tolerance.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Box2, Circle, createPose2, createShapeCastResult, InvalidArgumentError, InvalidNumberError, Point2, Polygon, Segment2, shapeCast, vec2,
} from '../../src/2d/index.js';
import { build, moderateAngle, num, pair, pairWith, pose } from './arbitraries2d.js';
import * as O from './oracle2d.js';
import { runs } from '../runs.js';

const I = createPose2();

describe('2D shape casts: translations', () => {
  it('a circle moving into a box\'s face: the gap over the speed, the face\'s normal, the points touching', () => {
    const r = shapeCast(new Circle(0.5), createPose2(-5, 0.3, 0), { linear: { x: 10, y: 0 } }, new Box2(1, 1), I, null)!;
    // Within SHAPE_CAST_RAY_TOLERANCE (1e-10) of the pair's size (its sweep included: 12) over the speed.
    expect(Math.abs(r.time - 3.5 / 10)).toBeLessThanOrEqual(1e-10 * 12 / 10);
    expect(r.normal.x).toBeCloseTo(1, 12);
    expect(r.pointB.x).toBeCloseTo(-1, 9);
    expect(r.pointB.y).toBeCloseTo(0.3, 9);
    expect(r.separation).toBeGreaterThanOrEqual(0);
    expect(r.separation).toBeLessThanOrEqual(1e-8);
  });

  it('B moving instead of A, a target separation, a miss, maxTime, and shapes already touching', () => {
    const circle = new Circle(0.5), box = new Box2(1, 1);
    expect(shapeCast(box, I, null, circle, createPose2(5, 0, 0), { linear: { x: -2, y: 0 } })).toBeNull(); // maxTime 1
    const moved = shapeCast(box, I, null, circle, createPose2(5, 0, 0), { linear: { x: -2, y: 0 } }, null, { maxTime: 10 })!;
    expect(Math.abs(moved.time - 3.5 / 2)).toBeLessThanOrEqual(1e-10 * (1.5 + 20) / 2);
    const short = shapeCast(box, I, null, circle, createPose2(5, 0, 0), { linear: { x: -2, y: 0 } }, null, { maxTime: 5, targetSeparation: 0.5 })!;
    expect(Math.abs(short.time - 3 / 2)).toBeLessThanOrEqual(1e-10 * (1.5 + 10) / 2);
    expect(short.separation).toBeCloseTo(0.5, 8);
    expect(shapeCast(box, I, null, circle, createPose2(5, 2, 0), { linear: { x: -2, y: 0 } }, null, { maxTime: 10 })).toBeNull();
    expect(shapeCast(box, I, null, circle, createPose2(5, 0, 0), { linear: { x: -2, y: 0 } }, null, { maxTime: 1.7 })).toBeNull();
    expect(shapeCast(box, I, null, circle, createPose2(5, 0, 0), { linear: { x: 2, y: 0 } }, null, { maxTime: 10 })).toBeNull();
    const touching = shapeCast(box, I, { linear: { x: 1, y: 0 } }, circle, createPose2(1.2, 0, 0), null)!;
    expect(touching.time).toBe(0);
    expect(touching.separation).toBeCloseTo(-0.3, 12);
  });

  it('shapes apart by less than the tolerance at time 0 touch then, even moving apart (seed 34\'s counterexample)', () => {
    // A one-point segment near a point, moving away. The tolerance at time t is 1e-10 of the shapes' size
    // and of the sweep so far, plus the positions' rounding: at time 0, about 1e-19 here. (It was 1e-10 of
    // the whole sweep to maxTime, 1.25e-10, so a gap of 1e-17 touched; then two circles that meet at 0.9
    // stopped at 0.85 with maxTime 1e9: test/golden/reproducers.test.ts.)
    const cast = (gap: number) => shapeCast(new Segment2(vec2(1e-9, 0), vec2(1e-9, 0)), I, { linear: { x: -0.125, y: 0 } }, new Point2(), createPose2(1e-9 + gap, 0, 0), null, null, { maxTime: 10 });
    const r = cast(1e-20);
    expect(r).not.toBeNull();
    expect(r!.time).toBe(0);
    expect(r!.separation).toBeLessThan(1e-19);
    expect(cast(1e-17)).toBeNull();
  });

  it('a fast thin wall is not tunnelled through: a circle of radius 0.01 crossing a wall 0.002 thick in one step', () => {
    const r = shapeCast(new Circle(0.01), createPose2(-100, 0, 0), { linear: { x: 1000, y: 0 } }, new Box2(0.001, 5), I, null)!;
    expect(r).not.toBeNull();
    expect(Math.abs(r.time - (100 - 0.011) / 1000)).toBeLessThanOrEqual(1e-10 * 1006 / 1000);
  });

  it('the linear time of impact of random pairs equals the oracle\'s ray into the Minkowski difference', () => {
    const velocity = fc.tuple(num(-4, 4), num(-4, 4)).filter(([x, y]) => Math.hypot(x, y) > 0.1);
    fc.assert(fc.property(pair, velocity, ([A, B], v) => {
      const a = build(A.shape), b = build(B.shape);
      // A moves by v: the shapes touch when A − B, rounded by both radii, holds −t·v, i.e. the ray from the
      // origin along −v meets it (the oracle: the first root of the signed distance along that ray).
      const { hull, rA, rB } = O.differenceHull(A, B);
      const f = (t: number): number => O.signedDistanceToHull([-t * v[0], -t * v[1]], hull) - rA - rB;
      const scale = O.pairScale(A, B), tol = 1e-8 * scale;
      // The cast's tolerance (SHAPE_CAST_RAY_TOLERANCE of the pair's size with its sweep: 10 time units at |v|).
      const far = Math.abs(A.pose.x) + Math.abs(A.pose.y) + Math.abs(B.pose.x) + Math.abs(B.pose.y);
      const castTol = 1e-10 * (a.boundingRadius + b.boundingRadius + 10 * Math.hypot(v[0], v[1])) + 64 * Number.EPSILON * far + 1e-12 * scale;
      let first: number | null = null;
      if (f(0) <= 0) first = 0;
      else {
        // Convex in t: its minimum over [0, 10] by ternary search, then the first root by bisection.
        let lo = 0, hi = 10;
        for (let k = 0; k < 200; k++) { const m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3; if (f(m1) <= f(m2)) hi = m2; else lo = m1; }
        const tm = (lo + hi) / 2;
        if (Math.abs(f(tm)) <= Math.max(tol, castTol)) return; // grazing, within either tolerance
        if (f(tm) < 0) {
          lo = 0; hi = tm;
          for (let k = 0; k < 200; k++) { const m = (lo + hi) / 2; if (f(m) > 0) lo = m; else hi = m; }
          first = hi;
        }
      }
      const r = shapeCast(a, pose(A.pose), { linear: { x: v[0], y: v[1] } }, b, pose(B.pose), null, null, { maxTime: 10 });
      if (first === null) {
        expect(r).toBeNull();
        return;
      }
      expect(r).not.toBeNull();
      // Never after the first touch; and there, apart by no more than the cast's tolerance.
      expect(r!.time).toBeLessThanOrEqual(first + 1e-12);
      expect(f(r!.time)).toBeLessThanOrEqual(castTol);
      if (r!.time > 0) expect(f(r!.time)).toBeGreaterThanOrEqual(-castTol);
    }), { numRuns: runs(300) });
  });
});

describe('2D shape casts: turning', () => {
  it('a spinning rod reaches a circle: never after the first touch, and at the target within the tolerance', () => {
    const rod = new Box2(2, 0.05), dot = new Circle(0.1);
    const r = shapeCast(rod, I, { angular: 3 }, dot, createPose2(0, 1.5, 0), null)!;
    // Closed form: the rod's top face turns through the circle's centre line at distance 1.5; it touches
    // when the distance from the centre to the rod's face line is the radius: 1.5·cos(θ) − 0.05 = 0.1, the
    // centre within the rod's length (1.5·sin θ ≤ 2).
    const theta = Math.acos(0.15 / 1.5);
    expect(r.time).toBeLessThanOrEqual(theta / 3 + 1e-12);
    expect(r.time).toBeGreaterThan(theta / 3 - 1e-5);
    expect(r.separation).toBeLessThanOrEqual(1e-5);
  });

  it('a turning, falling rod\'s face reaches a resting circle: the root of the face line\'s distance, never after it', () => {
    // B (half length 2, half width 0.05) falls at 0.5 from (0, 1.5) turning at −2 rad/s. Its lower face line
    // is at c_y·cos(2t) − 0.05 from the circle's centre (the foot within the face: 1.5·|sin| ≤ 2), so it
    // touches the radius 0.1 when (1.5 − 0.5t)·cos(2t) = 0.15: the root by bisection.
    const f = (t: number): number => (1.5 - 0.5 * t) * Math.cos(2 * t) - 0.15;
    let lo = 0, hi = 1;
    for (let k = 0; k < 200; k++) { const m = (lo + hi) / 2; if (f(m) > 0) lo = m; else hi = m; }
    const r = shapeCast(new Circle(0.1), I, null, new Box2(2, 0.05), createPose2(0, 1.5, 0), { linear: { x: 0, y: -0.5 }, angular: -2 })!;
    expect(r.status).toBe('converged');
    expect(r.time).toBeLessThanOrEqual(lo + 1e-12);
    expect(r.time).toBeGreaterThan(lo - 1e-6);
    expect(r.separation).toBeGreaterThanOrEqual(0);
    expect(r.separation).toBeLessThanOrEqual(1e-6);
    // The normal there is the face's, turned by 2t from straight down (A towards B: up).
    expect(Math.abs(r.normal.x - -Math.sin(-2 * r.time))).toBeLessThanOrEqual(1e-6);
    expect(r.iterations).toBeLessThan(20);
  });

  it('shapes whose bounding discs never meet are never cast to a touch: a spinning segment by a point, two spinning 100-gons', () => {
    // Found by a stress run: both stepped through many turns until SHAPE_CAST_MAX_ITERATIONS and answered
    // 'max-iterations' (a lower bound) for shapes that cannot touch. The point is 0.1 beyond the segment's
    // reach; the 100-gons' centres stay 2.1 apart with circumradius 1.
    const rod = new Segment2(vec2(0, 0), vec2(1, 0));
    expect(shapeCast(rod, I, { angular: 50 }, new Point2(), createPose2(-1.1, 0, 0), null, null, { maxTime: 10 })).toBeNull();
    const gon = new Polygon(Array.from({ length: 100 }, (_, i) => vec2(Math.cos((2 * Math.PI * i) / 100), Math.sin((2 * Math.PI * i) / 100))));
    expect(shapeCast(gon, createPose2(0, 0, 0.1), { angular: 10 }, gon, createPose2(2.1, 0, 0.3), { angular: -10 }, null)).toBeNull();
    // Within the reach, the same spin touches: the first time the segment's end comes round to the point.
    const r = shapeCast(rod, I, { angular: 50 }, new Point2(), createPose2(-0.9, 0, 0), null, null, { maxTime: 10 })!;
    expect(r.status).toBe('converged');
    expect(Math.abs(r.time - Math.PI / 50)).toBeLessThanOrEqual(1e-6);
  });

  it('random pairs with random turns: the cast\'s time is before the sampled first touch, and the shapes are at the target there', () => {
    const motion = fc.record({ linear: fc.record({ x: num(-2, 2), y: num(-2, 2) }), angular: num(-6, 6) });
    // Angles within 1e3: near 1e13 an ulp of the angle is 2e-3 rad, so the poses along the cast move in jumps
    // and no cast can bound the separation between them (the linear property takes any angle).
    fc.assert(fc.property(pairWith(moderateAngle), motion, motion, num(0, 0.2), ([A, B], mA, mB, target) => {
      const a = build(A.shape), b = build(B.shape);
      const at = (p: O.Placed2D, m: typeof mA, t: number): O.Placed2D => ({ shape: p.shape, pose: { x: p.pose.x + t * m.linear.x, y: p.pose.y + t * m.linear.y, angle: p.pose.angle + t * m.angular } });
      const sep = (t: number): number => O.separation(at(A, mA, t), at(B, mB, t));
      // The cast's own tolerance (cast2.ts): SHAPE_CAST_RELATIVE_TOLERANCE of the pair's size with its sweep.
      const speed = Math.hypot(mB.linear.x - mA.linear.x, mB.linear.y - mA.linear.y);
      const size = a.boundingRadius + b.boundingRadius + speed + Math.abs(mA.angular) * a.boundingRadius + Math.abs(mB.angular) * b.boundingRadius;
      const far = Math.abs(A.pose.x) + Math.abs(A.pose.y) + Math.abs(B.pose.x) + Math.abs(B.pose.y);
      const tol = 1e-7 * size + 64 * Number.EPSILON * far + 1e-9 * O.pairScale(A, B);
      const r = shapeCast(a, pose(A.pose), mA, b, pose(B.pose), mB, null, { maxTime: 1, targetSeparation: target });
      // Sampled: the first sample under the target.
      const N = 400;
      let firstSample: number | null = null;
      for (let k = 0; k <= N; k++) if (sep(k / N) <= target - tol) { firstSample = k / N; break; }
      if (r === null) {
        expect(firstSample, 'a touch the cast missed').toBeNull();
        return;
      }
      if (firstSample !== null) expect(r.time).toBeLessThanOrEqual(firstSample + 1e-12);
      // Out of steps (a turning shape that stays near the other, never touching: each step is the
      // separation over the bound on the turn): the time is a lower bound, as documented, and no more.
      if (r.status === 'max-iterations') return;
      if (r.time > 0) {
        expect(Math.abs(sep(r.time) - target)).toBeLessThanOrEqual(tol);
        for (let k = 0; k / N < r.time; k++) expect(sep(k / N)).toBeGreaterThan(target - tol);
      } else {
        expect(sep(0)).toBeLessThanOrEqual(target + tol);
      }
    }), { numRuns: runs(150) });
  });
});

describe('2D shape casts: input', () => {
  it('bad motions and options: errors naming the field; out is filled', () => {
    const c = new Circle(1), p = createPose2(5, 0, 0);
    expect(() => shapeCast(c, I, { linear: { x: NaN, y: 0 } }, c, p, null)).toThrow(/motionA\.linear\.x/);
    expect(() => shapeCast(c, I, null, c, p, { angular: Infinity })).toThrow(InvalidNumberError);
    expect(() => shapeCast(c, I, null, c, p, { angular: Infinity })).toThrow(/motionB\.angular/);
    expect(() => shapeCast(c, I, 'fast' as never, c, p, null)).toThrow(InvalidArgumentError);
    expect(() => shapeCast(c, I, null, c, p, null, null, { maxTime: -1 })).toThrow(/options\.maxTime/);
    expect(() => shapeCast(c, I, null, c, p, null, null, { targetSeparation: Infinity })).toThrow(/options\.targetSeparation/);
    expect(() => shapeCast(c, I, null, c, p, null, {} as never)).toThrow(/createShapeCastResult/);
    expect(() => shapeCast(c, { position: { x: 0, y: 0 }, angle: NaN }, null, c, p, null)).toThrow(/poseA\.angle/);
    const out = createShapeCastResult();
    expect(shapeCast(new Polygon([0, 0, 1, 0, 0, 1]), I, { linear: { x: 1, y: 0 } }, c, p, null, out, { maxTime: 10 })).toBe(out);
    expect(out.time).toBeGreaterThan(0);
  });
});
