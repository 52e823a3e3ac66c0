import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Box, Capsule, ConvexHull, Cylinder, InvalidArgumentError, InvalidNumberError, ManifoldCache, Sphere,
  contact, contactFeatures, contactManifold, createContactFeatures, createManifold, type ConvexShape, type Manifold, type PoseLike,
} from '../../src/index.js';
import { num, unitQuat, vec } from '../arbitraries.js';
import { composePose, dot, normalizeQ, poseObj, qmul, rotate, sub, toLocal, toV3, toWorld, type PoseT, type Q4, type V3 } from '../oracles.js';
import { area, boxVertices, contactRegion, hull2, inside, planeBasis, project } from './region-oracle.js';
import { runs } from '../runs.js';

const pose = (x: number, y: number, z: number, q: Q4 = [0, 0, 0, 1]): PoseLike => poseObj({ position: [x, y, z], quaternion: q });
const axisAngle = (axis: V3, angle: number): Q4 => {
  const l = Math.hypot(...axis), s = Math.sin(angle / 2) / l;
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
};
const pts = (m: Manifold, which: 'pointA' | 'pointB'): V3[] => m.points.slice(0, m.count).map((p) => toV3(p[which]));
const name = (f: { type: string; index: number }): string => (f.type === 'none' ? '' : `${f.type[0]}${f.index}`);

/** Checks every point's pair lies along the normal and that its separation is within [contact's, margin]. */
function expectConsistent(m: Manifold, contactSeparation: number, margin: number, tol: number): void {
  const n = toV3(m.normal);
  expect(Math.abs(Math.hypot(...n) - 1)).toBeLessThan(1e-12);
  let min = Infinity;
  for (let i = 0; i < m.count; i++) {
    const p = m.points[i];
    const d = sub(toV3(p.pointB), toV3(p.pointA));
    for (let k = 0; k < 3; k++) expect(Math.abs(d[k] - p.separation * n[k])).toBeLessThan(tol);
    expect(p.separation).toBeGreaterThanOrEqual(contactSeparation - tol);
    expect(p.separation).toBeLessThanOrEqual(margin + tol);
    min = Math.min(min, p.separation);
  }
  expect(Math.abs(min - contactSeparation)).toBeLessThan(tol);
}

