/**
 * The half-space (query/plane/): every query against it checked by oracles of its own: the solid's height
 * above the plane from test/oracles.ts's support functions (written from each shape's definition) and, for
 * polytopes, compounds and meshes, the least height of their vertices; rays and linear casts in closed form;
 * turning casts against a sampled oracle (no time before the answer is within the target); manifold points
 * on both surfaces, their deepest the contact's; boxes, symmetry and rigid invariance.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ShapeJSON } from '../../src/format/index.js';
import {
  Box, Capsule, closestPoints, Compound, computeAabb, Cone, contact, contactManifold, contactManifolds, Cylinder, distance, HalfSpace, intersects,
  InvalidArgumentError, penetration, rayCast, shapeCast, Sphere, TriangleMesh, UnsupportedPairError, type PoseLike, type Shape,
} from '../../src/index.js';
import * as A from '../arbitraries.js';
import * as O from '../oracles.js';
import { runs, seed } from '../runs.js';

const ground = new HalfSpace();
const p = (x: number, y: number, z: number, q: O.Q4 = [0, 0, 0, 1]): PoseLike => O.poseObj(O.at(x, y, z, q));

/** The plane of a half-space at `pose`: its outward unit normal and a point on it. */
function plane(pose: O.PoseT): { n: O.V3; o: O.V3 } {
  return { n: O.rotate(O.normalizeQ(pose.quaternion), [0, 1, 0]), o: pose.position };
}
/** The oracle: the least height of the placed shape above the plane. */
function heightOf(s: O.Placed, h: O.PoseT): number {
  const { n, o } = plane(h);
  return O.dot(O.sub(O.supportWorld(s, O.neg(n)), o), n);
}

const planePose = fc.record({ position: A.vec(3), quaternion: A.unitQuat });

