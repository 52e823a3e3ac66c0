/**
 * shapeCast with compounds and triangle meshes, by independent oracles: brute force over every part pair
 * (each part placed in the world by composing quaternions in the test, each triangle as a Triangle, and cast
 * by the convex shapeCast, the earliest time kept), both orders, part indices, a target separation;
 * compound against compound and against a mesh; and for turning shapes, certificates (the separation at
 * the reported time is the target, and no sampled earlier time comes closer), with a case built so that the
 * closing speed along the nearest pair's normal misses a faster pair.
 */
import fc from 'fast-check';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { shapeFromJSON, type ShapeJSON } from '../../src/format/index.js';
import { answerCastQueryText } from '../../src/cli/answers/cast.js';
import {
  Box, Capsule, Compound, InvalidShapeError, Sphere, Triangle, TriangleMesh, contact, createShapeCastResult, shapeCast,
  type ConvexShape, type Motion, type PoseLike, type Shape, type ShapeCastResult,
} from '../../src/index.js';
import { anyShape, num, pose, unitQuat, vec } from '../arbitraries.js';
import { add, composePose, norm, poseObj, scale, sub, toWorld, type PoseT, type V3 } from '../oracles.js';
import { runs } from '../runs.js';

interface Parts { shapes: ConvexShape[]; poses: PoseT[]; shape: Shape }

const compoundArb = (max: number) => fc.array(fc.record({ shape: anyShape, pose: pose(1.5) }), { minLength: 1, maxLength: max }).map((ps): Parts => {
  const shapes = ps.map((p) => shapeFromJSON(p.shape as ShapeJSON));
  return { shapes, poses: ps.map((p) => p.pose), shape: new Compound(shapes.map((s, i) => ({ shape: s, pose: poseObj(ps[i].pose) }))) };
});

const I: PoseT = { position: [0, 0, 0], quaternion: [0, 0, 0, 1] };
const lin = (v: V3): Motion => ({ linear: { x: v[0], y: v[1], z: v[2] } });

/** A mesh as parts: each triangle a Triangle at the identity in the mesh's frame. */
function meshParts(vertices: ArrayLike<number>, indices: ArrayLike<number>): Parts {
  const v = (i: number) => ({ x: vertices[3 * i], y: vertices[3 * i + 1], z: vertices[3 * i + 2] });
  const shapes: ConvexShape[] = [];
  for (let k = 0; k < indices.length; k += 3) shapes.push(new Triangle(v(indices[k]), v(indices[k + 1]), v(indices[k + 2])));
  return { shapes, poses: shapes.map(() => I), shape: new TriangleMesh(vertices, indices) };
}

const knot = new THREE.TorusKnotGeometry(1, 0.3, 64, 8);
const knotParts = meshParts(knot.attributes.position.array, knot.index!.array);

/** A parts list for a convex shape (itself, one part). */
const single = (s: ConvexShape): Parts => ({ shapes: [s], poses: [I], shape: s });

interface Brute { time: number; partA: number; partB: number }

/**
 * Brute force: every part of A against every part of B, each placed in the world, by the convex shapeCast;
 * the earliest time (ties to the lower parts), or null.
 */
function brute(a: Parts, pA: PoseT, mA: Motion, b: Parts, pB: PoseT, mB: Motion, options: { maxTime?: number; targetSeparation?: number }): Brute | null {
  let best: Brute | null = null;
  a.shapes.forEach((sa, i) => {
    const wa = poseObj(composePose(pA, a.poses[i]));
    b.shapes.forEach((sb, j) => {
      const r = shapeCast(sa, wa, mA, sb, poseObj(composePose(pB, b.poses[j])), mB, createShapeCastResult(), options);
      if (r !== null && (best === null || r.time < best.time)) best = { time: r.time, partA: i, partB: j };
    });
  });
  return best;
}

