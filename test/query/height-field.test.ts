/**
 * The height field against a brute-force mesh of its triangles: the oracle builds a TriangleMesh from the
 * issue's formula (sample (i, j) at x = (j/(cols−1) − ½)·scale.x, y = h·scale.y, z = (i/(rows−1) − ½)·scale.z;
 * each cell split along the diagonal from (i, j) to (i+1, j+1); cells at a NaN left out), never from the
 * field's own code, and every query on the field must answer as on that mesh: distance, contact,
 * closest points, intersects, rays (t and the triangle met), shape casts, manifolds, boxes, the world. The
 * mesh is itself checked against brute force over its triangles (mesh.test.ts); here, distances are also
 * checked against the minimum over single triangles. Then the grid's own edges: rays along grid lines and
 * through vertices, vertical rays, holes, queries beside the field and far above it, bad input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Box, Capsule, closestPoints, CollisionWorld, HalfSpace, computeAabb, contact, contactManifolds, ConvexHull, createManifoldList, distance, HeightField, intersects,
  InvalidNumberError, InvalidShapeError, Point, rayCast, shapeCast, Sphere, Triangle, TriangleMesh, type ConvexShape, type PoseLike,
} from '../../src/index.js';
import { readShapeField } from '../../src/format/pair-document.js';
import { shapeFromTransfer, shapeToTransfer } from '../../src/threads/shape-transfer.js';
import * as A from '../arbitraries.js';
import * as O from '../oracles.js';
import { runs, seed } from '../runs.js';

interface Field { rows: number; cols: number; heights: number[]; scale: { x: number; y: number; z: number } }

/** The oracle: the field's triangles as a mesh, and each mesh triangle's index as the field numbers it. */
function meshOf(f: Field): { mesh: TriangleMesh; fieldIndex: number[]; triangles: Triangle[] } {
  const { rows, cols, heights: h, scale } = f;
  const v = (i: number, j: number) => ({ x: (j / (cols - 1) - 0.5) * scale.x, y: h[i * cols + j] * scale.y, z: (i / (rows - 1) - 0.5) * scale.z });
  const vertices: number[] = [], indices: number[] = [], fieldIndex: number[] = [], triangles: Triangle[] = [];
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) { const p = v(i, j); vertices.push(p.x, Number.isNaN(p.y) ? 0 : p.y, p.z); }
  for (let i = 0; i + 1 < rows; i++) {
    for (let j = 0; j + 1 < cols; j++) {
      const a = i * cols + j, b = a + 1, c = a + cols, d = c + 1, cell = i * (cols - 1) + j;
      if ([a, b, c, d].some((k) => Number.isNaN(h[k]))) continue;
      indices.push(a, d, b); fieldIndex.push(2 * cell);
      indices.push(a, c, d); fieldIndex.push(2 * cell + 1);
      triangles.push(new Triangle(v(i, j), v(i + 1, j + 1), v(i, j + 1)), new Triangle(v(i, j), v(i + 1, j), v(i + 1, j + 1)));
    }
  }
  return { mesh: new TriangleMesh(vertices, indices), fieldIndex, triangles };
}

const field: fc.Arbitrary<Field> = fc.record({
  rows: fc.integer({ min: 2, max: 9 }),
  cols: fc.integer({ min: 2, max: 9 }),
  sx: A.num(1, 12), sy: A.num(-2, 3), sz: A.num(1, 12),
  seedH: fc.integer({ min: 1, max: 2 ** 30 }),
  holes: fc.integer({ min: 0, max: 3 }),
  flat: fc.boolean(),
}).map(({ rows, cols, sx, sy, sz, seedH, holes, flat }) => {
  let s = seedH;
  const rnd = () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 2 ** 32; };
  // Flat fields (coplanar neighbours: inner edges everywhere) or rough ones; a few holes, never everywhere.
  const heights = Array.from({ length: rows * cols }, () => (flat ? 0.25 : rnd() * 2 - 1));
  for (let k = 0; k < holes && rows * cols > 4; k++) heights[Math.floor(rnd() * rows * cols)] = Number.NaN;
  return { rows, cols, heights, scale: { x: sx, y: sy, z: sz } };
}).filter((f) => {
  try { new HeightField(f.rows, f.cols, f.heights, f.scale); return true; } catch { return false; }
});