describe('HalfSpace against convex shapes', () => {
  it('closed forms: a ball, a box corner down, a capsule, a cylinder and a cone', () => {
    expect(contact(new Sphere(1), p(0, 1.5, 0), ground, p(0, 0, 0)).separation).toBe(0.5);
    // A unit cube turned onto a corner (45° about y, then atan √2 about x: a diagonal along y): the corner √3/2
    // below its centre.
    const q = O.normalizeQ(O.qmul([Math.sin(Math.atan(Math.SQRT2) / 2), 0, 0, Math.cos(Math.atan(Math.SQRT2) / 2)], [0, Math.sin(Math.PI / 8), 0, Math.cos(Math.PI / 8)]));
    expect(Math.abs(contact(new Box(0.5, 0.5, 0.5), p(0, 2, 0, q), ground, p(0, 0, 0)).separation - (2 - Math.sqrt(3) / 2))).toBeLessThan(1e-15);
    expect(distance(new Capsule(1, 0.5), p(4, 3, 4), ground, p(0, 0, 0))).toBe(1.5);
    // A cylinder lying on its side, the plane tilted 45° about z: its lowest rim point.
    const tilt: O.Q4 = [0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)];
    const c = contact(new Cylinder(1, 0.5), p(0, 0, 0), ground, p(0, -3, 0, tilt));
    expect(Math.abs(c.separation - (3 * Math.SQRT1_2 - Math.SQRT1_2 - 0.5 * Math.SQRT1_2))).toBeLessThan(1e-15);
    // A cone apex down over the plane (turned 180° about x): the apex at the centre − halfHeight.
    expect(contact(new Cone(1, 0.5), p(0, 2, 0, [1, 0, 0, 0]), ground, p(0, 0, 0)).separation).toBe(1);
  });

  it('every kind, at random poses: separation, normal, witnesses, and every family agrees (oracle: the support along the plane normal)', () => {
    fc.assert(fc.property(A.anyShape, A.pose(3), planePose, (json, sp, hp) => {
      const s: O.Placed = { json, pose: sp };
      const { shape, pose } = A.build(s);
      const hpose = O.poseObj(hp);
      const { n, o } = plane(hp);
      const expected = heightOf(s, hp);
      const size = 3 + O.norm(sp.position) + O.norm(hp.position);
      const tol = 1e-13 * size;
      const c = contact(shape, pose, ground, hpose);
      expect(Math.abs(c.separation - expected)).toBeLessThanOrEqual(tol);
      // (The plane's normal itself, read off the pose: the oracle's rotation rounds its own way.)
      expect(O.dist(O.toV3(c.normal), O.neg(n))).toBeLessThanOrEqual(4e-15);
      // pointA on the solid at the plane's height of the separation; pointB on the plane; B − A = separation·normal.
      expect(Math.abs(O.dot(O.sub(O.toV3(c.pointA), o), n) - c.separation)).toBeLessThanOrEqual(tol);
      expect(Math.abs(O.dot(O.sub(O.toV3(c.pointB), o), n))).toBeLessThanOrEqual(tol);
      expect(O.dist(O.sub(O.toV3(c.pointB), O.toV3(c.pointA)), O.scale(O.toV3(c.normal), c.separation))).toBeLessThanOrEqual(tol);
      // The deepest point is on the shape: nothing of the shape lies farther along −n.
      expect(O.dot(O.toV3(c.pointA), O.neg(n))).toBeLessThanOrEqual(O.dot(O.supportWorld(s, O.neg(n)), O.neg(n)) + tol);
      // The half-space first: the same answer, flipped.
      const r = contact(ground, hpose, shape, pose);
      expect(r.separation).toBe(c.separation);
      expect(O.toV3(r.normal)).toEqual(O.neg(O.toV3(c.normal)).map((x) => x + 0));
      expect(r.pointA).toEqual(c.pointB);
      // The other families.
      expect(intersects(shape, pose, ground, hpose)).toBe(c.separation <= 0);
      expect(distance(shape, pose, ground, hpose)).toBe(Math.max(c.separation, 0));
      const cp = closestPoints(shape, pose, ground, hpose);
      expect(cp.distance).toBe(Math.max(c.separation, 0));
      const pen = penetration(shape, pose, ground, hpose);
      expect(pen === null).toBe(c.separation > 0);
      if (pen !== null) expect(pen.depth).toBe(-c.separation);
      expect(contact(shape, pose, ground, hpose, undefined, { maxDistance: Math.max(0, c.separation) / 2 }) === null).toBe(c.separation > 0);
    }), { numRuns: runs(400), seed: seed(3511) });
  });

  it('moving both the shape and the plane by one rigid motion moves the answer with them', () => {
    fc.assert(fc.property(A.anyShape, A.pose(2), planePose, A.pose(50), (json, sp, hp, m) => {
      const s: O.Placed = { json, pose: sp };
      const { shape, pose } = A.build(s);
      const before = contact(shape, pose, ground, O.poseObj(hp)).separation;
      const after = contact(shape, O.poseObj(O.composePose(m, sp)), ground, O.poseObj(O.composePose(m, hp))).separation;
      expect(Math.abs(after - before)).toBeLessThanOrEqual(1e-13 * (3 + O.norm(m.position)));
    }), { numRuns: runs(200), seed: seed(3512) });
  });
});

describe('HalfSpace against compounds and meshes', () => {
  it('the deepest part, and its index (oracle: the least height over the parts\' supports, a mesh\'s vertices)', () => {
    fc.assert(fc.property(fc.array(fc.tuple(A.polytopeShape, A.pose(2)), { minLength: 1, maxLength: 5 }), A.pose(2), planePose, (parts, cp, hp) => {
      const compound = new Compound(parts.map(([json, pp]) => ({ shape: A.build({ json, pose: pp }).shape as never, pose: O.poseObj(pp) })));
      const heights = parts.map(([json, pp]) => heightOf({ json, pose: O.composePose(cp, pp) }, hp));
      const least = Math.min(...heights);
      const c = contact(compound, O.poseObj(cp), ground, O.poseObj(hp));
      expect(Math.abs(c.separation - least)).toBeLessThanOrEqual(1e-13 * 10);
      expect(heights[c.partA]).toBeLessThanOrEqual(least + 1e-13 * 10);
    }), { numRuns: runs(150), seed: seed(3513) });
    // A mesh: the least vertex height, and a triangle holding that vertex.
    const vertices = [-1, 0.3, -1, 1, 0.5, -1, 1, -0.2, 1, -1, 0.1, 1, 0, 2, 0];
    const mesh = new TriangleMesh(vertices, [0, 1, 2, 0, 2, 3, 0, 1, 4]);
    const c = contact(mesh, p(0, 1, 0), ground, p(0, 0, 0));
    expect(c.separation).toBe(0.8);
    expect([0, 1]).toContain(c.partA);
  });
});

