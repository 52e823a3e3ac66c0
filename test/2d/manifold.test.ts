/**
 * The 2D contact manifold: closed forms for boxes and capsules on the ground (the corners of the overlap,
 * each point's separation from its height), the rules of the method (one point for a circle, for a tilted
 * rounded edge, beyond the reference tolerance; the margin; maxPoints), ids that stay while the same
 * features touch, and properties on random pairs against the independent oracle (test/2d/oracle2d.ts):
 * every point on its shape, pointB − pointA = separation · normal, the deepest point contact's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Box2, Capsule2, Circle, contact, contactManifold, createManifold, createPose2, GjkCache, InvalidArgumentError, InvalidNumberError, ManifoldCache,
  Polygon, Rounded2, type Manifold,
} from '../../src/2d/index.js';
import { build, pair, pose } from './arbitraries2d.js';
import * as O from './oracle2d.js';
import { runs } from '../runs.js';

const ground = new Box2(5, 0.5);
const groundPose = createPose2(0, -0.5, 0); // its top edge on y = 0

function points(m: Manifold): Array<{ a: [number, number]; b: [number, number]; s: number }> {
  return m.points.slice(0, m.count).map((p) => ({ a: [p.pointA.x, p.pointA.y], b: [p.pointB.x, p.pointB.y], s: p.separation }));
}

describe('2D contact manifolds: closed forms', () => {
  it('a box resting 0.05 into the ground: its two bottom corners, each 0.05 deep, above them the ground', () => {
    const m = contactManifold(ground, groundPose, new Box2(0.5, 0.5), createPose2(1, 0.45, 0))!;
    expect(m.count).toBe(2);
    expect(m.normal.x).toBeCloseTo(0, 14);
    expect(m.normal.y).toBeCloseTo(1, 14);
    const ps = points(m).sort((p, q) => p.b[0] - q.b[0]);
    for (const [k, x] of [[0, 0.5], [1, 1.5]] as const) {
      expect(ps[k].b[0]).toBeCloseTo(x, 13);
      expect(ps[k].b[1]).toBeCloseTo(-0.05, 13);
      expect(ps[k].a[0]).toBeCloseTo(x, 13);
      expect(ps[k].a[1]).toBeCloseTo(0, 13);
      expect(ps[k].s).toBeCloseTo(-0.05, 13);
    }
    // The ground's top edge (its box's edge 2) against the box's bottom corners (vertices 0 and 1).
    expect(m.points.slice(0, 2).map((p) => p.featureA)).toEqual([{ type: 'edge', index: 2 }, { type: 'edge', index: 2 }]);
    expect(m.points.slice(0, 2).map((p) => p.featureB.type)).toEqual(['vertex', 'vertex']);
  });

  it('a box tilted by 0.05 rad: its bottom corners at their own heights (closed form), the deeper one contact\'s', () => {
    const th = 0.05, cx = 1, cy = 0.45;
    const m = contactManifold(ground, groundPose, new Box2(0.5, 0.5), createPose2(cx, cy, th))!;
    expect(m.count).toBe(2);
    const corner = (x: number, y: number): [number, number] => [cx + x * Math.cos(th) - y * Math.sin(th), cy + x * Math.sin(th) + y * Math.cos(th)];
    const expected = [corner(-0.5, -0.5), corner(0.5, -0.5)].sort((p, q) => p[0] - q[0]);
    const ps = points(m).sort((p, q) => p.b[0] - q.b[0]);
    for (let k = 0; k < 2; k++) {
      expect(ps[k].b[0]).toBeCloseTo(expected[k][0], 12);
      expect(ps[k].b[1]).toBeCloseTo(expected[k][1], 12);
      expect(ps[k].s).toBeCloseTo(expected[k][1], 12); // the ground's top is y = 0
      expect(ps[k].a[1]).toBeCloseTo(0, 12);
    }
    const deepest = Math.min(ps[0].s, ps[1].s);
    expect(deepest).toBeCloseTo(contact(ground, groundPose, new Box2(0.5, 0.5), createPose2(cx, cy, th))!.separation, 12);
  });

  it('swapping A and B flips the normal and gives the same points, A\'s and B\'s exchanged', () => {
    const box = new Box2(0.5, 0.5), p = createPose2(1, 0.45, 0.02);
    const m = points(contactManifold(ground, groundPose, box, p)!).sort((u, v) => u.a[0] - v.a[0]);
    const r = contactManifold(box, p, ground, groundPose)!;
    expect(r.normal.y).toBeCloseTo(-1, 3);
    const w = points(r).sort((u, v) => u.b[0] - v.b[0]);
    expect(w.length).toBe(2);
    for (let k = 0; k < 2; k++) {
      expect(w[k].b[0]).toBeCloseTo(m[k].a[0], 12);
      expect(w[k].b[1]).toBeCloseTo(m[k].a[1], 12);
      expect(w[k].a[0]).toBeCloseTo(m[k].b[0], 12);
      expect(w[k].s).toBeCloseTo(m[k].s, 12);
    }
  });

  it('a capsule lying on the ground: the two ends of its flat side; tilted by 0.01, its one deepest point', () => {
    const cap = new Capsule2(1, 0.25);
    const flat = contactManifold(ground, groundPose, cap, createPose2(1, 0.2, Math.PI / 2))!;
    expect(flat.count).toBe(2);
    const xs = points(flat).map((p) => p.b[0]).sort((u, v) => u - v);
    expect(xs[0]).toBeCloseTo(0, 12);
    expect(xs[1]).toBeCloseTo(2, 12);
    for (const p of points(flat)) expect(p.s).toBeCloseTo(-0.05, 12);
    // A rounded edge tilted against the reference: its core points moved by the radius would lie inside it.
    const tilted = contactManifold(ground, groundPose, cap, createPose2(1, 0.2, Math.PI / 2 + 0.01))!;
    expect(tilted.count).toBe(1);
    expect(tilted.points[0].separation).toBeCloseTo(0.2 - 0.25 - Math.sin(0.01) * 1, 12);
  });

  it('a circle: one point, contact\'s, on a round surface (feature none)', () => {
    const m = contactManifold(ground, groundPose, new Circle(0.5), createPose2(1, 0.45, 0))!;
    expect(m.count).toBe(1);
    expect(m.points[0].separation).toBeCloseTo(-0.05, 13);
    expect(m.points[0].pointB.y).toBeCloseTo(-0.05, 13);
    expect(m.points[0].featureB).toEqual({ type: 'none', index: -1 });
  });

  it('two boxes corner to corner (both turned 45°), apart within the margin: no edge within the reference tolerance, one point', () => {
    // (Overlapping, their depth is along a face's normal, and that face clips: the pair below is apart.)
    const box = new Box2(0.5, 0.5), pa = createPose2(0, 0, Math.PI / 4), pb = createPose2(0, 1.45, Math.PI / 4);
    const m = contactManifold(box, pa, box, pb, null, { margin: 0.1 })!;
    expect(m.count).toBe(1);
    expect(m.normal.y).toBeCloseTo(1, 12);
    expect(m.points[0].separation).toBeCloseTo(1.45 - Math.SQRT2, 12);
    expect(m.points[0].pointA.y).toBeCloseTo(Math.SQRT1_2, 12);
    expect(m.points[0].featureA.type).toBe('vertex');
    expect(m.points[0].featureB.type).toBe('vertex');
  });

  it('a box on its corner, turned 0.3 rad, 0.025 into the ground: the ground is the reference, the other corner beyond the margin', () => {
    const th = 0.3, cy = 0.5 * (Math.cos(th) + Math.sin(th)) - 0.025;
    const m = contactManifold(ground, groundPose, new Box2(0.5, 0.5), createPose2(1, cy, th), null, { margin: 0.1 })!;
    expect(m.count).toBe(1);
    expect(m.points[0].separation).toBeCloseTo(-0.025, 12);
    const wide = contactManifold(ground, groundPose, new Box2(0.5, 0.5), createPose2(1, cy, th), null, { margin: 0.5 })!;
    expect(wide.count).toBe(2);
    expect(Math.max(wide.points[0].separation, wide.points[1].separation)).toBeCloseTo(-0.025 + Math.sin(th), 12);
  });

  it('margin: a box 0.05 above the ground gives its two corners at +0.05 with a margin of 0.1, null without', () => {
    const box = new Box2(0.5, 0.5), p = createPose2(1, 0.55, 0);
    expect(contactManifold(ground, groundPose, box, p)).toBeNull();
    expect(contactManifold(ground, groundPose, box, p, null, { margin: 0.01 })).toBeNull();
    const m = contactManifold(ground, groundPose, box, p, null, { margin: 0.1 })!;
    expect(m.count).toBe(2);
    for (const q of points(m)) expect(q.s).toBeCloseTo(0.05, 13);
  });

  it('maxPoints 1 keeps the deepest', () => {
    const m = contactManifold(ground, groundPose, new Box2(0.5, 0.5), createPose2(1, 0.45, 0.05), null, { maxPoints: 1 })!;
    expect(m.count).toBe(1);
    const both = contactManifold(ground, groundPose, new Box2(0.5, 0.5), createPose2(1, 0.45, 0.05))!;
    expect(m.points[0].separation).toBe(Math.min(both.points[0].separation, both.points[1].separation));
  });

  it('ids stay the same while a box slides along the ground (the same features touch)', () => {
    const out = createManifold();
    const seen = new Set<string>();
    for (let k = 0; k <= 100; k++) {
      const m = contactManifold(ground, groundPose, new Box2(0.5, 0.5), createPose2(-3 + 0.06 * k, 0.45, 0), out)!;
      expect(m).toBe(out);
      seen.add(m.points.slice(0, m.count).map((p) => p.id).sort().join(','));
    }
    expect(seen.size).toBe(1);
    expect([...seen][0].split(',').length).toBe(2);
  });

  it('bad options and out: errors naming the field', () => {
    const box = new Box2(0.5, 0.5), p = createPose2(1, 0.45, 0);
    expect(() => contactManifold(ground, groundPose, box, p, null, { margin: -1 })).toThrow(InvalidNumberError);
    expect(() => contactManifold(ground, groundPose, box, p, null, { margin: -1 })).toThrow(/options\.margin/);
    expect(() => contactManifold(ground, groundPose, box, p, null, { maxPoints: 3 })).toThrow(/options\.maxPoints/);
    expect(() => contactManifold(ground, groundPose, box, p, { normal: { x: 0, y: 0 } } as never)).toThrow(InvalidArgumentError);
    expect(() => contactManifold(ground, groundPose, box, p, { normal: { x: 0, y: 0 } } as never)).toThrow(/createManifold/);
  });
});

describe('2D contact manifolds: the pair\'s cache', () => {
  /** The manifold as plain data (for toEqual between answers). */
  const plain = (m: Manifold | null): unknown => (m === null ? null : {
    normal: { ...m.normal }, count: m.count, status: m.status,
    points: m.points.slice(0, m.count).map((p) => ({ a: { ...p.pointA }, b: { ...p.pointB }, s: p.separation, id: p.id, fa: { ...p.featureA }, fb: { ...p.featureB } })),
  });

  it('at rest: the second call is the first answer, bit for bit, with no iteration; apart beyond the margin stays null', () => {
    fc.assert(fc.property(pair, fc.constantFrom(0, 0.3), ([A, B], margin) => {
      const a = build(A.shape), b = build(B.shape), pa = pose(A.pose), pb = pose(B.pose), cache = new ManifoldCache();
      const cold = plain(contactManifold(a, pa, b, pb, null, { margin }));
      const first = contactManifold(a, pa, b, pb, null, { margin, cache });
      expect(plain(first)).toEqual(cold);
      const again = contactManifold(a, pa, b, pb, null, { margin, cache });
      expect(plain(again)).toEqual(cold);
      if (again !== null) expect(again.iterations).toBe(0);
    }), { numRuns: runs(200) });
  });

  it('moved together, A as far from the origin (the same relative pose and touch slack to the bit): the answer moved with them', () => {
    // A box and a triangle apart, so that a cold call runs GJK (iterations > 0) and a hit runs nothing.
    // Coordinates on a 1/8 grid: B − A is the same to the last bit, and |x| + |y| of A's position (the
    // touch slack's distance from the origin) stays 8.
    const box = new Box2(1, 0.5), tri = new Polygon([{ x: -1, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }]);
    const cache = new ManifoldCache();
    const at = (x: number, y: number): [ReturnType<typeof createPose2>, ReturnType<typeof createPose2>] => [createPose2(x, y, 0.5), createPose2(x + 0.25, y + 1.625, 0.5)];
    const [p0, q0] = at(3, 5);
    const first = contactManifold(box, p0, tri, q0, null, { cache, margin: 1 })!;
    expect(first.iterations).toBeGreaterThan(0);
    for (const [x, y] of [[5, 3], [-3, 5], [-6, -2]]) {
      const [p, q] = at(x, y);
      const warm = contactManifold(box, p, tri, q, null, { cache, margin: 1 })!;
      const cold = contactManifold(box, p, tri, q, null, { margin: 1 })!;
      expect(cold.iterations).toBeGreaterThan(0);
      expect(warm.iterations).toBe(0); // the cached answer
      expect(warm.count).toBe(cold.count);
      expect(Math.abs(warm.normal.x - cold.normal.x) + Math.abs(warm.normal.y - cold.normal.y)).toBeLessThanOrEqual(1e-12);
      for (let k = 0; k < cold.count; k++) {
        const w = warm.points[k], c = cold.points[k];
        expect(w.id).toBe(c.id);
        expect(Math.hypot(w.pointA.x - c.pointA.x, w.pointA.y - c.pointA.y)).toBeLessThanOrEqual(1e-12 * 16);
        expect(Math.abs(w.separation - c.separation)).toBeLessThanOrEqual(1e-12);
      }
    }
    // Farther from the origin the slack differs: a miss, the cold answer's work.
    const [p, q] = at(100, -50);
    expect(contactManifold(box, p, tri, q, null, { cache, margin: 1 })!.iterations).toBeGreaterThan(0);
  });

  it('another shape, margin, maxPoints or relative pose misses the cache: the cold answer', () => {
    const box = new Box2(0.5, 0.5), other = new Box2(0.5, 0.5), cache = new ManifoldCache();
    const p = createPose2(0.2, 0.45, 0.01);
    contactManifold(ground, groundPose, box, p, null, { cache });
    const cases: Array<[Box2, ReturnType<typeof createPose2>, number, 1 | 2]> = [[other, p, 0, 2], [box, p, 0.1, 2], [box, p, 0, 1], [box, createPose2(0.2, 0.44, 0.01), 0, 2]];
    for (const [shape, q, margin, maxPoints] of cases) {
      const warm = contactManifold(ground, groundPose, shape, q, null, { cache, margin, maxPoints });
      expect(plain(warm)).toEqual(plain(contactManifold(ground, groundPose, shape, q, null, { margin, maxPoints })));
      expect(warm!.iterations).toBe(contactManifold(ground, groundPose, shape, q, null, { margin, maxPoints })!.iterations);
    }
  });

  it('keeps the reference edge of the frame before on a tie: a box levelling onto another, B\'s edge throughout', () => {
    // A (a small box above B, a wide one) tilts by 1e-3, then 1e-5, 1e-8, 0: B's top edge is the reference
    // at first (the contact normal is B's, nearer it than A's bottom), then the two edges are flat against
    // each other (within MANIFOLD_ALIGNMENT_TOLERANCE, 1e-7) and tie. With the cache B stays the reference
    // (without it A, first on a tie, would be). In the plane the ids come out the same either way (A's
    // corners on B's edge); the points agree with the cold ones.
    const a = new Box2(0.5, 0.5), b = new Box2(1, 0.5);
    const cache = new ManifoldCache();
    const seen = new Set<string>();
    for (const tilt of [1e-3, 1e-5, 1e-8, 0]) {
      const pa = createPose2(0.1, 0.99, tilt), pb = createPose2(0, 0, 0);
      const warm = contactManifold(a, pa, b, pb, null, { cache })!, cold = contactManifold(a, pa, b, pb)!;
      expect(cache.reference).toBe(-1);
      expect(warm.count).toBe(2);
      seen.add(warm.points.slice(0, 2).map((p) => p.id).sort().join(','));
      for (let k = 0; k < 2; k++) {
        const w = warm.points[k], c = cold.points.find((q) => q.id === w.id)!;
        expect(Math.hypot(w.pointA.x - c.pointA.x, w.pointA.y - c.pointA.y)).toBeLessThanOrEqual(1e-9);
        expect(Math.hypot(w.pointB.x - c.pointB.x, w.pointB.y - c.pointB.y)).toBeLessThanOrEqual(1e-9);
      }
    }
    expect(seen.size).toBe(1);
    cache.reset();
    expect(cache.reference).toBe(0);
  });

  it('the key holds the GJK and EPA options and the touch slack; a hit keeps the answer\'s status; a trace always runs', () => {
    // Found in review. Two 40-gons (B rounded) 2.3 to 2.8 apart: GJK capped at 1 iteration answers other
    // points than the default; with one cache the default call must not get the capped answer.
    const gon = (n: number, r: number, phase: number): Polygon => new Polygon(Array.from({ length: n }, (_, i) => ({ x: r * Math.cos(phase + (2 * Math.PI * i) / n), y: r * Math.sin(phase + (2 * Math.PI * i) / n) })));
    const A = gon(40, 1, 0), B = new Rounded2(gon(40, 1, 0.05), 0.1);
    const pA = createPose2(0, 0, 0.24780891732203636), pB = createPose2(1.6285234483871518, -1.7875818737628848, 0.9169611825147566);
    const capped = contactManifold(A, pA, B, pB, null, { margin: 2, gjkMaxIterations: 1 })!;
    const full = contactManifold(A, pA, B, pB, null, { margin: 2 })!;
    expect(capped.status).toBe('max-iterations');
    expect(Math.abs(capped.points[0].separation - full.points[0].separation)).toBeGreaterThan(1e-3);
    const cache = new ManifoldCache();
    expect(plain(contactManifold(A, pA, B, pB, null, { margin: 2, gjkMaxIterations: 1, cache }))).toEqual(plain(capped));
    // The same options again: a hit, the capped answer with its own status.
    const again = contactManifold(A, pA, B, pB, null, { margin: 2, gjkMaxIterations: 1, cache })!;
    expect(again.iterations).toBe(0);
    expect(again.status).toBe('max-iterations');
    // (Warm-started from the capped call's direction: the same answer to rounding, not to the bit.)
    const warm = contactManifold(A, pA, B, pB, null, { margin: 2, cache })!;
    expect(warm.status).toBe('converged');
    expect(warm.count).toBe(full.count);
    for (let k = 0; k < full.count; k++) {
      expect(warm.points[k].id).toBe(full.points[k].id);
      expect(Math.abs(warm.points[k].separation - full.points[k].separation)).toBeLessThanOrEqual(1e-12);
    }
    // The touch slack grows with A's distance from the origin: two unit circles 2 + 2⁻³¹ apart do not
    // touch at the origin and do 2²⁰ away, at the same relative pose to the bit.
    const c = new Circle(1), d = 2 + 2 ** -31, near = new ManifoldCache();
    expect(contactManifold(c, createPose2(0, 0, 0), c, createPose2(d, 0, 0), null, { cache: near })).toBeNull();
    const far = contactManifold(c, createPose2(2 ** 20, 0, 0), c, createPose2(2 ** 20 + d, 0, 0), null, { cache: near });
    expect(plain(far)).toEqual(plain(contactManifold(c, createPose2(2 ** 20, 0, 0), c, createPose2(2 ** 20 + d, 0, 0))));
    expect(far).not.toBeNull();
    // A trace is called at the same pose as last time: the query runs.
    let steps = 0;
    contactManifold(A, pA, B, pB, null, { margin: 2, cache, trace: () => { steps++; } });
    expect(steps).toBeGreaterThan(0);
  });

  it('a cache that is not a 2D ManifoldCache, or is frozen, is an InvalidArgumentError naming options.cache', () => {
    const box = new Box2(0.5, 0.5), p = createPose2(1, 0.45, 0);
    for (const cache of [new GjkCache(), {}, Object.freeze(new ManifoldCache())]) {
      expect(() => contactManifold(ground, groundPose, box, p, null, { cache: cache as never })).toThrow(InvalidArgumentError);
      expect(() => contactManifold(ground, groundPose, box, p, null, { cache: cache as never })).toThrow(/options\.cache/);
    }
  });
});