describe('contactManifold: golden cases', () => {
  const cube = new Box(0.5, 0.5, 0.5);

  it('a cube on a cube offset by (0.25, 0.25) gives exactly the four corners of the square overlap', () => {
    const m = contactManifold(cube, pose(0, 0, 0), cube, pose(0.25, 0.99, 0.25))!;
    expect(m.count).toBe(4);
    expect(toV3(m.normal)).toEqual([0, 1, 0]);
    const corners = pts(m, 'pointA').map(([x, y, z]) => [x, y, z].map((c) => Math.round(c * 1e12) / 1e12).join(',')).sort();
    expect(corners).toEqual(['-0.25,0.5,-0.25', '-0.25,0.5,0.5', '0.5,0.5,-0.25', '0.5,0.5,0.5']);
    for (let i = 0; i < 4; i++) {
      expect(m.points[i].separation).toBeCloseTo(-0.01, 14);
      expect(m.points[i].pointB.y).toBeCloseTo(0.49, 14);
      // A's top face (+y is face 2) where B's corner is inside it, one of its edges where edges cross.
      expect(['f2', 'e1', 'e3', 'e9', 'e11', 'v7']).toContain(name(m.points[i].featureA));
    }
    // B's corner inside A's face is a vertex against the face; the overlap's corner (0.5, 0.5) is A's
    // corner inside B's face; the other two are edges crossing.
    const byCorner = new Map(m.points.slice(0, 4).map((p) => [`${Math.round(p.pointA.x * 4)},${Math.round(p.pointA.z * 4)}`, `${name(p.featureA)}/${name(p.featureB)}`]));
    expect(byCorner.get('-1,-1')).toBe('f2/v0');
    expect(new Set(m.points.slice(0, 4).map((p) => p.id)).size).toBe(4);
  });

  it('a box tilted onto its edge gives 2 points, the ends of the edge', () => {
    const y = 0.5 + 0.5 * Math.SQRT2 - 0.001;
    const m = contactManifold(cube, pose(0, 0, 0), cube, pose(0, y, 0, axisAngle([0, 0, 1], Math.PI / 4)))!;
    expect(m.count).toBe(2);
    const zs = pts(m, 'pointA').map((p) => p[2]).sort((a, b) => a - b);
    expect(zs[0]).toBeCloseTo(-0.5, 12);
    expect(zs[1]).toBeCloseTo(0.5, 12);
    for (const p of pts(m, 'pointA')) { expect(p[0]).toBeCloseTo(0, 12); expect(p[1]).toBeCloseTo(0.5, 12); }
    for (let i = 0; i < 2; i++) expect(m.points[i].separation).toBeCloseTo(-0.001, 12);
    expect(m.points.slice(0, 2).map((p) => p.featureB.type)).toEqual(['vertex', 'vertex']);
  });

  it('a box on its corner gives 1 point: a vertex against a face', () => {
    // Turn the corner (−1, −1, −1) straight down.
    const c = [-1, -1, -1].map((x) => x / Math.sqrt(3)) as V3;
    const axis: V3 = [c[1] * -1 - 0, 0, 0 - c[0] * -1]; // c × (0, −1, 0)
    const q = axisAngle([c[1] * 0 - c[2] * -1, c[2] * 0 - c[0] * 0, c[0] * -1 - c[1] * 0], Math.acos(-c[1]));
    void axis;
    const y = 0.5 + Math.sqrt(3) / 2 - 0.002;
    const m = contactManifold(cube, pose(0, 0, 0), cube, pose(0, y, 0, q))!;
    expect(m.count).toBe(1);
    expect(m.points[0].featureA).toEqual({ type: 'face', index: 2 });
    expect(m.points[0].featureB).toEqual({ type: 'vertex', index: 0 });
    expect(m.points[0].separation).toBeCloseTo(-0.002, 12);
    expectConsistent(m, -0.002, 0, 1e-12);
  });

  it('golden: edge against edge gives one point', () => {
    // A's top edge along z (A turned 45° about z), B's bottom edge along x (B turned 45° about x).
    const y = Math.SQRT2 - 0.003;
    const m = contactManifold(cube, pose(0, 0, 0, axisAngle([0, 0, 1], Math.PI / 4)), cube, pose(0, y, 0, axisAngle([1, 0, 0], Math.PI / 4)))!;
    expect(m.count).toBe(1);
    expect(m.points[0].featureA.type).toBe('edge');
    expect(m.points[0].featureB.type).toBe('edge');
    expect(m.points[0].separation).toBeCloseTo(-0.003, 12);
    expectConsistent(m, -0.003, 0, 1e-12);
  });

  it('a capsule lying on a box gives 2 points, standing 1; a sphere 1', () => {
    const ground = new Box(2, 0.5, 2), cap = new Capsule(0.5, 0.2);
    const lying = contactManifold(ground, pose(0, 0, 0), cap, pose(0.1, 0.69, 0, axisAngle([0, 0, 1], Math.PI / 2)))!;
    expect(lying.count).toBe(2);
    expect(pts(lying, 'pointA').map((p) => p[0]).sort((a, b) => a - b).map((x) => Math.round(x * 1e9) / 1e9)).toEqual([-0.4, 0.6]);
    expect(lying.points[0].featureB.type).toBe('none');
    expectConsistent(lying, -0.01, 0, 1e-12);
    const standing = contactManifold(ground, pose(0, 0, 0), cap, pose(0, 1.19, 0))!;
    expect(standing.count).toBe(1);
    const ball = contactManifold(ground, pose(0, 0, 0), new Sphere(0.3), pose(0, 0.79, 0), null, { margin: 0.05 })!;
    expect(ball.count).toBe(1);
    expect(ball.points[0].separation).toBeCloseTo(-0.01, 12);
  });

  it('two capsules side by side gives 2 points', () => {
    const cap = new Capsule(0.5, 0.2), q = axisAngle([0, 0, 1], Math.PI / 2);
    const m = contactManifold(cap, pose(0, 0, 0, q), cap, pose(0.3, 0.39, 0, q))!;
    expect(m.count).toBe(2);
    expect(pts(m, 'pointA').map((p) => p[0]).sort((a, b) => a - b).map((x) => Math.round(x * 1e9) / 1e9)).toEqual([-0.2, 0.5]);
    expectConsistent(m, -0.01, 0, 1e-12);
  });

  it("a standing cylinder's disc gives 4 rim points spanning at least 60 % of the disc", () => {
    const ground = new Box(2, 0.5, 2), cyl = new Cylinder(0.3, 0.4);
    const m = contactManifold(ground, pose(0, 0, 0), cyl, pose(0.2, 0.79, -0.1))!;
    expect(m.count).toBe(4);
    const ring = pts(m, 'pointB').map((p) => [p[0] - 0.2, p[2] + 0.1] as [number, number]);
    for (const [x, z] of ring) expect(Math.hypot(x, z)).toBeCloseTo(0.4, 12);
    expect(area(hull2(ring))).toBeGreaterThan(0.6 * Math.PI * 0.16);
    expectConsistent(m, -0.01, 0, 1e-12);
  });

  it('returns null beyond the margin, speculative points within it', () => {
    expect(contactManifold(cube, pose(0, 0, 0), cube, pose(0, 1.02, 0))).toBeNull();
    const m = contactManifold(cube, pose(0, 0, 0), cube, pose(0, 1.02, 0), null, { margin: 0.03 })!;
    expect(m.count).toBe(4);
    for (let i = 0; i < 4; i++) expect(m.points[i].separation).toBeCloseTo(0.02, 14);
  });
});