describe('rays against a HalfSpace', () => {
  it('closed form: the parameter where the height reaches 0; from inside, t = 0 (solid) or where it rises out', () => {
    fc.assert(fc.property(A.vec(5), A.unitVec, planePose, fc.boolean(), (o, d, hp, solid) => {
      const { n, o: po } = plane(hp);
      const h0 = O.dot(O.sub(o, po), n), dn = O.dot(d, n);
      const hit = rayCast(ground, O.poseObj(hp), { x: o[0], y: o[1], z: o[2] }, { x: d[0], y: d[1], z: d[2] }, undefined, { solid });
      const inside = h0 <= 0;
      const expectHit = inside ? solid || dn > 0 : dn < 0;
      if (Math.abs(h0) < 1e-12 || Math.abs(dn) < 1e-9) return; // on the plane, or parallel: rounding decides
      expect(hit !== null).toBe(expectHit);
      if (hit === null) return;
      if (inside && solid) { expect(hit.t).toBe(0); expect(O.dist(O.toV3(hit.normal), O.neg(d))).toBeLessThan(1e-15); return; }
      expect(Math.abs(hit.t - -h0 / dn)).toBeLessThanOrEqual(1e-12 * (1 + Math.abs(h0 / dn)));
      expect(O.dist(O.toV3(hit.normal), n)).toBeLessThanOrEqual(4e-15);
      expect(Math.abs(O.dot(O.sub(O.toV3(hit.point), po), n))).toBeLessThanOrEqual(1e-11 * (1 + Math.abs(hit.t)));
    }), { numRuns: runs(400), seed: seed(3514) });
  });
});