/** The separation of part i of A and part j of B at time t (translations only). */
function partSeparation(a: Parts, pA: PoseT, vA: V3, i: number, b: Parts, pB: PoseT, vB: V3, j: number, t: number): number {
  const moved = (p: PoseT, v: V3): PoseT => ({ position: add(p.position, scale(v, t)), quaternion: p.quaternion });
  return contact(a.shapes[i], poseObj(composePose(moved(pA, vA), a.poses[i])), b.shapes[j], poseObj(composePose(moved(pB, vB), b.poses[j])))!.separation;
}

/**
 * Checks a concave cast against the brute force: the time (within the linear cast's tolerance over the
 * closing speed), the parts (their own separation at that time is the target), the normal and points.
 * Returns 'hit', 'miss', 'start' or 'edge' (a knife edge: the brute force and the cast within tolerance of
 * turning a hit into a miss).
 */
function compare(a: Parts, pA: PoseT, vA: V3, b: Parts, pB: PoseT, vB: V3, target: number, maxTime = 1): string {
  const options = { maxTime, targetSeparation: target };
  const r = shapeCast(a.shape, poseObj(pA), lin(vA), b.shape, poseObj(pB), lin(vB), createShapeCastResult(), options);
  const expected = brute(a, pA, lin(vA), b, pB, lin(vB), options);
  const speed = norm(sub(vB, vA)), L = 10 + speed * maxTime;
  if (expected === null || r === null) {
    // A hit within the tolerance of maxTime may go either way; otherwise both miss.
    const other = expected?.time ?? r?.time;
    if (other !== undefined) { expect(Math.abs(other - maxTime) * speed).toBeLessThan(1e-6 * L); return 'edge'; }
    return 'miss';
  }
  expect(Math.abs(r.time - expected.time) * Math.max(speed, 1)).toBeLessThan(1e-6 * L);
  // The parts reported are within the target at that time (another pair may tie).
  const sep = partSeparation(a, pA, vA, r.partA, b, pB, vB, r.partB, r.time);
  expect(sep).toBeLessThan(target + 1e-6 * L);
  if (r.time > 0) {
    expect(sep).toBeGreaterThan(target - 1e-6 * L);
    // The normal is unit, and the points are target apart along it, on the parts reported.
    const n: V3 = [r.normal.x, r.normal.y, r.normal.z], gap = sub([r.pointB.x, r.pointB.y, r.pointB.z], [r.pointA.x, r.pointA.y, r.pointA.z]);
    expect(norm(n)).toBeCloseTo(1, 9);
    expect(norm(sub(gap, scale(n, r.separation)))).toBeLessThan(1e-6 * L);
    expect(Math.abs(r.separation - target)).toBeLessThan(1e-6 * L);
  }
  return r.time === 0 ? 'start' : 'hit';
}

describe('shapeCast with a compound: the earliest part (brute force over every part)', () => {
  it('up to 20 parts against a convex shape of every kind, compound as A and as B, with a target separation', () => {
    const counts: Record<string, number> = {};
    fc.assert(fc.property(compoundArb(20), pose(1), anyShape, pose(1), unitQuat, num(4, 8), vec(1.5), num(0, 0.3), fc.boolean(), (c, pc, otherJson, po, q, dist, aim, target, swap) => {
      const other = single(shapeFromJSON(otherJson as ShapeJSON));
      // The other starts `dist` away in a random direction and moves towards the compound's neighbourhood.
      const start = add(pc.position, toWorld({ position: [0, 0, 0], quaternion: q }, [dist, 0, 0]));
      const pOther: PoseT = { position: start, quaternion: po.quaternion };
      const v = sub(add(pc.position, aim), start);
      const outcome = swap
        ? compare(other, pOther, v, c, pc, [0, 0, 0], target)
        : compare(c, pc, [0, 0, 0], other, pOther, v, target);
      counts[outcome] = (counts[outcome] ?? 0) + 1;
    }), { numRuns: runs(150) });
    // Not only misses: most paths aimed at the compound meet it.
    expect(counts.hit ?? 0).toBeGreaterThan(60);
    expect(counts.miss ?? 0).toBeGreaterThan(5);
  });

  it('both moving, and the compound turned: the relative motion in the compound\'s frame', () => {
    fc.assert(fc.property(compoundArb(8), pose(1), vec(3), vec(3), vec(1), (c, pc, vA, start, vB) => {
      const ball = single(new Sphere(0.3));
      const pB: PoseT = { position: add(pc.position, add(start, [4, 0, 0])), quaternion: [0, 0, 0, 1] };
      compare(c, pc, vA, ball, pB, sub(vB, [4, 0, 0]), 0.05, 2);
    }), { numRuns: runs(80) });
  });

  it('compound against compound, and compound against a mesh, either one first', () => {
    fc.assert(fc.property(compoundArb(6), compoundArb(6), pose(1), pose(1), vec(1), fc.boolean(), (a, b, pA, pB0, aim, mesh) => {
      const B = mesh ? knotParts : b;
      const pB: PoseT = { position: add(pB0.position, [5, 0, 0]), quaternion: pB0.quaternion };
      const v = sub(add(pA.position, aim), pB.position);
      compare(a, pA, [0, 0, 0], B, pB, v, 0.02);
      compare(B, pB, v, a, pA, [0, 0, 0], 0);
    }), { numRuns: runs(25) });
  });
});