// ---------------------------------------------------------------------------------------------------

/** A box B resting on box A's top face (yaw, offset, penetration), both moved by a common rigid motion. */
const restingBoxes = fc.record({
  ha: fc.tuple(num(0.3, 2), num(0.2, 1), num(0.3, 2)),
  hb: fc.tuple(num(0.1, 1), num(0.1, 1), num(0.1, 1)),
  yaw: num(-Math.PI, Math.PI),
  offset: fc.tuple(num(-0.9, 0.9), num(-0.9, 0.9)),
  depth: num(-0.02, 0.02),
  motion: fc.record({ position: vec(3), quaternion: unitQuat }),
});

function placeResting(c: fc.Arbitrary<unknown> extends never ? never : {
  ha: V3; hb: V3; yaw: number; offset: [number, number]; depth: number; motion: PoseT;
}): { a: Box; b: Box; pa: PoseT; pb: PoseT } {
  const pa0: PoseT = { position: [0, 0, 0], quaternion: [0, 0, 0, 1] };
  const pb0: PoseT = {
    position: [c.offset[0] * c.ha[0], c.ha[1] + c.hb[1] + c.depth, c.offset[1] * c.ha[2]],
    quaternion: axisAngle([0, 1, 0], c.yaw),
  };
  return { a: new Box(...c.ha), b: new Box(...c.hb), pa: composePose(c.motion, pa0), pb: composePose(c.motion, pb0) };
}