describe('2D contact manifolds: properties on random pairs', () => {
  it('every point on its shape, pointB − pointA = separation · normal, the normal and the deepest point contact\'s', () => {
    fc.assert(fc.property(pair, ([A, B]) => {
      const a = build(A.shape), b = build(B.shape);
      const c = contact(a, pose(A.pose), b, pose(B.pose));
      const m = contactManifold(a, pose(A.pose), b, pose(B.pose), null, { margin: 0.25 });
      if (c === null || c.separation > 0.25) {
        expect(m).toBeNull();
        return;
      }
      expect(m).not.toBeNull();
      const scale = O.pairScale(A, B), tol = 1e-9 * scale;
      expect(m!.count).toBeGreaterThanOrEqual(1);
      expect(m!.count).toBeLessThanOrEqual(2);
      expect(m!.normal.x).toBeCloseTo(c.normal.x, 12);
      expect(m!.normal.y).toBeCloseTo(c.normal.y, 12);
      let deepest = Infinity;
      for (const p of m!.points.slice(0, m!.count)) {
        expect(O.distanceToShape(A, O.toP2(p.pointA)), 'pointA on A').toBeLessThanOrEqual(tol);
        expect(O.distanceToShape(B, O.toP2(p.pointB)), 'pointB on B').toBeLessThanOrEqual(tol);
        expect(Math.abs(p.pointB.x - p.pointA.x - p.separation * m!.normal.x)).toBeLessThanOrEqual(tol);
        expect(Math.abs(p.pointB.y - p.pointA.y - p.separation * m!.normal.y)).toBeLessThanOrEqual(tol);
        expect(p.separation).toBeLessThanOrEqual(0.25 + tol);
        deepest = Math.min(deepest, p.separation);
      }
      expect(Math.abs(deepest - c.separation)).toBeLessThanOrEqual(tol);
      // The two points of an edge contact are distinct and each has a feature pair of its own.
      if (m!.count === 2) expect(m!.points[0].id).not.toBe(m!.points[1].id);
    }), { numRuns: runs(400) });
  });

  it('a rounded box on the ground: the two points of its flat bottom, each its corner core\'s height less the radius', () => {
    fc.assert(fc.property(fc.double({ min: 0.05, max: 0.4, noNaN: true }), fc.double({ min: -2, max: 2, noNaN: true }), fc.double({ min: -0.04, max: 0.04, noNaN: true }), (r, x, sink) => {
      const shape = new Rounded2(new Box2(0.5, 0.25), r);
      const cy = 0.25 + r + sink;
      const m = contactManifold(ground, groundPose, shape, createPose2(x, cy, 0), null, { margin: 0.05 });
      expect(m).not.toBeNull();
      expect(m!.count).toBe(2);
      for (const p of points(m!)) expect(p.s).toBeCloseTo(sink, 12);
      const xs = points(m!).map((p) => p.b[0]).sort((u, v) => u - v);
      expect(xs[0]).toBeCloseTo(x - 0.5, 12);
      expect(xs[1]).toBeCloseTo(x + 0.5, 12);
    }), { numRuns: runs(100) });
  });

  it('a polygon on its edge: the clipped overlap of the two edges (brute force over the polygon\'s bottom edge)', () => {
    // A random convex polygon resting on one of its edges, sunk by a known depth: the manifold's points are
    // that edge's ends (within the ground's extent), each at the sink depth.
    fc.assert(fc.property(fc.integer({ min: 3, max: 12 }), fc.double({ min: 0, max: 6.28, noNaN: true }), fc.double({ min: 0.001, max: 0.05, noNaN: true }), (n, phase, sink) => {
      const pts: number[] = [];
      for (let k = 0; k < n; k++) pts.push(Math.cos(phase + (2 * Math.PI * k) / n), Math.sin(phase + (2 * Math.PI * k) / n));
      const poly = new Polygon(pts);
      // Turn it so that its edge 0 faces down: the edge's outward normal to (0, −1).
      const nx = poly.normals[0], ny = poly.normals[1];
      const angle = Math.atan2(-1, 0) - Math.atan2(ny, nx);
      const v = poly.vertices;
      const low = Math.min(...Array.from({ length: n }, (_, k) => Math.sin(angle) * v[2 * k] + Math.cos(angle) * v[2 * k + 1]));
      const m = contactManifold(ground, groundPose, poly, createPose2(0.3, -low - sink, angle));
      expect(m).not.toBeNull();
      expect(m!.count).toBe(2);
      const ends = [0, 1].map((k) => [0.3 + Math.cos(angle) * v[2 * k] - Math.sin(angle) * v[2 * k + 1], -low - sink + Math.sin(angle) * v[2 * k] + Math.cos(angle) * v[2 * k + 1]]).sort((p, q) => p[0] - q[0]);
      const got = points(m!).sort((p, q) => p.b[0] - q.b[0]);
      for (let k = 0; k < 2; k++) {
        expect(got[k].b[0]).toBeCloseTo(ends[k][0], 10);
        expect(got[k].s).toBeCloseTo(-sink, 10);
      }
    }), { numRuns: runs(200) });
  });
});