describe('shape casts against a HalfSpace', () => {
  it('translations: the time is (height − target) / closing speed, exactly up to rounding', () => {
    fc.assert(fc.property(A.anyShape, A.pose(2), planePose, A.vec(10), A.vec(2), fc.double({ min: 0, max: 0.5, noNaN: true }), (json, sp, hp, v, vh, target) => {
      const s: O.Placed = { json, pose: sp };
      const { shape, pose } = A.build(s);
      const { n } = plane(hp);
      const h0 = heightOf(s, hp), closing = -O.dot(O.sub(v, vh), n);
      const r = shapeCast(shape, pose, { linear: { x: v[0], y: v[1], z: v[2] } }, ground, O.poseObj(hp), { linear: { x: vh[0], y: vh[1], z: vh[2] } }, undefined, { maxTime: 1, targetSeparation: target });
      const tol = 1e-12 * (5 + O.norm(v));
      if (h0 <= target + tol) { expect(r?.time).toBe(0); return; }
      const t = closing > 0 ? (h0 - target) / closing : Infinity;
      if (Math.abs(t - 1) < 1e-9) return; // at maxTime: rounding decides
      expect(r === null).toBe(!(t <= 1));
      if (r === null) return;
      expect(Math.abs(r.time - t)).toBeLessThanOrEqual(1e-12 * (1 + t));
      expect(Math.abs(r.separation - target)).toBeLessThanOrEqual(tol);
      expect(O.dist(O.toV3(r.normal), O.neg(n))).toBeLessThanOrEqual(4e-15);
    }), { numRuns: runs(300), seed: seed(3515) });
  });

  it('a turning shape: no sampled time before the answer is within the target, and at the answer it is (conservative advancement, to its tolerance)', () => {
    fc.assert(fc.property(A.anyShape, A.pose(1), A.vec(4), A.vec(3), (json, sp, w, v) => {
      const hp = O.at(0, -2, 0);
      const s: O.Placed = { json, pose: sp };
      const { shape, pose } = A.build(s);
      const target = 0.05;
      const r = shapeCast(shape, pose, { linear: { x: v[0], y: v[1], z: v[2] }, angular: { x: w[0], y: w[1], z: w[2] } }, ground, O.poseObj(hp), null, undefined, { targetSeparation: target });
      // The shape's pose at time t, as the cast moves it: translated, then turned by t·ω after its own rotation.
      const at = (t: number): O.PoseT => {
        const wl = O.norm(w), half = 0.5 * wl * t;
        const turn: O.Q4 = wl > 0 ? [...O.scale(w, Math.sin(half) / wl), Math.cos(half)] as O.Q4 : [0, 0, 0, 1];
        return { position: O.add(sp.position, O.scale(v, t)), quaternion: O.qmul(turn, O.normalizeQ(sp.quaternion)) };
      };
      const end = r === null ? 1 : r.time;
      // The cast's tolerance: SHAPE_CAST_RELATIVE_TOLERANCE (1e-7) of the size and the sweep so far (docs/casts.md).
      const R = shape.boundingRadius, tolerance = 1e-7 * (R + (O.norm(v) + O.norm(w) * R) * end) + 1e-12;
      // (Every sample strictly before the answer: at time 0 a shape may already be within the target.)
      for (let k = 0; k < 200 && end > 0; k++) {
        const t = (end * k) / 200;
        expect(heightOf({ json, pose: at(t) }, hp)).toBeGreaterThan(target - tolerance);
      }
      if (r !== null) expect(Math.abs(heightOf({ json, pose: at(r.time) }, hp) - r.separation)).toBeLessThan(1e-9);
    }), { numRuns: runs(150), seed: seed(3516) });
  });

  it('a turning half-space, and two half-spaces, are typed errors', () => {
    expect(() => shapeCast(new Sphere(1), p(0, 3, 0), null, ground, p(0, 0, 0), { angular: { x: 1, y: 0, z: 0 } })).toThrow(InvalidArgumentError);
    expect(() => shapeCast(new Sphere(1), p(0, 3, 0), null, ground, p(0, 0, 0), { angular: { x: 1, y: 0, z: 0 } })).toThrow(/^motionB\.angular turns a half-space/);
    expect(() => shapeCast(ground, p(0, 3, 0), null, ground, p(0, 0, 0), null)).toThrow(UnsupportedPairError);
    expect(() => contact(ground, p(0, 0, 0), ground, p(0, 1, 0))).toThrow(UnsupportedPairError);
  });
});