describe('shapeCast with a triangle mesh: the earliest triangle (brute force over every triangle)', () => {
  it('a 1,024-triangle torus knot against boxes, spheres and capsules; the triangle is the input list\'s', () => {
    expect((knotParts.shape as TriangleMesh).triangleCount).toBe(1024);
    const counts: Record<string, number> = {};
    const others = [new Box(0.2, 0.1, 0.3), new Sphere(0.15), new Capsule(0.2, 0.1)];
    fc.assert(fc.property(fc.nat(2), pose(1), pose(0), unitQuat, vec(1.2), num(0, 0.1), fc.boolean(), (k, pm, po, q, aim, target, swap) => {
      const other = single(others[k]);
      const start = add(pm.position, toWorld({ position: [0, 0, 0], quaternion: q }, [3.5, 0, 0]));
      const pOther: PoseT = { position: start, quaternion: po.quaternion };
      const v = sub(add(pm.position, aim), start);
      const outcome = swap ? compare(other, pOther, v, knotParts, pm, [0, 0, 0], target) : compare(knotParts, pm, [0, 0, 0], other, pOther, v, target);
      counts[outcome] = (counts[outcome] ?? 0) + 1;
    }), { numRuns: runs(40) });
    expect(counts.hit ?? 0).toBeGreaterThan(15);
  });

  it('one mesh for both shapes (two bodies sharing a geometry): every triangle of one against every triangle of the other', () => {
    const small = new THREE.TorusKnotGeometry(1, 0.3, 8, 3);
    const parts = meshParts(small.attributes.position.array, small.index!.array);
    let hits = 0;
    fc.assert(fc.property(pose(0.5), pose(0.5), vec(1), (pA, pB0, aim) => {
      const pB: PoseT = { position: add(pB0.position, [4, 0.5, 0]), quaternion: pB0.quaternion };
      if (compare(parts, pA, [0, 0, 0], parts, pB, sub(add(pA.position, aim), pB.position), 0.01) === 'hit') hits++;
    }), { numRuns: runs(8) });
    expect(hits).toBeGreaterThan(3);
  });

  it('a mesh whose triangles were partly left out (degenerate) reports the index of the input list', () => {
    // A quad of two triangles with a degenerate one between them in the input.
    const mesh = new TriangleMesh([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], [0, 1, 2, 0, 0, 1, 0, 2, 3]);
    const r = shapeCast(new Sphere(0.1), poseObj({ position: [0.2, 0.7, 1], quaternion: [0, 0, 0, 1] }), lin([0, 0, -2]), mesh, poseObj(I), null)!;
    expect(r.time).toBeCloseTo(0.45, 9);
    expect([r.partA, r.partB]).toEqual([0, 2]);
    expect(r.normal.z).toBeCloseTo(-1, 9);
  });
});