describe('contactManifold against the brute-force region oracle', () => {
  it('golden: 4 points of a 7-corner overlap of parallel faces keep the largest quadrilateral', () => {
    // Found by the property below, which asks 60 %: the reduction started from the point in the middle of
    // an edge that rounding made deepest. Equally deep points now start from a corner, and every 4-point
    // subset is tried (reduce-points.ts, bestSubset).
    const c = {
      ha: [0.3, 0.2, 0.8511013159528373] as V3, hb: [0.9633530964143574, 0.1, 0.5000000004656613] as V3, yaw: -0.9583325593120375,
      offset: [0.31055035572499035, 0.23493231385946267] as [number, number], depth: -0.02,
      motion: { position: [-3, -3, -3] as V3, quaternion: [0.6364565801998361, -0.6627426300754334, -0.1070108821092388, -0.37979454829055864] as Q4 },
    };
    const { a, b, pa, pb } = placeResting(c);
    const m = contactManifold(a, poseObj(pa), b, poseObj(pb), null, { margin: 0.03 })!;
    const L = Math.hypot(...c.ha) + Math.hypot(...c.hb);
    const oracle = contactRegion(boxVertices(c.ha, (p) => toWorld(pa, p)), boxVertices(c.hb, (p) => toWorld(pb, p)), toV3(m.normal), 1e-9 * L);
    expect(oracle.region.length).toBe(7);
    const q = pts(m, 'pointA').map((p) => project(p, oracle.basis));
    expect(q.length).toBe(4);
    // 82.6 % now; 60.0 % (a hair under the rule) with the first deepest point by rounding and the greedy
    // choice, 77.0 % with the greedy choice from a corner.
    expect(area(hull2(q))).toBeGreaterThanOrEqual(0.8 * area(oracle.region));
  });

  it('a box resting on a box: the points lie in the exact overlap of the two faces and span it', () => {
    fc.assert(fc.property(restingBoxes, (c) => {
      const { a, b, pa, pb } = placeResting(c);
      const margin = 0.03;
      const m = contactManifold(a, poseObj(pa), b, poseObj(pb), null, { margin });
      const ct = contact(a, poseObj(pa), b, poseObj(pb))!;
      if (ct.separation > margin) { expect(m).toBeNull(); return; }
      expect(m).not.toBeNull();
      if (m === null) return;
      const L = Math.hypot(...c.ha) + Math.hypot(...c.hb);
      expectConsistent(m, ct.separation, margin, 1e-9 * L);
      const n = toV3(m.normal);
      const oracle = contactRegion(boxVertices(c.ha, (p) => toWorld(pa, p)), boxVertices(c.hb, (p) => toWorld(pb, p)), n, 1e-9 * L);
      const q = pts(m, 'pointA').map((p) => project(p, oracle.basis));
      if (oracle.sizes[0] >= 4 && oracle.sizes[1] >= 4 && oracle.region.length >= 3) {
        for (const p of q) expect(inside(p, oracle.region, 1e-9 * L)).toBe(true);
        const need = oracle.region.length <= 4 ? 0.99 : 0.6;
        expect(area(hull2(q))).toBeGreaterThanOrEqual(need * area(oracle.region) - 1e-12 * L * L);
      }
      // Points on the surfaces: A's on its top face, B's on its bottom face (local frames).
      for (const p of pts(m, 'pointA')) {
        const l = toLocal(pa, p);
        expect(Math.abs(l[1] - c.ha[1])).toBeLessThan(1e-9 * L);
        expect(Math.abs(l[0])).toBeLessThan(c.ha[0] + 1e-9 * L);
        expect(Math.abs(l[2])).toBeLessThan(c.ha[2] + 1e-9 * L);
      }
      for (const p of pts(m, 'pointB')) {
        const l = toLocal(pb, p);
        expect(Math.abs(l[1] + c.hb[1])).toBeLessThan(1e-9 * L);
      }
    }), { numRuns: runs(300) });
  });

  it('hull prisms face to face: the points lie in the overlap of their faces', () => {
    // Corners on a grid of 1/64 (quickhull merges corners a hair apart, which the oracle would not), B's
    // shifted by half a cell: no corner of one lies on an edge line of the other, where the oracle's
    // region (in floating point, after the projection) is itself a matter of rounding.
    const grid = (shift: number) => num(-1, 1).map((x) => Math.round(x * 64) / 64 + shift);
    const prism = (shift: number) => fc.array(fc.tuple(grid(shift), grid(shift)), { minLength: 3, maxLength: 9 })
      .filter((p) => hull2(p).length >= 3 && area(hull2(p)) > 0.01);
    fc.assert(fc.property(prism(0), prism(1 / 128), num(-0.01, 0.01), fc.record({ position: vec(3), quaternion: unitQuat }), (ra, rb, depth, motion) => {
      const pa = ra.flatMap(([x, z]) => [[x, -0.5, z], [x, 0, z]] as V3[]);
      const pb = rb.flatMap(([x, z]) => [[x, 0, z], [x, 0.4, z]] as V3[]);
      const a = new ConvexHull(pa.map(([x, y, z]) => ({ x, y, z }))), b = new ConvexHull(pb.map(([x, y, z]) => ({ x, y, z })));
      const poseA = composePose(motion, { position: [0, 0, 0], quaternion: [0, 0, 0, 1] });
      const poseB = composePose(motion, { position: [0, depth, 0], quaternion: [0, 0, 0, 1] });
      const m = contactManifold(a, poseObj(poseA), b, poseObj(poseB), null, { margin: 0.02, maxPoints: 16 });
      const ct = contact(a, poseObj(poseA), b, poseObj(poseB))!;
      if (m === null) { expect(ct.separation).toBeGreaterThan(0.02); return; }
      expectConsistent(m, ct.separation, 0.02, 1e-9 * 4);
      const n = toV3(m.normal);
      if (Math.abs(dot(n, rotate(motion.quaternion, [0, 1, 0])) - 1) > 1e-9) return; // contact on a side
      // The oracle works in A's frame, where the prisms' corners are exact (the motion's rounding moved
      // corners of two collinear edges across each other in world space, and the oracle with them).
      const nLocal = toLocal({ position: [0, 0, 0], quaternion: motion.quaternion }, n);
      const oracle = contactRegion(pa, pb.map(([x, y, z]) => [x, y + depth, z] as V3), nLocal, 1e-9);
      if (oracle.region.length < 3) return;
      const q = pts(m, 'pointA').map((p) => project(toLocal(poseA, p), oracle.basis));
      for (const p of q) expect(inside(p, oracle.region, 1e-9)).toBe(true);
      // No reduction (maxPoints 16): the points are the whole region.
      expect(area(hull2(q))).toBeGreaterThanOrEqual(0.999999 * area(oracle.region) - 1e-9 * 4); // slivers: an absolute rounding term
    }), { numRuns: Number(process.env.PRISM_RUNS ?? 200) });
  });
});

