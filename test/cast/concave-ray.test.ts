/**
 * rayCast against compounds and triangle meshes, by independent oracles: brute force over every part (each
 * part placed in the world by composing quaternions in the test and cast by the convex rayCast, the least t
 * kept) and over every triangle (Möller & Trumbore 1997, written here in world space); for a hollow compound,
 * the ray walked from the origin by the depth of each point inside the union (contact of a Point with the
 * compound: the ball of that radius is inside), which must reach the reported exit, where the point is on the
 * surface and just beyond it outside. Compounds of up to 20 parts; a 20,000-triangle torus knot (three.js).
 */
import fc from 'fast-check';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { BvhRayHit, rayBvh } from '../../src/bvh/bvh-traversal.js';
import { shapeFromJSON, type ShapeJSON } from '../../src/format/index.js';
import { answerRayQueryText } from '../../src/cli/answers/ray.js';
import {
  Box, Compound, InvalidNumberError, InvalidShapeError, Point, Sphere, Triangle, TriangleMesh, contact, createRayHit, rayCast, supportWithRadius,
  type ConvexShape, type RayHit, type Vec3Like as V3Like,
} from '../../src/index.js';
import { anyShape, num, pose, scaleShape, unitQuat, vec } from '../arbitraries.js';
import {
  add, composePose, cross, dirToLocal, dot, norm, normalize, poseObj, rotate, scale, sub, toLocal, toV3, toWorld, type PoseT, type V3,
} from '../oracles.js';
import { runs } from '../runs.js';

const P = (p: V3) => ({ x: p[0], y: p[1], z: p[2] });

interface Parts { shapes: ConvexShape[]; poses: PoseT[]; compound: Compound }

const partsArb = (max: number, shape = anyShape) => fc.array(fc.record({ shape, pose: pose(2) }), { minLength: 1, maxLength: max }).map((ps): Parts => {
  const shapes = ps.map((p) => shapeFromJSON(p.shape as ShapeJSON));
  return { shapes, poses: ps.map((p) => p.pose), compound: new Compound(shapes.map((s, i) => ({ shape: s, pose: poseObj(ps[i].pose) }))) };
});

/** max over the placed shape of x·n (world): the shape's own support, turned into the world. */
function supportAlong(shape: ConvexShape, p: PoseT, n: V3): number {
  return dot(toWorld(p, toV3(supportWithRadius({ x: 0, y: 0, z: 0 }, shape, P(dirToLocal(p, n))))), n);
}

/** Brute force: every part placed in the world and cast on its own; the least t, ties to the lower part. */
function bruteParts(c: Parts, cPose: PoseT, o: V3, d: V3, maxT = Infinity): { hit: RayHit; part: number } | null {
  let best: { hit: RayHit; part: number } | null = null;
  c.shapes.forEach((s, i) => {
    const h = rayCast(s, poseObj(composePose(cPose, c.poses[i])), P(o), P(d), createRayHit(), { maxT });
    if (h !== null && (best === null || h.t < best.hit.t)) best = { hit: h, part: i };
  });
  return best;
}

/** Möller & Trumbore: t where o + t·d crosses triangle abc, or null (two-sided; parallel rays miss). */
function mollerTrumbore(o: V3, d: V3, a: V3, b: V3, c: V3): number | null {
  const e1 = sub(b, a), e2 = sub(c, a), p = cross(d, e2), det = dot(e1, p);
  if (det === 0) return null;
  const s = sub(o, a), u = dot(s, p) / det;
  if (u < 0 || u > 1) return null;
  const q = cross(s, e1), v = dot(d, q) / det;
  if (v < 0 || u + v > 1) return null;
  const t = dot(e2, q) / det;
  return t >= 0 ? t : null;
}