describe('shapeCast with concave shapes that turn: conservative advancement on contact', () => {
  const at = (x: number, y: number, z: number): PoseLike => ({ position: { x, y, z }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });

  it('a pair other than the nearest closes faster along its own normal: the cast still stops at its first contact', () => {
    // The ball skims past the small sphere (the nearest part, its normal across the motion) straight at the
    // wall, 1.1 away; turning a little sends the cast to the advancement, whose step must not use the
    // nearest pair's closing speed (zero): it would step past the wall.
    const c = new Compound([{ shape: new Sphere(0.5), pose: at(0, 0, 0) }, { shape: new Box(0.1, 1, 1), pose: at(1.7, 1.5, 0) }]);
    const r = shapeCast(c, at(0, 0, 0), null, new Sphere(0.5), at(0, 1.5, 0), { linear: { x: 10, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 0.01 } })!;
    expect(r).not.toBeNull();
    expect(r.time).toBeCloseTo(0.11, 6);
    expect([r.partA, r.partB]).toEqual([1, 0]);
    expect(r.normal.x).toBeCloseTo(-1, 6);
    // Translations only (the exact linear cast over the parts): the same time.
    expect(shapeCast(c, at(0, 0, 0), null, new Sphere(0.5), at(0, 1.5, 0), { linear: { x: 10, y: 0, z: 0 } })!.time).toBeCloseTo(0.11, 9);
  });

  it('turning compounds and meshes: at the reported time the separation is the target, and no sampled earlier time is closer', () => {
    const mesh = knotParts.shape;
    let hits = 0;
    fc.assert(fc.property(compoundArb(8), fc.boolean(), vec(2), vec(1), vec(1), num(0, 0.1), (c, useMesh, spin, start, aim, target) => {
      const A = useMesh ? mesh : c.shape;
      const B = new Box(0.3, 0.2, 0.25);
      const pB0: V3 = add(start, [4, 0, 0]);
      const v: V3 = sub(aim, pB0);
      const motionA: Motion = { angular: { x: spin[0], y: spin[1], z: spin[2] } };
      const motionB: Motion = { linear: { x: v[0], y: v[1], z: v[2] }, angular: { x: -spin[1], y: spin[2], z: 0.5 } };
      const r = shapeCast(A, at(0, 0, 0), motionA, B, at(...pB0), motionB, createShapeCastResult(), { targetSeparation: target });
      // The separation along the path, from the motion model written here.
      const turn = (w: { x: number; y: number; z: number }, t: number) => {
        const wl = Math.hypot(w.x, w.y, w.z), h = 0.5 * wl * t, s = wl > 0 ? Math.sin(h) / wl : 0;
        return { x: w.x * s, y: w.y * s, z: w.z * s, w: Math.cos(h) };
      };
      const sepAt = (t: number): number => contact(A, { position: { x: 0, y: 0, z: 0 }, quaternion: turn(motionA.angular!, t) },
        B, { position: { x: pB0[0] + t * v[0], y: pB0[1] + t * v[1], z: pB0[2] + t * v[2] }, quaternion: turn(motionB.angular!, t) })!.separation;
      // The cast's tolerance: 1e-7 of its size (bounding radii, and how far the motion can carry a point).
      const RA = A.boundingRadius, RB = B.boundingRadius;
      const tol = 1e-7 * (RA + RB + norm(v) + norm(spin) * RA + Math.hypot(spin[1], spin[2], 0.5) * RB) + 1e-12;
      if (r !== null && r.time === 0) { expect(sepAt(0)).toBeLessThanOrEqual(target + tol); return; }
      const end = r === null ? 1 : r.time;
      for (let i = 0; i < 100; i++) expect(sepAt((end * i) / 100)).toBeGreaterThan(target - tol);
      if (r === null) return;
      hits++;
      // (At the step cap the time is a lower bound, which the sampling above holds to.)
      if (r.status === 'max-iterations') return;
      expect(Math.abs(sepAt(r.time) - target)).toBeLessThan(tol);
      // The part reported is at the target then too (neighbouring triangles may tie).
      const parts = useMesh ? knotParts : c, qA = turn(motionA.angular!, r.time);
      const partPose = composePose({ position: [0, 0, 0], quaternion: [qA.x, qA.y, qA.z, qA.w] }, parts.poses[r.partA]);
      const partSep = contact(parts.shapes[r.partA], poseObj(partPose),
        B, { position: { x: pB0[0] + r.time * v[0], y: pB0[1] + r.time * v[1], z: pB0[2] + r.time * v[2] }, quaternion: turn(motionB.angular!, r.time) })!.separation;
      // (Within contact's own agreement between frames on curved parts, looser than the cast's tolerance.)
      expect(Math.abs(partSep - target)).toBeLessThan(10 * tol);
      expect(r.partB).toBe(0);
    }), { numRuns: runs(30) });
    expect(hits).toBeGreaterThan(10);
  });
});