describe('contactManifold: properties', () => {
  const motions = fc.record({ position: vec(5), quaternion: unitQuat });

  /** Whether the point sets p and q (world) span the same region seen along n: each inside the other's hull. */
  function sameRegion(p: V3[], q: V3[], n: V3, tol: number): void {
    const basis = planeBasis(n);
    const P = p.map((x) => project(x, basis)), Q = q.map((x) => project(x, basis));
    const hp = hull2(P), hq = hull2(Q);
    if (hp.length >= 3) for (const x of Q) expect(inside(x, hp, tol)).toBe(true);
    if (hq.length >= 3) for (const x of P) expect(inside(x, hq, tol)).toBe(true);
    expect(Math.abs(area(hp) - area(hq))).toBeLessThan(tol);
  }

  it('moving both shapes by a common rigid motion moves the manifold with them', () => {
    fc.assert(fc.property(restingBoxes, motions, (c, motion) => {
      const { a, b, pa, pb } = placeResting(c);
      // All points (no reduction: which of two corners a hair apart a reduction keeps is rounding's choice).
      const opts = { margin: 0.03, maxPoints: 16 };
      const m1 = contactManifold(a, poseObj(pa), b, poseObj(pb), createManifold(), opts);
      const m2 = contactManifold(a, poseObj(composePose(motion, pa)), b, poseObj(composePose(motion, pb)), createManifold(), opts);
      expect(m2 === null).toBe(m1 === null);
      if (m1 === null || m2 === null) return;
      // Two normals of equal depth (B over A's corner, as deep from the side as from above) are a tie the
      // motion's rounding may break either way: then both must be as deep.
      const n1 = rotate(motion.quaternion, toV3(m1.normal)), n2 = toV3(m2.normal);
      if (Math.hypot(...sub(n1, n2)) > 1e-6) {
        expect(Math.abs(m1.points[0].separation - m2.points[0].separation)).toBeLessThan(1e-9);
        return;
      }
      sameRegion(pts(m1, 'pointA').map((p) => toWorld(motion, p)), pts(m2, 'pointA'), n2, 1e-9 * 10);
      const min = (m: Manifold): number => Math.min(...m.points.slice(0, m.count).map((p) => p.separation));
      expect(Math.abs(min(m1) - min(m2))).toBeLessThan(1e-9);
    }), { numRuns: runs(200) });
  });

  it('swapping A and B flips the normal and swaps the points', () => {
    fc.assert(fc.property(restingBoxes, (c) => {
      const { a, b, pa, pb } = placeResting(c);
      const opts = { margin: 0.03, maxPoints: 16 };
      const ab = contactManifold(a, poseObj(pa), b, poseObj(pb), createManifold(), opts);
      const ba = contactManifold(b, poseObj(pb), a, poseObj(pa), createManifold(), opts);
      expect(ba === null).toBe(ab === null);
      if (ab === null || ba === null) return;
      for (let k = 0; k < 3; k++) expect(Math.abs(toV3(ab.normal)[k] + toV3(ba.normal)[k])).toBeLessThan(1e-9);
      sameRegion(pts(ab, 'pointA'), pts(ba, 'pointB'), toV3(ab.normal), 1e-9 * 10);
      sameRegion(pts(ab, 'pointB'), pts(ba, 'pointA'), toV3(ab.normal), 1e-9 * 10);
    }), { numRuns: runs(200) });
  });

  it('the deepest point equals contact\'s separation and none is deeper, on every pair of kinds', () => {
    const shapes: ConvexShape[] = [
      new Box(0.5, 0.3, 0.4), new Sphere(0.4), new Capsule(0.3, 0.2), new Cylinder(0.3, 0.35),
      new ConvexHull([{ x: 0, y: 0, z: 0 }, { x: 0.8, y: 0, z: 0 }, { x: 0, y: 0.7, z: 0 }, { x: 0, y: 0, z: 0.6 }, { x: 0.3, y: 0.3, z: 0.4 }]),
    ];
    fc.assert(fc.property(fc.nat(shapes.length - 1), fc.nat(shapes.length - 1), vec(0.8), unitQuat, unitQuat, num(0, 0.05), (i, j, d, qa, qb, margin) => {
      const pa = poseObj({ position: [0, 0, 0], quaternion: qa }), pb = poseObj({ position: d, quaternion: qb });
      const ct = contact(shapes[i], pa, shapes[j], pb)!;
      const m = contactManifold(shapes[i], pa, shapes[j], pb, null, { margin });
      // Within rounding of the margin, either answer is right.
      if (Math.abs(ct.separation - margin) < 1e-9) return;
      if (ct.separation > margin) { expect(m).toBeNull(); return; }
      expect(m).not.toBeNull();
      // Curved pairs: EPA's witnesses and the supporting features agree to the curved tolerance of the
      // conformance checks (1e-5 of the size), polytope pairs to rounding.
      const curved = shapes[i] instanceof Cylinder || shapes[j] instanceof Cylinder;
      expectConsistent(m!, ct.separation, margin, curved ? 1e-5 : 1e-9);
      expect(m!.count).toBeLessThanOrEqual(4);
    }), { numRuns: runs(400) });
  });
});