const convex: fc.Arbitrary<ConvexShape> = fc.oneof(
  A.num(0.1, 1.2).map((r) => new Sphere(r) as ConvexShape),
  fc.tuple(A.num(0.1, 1), A.num(0.1, 1), A.num(0.1, 1)).map(([x, y, z]) => new Box(x, y, z)),
  fc.tuple(A.num(0.05, 0.6), A.num(0, 1)).map(([r, h]) => new Capsule(r, h)),
  A.hullPoints(1, 4, 8).filter((p) => { try { new ConvexHull(p.map(([x, y, z]) => ({ x, y, z }))); return true; } catch { return false; } })
    .map((p) => new ConvexHull(p.map(([x, y, z]) => ({ x, y, z })))),
);
const near = (r: number): fc.Arbitrary<PoseLike> => A.pose(r).map((p) => O.poseObj(p));
const scaleOf = (f: Field) => Math.max(f.scale.x, f.scale.z, Math.abs(f.scale.y), 1);

describe('HeightField answers as the mesh of its triangles', () => {
  it('distance, contact, closest points and intersects (and distance as the least over its triangles)', () => {
    fc.assert(fc.property(field, convex, near(5), near(1), (f, s, ps, pf) => {
      const hf = new HeightField(f.rows, f.cols, f.heights, f.scale), { mesh, fieldIndex, triangles } = meshOf(f);
      const tol = 1e-12 * (scaleOf(f) + 5);
      const d = distance(s, ps, hf, pf);
      expect(Math.abs(d - distance(s, ps, mesh, pf))).toBeLessThanOrEqual(tol);
      const brute = Math.min(...triangles.map((t) => distance(s, ps, t, pf)));
      expect(Math.abs(d - brute)).toBeLessThanOrEqual(1e-9 * (scaleOf(f) + 5));
      const c = contact(s, ps, hf, pf), cm = contact(s, ps, mesh, pf);
      expect(Math.abs(c.separation - cm.separation)).toBeLessThanOrEqual(tol);
      // The triangle reported is one of the field's, whose own contact is the answer.
      expect(fieldIndex).toContain(c.partB);
      const own = triangles[fieldIndex.indexOf(c.partB)];
      expect(Math.abs(contact(s, ps, own, pf).separation - c.separation)).toBeLessThanOrEqual(1e-9 * (scaleOf(f) + 5));
      const cp = closestPoints(s, ps, hf, pf);
      expect(Math.abs(cp.distance - closestPoints(s, ps, mesh, pf).distance)).toBeLessThanOrEqual(tol);
      expect(intersects(s, ps, hf, pf)).toBe(intersects(s, ps, mesh, pf));
    }), { numRuns: runs(300), seed: seed(3601) });
  });

  it('rays: the same t and the same triangle (ties aside), or both miss; or a graze the mesh passed by', () => {
    fc.assert(fc.property(field, A.vec(6), A.unitVec, near(1), fc.boolean(), (f, o, dir, pf, bounded) => {
      const hf = new HeightField(f.rows, f.cols, f.heights, f.scale), { mesh, fieldIndex, triangles } = meshOf(f);
      const origin = { x: o[0], y: o[1], z: o[2] }, d = { x: dir[0], y: dir[1], z: dir[2] };
      const options = bounded ? { maxT: 4 } : undefined;
      const h = rayCast(hf, pf, origin, d, null, options), m = rayCast(mesh, pf, origin, d, null, options);
      const tol = 1e-12 * (scaleOf(f) + 6);
      if (h !== null && (m === null || h.t < m.t - tol)) {
        // The field met a triangle the mesh's exact box test passed by: a ray grazing an edge or vertex
        // within the ray's tolerance (rays.test.ts's), which the triangle's own cast counts as a hit. Its
        // point must lie on the surface (brute force over the triangles).
        const p = { position: h.point, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
        expect(Math.min(...triangles.map((t) => distance(new Point(), p, t, pf)))).toBeLessThanOrEqual(1e-9 * (scaleOf(f) + 6));
        return;
      }
      expect(h === null).toBe(m === null);
      if (h === null || m === null) return;
      expect(Math.abs(h.t - m.t)).toBeLessThanOrEqual(tol);
      if (h.t !== m.t || h.part === fieldIndex[m.part]) return;
      // A tie (an edge or vertex both triangles share): the field's triangle is hit at that t too.
      expect(h.t).toBe(m.t);
    }), { numRuns: runs(400), seed: seed(3602) });
  });

  it('shape casts: the same time of impact, or both none', () => {
    fc.assert(fc.property(field, convex, near(5), A.vec(6), near(1), (f, s, ps, v, pf) => {
      const hf = new HeightField(f.rows, f.cols, f.heights, f.scale), { mesh } = meshOf(f);
      const motion = { linear: { x: v[0], y: v[1], z: v[2] } };
      const h = shapeCast(s, ps, motion, hf, pf, null), m = shapeCast(s, ps, motion, mesh, pf, null);
      expect(h === null).toBe(m === null);
      if (h !== null && m !== null) expect(Math.abs(h.time - m.time)).toBeLessThanOrEqual(1e-9);
    }), { numRuns: runs(200), seed: seed(3603) });
  });

  it('manifolds (inner edges smoothed as on the mesh): the same manifolds, points and normals', () => {
    fc.assert(fc.property(field, convex, near(4), near(1), A.num(0, 0.3), (f, s, ps, pf, margin) => {
      const hf = new HeightField(f.rows, f.cols, f.heights, f.scale), { mesh, fieldIndex } = meshOf(f);
      const lh = contactManifolds(s, ps, hf, pf, createManifoldList(), { margin }), lm = contactManifolds(s, ps, mesh, pf, createManifoldList(), { margin });
      expect(lh.count).toBe(lm.count);
            const hs = lh.manifolds.slice(0, lh.count), ms = lm.manifolds.slice(0, lm.count);
      const byPart = new Map(ms.map((m) => [fieldIndex[m.partB], m]));
      for (const m of hs) {
        const o = byPart.get(m.partB);
        expect(o).toBeDefined();
        expect(m.count).toBe(o!.count);
        expect(m.count).toBeGreaterThan(0);
        expect(Math.abs(m.normal.x - o!.normal.x) + Math.abs(m.normal.y - o!.normal.y) + Math.abs(m.normal.z - o!.normal.z)).toBeLessThanOrEqual(1e-12);
        const tol = 1e-12 * (scaleOf(f) + 4);
        for (let k = 0; k < m.count; k++) {
          const a = m.points[k], b = o!.points[k];
          expect(Math.abs(a.separation - b.separation)).toBeLessThanOrEqual(tol);
          for (const c of ['x', 'y', 'z'] as const) expect(Math.abs(a.pointA[c] - b.pointA[c]) + Math.abs(a.pointB[c] - b.pointB[c])).toBeLessThanOrEqual(tol);
          expect(a.featureB).toEqual(b.featureB);
        }
      }
    }), { numRuns: runs(200), seed: seed(3604) });
  });

  it('against a half-space: every pairwise query, manifolds and casts as the mesh (its deepest corner, in closed form)', () => {
    const ground = new HalfSpace();
    fc.assert(fc.property(field, near(2), near(1), A.vec(2), (f, pf, ph, v) => {
      const hf = new HeightField(f.rows, f.cols, f.heights, f.scale), { mesh, fieldIndex, triangles } = meshOf(f);
      const c = contact(hf, pf, ground, ph), cm = contact(mesh, pf, ground, ph);
      expect(c.separation).toBe(cm.separation);
      // The triangle reported holds the deepest corner (the mesh reports the first in its leaf order of those
      // that share it, the field the first in its numbering).
      expect(fieldIndex).toContain(c.partA);
      expect(Math.abs(contact(triangles[fieldIndex.indexOf(c.partA)], pf, ground, ph).separation - c.separation)).toBeLessThanOrEqual(1e-12 * (scaleOf(f) + 2));
      expect(distance(hf, pf, ground, ph)).toBe(distance(mesh, pf, ground, ph));
      expect(intersects(ground, ph, hf, pf)).toBe(intersects(ground, ph, mesh, pf));
      expect(closestPoints(hf, pf, ground, ph).distance).toBe(closestPoints(mesh, pf, ground, ph).distance);
      const lh = contactManifolds(hf, pf, ground, ph, createManifoldList(), { margin: 0.1 }), lm = contactManifolds(mesh, pf, ground, ph, createManifoldList(), { margin: 0.1 });
      expect(lh.count).toBe(lm.count);
      const motion = { linear: { x: v[0], y: v[1], z: v[2] } };
      const s = shapeCast(hf, pf, motion, ground, ph, null), sm = shapeCast(mesh, pf, motion, ground, ph, null);
      expect(s === null).toBe(sm === null);
      if (s && sm) expect(Math.abs(s.time - sm.time)).toBeLessThanOrEqual(1e-12);
    }), { numRuns: runs(150), seed: seed(3606) });
  });

  it('boxes: the mesh box when not turned; a box holding it when turned', () => {
    fc.assert(fc.property(field, near(3), (f, pf) => {
      const hf = new HeightField(f.rows, f.cols, f.heights, f.scale), { mesh } = meshOf(f);
      const at = { position: pf.position, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
      expect(computeAabb(hf, at)).toEqual(computeAabb(mesh, at));
      const bh = computeAabb(hf, pf), bm = computeAabb(mesh, pf);
      for (const k of ['x', 'y', 'z'] as const) { expect(bh.min[k]).toBeLessThanOrEqual(bm.min[k]); expect(bh.max[k]).toBeGreaterThanOrEqual(bm.max[k]); }
    }), { numRuns: runs(100), seed: seed(3605) });
  });
});

describe('HeightField: the grid at its edges', () => {
  // A 4 × 5 field of integers (exact coordinates: scale 4 and 3 over 3 and 4 cells).
  const f: Field = { rows: 4, cols: 5, heights: [0, 1, 2, 1, 0, 1, 2, 3, 2, 1, 0, 1, 0, 1, 0, 2, 2, 2, 2, 2], scale: { x: 4, y: 1, z: 3 } };
  const hf = new HeightField(f.rows, f.cols, f.heights, f.scale), { mesh, fieldIndex } = meshOf(f);
  const I = { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };

  it('rays along grid lines, through vertices, straight down, along the surface, from beside the field', () => {
    const rays: [number, number, number, number, number, number][] = [];
    for (const x of [-2, -1, -0.5, 0, 1, 2]) for (const z of [-1.5, -0.5, 0, 0.5, 1.5]) rays.push([x, 5, z, 0, -1, 0]);
    for (const z of [-1.5, -0.5, 0.5, 1.5]) rays.push([-5, 1, z, 1, 0, 0], [-5, 0.5, z, 1, 0, 0], [5, 2, z, -1, 0, 0]);
    for (const x of [-2, -1, 0, 1, 2]) rays.push([x, 1, -5, 0, 0, 1], [x, 0.5, 5, 0, 0, -1]);
    rays.push([-3, 3, -2, 1, -0.5, 0.75], [3, 3, 2, -1, -0.4, -0.75], [-2, 0, -1.5, 1, 0.25, 0.75], [0, 10, 0, 0, -1e-9, 1e-9]);
    // Along the cells' diagonals (the line between each cell's two triangles: both sides' tests decide), and
    // straight down onto them.
    for (const [x, z] of [[-2, -1.5], [-1, -1.5], [-2, -0.5], [0, -0.5]]) rays.push([x - 1, 2.5, z - 1, 1, -0.6, 1], [x + 0.25, 5, z + 0.25, 0, -1, 0], [x + 0.5 + 1e-12, 5, z + 0.5, 0, -1, 0]);
    for (const [ox, oy, oz, dx, dy, dz] of rays) {
      const o = { x: ox, y: oy, z: oz }, d = { x: dx, y: dy, z: dz };
      const h = rayCast(hf, I, o, d), m = rayCast(mesh, I, o, d);
      expect(h === null, `ray ${[ox, oy, oz, dx, dy, dz]}`).toBe(m === null);
      if (h && m) { expect(h.t).toBe(m.t); expect(fieldIndex).toContain(h.part); }
    }
    // Straight down onto vertex (1, 1) of height 2: t = 3 exactly.
    expect(rayCast(hf, I, { x: -1, y: 5, z: -0.5 }, { x: 0, y: -1, z: 0 })!.t).toBe(3);
  });

  it('golden: a flat field (a box of no height) turned: a ray through it hits (its entry and exit were computed apart)', () => {
    const flat = new HeightField(2, 2, [0.25, 0.25, 0.25, 0.25], { x: 1, y: -2, z: 1 });
    const m = new TriangleMesh([-0.5, -0.5, -0.5, 0.5, -0.5, -0.5, -0.5, -0.5, 0.5, 0.5, -0.5, 0.5], [0, 3, 1, 0, 2, 3]);
    const pf = { position: { x: -0.9999999552965164, y: -0.999999986961484, z: -0.9999999906867743 }, quaternion: { x: -0.6324492079450732, y: -0.6324491902746461, z: -0.000544315126356418, w: -0.44723117602827855 } };
    const o = { x: -0.592041939496994, y: -0.8746339492499828, z: -1.371580559760332 }, d = { x: -0.6841194412719475, y: -0.6841194412719475, z: -0.25290547670526403 };
    expect(rayCast(flat, pf, o, d)?.t).toBe(rayCast(m, pf, o, d)!.t);
  });

  it('golden: a ray grazing a vertex within the ray tolerance hits it on the field (the mesh\'s box test passes it by)', () => {
    const g = new HeightField(2, 6, [0, -1, 0, -1, 1, -1, 2, 2, 1, -1, -1, 1], { x: 5, y: 1, z: 1 });
    const hit = rayCast(g, I, { x: 2.513194640632719, y: 1, z: 0.5 }, { x: -1, y: 5.89725920878771e-11, z: -4.358815836779629e-12 })!;
    // Vertex (1, 5) at (2.5, 1, 0.5): the ray passes 7.8e-13 above it.
    expect(Math.abs(hit.point.x - 2.5) + Math.abs(hit.point.y - 1) + Math.abs(hit.point.z - 0.5)).toBeLessThan(1e-11);
  });

  it('golden: fields of extreme size (radius near the largest double) answer as their meshes; an overflowing height is a typed error', () => {
    for (const S of [1.5e308, 1.7e308]) {
      const g = new HeightField(2, 2, [0, 0, 0, 0], { x: S, y: 1, z: S });
      const m = new TriangleMesh([-S / 2, 0, -S / 2, S / 2, 0, -S / 2, -S / 2, 0, S / 2, S / 2, 0, S / 2], [0, 3, 1, 0, 2, 3]);
      const P = { position: { x: 0, y: 1e307, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }, s = new Sphere(1e306);
      expect(distance(s, P, g, I)).toBe(distance(s, P, m, I));
      expect(contact(s, P, g, I).separation).toBe(contact(s, P, m, I).separation);
      expect(shapeCast(s, P, { linear: { x: 0, y: -2e307, z: 0 } }, g, I, null)!.time).toBe(shapeCast(s, P, { linear: { x: 0, y: -2e307, z: 0 } }, m, I, null)!.time);
    }
    expect(() => new HeightField(2, 2, [1e300, 0, 0, 0], { x: 1, y: 1e10, z: 1 })).toThrow(/HeightField\.heights\[0\] is 1e\+300; expected a height whose product with scale\.y/);
  });

  it('heightAt interpolates the triangles; NaN outside and over holes', () => {
    expect(hf.heightAt(-1, -0.5)).toBe(2);
    expect(hf.heightAt(-1.5, -1.5)).toBe(0.5);
    expect(hf.heightAt(3, 0)).toBeNaN();
    for (let k = 0; k < 50; k++) {
      const x = -2 + 4 * ((k * 0.37) % 1), z = -1.5 + 3 * ((k * 0.61) % 1);
      const r = rayCast(hf, I, { x, y: 10, z }, { x: 0, y: -1, z: 0 })!;
      expect(Math.abs(10 - r.t - hf.heightAt(x, z))).toBeLessThanOrEqual(1e-12);
    }
    // A hole at a corner sample: its one cell has no triangles; the other five cells keep theirs.
    const holed = new HeightField(3, 4, [Number.NaN, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], { x: 3, y: 1, z: 2 });
    expect(holed.triangleCount).toBe(10);
    expect(holed.heightAt(-1.4, -0.9)).toBeNaN();
    expect(holed.heightAt(0, 0)).toBe(0);
    expect(rayCast(holed, I, { x: -1.4, y: 1, z: -0.9 }, { x: 0, y: -1, z: 0 })).toBeNull();
  });

  it('queries far above, beside and below the field', () => {
    for (const [x, y, z] of [[0, 100, 0], [40, 1, 0], [0, -30, 25], [-9, 9, -9], [1e6, 0, 0]]) {
      const s = new Sphere(0.5), p = { position: { x, y, z }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
      expect(distance(s, p, hf, I)).toBe(distance(s, p, mesh, I));
      expect(contact(s, p, hf, I).separation).toBe(contact(s, p, mesh, I).separation);
    }
  });

  it('a field against a field, a mesh and a compound answers as the meshes do', () => {
    const g: Field = { rows: 3, cols: 3, heights: [0, 0.5, 0, 0.5, 1, 0.5, 0, 0.5, 0], scale: { x: 2, y: 1, z: 2 } };
    const other = new HeightField(g.rows, g.cols, g.heights, g.scale), om = meshOf(g).mesh;
    const q = O.normalizeQ([1, 0.2, 0.1, 0.3]);
    const p = { position: { x: 0.3, y: 1.8, z: 0.2 }, quaternion: { x: q[0], y: q[1], z: q[2], w: q[3] } };
    expect(distance(other, p, hf, I)).toBe(distance(om, p, mesh, I));
    expect(contact(other, p, hf, I).separation).toBe(contact(om, p, mesh, I).separation);
    expect(intersects(other, p, hf, I)).toBe(intersects(om, p, mesh, I));
  });
});

describe('HeightField at any scale', () => {
  it('from 1e-200 to 1e200: distance, contact, rays and casts as the mesh, within 1e-9 of the size', () => {
    for (const e of [-200, -150, -30, 0, 30, 150, 200]) {
      const s = 10 ** e, f: Field = { rows: 6, cols: 7, heights: Array.from({ length: 42 }, (_, k) => Math.sin(k * 1.3)), scale: { x: 5 * s, y: s, z: 4 * s } };
      const hf = new HeightField(f.rows, f.cols, f.heights, f.scale), { mesh } = meshOf(f);
      const I = { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
      for (let k = 0; k < 20; k++) {
        const p = { position: { x: 2 * Math.sin(k) * s, y: 1.5 * Math.cos(0.7 * k) * s, z: 1.5 * Math.sin(1.9 * k) * s }, quaternion: { x: 0, y: 0.5 * Math.sin(k), z: 0, w: Math.sqrt(1 - 0.25 * Math.sin(k) ** 2) } };
        const sh = k % 2 ? new Sphere(0.4 * s) : new Box(0.3 * s, 0.2 * s, 0.4 * s), motion = { linear: { x: 0, y: -3 * s, z: 0.5 * s } }, dir = { x: 0.1, y: -1, z: 0.2 };
        expect(Math.abs(distance(sh, p, hf, I) - distance(sh, p, mesh, I))).toBeLessThanOrEqual(1e-9 * s);
        expect(Math.abs(contact(sh, p, hf, I).separation - contact(sh, p, mesh, I).separation)).toBeLessThanOrEqual(1e-9 * s);
        const r = rayCast(hf, I, p.position, dir), rm = rayCast(mesh, I, p.position, dir);
        expect(r === null).toBe(rm === null);
        if (r && rm) expect(Math.abs(r.t - rm.t)).toBeLessThanOrEqual(1e-9);
        const c = shapeCast(sh, p, motion, hf, I, null), cm = shapeCast(sh, p, motion, mesh, I, null);
        expect(c === null).toBe(cm === null);
        if (c && cm) expect(Math.abs(c.time - cm.time)).toBeLessThanOrEqual(1e-9);
      }
    }
  });
});

describe('HeightField in the world, through threads and JSON', () => {
  it('a static terrain: the world reports what the pairwise queries do', () => {
    const f: Field = { rows: 9, cols: 9, heights: Array.from({ length: 81 }, (_, k) => Math.sin(k) * 0.5), scale: { x: 16, y: 1, z: 16 } };
    const hf = new HeightField(f.rows, f.cols, f.heights, f.scale);
    const world = new CollisionWorld();
    const I = { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
    const ground = world.add(hf, I, { static: true });
    const bodies: { h: number; s: ConvexShape; p: PoseLike }[] = [];
    for (let k = 0; k < 40; k++) {
      const s = k % 2 ? new Sphere(0.6) : new Box(0.5, 0.4, 0.6);
      const p = { position: { x: -7 + (k % 8) * 2, y: -0.3 + (k % 5) * 0.4, z: -7 + Math.floor(k / 8) * 3 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
      bodies.push({ h: world.add(s, p), s, p });
    }
    world.update();
    const touching = new Set<number>();
    for (let i = 0; i < world.contactCount; i++) {
      const c = world.contact(i);
      if (c.a === ground || c.b === ground) touching.add(c.a === ground ? c.b : c.a);
    }
    for (const b of bodies) expect(touching.has(b.h), `body ${b.h}`).toBe(contact(b.s, b.p, hf, I).separation <= 0);
    expect(touching.size).toBeGreaterThan(3);
    const hit = world.rayCast({ x: 0.3, y: 20, z: 7.7 }, { x: 0, y: -1, z: 0 });
    expect(hit?.body).toBe(ground);
  });

  it('a copy through threads and through JSON answers the same', () => {
    const hf = new HeightField(3, 4, [0, 1, Number.NaN, 0, 1, 2, 1, 0, 0, 0, 1, 2], { x: 3, y: 0.5, z: 2 });
    const copy = shapeFromTransfer(shapeToTransfer(hf, 'shape')) as HeightField;
    const json = readShapeField(JSON.parse(JSON.stringify({ type: 'heightField', rows: 3, cols: 4, heights: [0, 1, null, 0, 1, 2, 1, 0, 0, 0, 1, 2], scale: [3, 0.5, 2] })), 'shape') as HeightField;
    for (const c of [copy, json]) {
      expect(c.kind).toBe('heightField');
      expect(Array.from(c.heights).map((x) => (Number.isNaN(x) ? null : x))).toEqual(Array.from(hf.heights).map((x) => (Number.isNaN(x) ? null : x)));
      expect(c.triangleCount).toBe(hf.triangleCount);
    }
  });
});

describe('HeightField: bad input is a typed error naming the field', () => {
  const ok = [0, 0, 0, 0];
  it.each([
    ['rows below 2', () => new HeightField(1, 4, ok), InvalidShapeError, /HeightField\.rows/],
    ['cols not an integer', () => new HeightField(2, 2.5, ok), InvalidShapeError, /HeightField\.cols/],
    ['heights of the wrong length', () => new HeightField(2, 3, ok), InvalidShapeError, /HeightField\.heights has 4 entries; expected rows · cols = 2 · 3 = 6/],
    ['an infinite height', () => new HeightField(2, 2, [0, Infinity, 0, 0]), InvalidNumberError, /HeightField\.heights\[1\]/],
    ['a string height', () => new HeightField(2, 2, [0, '1', 0, 0] as never), InvalidNumberError, /HeightField\.heights\[1\]/],
    ['a non-finite scale', () => new HeightField(2, 2, ok, { x: 1, y: Number.NaN, z: 1 }), InvalidNumberError, /HeightField\.scale\.y/],
    ['a zero extent', () => new HeightField(2, 2, ok, { x: 0, y: 1, z: 1 }), InvalidNumberError, /HeightField\.scale\.x/],
    ['holes everywhere', () => new HeightField(2, 2, [0, 0, Number.NaN, 0]), InvalidShapeError, /hole/],
    ['heights not a list', () => new HeightField(2, 2, null as never), InvalidShapeError, /HeightField\.heights/],
  ])('%s', (_, make, type, message) => {
    expect(make).toThrow(type as never);
    expect(make).toThrow(message);
  });
});
