/**
 * The plane at every magnitude, as 3D (test/query/scale-free.test.ts): every length of a pair, a ray or a
 * cast times 2^k scales its distances, depths, points and ray parameters by 2^k and leaves normals and
 * cast times as they are, for k from −990 to 990, where squared lengths alone overflow or vanish.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Box2, Circle, closestPoints, contact, contactManifold, createManifold, distance, intersects, penetration, Polygon, rayCast, shapeCast,
  type Pose2Like,
} from '../../src/2d/index.js';
import { build, moderateAngle, num, pairWith, scaleShape } from './arbitraries2d.js';
import { hull, localCore, shapeSize, type Placed2D } from './oracle2d.js';
import { runs, seed } from '../runs.js';

// (Down to 2^-900, not 2^-990: a coordinate times a turn's sine, each as small as 1e-9 here, stays normal.)
const K = [-900, -700, -400, -201, 0, 201, 400, 700, 990];
const at = (x: number, y: number, angle = 0): Pose2Like => ({ position: { x, y }, angle });

describe('2D: every length times 2^k', () => {
  it('the issue\'s probes: a circle of radius 2^600 and 2^-600 hit by a ray 5 radii out; boxes and casts', () => {
    for (const k of [600, -600, 1000, -1000]) {
      const s = 2 ** k;
      // Returned null at 2^600 and t = 0 at 2^-600 (a typed error for any pair beyond 2^±200 before).
      expect(rayCast(new Circle(s), at(0, 0), { x: -5 * s, y: 0 }, { x: 1, y: 0 })?.t).toBe(4 * s);
      expect(distance(new Box2(s, s), at(0, 0), new Circle(s), at(3 * s, 0.5 * s, 0.3))).toBe(s);
      // Two circles meeting at time 0.9 exactly, the motion scaled with them.
      const c = shapeCast(new Circle(0.5 * s), at(0, 0), { linear: { x: 0, y: 10 * s } }, new Circle(0.5 * s), at(0, 10 * s), null, null, { maxTime: 1e9 })!;
      expect(Math.abs(c.time - 0.9)).toBeLessThan(1e-9);
      expect(Math.abs(c.pointA.y / s - 9.5)).toBeLessThan(1e-9);
    }
    // Points that float64 cannot hold are an error, not infinity.
    expect(() => distance(new Circle(1), at(-1.5e308, 0), new Circle(1), at(1.5e308, 0))).toThrow(/too large for float64/);
    // Shapes at opposite ends of the range: the offset overflows, the answer does not.
    expect(distance(new Circle(1e308), at(-1.5e308, 0), new Circle(1e308), at(1.5e308, 0)) / 1e307).toBeCloseTo(10, 12);
  });

  it('a ray far from a small circle misses when it passes outside (the root from the closest approach)', () => {
    // From 1e8 away, rays passing 1.01 from a unit circle's centre hit it: b² − dd·c cancelled.
    expect(rayCast(new Circle(1), at(0, 0), { x: -1e8, y: 1.01 }, { x: 1, y: 0 })).toBeNull();
    expect(rayCast(new Circle(1), at(0, 0), { x: -1e8, y: 0.5 }, { x: 1, y: 0 })!.t).toBeCloseTo(1e8 - Math.sqrt(0.75), 6);
    expect(rayCast(new Circle(1), at(0, 0), { x: -1e8, y: 0.99 }, { x: 1, y: 0 })!.t).toBeCloseTo(1e8 - Math.sqrt(1 - 0.99 ** 2), 6);
  });

  it('pair queries scale by 2^k (random pairs of every kind)', () => {
    fc.assert(fc.property(pairWith(moderateAngle), ([a, b]) => {
      fc.pre(exactlyScaled(a, b));
      const ref = pairAt(a, b, 0);
      for (const k of K) {
        const got = pairAt(a, b, k), f = 2 ** k, ulps = 1e-12 * ref.size;
        expect(got.intersects, `intersects at 2^${k}`).toBe(ref.intersects);
        for (let i = 0; i < ref.lengths.length; i++) expect(Math.abs(got.lengths[i] / f - ref.lengths[i]), `length ${i} at 2^${k}`).toBeLessThanOrEqual(ulps);
        for (let i = 0; i < ref.normals.length; i++) expect(Math.abs(got.normals[i] - ref.normals[i]), `normal ${i} at 2^${k}`).toBeLessThanOrEqual(1e-9);
      }
    }), { seed: seed(3350), numRuns: runs(80) });
  });

  it('rays scale by 2^k, with the direction scaled by another power of two', () => {
    fc.assert(fc.property(pairWith(moderateAngle), num(-3, 3), num(-3, 3), fc.integer({ min: -900, max: 900 }), ([a], ox, oy, j) => {
      // (Not sharp points and segments: a ray hits them only on its exact line, which the rounding of a
      // turned pose decides differently at each size.)
      const core = localCore(a.shape);
      fc.pre(core.radius > 0 || hull(core.points).length >= 3);
      fc.pre(exactlyScaled(a, a));
      const ref = rayAt(a, ox, oy, 0, 0);
      for (const k of K) {
        if (Math.abs(k - j) > 1000) continue; // t = t₀·2^(k−j) itself beyond float64's normal range
        const got = rayAt(a, ox, oy, k, j);
        expect(got === null, `hit at 2^${k}`).toBe(ref === null);
        if (got === null || ref === null) continue;
        const size = shapeSize(a.shape) + Math.abs(ox) + Math.abs(oy) + 1;
        expect(Math.abs(got.t * 2 ** j / 2 ** k - ref.t), `t at 2^${k}`).toBeLessThanOrEqual(1e-12 * size);
        // (An origin on the boundary, t = 0: the edge's normal or −direction, either right.)
        if (ref.t > 0) expect(Math.abs(got.nx - ref.nx) + Math.abs(got.ny - ref.ny), `normal at 2^${k}`).toBeLessThanOrEqual(1e-9);
      }
    }), { seed: seed(3351), numRuns: runs(80) });
  });

  it('shape casts scale by 2^k: the same time, points scaled', () => {
    fc.assert(fc.property(pairWith(moderateAngle), num(-3, 3), num(-3, 3), num(-1, 1), (pair, vx, vy, w) => {
      fc.pre(exactlyScaled(pair[0], pair[1]));
      const ref = castAt(pair[0], pair[1], vx, vy, w, 0);
      for (const k of [-900, -400, 400, 990]) {
        const got = castAt(pair[0], pair[1], vx, vy, w, k);
        expect(got === null, `hit at 2^${k}`).toBe(ref === null);
        if (got === null || ref === null) continue;
        expect(Math.abs(got.time - ref.time), `time at 2^${k}`).toBeLessThanOrEqual(1e-6 * (1 + ref.time));
      }
    }), { seed: seed(3352), numRuns: runs(40) });
  });
});

/**
 * Whether the pair at 2^k is the pair at 2^0 scaled, to the last bit: positions and angles not below
 * 2^-32 and 1e-6 unless 0 (at 2^-900, 5e-324 is 0, and a turn by 8.9e-320 moves a point at 2^201 but not
 * at 2^0, deciding a ray that grazes an edge). Witness points and grazing hits are ties the rounding decides.
 */
