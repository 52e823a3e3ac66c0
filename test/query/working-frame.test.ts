/**
 * The general path runs in the larger shape's frame (src/query/pair/working-frame.ts): the answer turned
 * back to the pair as given (witnesses, normal), and the warm-start cache kept in A's frame, whichever frame
 * GJK ran in.
 */
import { describe, expect, it } from 'vitest';
import { Box, closestPoints, contact, ConvexHull, distance, GjkCache, intersects } from '../../src/index.js';
import { mulberry32 } from '../random.js';
import type { TraceStep } from '../../src/query/pair/trace.js';

const turn = (rnd: () => number) => {
  const u1 = rnd(), u2 = rnd(), u3 = rnd(), s1 = Math.sqrt(1 - u1), s2 = Math.sqrt(u1);
  return { x: s1 * Math.sin(2 * Math.PI * u2), y: s1 * Math.cos(2 * Math.PI * u2), z: s2 * Math.sin(2 * Math.PI * u3), w: s2 * Math.cos(2 * Math.PI * u3) };
};
/** v rotated by the inverse of q: world into the frame q places. */
const intoFrame = (q: { x: number; y: number; z: number; w: number }, v: { x: number; y: number; z: number }) => {
  const x = -q.x, y = -q.y, z = -q.z, w = q.w;
  const tx = 2 * (y * v.z - z * v.y), ty = 2 * (z * v.x - x * v.z), tz = 2 * (x * v.y - y * v.x);
  return { x: v.x + w * tx + (y * tz - z * ty), y: v.y + w * ty + (z * tx - x * tz), z: v.z + w * tz + (x * ty - y * tx) };
};

describe('the larger shape\'s frame', () => {
  // A small hull against a box hull 40 long (B more than twice A: GJK runs in B's frame).
  const small = new ConvexHull([0.1, 0.2, -0.1, -0.15, 0.05, 0.1, 0.05, -0.2, 0.12, -0.1, -0.1, -0.15, 0.2, 0, 0]);
  const long = new ConvexHull([-20, -0.5, -0.5, 20, -0.5, -0.5, -20, 0.5, -0.5, 20, 0.5, -0.5, -20, -0.5, 0.5, 20, -0.5, 0.5, -20, 0.5, 0.5, 20, 0.5, 0.5]);

  it('the answer in either order is the same pair\'s: witnesses exchanged, normal negated, on the shapes as given', () => {
    const rnd = mulberry32(0x3f1);
    for (let i = 0; i < 200; i++) {
      const pa = { position: { x: rnd() * 4 - 2, y: 0.75 + rnd(), z: rnd() * 0.4 - 0.2 }, quaternion: turn(rnd) };
      const pb = { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
      const ab = closestPoints(small, pa, long, pb), ba = closestPoints(long, pb, small, pa);
      expect(ab.distance).toBeCloseTo(ba.distance, 12);
      expect(ab.distance).toBeGreaterThan(0);
      {
        for (const k of ['x', 'y', 'z'] as const) {
          expect(ab.pointA[k]).toBeCloseTo(ba.pointB[k], 12);
          expect(ab.pointB[k]).toBeCloseTo(ba.pointA[k], 12);
          expect(ab.normal[k]).toBeCloseTo(-ba.normal[k], 12);
        }
        // pointB on the long box's top face, the normal from the small hull into the box (−y).
        expect(ab.pointB.y).toBeCloseTo(0.5, 12);
        expect(ab.normal.y).toBeCloseTo(-1, 12);
      }
      const c = contact(small, pa, long, pb)!;
      expect(c.separation).toBeCloseTo(ab.distance, 12);
      expect(c.normal.y).toBeCloseTo(-1, 9);
      expect(intersects(small, pa, long, pb)).toBe(false);
      expect(distance(small, pa, long, pb)).toBe(ab.distance);
    }
  });

  it('the warm-start cache holds A\'s direction in A\'s frame, and warm answers are the cold ones', () => {
    const rnd = mulberry32(0x3f2);
    for (let i = 0; i < 100; i++) {
      const q = turn(rnd);
      const pa = { position: { x: rnd() * 4 - 2, y: 1 + rnd(), z: rnd() * 4 - 2 }, quaternion: q };
      const pb = { position: { x: 0.5, y: -0.25, z: 0 }, quaternion: turn(rnd) };
      const big = new Box(8, 0.5, 8);
      for (const [a, b] of [[small, long], [small, big]] as const) {
        const cache = new GjkCache();
        const cold = closestPoints(a, pa, b, pb, undefined, { cache });
        if (cold.distance === 0) continue;
        // GJK's closest point of A − B is along −normal (from A into B), in A's frame.
        const n = intoFrame(q, cold.normal), l = Math.hypot(cache.x, cache.y, cache.z);
        expect(cache.valid).toBe(true);
        expect(cache.x / l).toBeCloseTo(-n.x, 9);
        expect(cache.y / l).toBeCloseTo(-n.y, 9);
        expect(cache.z / l).toBeCloseTo(-n.z, 9);
        const warm = closestPoints(a, pa, b, pb, undefined, { cache });
        expect(warm.distance).toBeCloseTo(cold.distance, 12);
        expect(contact(a, pa, b, pb, undefined, { cache })!.separation).toBeCloseTo(cold.distance, 12);
      }
    }
  });

  it('a traced query answers as the untraced one, its steps in A\'s frame (A − B)', () => {
    const rnd = mulberry32(0x3f3);
    for (let i = 0; i < 50; i++) {
      const q = turn(rnd);
      const pa = { position: { x: rnd() * 4 - 2, y: 0.75 + rnd(), z: rnd() * 0.4 - 0.2 }, quaternion: q };
      const pb = { position: { x: 0.5, y: -0.25, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
      const steps: TraceStep[] = [];
      const plain = closestPoints(small, pa, long, pb);
      const traced = closestPoints(small, pa, long, pb, undefined, { trace: (s) => steps.push(s) });
      expect(traced.distance).toBe(plain.distance);
      expect(traced.normal).toEqual(plain.normal);
      // The last step's closest point of A − B (A's frame) is along −normal, |v| the distance (no radii here).
      const last = steps[steps.length - 1];
      expect(last.algorithm).toBe('gjk');
      if (last.algorithm !== 'gjk') return;
      const n = intoFrame(q, plain.normal), v = last.closest;
      expect(Math.hypot(v.x, v.y, v.z)).toBeCloseTo(plain.distance, 12);
      expect(v.x).toBeCloseTo(-n.x * plain.distance, 12);
      expect(v.y).toBeCloseTo(-n.y * plain.distance, 12);
      expect(v.z).toBeCloseTo(-n.z * plain.distance, 12);
      // Every simplex point is a Minkowski point a − b of A's frame: its support value along v is at least |v|².
      for (const p of last.simplex) expect(p.x * v.x + p.y * v.y + p.z * v.z).toBeGreaterThanOrEqual(plain.distance ** 2 * (1 - 1e-9));
    }
  });
});