describe('contactManifold: coherence', () => {
  /** A box sliding slowly across a larger one, turning a little: 600 frames. */
  function frames(cache?: ManifoldCache): { ids: number[]; features: string[]; sep: number[] }[] {
    const ground = new Box(1, 0.5, 1), box = new Box(0.4, 0.25, 0.3);
    const out: { ids: number[]; features: string[]; sep: number[] }[] = [];
    const m = createManifold();
    for (let f = 0; f < 600; f++) {
      const t = f / 599;
      const q = normalizeQ(axisAngle([0, 1, 0], 0.3 + 0.2 * t));
      const r = contactManifold(ground, pose(0, 0, 0), box, pose(-1.2 + 2.4 * t, 0.745, 0.2, q), m, { margin: 0.01, maxPoints: 16, cache })!;
      expect(r).not.toBeNull();
      const pts = r.points.slice(0, r.count);
      out.push({ ids: pts.map((p) => p.id), features: pts.map((p) => `${name(p.featureA)}/${name(p.featureB)}`), sep: pts.map((p) => p.separation) });
    }
    return out;
  }

  it('a sliding box keeps each point\'s id for as long as its features persist (600 frames)', () => {
    const all = frames();
    const featuresOfId = new Map<number, string>();
    let persisted = 0;
    for (let f = 0; f < all.length; f++) {
      const { ids, features } = all[f];
      expect(new Set(ids).size).toBe(ids.length); // unique within a manifold
      for (let k = 0; k < ids.length; k++) {
        const seen = featuresOfId.get(ids[k]);
        if (seen !== undefined) expect(seen).toBe(features[k]); // an id names one feature pair
        featuresOfId.set(ids[k], features[k]);
        // A feature pair seen in the last frame keeps its id.
        if (f > 0) {
          const before = all[f - 1].features.indexOf(features[k]);
          if (before >= 0) { expect(all[f - 1].ids[before]).toBe(ids[k]); persisted++; }
        }
      }
    }
    // B's bottom corners (vertex against A's face) persist across most frames.
    expect(persisted).toBeGreaterThan(1000);
    const corner = [...featuresOfId.values()].filter((s) => s.startsWith('f2/v'));
    expect(corner.length).toBe(4);
  });

  it('a cache changes no answer on that sequence', () => {
    const cold = frames(), warm = frames(new ManifoldCache());
    expect(warm.map((f) => f.ids)).toEqual(cold.map((f) => f.ids));
    for (let f = 0; f < cold.length; f++) for (let k = 0; k < cold[f].sep.length; k++) expect(warm[f].sep[k]).toBeCloseTo(cold[f].sep[k], 12);
  });

  it('a cache answers a pair at the same relative pose with the last manifold, without a new query', () => {
    const hullA = new ConvexHull([{ x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { x: 0, y: 0, z: 1 }, { x: 1, y: 0, z: 1 }, { x: 0.5, y: -1, z: 0.5 }]);
    const hullB = new ConvexHull([{ x: 0, y: 0, z: 0 }, { x: 0.6, y: 0, z: 0 }, { x: 0, y: 0, z: 0.6 }, { x: 0.3, y: 0.8, z: 0.3 }]);
    const pa = pose(0.1, 0.2, 0.3), pb = pose(0.3, 0.195, 0.2);
    const cache = new ManifoldCache(), opts = { cache, margin: 0.01 };
    const cold = contactManifold(hullA, pa, hullB, pb, createManifold())!;
    const first = contactManifold(hullA, pa, hullB, pb, createManifold(), opts)!;
    expect(first.iterations).toBeGreaterThan(0);
    const again = contactManifold(hullA, pa, hullB, pb, createManifold(), opts)!;
    expect(again.iterations).toBe(0); // from the cache
    expect(again.count).toBe(cold.count);
    for (let k = 0; k < cold.count; k++) {
      for (const w of ['pointA', 'pointB'] as const) for (const c of ['x', 'y', 'z'] as const) expect(again.points[k][w][c]).toBeCloseTo(cold.points[k][w][c], 14);
      expect(again.points[k].separation).toBe(cold.points[k].separation);
      expect(again.points[k].id).toBe(cold.points[k].id);
      expect(again.points[k].featureA).toEqual(cold.points[k].featureA);
    }
    // A pose that moved, however little, is queried again.
    const moved = contactManifold(hullA, pa, hullB, pose(0.3, 0.195 + 1e-12, 0.2), createManifold(), opts)!;
    expect(moved.iterations).toBeGreaterThan(0);
    // Another margin, or other shapes, are another key.
    expect(contactManifold(hullA, pa, hullB, pb, createManifold(), { cache, margin: 0.02 })!.iterations).toBeGreaterThan(0);
    // A pair apart beyond the margin stays null from the cache.
    const far = pose(5, 5, 5);
    expect(contactManifold(hullA, pa, hullB, far, null, opts)).toBeNull();
    expect(contactManifold(hullA, pa, hullB, far, null, opts)).toBeNull();
  });

  it('with a cache, the GJK and EPA options are part of the key, a hit keeps the answer\'s status, and a trace always runs', () => {
    // Found in review of the 2D cache, which copied this one: a call capped at 1 GJK iteration stored its
    // answer, and a default call at the same pose got it back labelled 'converged'.
    const ball = (s: number): Array<{ x: number; y: number; z: number }> => Array.from({ length: 40 }, (_, i) => {
      const u = Math.abs((Math.sin(i * 12.9898 + s) * 43758.5453) % 1), v = Math.abs((Math.sin(i * 78.233 + s) * 12345.678) % 1);
      const th = 2 * Math.PI * u, ph = Math.acos(2 * v - 1);
      return { x: Math.sin(ph) * Math.cos(th), y: Math.sin(ph) * Math.sin(th), z: Math.cos(ph) };
    });
    const A = new ConvexHull(ball(1)), B = new ConvexHull(ball(2));
    const pa = pose(0, 0, 0), pb = pose(2.2, 0.3, -0.2, [0.1, 0.2, 0.3, Math.sqrt(1 - 0.14)]);
    const capped = contactManifold(A, pa, B, pb, null, { margin: 2, gjkMaxIterations: 1 })!;
    const full = contactManifold(A, pa, B, pb, null, { margin: 2 })!;
    expect(capped.status).toBe('max-iterations');
    expect(Math.abs(capped.points[0].separation - full.points[0].separation)).toBeGreaterThan(1e-3);
    const cache = new ManifoldCache();
    contactManifold(A, pa, B, pb, null, { margin: 2, gjkMaxIterations: 1, cache });
    const again = contactManifold(A, pa, B, pb, null, { margin: 2, gjkMaxIterations: 1, cache })!;
    expect(again.iterations).toBe(0); // a hit
    expect(again.status).toBe('max-iterations');
    const warm = contactManifold(A, pa, B, pb, null, { margin: 2, cache })!;
    expect(warm.status).toBe('converged');
    expect(Math.abs(warm.points[0].separation - full.points[0].separation)).toBeLessThanOrEqual(1e-9);
    let steps = 0;
    contactManifold(A, pa, B, pb, null, { margin: 2, cache, trace: () => { steps++; } });
    expect(steps).toBeGreaterThan(0);
  });

  it('with a cache, a face-to-face pair keeps the reference face it had', () => {
    const cube = new Box(0.5, 0.5, 0.5), cache = new ManifoldCache();
    cache.reference = -1;
    const m = contactManifold(cube, pose(0, 0, 0), cube, pose(0.25, 0.99, 0.25), null, { cache })!;
    expect(cache.reference).toBe(-1);
    // B's face is the reference now: A's points are the incident ones (A's corner inside B's face is v7).
    expect(m.points.slice(0, m.count).some((p) => p.featureA.type === 'vertex' && p.featureB.type === 'face')).toBe(true);
    const fresh = contactManifold(cube, pose(0, 0, 0), cube, pose(0.25, 0.99, 0.25), null, { cache: new ManifoldCache() })!;
    expect(fresh.points.slice(0, fresh.count).some((p) => p.featureA.type === 'face' && p.featureB.type === 'vertex')).toBe(true);
  });
});

describe('contactManifold: specialised pair functions', () => {
  it('sphere against sphere in closed form agrees with contact, and with itself swapped', () => {
    fc.assert(fc.property(num(0.1, 1), num(0.1, 1), vec(2), (ra, rb, d) => {
      const a = new Sphere(ra), b = new Sphere(rb);
      const pa = pose(0.5, -0.25, 1), pb = pose(0.5 + d[0], -0.25 + d[1], 1 + d[2]);
      const ct = contact(a, pa, b, pb)!;
      const m = contactManifold(a, pa, b, pb, createManifold(), { margin: 5 });
      if (Math.hypot(...d) === 0) return;
      expect(m).not.toBeNull();
      expect(m!.iterations).toBe(0); // the closed form, not GJK
      expect(m!.count).toBe(1);
      expect(m!.points[0].separation).toBeCloseTo(ct.separation, 12);
      for (const c of ['x', 'y', 'z'] as const) {
        expect(m!.normal[c]).toBeCloseTo(ct.normal[c], 9);
        expect(m!.points[0].pointA[c]).toBeCloseTo(ct.pointA[c], 9);
      }
      expectConsistent(m!, ct.separation, 5, 1e-12);
      const back = contactManifold(b, pb, a, pa, createManifold(), { margin: 5 })!;
      for (const c of ['x', 'y', 'z'] as const) expect(back.normal[c]).toBeCloseTo(-m!.normal[c], 12);
    }), { numRuns: runs(200) });
    // Concentric spheres take the general path (any normal is right).
    const r = contactManifold(new Sphere(1), pose(0, 0, 0), new Sphere(0.5), pose(0, 0, 0))!;
    expect(r.points[0].separation).toBeCloseTo(-1.5, 12);
  });

  it('box against box by the separating axis test agrees with contact (EPA) on overlapping pairs', () => {
    fc.assert(fc.property(fc.tuple(num(0.2, 1), num(0.2, 1), num(0.2, 1)), fc.tuple(num(0.2, 1), num(0.2, 1), num(0.2, 1)), vec(0.8), unitQuat, unitQuat, (ha, hb, d, qa, qb) => {
      const a = new Box(...ha), b = new Box(...hb);
      const pa = poseObj({ position: [0, 0, 0], quaternion: qa }), pb = poseObj({ position: d, quaternion: qb });
      const ct = contact(a, pa, b, pb)!;
      if (ct.separation > 0) return;
      const m = contactManifold(a, pa, b, pb)!;
      expect(m.iterations).toBe(0); // the separating axis test, not GJK and EPA
      const min = Math.min(...m.points.slice(0, m.count).map((p) => p.separation));
      expect(Math.abs(min - ct.separation)).toBeLessThan(1e-9);
    }), { numRuns: runs(300) });
  });
});

describe('contactFeatures', () => {
  const cube = new Box(0.5, 0.5, 0.5);
  it('names the features that hold a contact: face on face, vertex on face, edge on edge, a curved surface', () => {
    const name2 = (r: { featureA: { type: string; index: number }; featureB: { type: string; index: number } }): string => `${name(r.featureA)}/${name(r.featureB)}`;
    const flat = contact(cube, pose(0, 0, 0), cube, pose(0.2, 0.99, 0.1))!;
    expect(name2(contactFeatures(cube, pose(0, 0, 0), cube, pose(0.2, 0.99, 0.1), flat.normal))).toBe('f2/f3');
    const edges = [pose(0, 0, 0, axisAngle([0, 0, 1], Math.PI / 4)), pose(0, Math.SQRT2 - 0.003, 0, axisAngle([1, 0, 0], Math.PI / 4))] as const;
    const ee = contact(cube, edges[0], cube, edges[1])!;
    const f = contactFeatures(cube, edges[0], cube, edges[1], ee.normal);
    expect([f.featureA.type, f.featureB.type]).toEqual(['edge', 'edge']);
    const out = createContactFeatures();
    expect(contactFeatures(cube, pose(0, 0, 0), new Sphere(0.3), pose(0, 0.79, 0), { x: 0, y: 1, z: 0 }, out)).toBe(out);
    expect(name2(out)).toBe('f2/');
    expect(() => contactFeatures(cube, pose(0, 0, 0), cube, pose(0, 1, 0), { x: 0, y: 0, z: 0 })).toThrow(/normal/);
  });
});

describe('contactManifold: bad input', () => {
  const cube = new Box(0.5, 0.5, 0.5), p0 = pose(0, 0, 0), p1 = pose(0, 0.9, 0);
  it.each([[-1], [Number.NaN], ['0.1'], [null]])('margin %s is an InvalidNumberError naming options.margin', (margin) => {
    expect(() => contactManifold(cube, p0, cube, p1, null, { margin: margin as number })).toThrow(InvalidNumberError);
    expect(() => contactManifold(cube, p0, cube, p1, null, { margin: margin as number })).toThrow(/options\.margin/);
  });
  it.each([[0], [1.5], [17], [Infinity], ['4']])('maxPoints %s is an InvalidNumberError naming options.maxPoints', (maxPoints) => {
    expect(() => contactManifold(cube, p0, cube, p1, null, { maxPoints: maxPoints as number })).toThrow(/options\.maxPoints.*1 to 16/);
  });
  it('a cache that is not a ManifoldCache, and an out that is not a manifold record, are InvalidArgumentErrors', () => {
    expect(() => contactManifold(cube, p0, cube, p1, null, { cache: {} as ManifoldCache })).toThrow(InvalidArgumentError);
    expect(() => contactManifold(cube, p0, cube, p1, {} as Manifold)).toThrow(/createManifold/);
    expect(() => contactManifold(cube, p0, cube, p1, Object.freeze(createManifold()))).toThrow(/createManifold/);
    const frozen = createManifold();
    Object.freeze(frozen.points[0].pointA);
    expect(() => contactManifold(cube, p0, cube, p1, frozen)).toThrow(/createManifold/);
  });
  it('maxPoints 1 keeps the deepest point; 16 keeps the whole region', () => {
    const tilt = pose(0.1, 0.98, 0, normalizeQ(qmul(axisAngle([0, 1, 0], 0.4), axisAngle([1, 0, 0], 0.001))));
    const one = contactManifold(cube, p0, cube, tilt, null, { maxPoints: 1, margin: 0.01 })!;
    const all = contactManifold(cube, p0, cube, tilt, null, { maxPoints: 16, margin: 0.01 })!;
    expect(one.count).toBe(1);
    expect(one.points[0].separation).toBe(Math.min(...all.points.slice(0, all.count).map((p) => p.separation)));
    expect(all.count).toBeGreaterThan(4);
  });
});