function exactlyScaled(a: Placed2D, b: Placed2D): boolean {
  return [a.pose.x, a.pose.y, b.pose.x, b.pose.y].every((v) => v === 0 || Math.abs(v) >= 2 ** -32)
    && [a.pose.angle, b.pose.angle].every((v) => v === 0 || Math.abs(v) >= 1e-6);
}

/** Every 2D pair query's answer with every length times 2^k: lengths (in the pair's units) and normals. */
function pairAt(pa: Placed2D, pb: Placed2D, k: number) {
  const f = 2 ** k;
  const a = build(scaleShape(pa.shape, f)), b = build(scaleShape(pb.shape, f));
  const poseA = at(pa.pose.x * f, pa.pose.y * f, pa.pose.angle), poseB = at(pb.pose.x * f, pb.pose.y * f, pb.pose.angle);
  const c = contact(a, poseA, b, poseB)!, cp = closestPoints(a, poseA, b, poseB), pen = penetration(a, poseA, b, poseB);
  const m = contactManifold(a, poseA, b, poseB, createManifold(), { margin: 0.05 * f });
  // (Not contact's witness points: on parallel edges or coaxial shapes any point of a span is right, and
  // the scaled copy, of another size than the pair at 2^0, may pick another.)
  const lengths = [distance(a, poseA, b, poseB), c.separation, cp.distance, pen?.depth ?? -1 * f];
  const normals = [c.normal.x, c.normal.y];
  if (m !== null) {
    normals.push(m.normal.x, m.normal.y);
    for (let i = 0; i < m.count; i++) lengths.push(m.points[i].separation);
  } else lengths.push(-1 * f);
  const size = shapeSize(pa.shape) + shapeSize(pb.shape) + Math.abs(pa.pose.x) + Math.abs(pa.pose.y) + Math.abs(pb.pose.x) + Math.abs(pb.pose.y) + 1;
  return { intersects: intersects(a, poseA, b, poseB), lengths, normals, size };
}

/** A ray from (ox, oy)·2^k towards the shape's position, its direction times 2^j. */
function rayAt(p: Placed2D, ox: number, oy: number, k: number, j: number) {
  const f = 2 ** k, shape = build(scaleShape(p.shape, f));
  const dx = p.pose.x - ox + 0.25, dy = p.pose.y - oy;
  if (dx === 0 && dy === 0) return null;
  const hit = rayCast(shape, at(p.pose.x * f, p.pose.y * f, p.pose.angle), { x: ox * f, y: oy * f }, { x: dx * 2 ** j, y: dy * 2 ** j });
  return hit === null ? null : { t: hit.t, nx: hit.normal.x, ny: hit.normal.y };
}

/** B cast towards A with velocity (vx, vy) and A turning at w, every length (and speed) times 2^k. */
function castAt(pa: Placed2D, pb: Placed2D, vx: number, vy: number, w: number, k: number) {
  const f = 2 ** k;
  const a = build(scaleShape(pa.shape, f)), b = build(scaleShape(pb.shape, f));
  const r = shapeCast(a, at(pa.pose.x * f, pa.pose.y * f, pa.pose.angle), { angular: w }, b, at((pb.pose.x + 2) * f, pb.pose.y * f, pb.pose.angle),
    { linear: { x: (vx - 4) * f, y: vy * f } }, null, { maxTime: 1 });
  return r === null ? null : { time: r.time };
}

// Polygons are built through the 2D hull, which squares coordinates: at 2^±600 it must keep them.
it('the 2D hull keeps its vertices at every scale', () => {
  for (const k of [-1000, -600, 0, 600, 1000]) {
    const f = 2 ** k, p = new Polygon([0, 0, f, 0, f, f, 0, f, 0.5 * f, 0.5 * f]);
    expect(Array.from(p.vertices)).toEqual([0, 0, f, 0, f, f, 0, f]);
    expect(Array.from(p.normals).map((c) => c + 0)).toEqual([0, -1, 1, 0, 0, 1, -1, 0]);
  }
});