/** A mesh's triangles in world space, as the input lists them. */
function worldTriangles(vertices: ArrayLike<number>, indices: ArrayLike<number>, p: PoseT): [V3, V3, V3][] {
  const v = (i: number): V3 => toWorld(p, [vertices[3 * i], vertices[3 * i + 1], vertices[3 * i + 2]]);
  const out: [V3, V3, V3][] = [];
  for (let k = 0; k < indices.length; k += 3) out.push([v(indices[k]), v(indices[k + 1]), v(indices[k + 2])]);
  return out;
}

function bruteTriangles(tris: [V3, V3, V3][], o: V3, d: V3): { t: number; index: number } | null {
  let best: { t: number; index: number } | null = null;
  tris.forEach(([a, b, c], i) => {
    const t = mollerTrumbore(o, d, a, b, c);
    if (t !== null && (best === null || t < best.t)) best = { t, index: i };
  });
  return best;
}

const knot = new THREE.TorusKnotGeometry(1, 0.3, 400, 25);
const knotIndices = knot.index!.array, knotVertices = knot.attributes.position.array;

describe('rayCast on a compound: the nearest part (brute force over every part)', () => {
  it('up to 20 parts of every kind: t, the part, its normal; −direction from inside (solid)', () => {
    let hits = 0, misses = 0, insides = 0;
    fc.assert(fc.property(partsArb(20), pose(2), vec(6), fc.boolean(), vec(2), num(0.2, 3), (c, cPose, o0, near, aim, len) => {
      // Origins anywhere around, or near the compound's origin (where they are often inside a part).
      const o = near ? add(scale(o0, 0.2), cPose.position) : o0;
      const d = scale(sub(add(aim, cPose.position), o), len);
      if (norm(d) < 1e-3) return;
      // (The GJK ray cast on a curved part converges to about 1e-9 of the size, and further along a grazing
      // ray: casting a part in the compound's frame and in its own gives t that differ by that much.)
      const L = 12 + 6 * norm(d), tol = 1e-7 * L;
      const hit = rayCast(c.compound, poseObj(cPose), P(o), P(d), createRayHit());
      const brute = bruteParts(c, cPose, o, d);
      if (brute === null) { expect(hit).toBeNull(); misses++; return; }
      expect(hit).not.toBeNull();
      expect(Math.abs(hit!.t - brute.hit.t) * norm(d)).toBeLessThan(tol);
      // The part: its own cast gives the same t (another part may tie within rounding); the normal is in the
      // part's normal cone at the point (its support plane along the normal passes through the point), or
      // −direction from inside.
      const partPose = composePose(cPose, c.poses[hit!.part]);
      const own = rayCast(c.shapes[hit!.part], poseObj(partPose), P(o), P(d))!;
      expect(Math.abs(own.t - brute.hit.t) * norm(d)).toBeLessThan(tol);
      const n = toV3(hit!.normal);
      expect(norm(n)).toBeCloseTo(1, 12);
      if (hit!.t === 0) expect(norm(add(n, normalize(d)))).toBeLessThan(1e-12);
      else expect(Math.abs(supportAlong(c.shapes[hit!.part], partPose, n) - dot(n, toV3(hit!.point)))).toBeLessThan(1e-6 * L);
      const p = add(o, scale(d, hit!.t));
      for (let k = 0; k < 3; k++) expect(toV3(hit!.point)[k]).toBeCloseTo(p[k], 9);
      if (brute.hit.t === 0) insides++; else hits++;
    }), { numRuns: runs(300) });
    // Not only easy cases: hits, misses and origins inside each a fair share of the runs.
    expect(hits).toBeGreaterThan(75);
    expect(misses).toBeGreaterThan(50);
    expect(insides).toBeGreaterThan(35);
  });

  it('maxT bounds the search, as it bounds each part', () => {
    fc.assert(fc.property(partsArb(12), pose(2), vec(6), vec(2), num(0, 8), (c, cPose, o, aim, maxT) => {
      const d = sub(add(aim, cPose.position), o);
      const tol = 1e-7 * 20;
      const hit = rayCast(c.compound, poseObj(cPose), P(o), P(d), null, { maxT });
      const brute = bruteParts(c, cPose, o, d, maxT);
      // (A hit within the cast's convergence of maxT may go either way.)
      if (brute === null) {
        if (hit !== null) expect(Math.abs(hit.t - maxT) * norm(d)).toBeLessThan(tol);
        return;
      }
      if (hit === null) { expect(Math.abs(brute.hit.t - maxT) * norm(d)).toBeLessThan(tol); return; }
      expect(hit.t).toBeLessThanOrEqual(maxT);
      expect(Math.abs(hit.t - brute.hit.t) * norm(d)).toBeLessThan(tol);
    }), { numRuns: runs(150) });
  });

  it('moving the compound, the origin and the direction by one rigid motion changes neither t nor the part', () => {
    fc.assert(fc.property(partsArb(10), pose(2), pose(4), vec(5), vec(1), (c, cPose, motion, o, aim) => {
      const d = sub(add(aim, cPose.position), o);
      const a = rayCast(c.compound, poseObj(cPose), P(o), P(d));
      const moved = composePose(motion, cPose);
      const b = rayCast(c.compound, poseObj(moved), P(toWorld(motion, o)), P(rotate(motion.quaternion, d)));
      expect(b === null).toBe(a === null);
      if (a === null || b === null) return;
      expect(Math.abs(a.t - b.t) * norm(d)).toBeLessThan(1e-7 * 20);
    }), { numRuns: runs(100) });
  });
});

