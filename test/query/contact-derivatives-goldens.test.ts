/**
 * contactDerivatives' reproducers from a review, each a golden test that failed before its fix: the smooth
 * flag on wrapped shapes' crossed edges, degenerate ellipsoids and boxes, touching and crossing cores, and
 * at extreme scales; the second order at every scale; the smoothing's noise bounds and its turn when one
 * side is a half-space; a reused record's second-order flag; the batch refusing the second order.
 */
import { describe, expect, it } from 'vitest';
import {
  Box, contact, contactDerivatives, contactDerivativesBatch, ConvexHull, createContactDerivatives, Ellipsoid, HalfSpace, InvalidArgumentError,
  InvalidNumberError, MinkowskiSum, Point, Scaled, Segment, Sphere, type Shape,
} from '../../src/index.js';
import { DimensionWork, supportDimension } from '../../src/query/derivatives/support-dimension.js';
import { FeaturePolygon } from '../../src/query/manifold/feature-polygon.js';
import { supportFeature } from '../../src/query/manifold/support-feature.js';
import { stepped, type Pose } from './pose-steps.js';

const P = (x = 0, y = 0, z = 0, q = [0, 0, 0, 1]): Pose => ({ position: { x, y, z }, quaternion: { x: q[0], y: q[1], z: q[2], w: q[3] } });
const about = (axis: number[], angle: number) => { const l = Math.hypot(...axis), s = Math.sin(angle / 2) / l; return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)]; };

/** The largest gap between one-sided differences of contact's separation over the 12 coordinates: 0 where smooth, a kink's size where not. */
function kink(a: Shape, pa: Pose, b: Shape, pb: Pose, h = 1e-6): number {
  const s = (x: Pose, y: Pose) => contact(a, x, b, y).separation, s0 = s(pa, pb);
  let worst = 0;
  for (let which = 0; which < 2; which++) {
    for (let k = 0; k < 6; k++) {
      const [p1, q1] = stepped(pa, pb, which, k, h), [p2, q2] = stepped(pa, pb, which, k, -h);
      worst = Math.max(worst, Math.abs((s(p1, q1) - s0) / h - (s0 - s(p2, q2)) / h));
    }
  }
  return worst;
}

// A cube turned 30° about y, as a hull; a box turned 45° about x under it: crossed edges.
const c = Math.cos(Math.PI / 6), sn = Math.sin(Math.PI / 6), cubePoints: number[] = [];
for (const x of [-0.2, 0.2]) for (const y of [-0.2, 0.2]) for (const z of [-0.2, 0.2]) cubePoints.push(c * x + sn * z, y, -sn * x + c * z);
const crossedA = P(0, 0, 0, about([1, 0, 0], Math.PI / 4)), crossedB = (L = 1) => P(0, (0.4 * Math.SQRT2 + 0.1) * L, 0, about([c, 0, -sn], Math.PI / 4));