describe('shapeCast with concave shapes: starts, results, bad input', () => {
  const at = (x: number, y: number, z: number): PoseLike => ({ position: { x, y, z }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });
  const c = new Compound([{ shape: new Box(1, 1, 1), pose: at(0, 0, 0) }, { shape: new Sphere(1), pose: at(3, 0, 0) }]);

  it('already within the target at time 0: time 0, with contact\'s parts', () => {
    const r = shapeCast(new Sphere(0.5), at(3.2, 0, 1.2), lin([1, 0, 0]), c, at(0, 0, 0), null)!;
    expect(r.time).toBe(0);
    expect([r.partA, r.partB]).toEqual([0, 1]);
  });

  it('partA and partB are 0 for convex shapes, and reset in a reused record', () => {
    const out: ShapeCastResult = createShapeCastResult();
    shapeCast(new Sphere(0.5), at(8, 0, 0), lin([-10, 0, 0]), c, at(0, 0, 0), null, out);
    expect([out.partA, out.partB]).toEqual([0, 1]);
    shapeCast(new Sphere(0.5), at(8, 0, 0), lin([-10, 0, 0]), new Sphere(1), at(0, 0, 0), null, out);
    expect([out.partA, out.partB]).toEqual([0, 0]);
  });

  it('names a shape that is not one', () => {
    const fake = { kind: 'compound', boundingRadius: 1 } as unknown as Shape;
    expect(() => shapeCast(fake, at(0, 0, 0), null, c, at(3, 0, 0), null)).toThrow(InvalidShapeError);
    expect(() => shapeCast(c, at(0, 0, 0), null, fake, at(3, 0, 0), null)).toThrow(/^b .*a Compound, a TriangleMesh, a HeightField or a HalfSpace/);
  });

  it('the cast document (cast command) answers a compound and a mesh', () => {
    const P = { position: [0, 0, 0], quaternion: [0, 0, 0, 1] };
    const doc = {
      casts: [
        { id: 'c', a: { type: 'sphere', radius: 0.5 }, poseA: { ...P, position: [8, 0, 0] }, motionA: { linear: [-10, 0, 0] }, b: { type: 'compound', parts: [{ shape: { type: 'box', halfExtents: [1, 1, 1] }, pose: P }, { shape: { type: 'sphere', radius: 1 }, pose: { ...P, position: [3, 0, 0] } }] }, poseB: P },
        { id: 'm', a: { type: 'mesh', vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0]], triangles: [[0, 1, 2]] }, poseA: P, b: { type: 'sphere', radius: 0.1 }, poseB: { ...P, position: [0.2, 0.2, 1] }, motionB: { linear: [0, 0, -2] } },
      ],
    };
    const results = (JSON.parse(answerCastQueryText(JSON.stringify(doc)).results) as { results: { id: string; hit: boolean; time: number; normal: number[] }[] }).results;
    expect(results[0].hit).toBe(true);
    expect(results[0].time).toBeCloseTo(0.35, 9);
    expect(results[0].normal[0]).toBeCloseTo(-1, 9);
    expect(results[1].time).toBeCloseTo(0.45, 9);
    expect(results[1].normal[2]).toBeCloseTo(1, 9);
  });
});