describe('rayCast on a hollow compound: where the ray leaves the union of the parts', () => {
  /** Spheres and boxes strung along a line through the origin of the compound, overlapping each other or not. */
  const chain = fc.array(fc.tuple(fc.boolean(), num(0.3, 1), num(0.4, 1.6), unitQuat), { minLength: 1, maxLength: 8 }).map((links) => {
    let x = 0;
    const shapes: ConvexShape[] = [], poses: PoseT[] = [];
    for (const [round, size, step, q] of links) {
      shapes.push(round ? new Sphere(size) : new Box(size, 0.8 * size, 0.6 * size));
      poses.push({ position: [x, 0.1 * Math.sin(7 * x), 0], quaternion: q });
      x += step;
    }
    return { shapes, poses, compound: new Compound(shapes.map((s, i) => ({ shape: s, pose: poseObj(poses[i]) }))) } satisfies Parts;
  });

  /** Signed separation of the point x from the compound: minus the depth of the deepest part holding it. */
  const separationAt = (c: Parts, cPose: PoseT, x: V3): number => contact(new Point(), poseObj({ position: x, quaternion: [0, 0, 0, 1] }), c.compound, poseObj(cPose))!.separation;

  it('the ray from inside is inside the union all the way to the reported exit, on its surface there, and outside just after', () => {
    let followed = 0;
    fc.assert(fc.property(chain, pose(2), unitQuat, num(0, 1), num(0.5, 2), (c, cPose, q, along, len) => {
      // Origins inside the first part, or partway along the chain; directions mostly along it.
      const o = toWorld(cPose, [along * 0.3, 0.05, -0.05]);
      const d = scale(normalize(add(rotate(cPose.quaternion, [1, 0, 0]), scale(rotate(q, [1, 0, 0]), 0.6))), len);
      const L = 20;
      if (separationAt(c, cPose, o) > -1e-3) return; // an origin inside by a margin (knife edges aside)
      const hit = rayCast(c.compound, poseObj(cPose), P(o), P(d), null, { solid: false })!;
      expect(hit).not.toBeNull();
      const T = hit.t, dl = norm(d);
      // Walk in from the origin: each point's depth is a ball inside the union, so the ray is inside up to
      // that far on; the walk stalls only where the ray leaves the union, which must be at T.
      let s = 0;
      for (let k = 0; k < 4000 && s < T; k++) {
        const depth = -separationAt(c, cPose, add(o, scale(d, s)));
        if (!(depth > 1e-10 * L)) break;
        s += depth / dl;
      }
      expect(s).toBeGreaterThan(T - 1e-4 * Math.max(T, 1));
      expect(Math.abs(separationAt(c, cPose, toV3(hit.point)))).toBeLessThan(1e-8 * L);
      expect(separationAt(c, cPose, add(o, scale(d, T + 1e-5 * L / dl)))).toBeGreaterThan(0);
      // The normal is outward there: the ray leaves along it.
      expect(dot(toV3(hit.normal), d)).toBeGreaterThan(-1e-9);
      if (hit.part !== 0) followed++;
    }), { numRuns: runs(200) });
    // Most rays leave through a part other than the first (the walk went through overlapping parts).
    expect(followed).toBeGreaterThan(40);
  });

  it('two overlapping boxes worked by hand: solid t = 0, hollow out through the second; a maxT before that is a miss', () => {
    const at = (x: number) => poseObj({ position: [x, 0, 0], quaternion: [0, 0, 0, 1] });
    const c = new Compound([{ shape: new Box(1, 1, 1), pose: at(0) }, { shape: new Box(1, 1, 1), pose: at(1.5) }, { shape: new Sphere(0.5), pose: at(4) }]);
    const I = at(0);
    const solid = rayCast(c, I, { x: 0, y: 0, z: 0 }, { x: 2, y: 0, z: 0 })!;
    expect([solid.t, solid.part, solid.normal.x]).toEqual([0, 0, -1]);
    const hollow = rayCast(c, I, { x: 0, y: 0, z: 0 }, { x: 2, y: 0, z: 0 }, null, { solid: false })!;
    expect(hollow.t).toBeCloseTo(1.25, 12);
    expect([hollow.part, hollow.normal.x]).toEqual([1, 1]);
    expect(rayCast(c, I, { x: 0, y: 0, z: 0 }, { x: 2, y: 0, z: 0 }, null, { solid: false, maxT: 1.2 })).toBeNull();
    // Backwards: out of the first box only.
    const back = rayCast(c, I, { x: 0.5, y: 0, z: 0 }, { x: -1, y: 0, z: 0 }, null, { solid: false })!;
    expect([back.t, back.part, back.normal.x]).toEqual([1.5, 0, -1]);
    // From outside, hollow or not: the entry.
    const outside = rayCast(c, I, { x: 6, y: 0, z: 0 }, { x: -1, y: 0, z: 0 }, null, { solid: false })!;
    expect([outside.t, outside.part, outside.normal.x]).toEqual([1.5, 2, 1]);
    // Touching boxes (a face in common): the union goes on through both.
    const touching = new Compound([{ shape: new Box(1, 1, 1), pose: at(0) }, { shape: new Box(1, 1, 1), pose: at(2) }]);
    expect(rayCast(touching, I, { x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, null, { solid: false })!.t).toBeCloseTo(3, 12);
    // Parts hit at the same t: the lower part.
    const twins = new Compound([{ shape: new Box(1, 1, 1), pose: at(0) }, { shape: new Box(1, 1, 1), pose: at(0) }, { shape: new Box(1, 1, 1), pose: at(0) }]);
    expect(rayCast(twins, I, { x: -3, y: 0.2, z: 0 }, { x: 1, y: 0, z: 0 })!.part).toBe(0);
    expect(rayCast(twins, I, { x: 0, y: 0.2, z: 0 }, { x: 1, y: 0, z: 0 }, null, { solid: false })!.part).toBe(0);
    // On the surface going in: the entry there (t = 0, the face's normal), as for a convex shape.
    const onFace = rayCast(c, I, { x: -1, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, null, { solid: false })!;
    expect([onFace.t, onFace.part, onFace.normal.x]).toEqual([0, 0, -1]);
  });
});

describe('rayCast on a triangle mesh: the nearest triangle (Möller–Trumbore over every triangle)', () => {
  const mesh = TriangleMesh.fromGeometry(knot);

  it('a 20,000-triangle torus knot: t, the triangle (its index in the input), the face normal facing the ray', () => {
    expect(mesh.triangleCount).toBe(20000);
    let hits = 0, misses = 0;
    // The brute force in the mesh's frame (the ray moved there: t is the same), the reported triangle in the world.
    const local = worldTriangles(knotVertices, knotIndices, { position: [0, 0, 0], quaternion: [0, 0, 0, 1] });
    fc.assert(fc.property(pose(3), vec(5), vec(1.5), fc.boolean(), (mPose, o0, aim, solid) => {
      const o = add(o0, mPose.position);
      const d = sub(add(aim, mPose.position), o);
      if (norm(d) < 1e-3) return;
      const L = 10;
      const hit = rayCast(mesh, poseObj(mPose), P(o), P(d), null, { solid });
      const brute = bruteTriangles(local, toLocal(mPose, o), dirToLocal(mPose, d));
      if (brute === null) {
        // A ray within rounding of an edge on the outline may graze: then its hit is on the mesh's outline.
        if (hit !== null) expect(hit.t).toBeGreaterThan(0);
        misses++;
        return;
      }
      expect(hit).not.toBeNull();
      expect(Math.abs(hit!.t - brute.t) * norm(d)).toBeLessThan(1e-9 * L);
      // The triangle reported is hit at that t (a neighbour across an edge may tie).
      const [a, b, c] = local[hit!.part].map((v) => toWorld(mPose, v));
      const own = rayCast(new Triangle(P(a), P(b), P(c)), poseObj({ position: [0, 0, 0], quaternion: [0, 0, 0, 1] }), P(o), P(d))!;
      expect(own).not.toBeNull();
      expect(Math.abs(own.t - brute.t) * norm(d)).toBeLessThan(1e-9 * L);
      // The face normal (unit), facing the ray.
      const n = toV3(hit!.normal), face = normalize(cross(sub(b, a), sub(c, a)));
      expect(norm(n)).toBeCloseTo(1, 12);
      expect(dot(n, d)).toBeLessThanOrEqual(0);
      expect(norm(cross(n, face))).toBeLessThan(1e-6);
      hits++;
    }), { numRuns: runs(60) });
    expect(hits).toBeGreaterThan(15);
    expect(misses).toBeGreaterThan(5);
  });

  it('small random meshes with degenerate triangles: the index reported is the input list\'s', () => {
    const meshArb = fc.tuple(fc.array(vec(1.5), { minLength: 3, maxLength: 12 }), fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 30 }), fc.nat(5))
      .map(([verts, tris, collapse]) => {
        const n = verts.length;
        // Some triangles repeat a vertex (zero area): kept out of the hierarchy, still counted in the indices.
        const indices = tris.flatMap(([i, j, k], t) => (t % 6 === collapse ? [i % n, i % n, k % n] : [i % n, j % n, k % n]));
        return { vertices: verts.flat(), indices };
      });
    let hits = 0;
    fc.assert(fc.property(meshArb, pose(2), vec(4), vec(1), (m, mPose, o, aim) => {
      let built: TriangleMesh;
      try { built = new TriangleMesh(m.vertices, m.indices); } catch { return; } // (every triangle degenerate)
      const d = sub(add(aim, mPose.position), o);
      if (norm(d) < 1e-3) return;
      const tris = worldTriangles(m.vertices, m.indices, mPose);
      const hit = rayCast(built, poseObj(mPose), P(o), P(d));
      const brute = bruteTriangles(tris, o, d);
      if (brute === null || hit === null) return; // (grazing rays, edge-on triangles: hit or miss within the tolerance)
      expect(Math.abs(hit.t - brute.t) * norm(d)).toBeLessThan(1e-9 * 10);
      const [a, b, c] = tris[hit.part];
      expect(a !== b && b !== c).toBe(true);
      const own = mollerTrumbore(o, d, a, b, c) ?? rayCast(new Triangle(P(a), P(b), P(c)), poseObj({ position: [0, 0, 0], quaternion: [0, 0, 0, 1] }), P(o), P(d))?.t;
      expect(own).not.toBeNull();
      expect(own).not.toBeUndefined();
      expect(Math.abs(own! - brute.t) * norm(d)).toBeLessThan(1e-9 * 10);
      hits++;
    }), { numRuns: runs(200) });
    expect(hits).toBeGreaterThan(25);
  });

  it('a ray through a vertex or an edge shared by several triangles reports the lowest of them as given (the mesh keeps them in leaf order)', () => {
    // A flat 6 x 6 grid of squares, two triangles each, listed in a shuffled order: 72 triangles, leaves of 8.
    const n = 6, vertices: number[] = [], cells: number[][] = [];
    for (let i = 0; i <= n; i++) for (let j = 0; j <= n; j++) vertices.push(i, 0, j);
    const v = (i: number, j: number) => i * (n + 1) + j;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) cells.push([v(i, j), v(i, j + 1), v(i + 1, j)], [v(i + 1, j), v(i, j + 1), v(i + 1, j + 1)]);
    let seed = 5;
    for (let k = cells.length - 1; k > 0; k--) { seed = (seed * 16807) % 2147483647; const r = seed % (k + 1); [cells[k], cells[r]] = [cells[r], cells[k]]; }
    const grid = new TriangleMesh(vertices, cells.flat()), ID = { position: P([0, 0, 0]), quaternion: { x: 0, y: 0, z: 0, w: 1 } };
    expect(Array.from(grid.sourceIndex)).not.toEqual(cells.map((_, i) => i)); // the order kept differs from the input's
    for (const [x, z] of [[1, 1], [2, 3], [1.5, 2], [3, 2.5], [2.5, 2.5], [4, 4.5]]) {
      const o = { x, y: 2, z }, d = { x: 0, y: -1, z: 0 };
      const hit = rayCast(grid, ID, o, d)!;
      expect(hit.t).toBe(2);
      // Brute force: every triangle that the ray meets at t = 2, by the triangle's own ray cast; the lowest given.
      const hitBy = cells.map((c, i) => ({ i, h: rayCast(new Triangle(...c.map((k) => P([vertices[3 * k], 0, vertices[3 * k + 2]])) as [V3Like, V3Like, V3Like]), ID, o, d) }))
        .filter(({ h }) => h !== null && h.t === 2).map(({ i }) => i);
      expect(hitBy.length).toBeGreaterThan(1);
      expect(hit.part).toBe(Math.min(...hitBy));
    }
  });

  it('an origin on a triangle: t = 0 and the face normal facing the ray, solid or not (a surface has no inside)', () => {
    const mPose: PoseT = { position: [0.3, -0.2, 0.5], quaternion: normalizeQuat([0.2, -0.4, 0.1, 0.9]) };
    const tris = worldTriangles(knotVertices, knotIndices, mPose);
    for (const index of [0, 777, 12345, 19999]) {
      const [a, b, c] = tris[index];
      const o = scale(add(add(a, b), c), 1 / 3);
      const face = normalize(cross(sub(b, a), sub(c, a)));
      for (const d of [face, scale(face, -2), add(face, [0.3, 0.1, -0.2]), scale(add(face, [0.3, 0.1, -0.2]), -1)] as V3[]) {
        for (const solid of [true, false]) {
          const hit = rayCast(mesh, poseObj(mPose), P(o), P(d), null, { solid })!;
          expect(hit.t).toBe(0);
          const n = toV3(hit.normal);
          expect(dot(n, d)).toBeLessThan(0);
          expect(norm(cross(n, face))).toBeLessThan(1e-9);
        }
      }
    }
  });
});