describe('contactDerivatives: reproducers', () => {
  it('a call that throws (a bad shape) leaves no state behind: the batch\'s gradient after it is the single query\'s', () => {
    // FC_SEED=random: the garbage fuzz's throwing calls left a flag set that made every later batch skip its
    // gradient (examples/arm's gradient test then failed in the same worker).
    const at = (x: number, y: number, z: number) => ({ position: { x, y, z }, quaternion: { x: 0, y: 0, z: 0.38268343236508984, w: 0.9238795325112867 } });
    const box = new Box(0.5, 0.3, 0.4), ball = new Sphere(0.4), poses = Float64Array.of(0, 0, 0, 0, 0, 0, 1, 0.7, 0.2, 0.1, 0, 0, 0, 1);
    expect(() => contactDerivatives(box, at(0, 0, 0), 'not a shape' as never, at(1, 0, 0))).toThrow(/^b is string/);
    const row = contactDerivativesBatch([box, ball], poses, Int32Array.of(0, 1));
    const one = contactDerivatives(box, { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }, ball, { position: { x: 0.7, y: 0.2, z: 0.1 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });
    expect(Array.from(row.subarray(10, 22))).toEqual([one.linearA.x, one.linearA.y, one.linearA.z, one.angularA.x, one.angularA.y, one.angularA.z, one.linearB.x, one.linearB.y, one.linearB.z, one.angularB.x, one.angularB.y, one.angularB.z]);
  });

  it('crossed edges of a scaled hull and of a Minkowski sum are smooth, as the plain hull\'s (the probe saw two jumps along one edge as a face)', () => {
    const hull = new ConvexHull(cubePoints), box = new Box(0.2, 0.2, 0.2);
    for (const b of [hull, new Scaled(hull, { x: 1, y: 1, z: 1 }), new MinkowskiSum(hull, new Point())]) {
      expect(kink(box, crossedA, b, crossedB())).toBeLessThan(1e-5);
      expect(contactDerivatives(box, crossedA, b, crossedB()).smooth).toBe(true);
    }
  });

  it('a thin face of a scaled box resting on an edge is not smooth (the probe\'s threshold missed faces a thousandth of its size across)', () => {
    const a = new Box(0.2, 0.2, 0.2), pa = P(0, 0, 0, about([0, 0, 1], Math.PI / 4)), b = new Scaled(new Box(1, 1, 1), { x: 1000, y: 1, z: 0.5 }), pb = P(0.1, 0.2 * Math.SQRT2 + 1.1, 0.05);
    expect(kink(a, pa, b, pb)).toBeGreaterThan(0.1);
    expect(contactDerivatives(a, pa, b, pb).smooth).toBe(false);
  });

  it('an ellipsoid with a zero semi-axis: a disc flat on a face and parallel needles are not smooth, and have no second order', () => {
    const disc = new Ellipsoid(0.3, 0, 0.2), needle = new Ellipsoid(0.3, 0, 0);
    expect(kink(new Box(1, 0.1, 1), P(), disc, P(0.1, 0.2, 0.05))).toBeGreaterThan(0.1);
    expect(contactDerivatives(new Box(1, 0.1, 1), P(), disc, P(0.1, 0.2, 0.05)).smooth).toBe(false);
    const d = contactDerivatives(needle, P(), needle, P(0.1, 0.2, 0.05), null, { secondOrder: true });
    expect([d.smooth, d.hasSecondOrder]).toEqual([false, false]);
  });

  it('cores touching or crossing are not smooth: two points, crossed segments, concentric spheres, a point inside a triangle of a mesh\'s kind', () => {
    const cases: [Shape, Pose, Shape, Pose][] = [
      [new Point(), P(), new Point(), P()],
      [new Segment({ x: -1, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }), P(), new Segment({ x: 0, y: 0, z: -1 }, { x: 0, y: 0, z: 1 }), P()],
      [new Sphere(1), P(), new Sphere(0.5), P()],
    ];
    for (const [a, pa, b, pb] of cases) {
      expect(kink(a, pa, b, pb)).toBeGreaterThan(0.1);
      expect(contactDerivatives(a, pa, b, pb).smooth).toBe(false);
    }
  });

  it('a flat box\'s crossed edge and a zero box over a face are smooth, as the equivalent hull and point are (zero extents were counted as faces)', () => {
    const cube = new Box(0.2, 0.2, 0.2);
    expect(contactDerivatives(new Box(0, 0, 0), P(0, 0.5, 0), cube, P(0.05, 0.8, 0.02)).smooth).toBe(true);
    const pb = P(1 + 0.2 * Math.SQRT2 + 0.1, 0, 0.3, about([0, 1, 0], Math.PI / 4));
    expect(kink(new Box(1, 0, 1), P(), cube, pb)).toBeLessThan(1e-5);
    expect(contactDerivatives(new Box(1, 0, 1), P(), cube, pb).smooth).toBe(true);
  });

  it('at every scale from 1e-200 to 1e200: crossed edges smooth, a scaled box resting face on not, and the second order given', () => {
    for (const L of [1e-200, 1e-100, 1e-12, 1, 1e10, 1e160, 1e200]) {
      const cube: number[] = [], turned = cubePoints.map((x) => x * L);
      for (const x of [-0.2, 0.2]) for (const y of [-0.2, 0.2]) for (const z of [-0.2, 0.2]) cube.push(x * L, y * L, z * L);
      expect(contactDerivatives(new ConvexHull(cube), crossedA, new ConvexHull(turned), crossedB(L)).smooth, `crossed edges at ${L}`).toBe(true);
      const resting = contactDerivatives(new Box(0.5 * L, 0.3 * L, 0.4 * L), P(), new Scaled(new Box(0.2 * L, 0.2 * L, 0.2 * L), { x: 1, y: 1, z: 1 }), P(0.1 * L, 0.6 * L, 0.05 * L));
      expect(resting.smooth, `resting face at ${L}`).toBe(false);
      const d = contactDerivatives(new Sphere(0.3 * L), P(), new Sphere(0.2 * L), P(0.4 * L, 0.3 * L, 0.2 * L), null, { secondOrder: true });
      expect(d.hasSecondOrder, `second order at ${L}`).toBe(true);
      // ∂n/∂(B's position) = (I − n nᵀ)/|cB − cA|: its xx entry scales as 1/L.
      const n = [0.4, 0.3, 0.2].map((x) => x / Math.hypot(0.4, 0.3, 0.2));
      expect(d.normalDerivatives[18] * L * Math.hypot(0.4, 0.3, 0.2)).toBeCloseTo(1 - n[0] * n[0], 10);
    }
    expect(contactDerivatives(new Sphere(1), P(), new Sphere(1), P(1e10, 0.5, 0), null, { secondOrder: true }).hasSecondOrder).toBe(true);
  });

  it('smoothing: the noise is a typed error past 1e100; against a half-space the turn is the other shape\'s, whichever argument it is', () => {
    for (const noise of [1e155, 1e308]) {
      expect(() => contactDerivatives(new Box(1, 0.1, 1), P(), new Box(0.3, 0.3, 0.3), P(0, 0.45, 0), null, { smoothing: { samples: 1, noise } })).toThrow(InvalidNumberError);
    }
    const smoothing = { smoothing: { samples: 512, noise: 0.01 } }, crate = new Box(0.3, 0.3, 0.3);
    const onTop = contactDerivatives(crate, P(0, 0.3, 0), new HalfSpace(), P(), null, smoothing), under = contactDerivatives(new HalfSpace(), P(), crate, P(0, 0.3, 0), null, smoothing);
    // The exact subgradient is a corner's (0.3); smoothed, both orders average it out.
    for (const d of [onTop.angularA, under.angularB]) expect(Math.abs(d.x) + Math.abs(d.z)).toBeLessThan(0.05);
  });

  it('a sliver hull\'s two nearly parallel edges at its top, both perpendicular to the direction, are an edge, as the manifolds name it (FC_SEED=random)', () => {
    const sliver = new ConvexHull([[-1.5, -1.5, -0.6844039410352707], [-1.1490482976660132, -1.4999999273568392, -1.4999999217689037], [-1.5, -1.499999918974936, -1.5], [-1.5, -1.5, -1.5]].map(([x, y, z]) => ({ x, y, z })));
    const w = new DimensionWork(), feature = new FeaturePolygon();
    w.dir.x = 0; w.dir.y = 1; w.dir.z = 0;
    supportFeature(feature, sliver, { x: 0, y: 1, z: 0 });
    expect(supportDimension(w, sliver, new Float64Array(3))).toBe([0, 0, 1, 2][feature.supportCode & 3]);
    expect(supportDimension(w, sliver, new Float64Array(3))).toBe(1);
  });

  it('a record reused without the second order says it holds none; the batch refuses the second order', () => {
    const out = createContactDerivatives();
    contactDerivatives(new Sphere(1), P(), new Sphere(1), P(3, 0, 0), out, { secondOrder: true });
    expect(out.hasSecondOrder).toBe(true);
    contactDerivatives(new Box(1, 0.1, 1), P(), new Sphere(0.3), P(0.2, 0.5, 0.1), out);
    expect(out.hasSecondOrder).toBe(false);
    expect(() => contactDerivativesBatch([new Sphere(1), new Sphere(1)], new Float64Array([0, 0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0, 1]), new Int32Array([0, 1]), null, { secondOrder: true })).toThrow(InvalidArgumentError);
    expect(() => contactDerivatives(new Sphere(1), P(), new Sphere(1), P(3, 0, 0), null, [] as never)).toThrow(InvalidArgumentError);
  });
});