describe('manifolds on a HalfSpace', () => {
  it('a box resting on its face gives its 4 corners; one tilted onto an edge, 2; a ball, 1', () => {
    const box = new Box(1, 0.5, 2);
    const flat = contactManifold(box, p(3, 0.49, 1), ground, p(0, 0, 0))!;
    expect(flat.count).toBe(4);
    for (let i = 0; i < 4; i++) {
      expect(flat.points[i].pointB.y).toBe(0);
      expect(flat.points[i].separation).toBeCloseTo(-0.01, 14);
      expect(flat.points[i].featureA.type).toBe('vertex');
      expect(flat.points[i].featureB).toEqual({ type: 'face', index: 0 });
    }
    const edge = contactManifold(box, p(0, 1.1, 0, [0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)]), ground, p(0, 0, 0), undefined, { margin: 0.01 });
    expect(edge).toBeNull();
    const s = Math.sin(Math.PI / 8), c = Math.cos(Math.PI / 8);
    // Turned 45° about z: the lowest edge (along z) at y − (0.5 + 1)·√½.
    const low = 1.5 * Math.SQRT1_2;
    const onEdge = contactManifold(box, p(0, low - 0.001, 0, [0, 0, s, c]), ground, p(0, 0, 0))!;
    expect(onEdge.count).toBe(2);
    expect(contactManifold(new Sphere(1), p(0, 0.9, 0), ground, p(0, 0, 0))!.count).toBe(1);
  });

  it('every point on both surfaces within the margin, the deepest the contact\'s separation (random shapes and poses)', () => {
    fc.assert(fc.property(A.anyShape, A.pose(2), planePose, fc.double({ min: 0, max: 0.3, noNaN: true }), (json, sp, hp, margin) => {
      const s: O.Placed = { json, pose: sp };
      const { shape, pose } = A.build(s);
      const hpose = O.poseObj(hp);
      const { n, o } = plane(hp);
      const c = contact(shape, pose, ground, hpose);
      const m = contactManifold(shape, pose, ground, hpose, undefined, { margin });
      const tol = 1e-12 * (3 + O.norm(sp.position) + O.norm(hp.position));
      expect(m === null).toBe(c.separation > margin);
      if (m === null) return;
      expect(O.toV3(m.normal)).toEqual(O.toV3(c.normal));
      let least = Infinity;
      for (let i = 0; i < m.count; i++) {
        const q = m.points[i];
        expect(q.separation).toBeLessThanOrEqual(margin + tol);
        expect(Math.abs(O.dot(O.sub(O.toV3(q.pointA), o), n) - q.separation)).toBeLessThanOrEqual(tol);
        expect(Math.abs(O.dot(O.sub(O.toV3(q.pointB), o), n))).toBeLessThanOrEqual(tol);
        // pointA is on the shape: no farther along −n than the shape reaches.
        expect(O.dot(O.toV3(q.pointA), O.neg(n))).toBeLessThanOrEqual(O.dot(O.supportWorld(s, O.neg(n)), O.neg(n)) + tol);
        least = Math.min(least, q.separation);
      }
      expect(Math.abs(least - c.separation)).toBeLessThanOrEqual(tol);
    }), { numRuns: runs(300), seed: seed(3517) });
  });

  it('contactManifolds: one manifold for each part of a compound or triangle of a mesh on the plane, named', () => {
    const chair = new Compound([{ shape: new Box(0.5, 0.05, 0.5), pose: p(0, 0.04, 0) }, { shape: new Sphere(0.2), pose: p(2, 0.1, 0) }]);
    const list = contactManifolds(chair, p(0, 0, 0), ground, p(0, 0, 0), undefined, { margin: 0.2 });
    expect(list.count).toBe(2);
    expect(list.manifolds.slice(0, 2).map((m) => m.partA).sort()).toEqual([0, 1]);
    const floor = new TriangleMesh([-1, 0.05, -1, 1, 0.05, -1, 1, 0.05, 1, -1, 0.05, 1], [0, 2, 1, 0, 3, 2]);
    const onMesh = contactManifolds(ground, p(0, 0, 0), floor, p(0, 0, 0), undefined, { margin: 0.1 });
    expect(onMesh.count).toBe(2);
    expect(onMesh.manifolds.slice(0, 2).map((m) => m.partB).sort()).toEqual([0, 1]);
    expect(onMesh.manifolds[0].normal).toEqual({ x: 0, y: 1, z: 0 });
  });
});

describe('computeAabb of a HalfSpace', () => {
  it('unbounded on every axis but one the plane faces exactly', () => {
    expect(computeAabb(ground, p(1, 2, 3))).toEqual({ min: { x: -Infinity, y: -Infinity, z: -Infinity }, max: { x: Infinity, y: 2, z: Infinity } });
    // Turned 90° about x: the normal along +z.
    expect(computeAabb(ground, p(1, 2, 3, [Math.SQRT1_2, 0, 0, Math.SQRT1_2])).max.z).toBeCloseTo(3, 15);
    const tilted = computeAabb(ground, p(0, 0, 0, [0.1, 0, 0, Math.sqrt(0.99)]));
    expect([tilted.min.y, tilted.max.y, tilted.max.z]).toEqual([-Infinity, Infinity, Infinity]);
  });
});

/** Keeps the shape types in the arbitraries in view (a kind added there is tested here). */
const _kinds: ShapeJSON['type'][] = ['point', 'segment', 'triangle', 'sphere', 'box', 'capsule', 'cylinder', 'cone', 'ellipsoid', 'convexHull', 'rounded', 'minkowskiSum', 'scaled'];
void _kinds;
void (null as unknown as Shape);