function normalizeQuat(q: [number, number, number, number]): [number, number, number, number] {
  const l = Math.hypot(...q);
  return [q[0] / l, q[1] / l, q[2] / l, q[3] / l];
}

describe('rayCast on concave shapes far away and at extreme scales', () => {
  const mesh = TriangleMesh.fromGeometry(knot);
  const rays: [V3, V3][] = [[[-5, 0.1, 0.05], [1, 0, 0.01]], [[0.2, 4, -0.3], [-0.05, -1, 0.1]], [[3, 3, 3], [-1, -1, -1]], [[-4, -4, 1], [1, 1, -0.3]]];

  it('a mesh 1e6 from the origin hits where the same mesh at the origin does', () => {
    const q = normalizeQuat([0.1, 0.2, -0.3, 0.9]);
    for (const [o, d] of rays) {
      const near = rayCast(mesh, poseObj({ position: [0, 0, 0], quaternion: q }), P(o), P(d))!;
      const shift: V3 = [1e6, -2e6, 5e5];
      const far = rayCast(mesh, poseObj({ position: shift, quaternion: q }), P(add(o, shift)), P(d))!;
      expect(near).not.toBeNull();
      expect(far.part).toBe(near.part);
      // The origin's rounding at 2e6 (2e6 · ε = 4e-10) is the error there is.
      expect(Math.abs(far.t - near.t) * norm(d)).toBeLessThan(1e-8);
      for (let k = 0; k < 3; k++) expect(toV3(far.normal)[k]).toBeCloseTo(toV3(near.normal)[k], 6);
    }
  });

  it('a mesh and a compound scaled by 2^±210 (outside the unscaled range) hit at the same t', () => {
    const q = normalizeQuat([0.1, 0.2, -0.3, 0.9]);
    const parts: ShapeJSON[] = [{ type: 'box', halfExtents: [1, 0.5, 0.4] }, { type: 'sphere', radius: 0.7 }, { type: 'capsule', halfHeight: 0.6, radius: 0.3 }];
    const partPoses: PoseT[] = [{ position: [0, 0, 0], quaternion: [0, 0, 0, 1] }, { position: [1.2, 0.2, 0], quaternion: q }, { position: [-1, 0.5, 0.3], quaternion: q }];
    for (const s of [2 ** 210, 2 ** -210]) {
      const big = new TriangleMesh(Array.from(knotVertices, (x) => x * s), knotIndices);
      const compound = new Compound(parts.map((j, i) => ({ shape: shapeFromJSON(j), pose: poseObj(partPoses[i]) })));
      const bigCompound = new Compound(parts.map((j, i) => ({ shape: shapeFromJSON(scaleShape(j, s)), pose: poseObj({ ...partPoses[i], position: scale(partPoses[i].position, s) }) })));
      const p0: PoseT = { position: [0.5, -0.5, 0.25], quaternion: q }, ps: PoseT = { position: scale(p0.position, s), quaternion: q };
      for (const [o, d] of rays) {
        for (const solid of [true, false]) {
          const a = rayCast(mesh, poseObj(p0), P(add(o, p0.position)), P(d), null, { solid })!;
          // (Origin and direction scaled alike: t is unchanged.)
          const b = rayCast(big, poseObj(ps), P(scale(add(o, p0.position), s)), P(scale(d, s)), null, { solid })!;
          expect(a).not.toBeNull();
          expect(b.part).toBe(a.part);
          expect(Math.abs(b.t - a.t)).toBeLessThan(1e-9 * (1 + a.t));
          const c = rayCast(compound, poseObj(p0), P(add(o, p0.position)), P(d), null, { solid });
          const e = rayCast(bigCompound, poseObj(ps), P(scale(add(o, p0.position), s)), P(scale(d, s)), null, { solid });
          expect(e === null).toBe(c === null);
          if (c === null || e === null) continue;
          expect(e.part).toBe(c.part);
          expect(Math.abs(e.t - c.t) * norm(d)).toBeLessThan(1e-9 * 10);
          for (let k = 0; k < 3; k++) expect(toV3(e.normal)[k]).toBeCloseTo(toV3(c.normal)[k], 6);
        }
      }
    }
  });
});

describe('rayCast on concave shapes: the traversal, the part field, bad input', () => {
  it('an unbounded ray tests only the boxes it meets (the traversal skips missed boxes even with no maxT)', () => {
    const mesh = TriangleMesh.fromGeometry(knot);
    let visits = 0;
    // (Directions with and without zero components: the slab test has a branch for each.)
    for (const r of [[1, 0, 0], [1, 0.01, 0.02]]) {
      visits = 0;
      rayBvh(mesh.bvh, new Float64Array([-5, 0.1, 0.05]), new Float64Array(r), () => { visits++; }, null, new BvhRayHit());
      expect(visits).toBeGreaterThan(0);
      expect(visits).toBeLessThan(200);
      // A ray that misses the mesh's box visits nothing.
      visits = 0;
      rayBvh(mesh.bvh, new Float64Array([-5, 9, 0]), new Float64Array(r), () => { visits++; }, null, new BvhRayHit());
      expect(visits).toBe(0);
    }
  });

  it('part is 0 for a convex shape, and reset when a reused record is passed', () => {
    const out = createRayHit();
    out.part = 7;
    expect(rayCast(new Box(1, 1, 1), poseObj({ position: [0, 0, 0], quaternion: [0, 0, 0, 1] }), { x: -5, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, out)!.part).toBe(0);
  });

  it('names bad input: a shape that is not one, a bad maxT or direction with a compound', () => {
    const c = new Compound([{ shape: new Sphere(1), pose: poseObj({ position: [0, 0, 0], quaternion: [0, 0, 0, 1] }) }]);
    const I = poseObj({ position: [0, 0, 0], quaternion: [0, 0, 0, 1] });
    expect(() => rayCast({ kind: 'compound', boundingRadius: 1 } as never, I, { x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 })).toThrow(InvalidShapeError);
    expect(() => rayCast({ kind: 'compound', boundingRadius: 1 } as never, I, { x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 })).toThrow(/^shape .*a Compound, a TriangleMesh, a HeightField or a HalfSpace/);
    expect(() => rayCast(c, I, { x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, null, { maxT: -1 })).toThrow(InvalidNumberError);
    expect(() => rayCast(c, I, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 })).toThrow(/direction/);
    expect(() => rayCast(c, { position: { x: 0, y: Number.NaN, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }, { x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 })).toThrow(/pose/);
  });

  it('the ray document (raycast command) answers compounds and meshes in the README format', () => {
    const I = { position: [0, 0, 0], quaternion: [0, 0, 0, 1] };
    const doc = {
      rays: [
        { id: 'c', shape: { type: 'compound', parts: [{ shape: { type: 'box', halfExtents: [1, 1, 1] }, pose: I }, { shape: { type: 'sphere', radius: 1 }, pose: { ...I, position: [1.5, 0, 0] } }] }, pose: I, origin: [0, 0, 0], direction: [1, 0, 0], solid: false },
        { id: 'm', shape: { type: 'mesh', vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0]], triangles: [[0, 1, 2]] }, pose: I, origin: [0.2, 0.2, 1], direction: [0, 0, -2] },
        { id: 'miss', shape: { type: 'mesh', vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0]], triangles: [[0, 1, 2]] }, pose: I, origin: [2, 2, 1], direction: [0, 0, -1] },
      ],
    };
    const results = (JSON.parse(answerRayQueryText(JSON.stringify(doc)).results) as { results: Record<string, unknown>[] }).results;
    expect(results[0]).toEqual({ id: 'c', hit: true, t: 2.5, point: [2.5, 0, 0], normal: [1, 0, 0] });
    expect(results[1]).toEqual({ id: 'm', hit: true, t: 0.5, point: [0.2, 0.2, 0], normal: [0, 0, 1] });
    expect(results[2]).toEqual({ id: 'miss', hit: false });
  });
});
