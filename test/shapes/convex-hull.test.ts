import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DegenerateHullError, InvalidNumberError } from '../../src/errors.js';
import { mulberry32, spherePoints } from '../random.js';
import { ConvexHull, createHullFace } from '../../src/shapes/convex-hull.js';
import { buildHull } from '../../src/hull/build-hull.js';
import { HULL_CLIMB_MIN_VERTICES } from '../../src/tolerance.js';
import { runs, seed } from '../runs.js';

const sphere = spherePoints;

const dirArb = fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }),
  fc.double({ min: -1, max: 1, noNaN: true }))
  // Components below 1e-150 make the dot products themselves underflow (no order left to climb).
  .map(([x, y, z]) => ({ x: Math.abs(x) < 1e-150 ? 0 : x, y: Math.abs(y) < 1e-150 ? 0 : y, z: Math.abs(z) < 1e-150 ? 0 : z }));
const dot = (h: ConvexHull, i: number, d: { x: number; y: number; z: number }): number =>
  h.vertices[3 * i] * d.x + h.vertices[3 * i + 1] * d.y + h.vertices[3 * i + 2] * d.z;

describe('ConvexHull', () => {
  it('keeps only the hull vertices', () => {
    const pts = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0.1, 0.1, 0.1, 0.2, 0.2, 0.2];
    const h = new ConvexHull(pts);
    expect(h.vertexCount).toBe(4);
    expect(h.kind).toBe('convexHull');
    expect(Array.from(h.vertices)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
  });

  it('throws typed errors for empty and non-finite input only', () => {
    expect(() => new ConvexHull([])).toThrow(DegenerateHullError);
    expect(() => new ConvexHull([{ x: 0, y: NaN, z: 0 }])).toThrow(InvalidNumberError);
    expect(new ConvexHull([1, 1, 1]).vertexCount).toBe(1);
    expect(new ConvexHull([0, 0, 0, 1, 1, 1, 2, 2, 2]).vertexCount).toBe(2);
  });

  it('a hull record with options: a misspelt key or a tolerance is an error, not ignored (garbage fuzz, FC_SEED=random)', () => {
    const record = buildHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(() => new ConvexHull(record, { maxDistanse: 1 } as never)).toThrow(/^options.maxDistanse is not/);
    expect(() => new ConvexHull(record, { tolerance: 1e-6 })).toThrow(/^options.tolerance applies when a hull is built from points/);
    expect(() => new ConvexHull(record, 3 as never)).toThrow(/^options is 3/);
    expect(new ConvexHull(record, {}).vertexCount).toBe(4);
    expect(new ConvexHull(new ConvexHull(record) as unknown as typeof record).vertexCount).toBe(4);
  });

  it('support by hill climbing is a true maximiser (sphere, 1,000 vertices)', () => {
    const h = new ConvexHull(sphere(1000, 3));
    expect(h.vertexCount).toBeGreaterThan(HULL_CLIMB_MIN_VERTICES);
    const out = { x: 0, y: 0, z: 0 };
    fc.assert(fc.property(dirArb, (d) => {
      const i = h.supportIndexByClimb(d.x, d.y, d.z);
      const j = h.supportIndexByScan(d.x, d.y, d.z);
      expect(dot(h, i, d)).toBeGreaterThanOrEqual(dot(h, j, d));
      h.support(out, d);
      expect(out.x * d.x + out.y * d.y + out.z * d.z).toBe(dot(h, i, d));
    }), { seed: seed(7), numRuns: runs(500) });
  });

  it('climbs from the start table: cell borders and corners, tiny and huge components, 5,000 vertices', () => {
    const h = new ConvexHull(sphere(5000, 11));
    const special = [[1, 1, 1], [1, -1, 0], [-1, 0.5, 0.5], [0.25, 1, -1], [1e-300, 1, 1e-300], [1e300, -1e300, 3],
      [0, 0, -1], [-1, -1, -1], [0.75, 0.75, -0.75], [1e-150, 0, 0]];
    const rnd = mulberry32(99);
    for (let k = 0; k < 3000; k++) {
      const [x, y, z] = k < special.length ? special[k] : [2 * rnd() - 1, 2 * rnd() - 1, 2 * rnd() - 1];
      // Alternate near and far directions, so that some climbs start from the table and some do not.
      const sx = k % 3 === 0 ? -x : x;
      const i = h.supportIndexByClimb(sx, y, z), j = h.supportIndexByScan(sx, y, z);
      expect(dot(h, i, { x: sx, y, z })).toBeGreaterThanOrEqual(dot(h, j, { x: sx, y, z }));
    }
    // The table makes climbs short: on unrelated directions 27.6 steps on average without it, 2.4
    // with it. A table filled or looked up in the wrong cells would leave them long.
    let total = 0;
    for (let k = 0; k < 2000; k++) {
      h.supportIndexByClimb(2 * rnd() - 1, 2 * rnd() - 1, 2 * rnd() - 1);
      total += h.lastClimbSteps;
    }
    expect(total / 2000).toBeLessThan(8);
  });

  it('hulls of 20 to 192 vertices climb to the scan\'s own vertex: clouds, spheres, plateaus, flat polygons, ties', () => {
    const rnd = mulberry32(2026);
    const clouds: number[][] = [];
    for (const n of [24, 40, 80, 300]) { const c: number[] = []; for (let i = 0; i < 3 * n; i++) c.push(2 * rnd() - 1); clouds.push(c); }
    const prism: number[] = []; // a 10-gon prism: 20 vertices, faces of 4 and 10 coplanar corners
    for (let i = 0; i < 10; i++) { const a = (2 * Math.PI * i) / 10; prism.push(Math.cos(a), Math.sin(a), -1, Math.cos(a), Math.sin(a), 1); }
    const grid: number[] = []; // a box, and 40 points on its top face (the hull keeps or drops them: ties either way)
    const disc: number[] = []; // a flat 60-gon
    for (let i = 0; i < 60; i++) disc.push(Math.cos(i / 9.55), Math.sin(i / 9.55), 0.5);
    for (const x of [-1, 1]) for (const y of [-2, 2]) for (const z of [-3, 3]) grid.push(x, y, z);
    for (let i = 0; i < 40; i++) grid.push(2 * rnd() - 1, 4 * rnd() - 2, 3); // on the top face: dropped or kept, ties either way
    const hulls = [...clouds, sphere(30, 5), sphere(100, 6), sphere(190, 7), prism, grid, disc].map((p) => new ConvexHull(p));
    const climbing = hulls.filter((h) => h.vertexCount > HULL_CLIMB_MIN_VERTICES && h.vertexCount <= 192);
    expect(climbing.length).toBeGreaterThanOrEqual(7);
    const special = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, -1], [-1, -1, 0], [1, 1, 1], [0, 0, 0], [1e-300, 0, 1e-300], [1e300, 1, -1e300],
      [0.25, 0.25, 0.25], [Math.cos(0.1), Math.sin(0.1), 0], [1, 0, 1e-17]];
    const out = { x: 0, y: 0, z: 0 };
    for (const h of hulls) {
      for (let k = 0; k < 2000; k++) {
        const [x, y, z] = k < special.length ? special[k] : [2 * rnd() - 1, 2 * rnd() - 1, 2 * rnd() - 1];
        const d = { x, y, z };
        const j = h.supportIndexByScan(x, y, z);
        expect(h.supportIndex(d)).toBe(j);
        h.support(out, d);
        expect([out.x, out.y, out.z]).toEqual([h.vertices[3 * j], h.vertices[3 * j + 1], h.vertices[3 * j + 2]]);
      }
    }
  });

  it('hulls of over 192 vertices, which climb from their last answer, still answer the scan\'s own vertex: ties never depend on the queries before', () => {
    // A cylinder of 2 × 150 corners (faces of 150 coplanar corners, edges of 2), and points on a sphere
    // mirrored into every octant: axis and diagonal directions tie across faces and mirrored vertices; the
    // warm start is moved by the query before.
    const cyl: number[] = [];
    for (let i = 0; i < 150; i++) { const a = (2 * Math.PI * i) / 150; cyl.push(Math.cos(a), Math.sin(a), -1, Math.cos(a), Math.sin(a), 1); }
    const rnd = mulberry32(4242);
    const octants: number[] = [], base = sphere(40, 8);
    for (let i = 0; i < base.length; i += 3) {
      for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1]) octants.push(sx * Math.abs(base[i]), sy * Math.abs(base[i + 1]), sz * Math.abs(base[i + 2]));
    }
    const hulls = [new ConvexHull(cyl), new ConvexHull(octants)];
    expect(hulls.every((h) => h.vertexCount > 192)).toBe(true);
    const ties = [[0, 0, 1], [0, 0, -1], [1, 0, 0], [0, -1, 0], [1, 1, 0], [0, 0, 0], [1, 0, 1e-17]];
    for (const h of hulls) {
      for (let k = 0; k < 600; k++) {
        // A random query first moves the warm start somewhere else.
        h.supportIndex({ x: 2 * rnd() - 1, y: 2 * rnd() - 1, z: 2 * rnd() - 1 });
        const [x, y, z] = ties[k % ties.length];
        expect(h.supportIndex({ x, y, z })).toBe(h.supportIndexByScan(x, y, z));
      }
    }
  });

  it('hill climbing on plateaus: a cylinder, a flat polygon, axis directions', () => {
    const cyl: number[] = [];
    for (let i = 0; i < 80; i++) {
      const a = (2 * Math.PI * i) / 80;
      cyl.push(Math.cos(a), Math.sin(a), -1, Math.cos(a), Math.sin(a), 1);
    }
    const disc: number[] = [];
    for (let i = 0; i < 90; i++) disc.push(Math.cos(i / 14.3), Math.sin(i / 14.3), 0.5);
    for (const pts of [cyl, disc]) {
      const h = new ConvexHull(pts);
      expect(h.vertexCount).toBeGreaterThan(HULL_CLIMB_MIN_VERTICES);
      const dirs = [{ x: 0, y: 0, z: 1 }, { x: 0, y: 0, z: -1 }, { x: 1, y: 0, z: 0 }, { x: 0, y: 1, z: 1e-300 }, { x: 0, y: 0, z: 0 }];
      for (let k = 0; k < 300; k++) {
        const d = k < dirs.length ? dirs[k] : { x: Math.cos(k), y: Math.sin(k * 1.3), z: Math.cos(k * 0.7) };
        const i = h.supportIndexByClimb(d.x, d.y, d.z);
        const j = h.supportIndexByScan(d.x, d.y, d.z);
        expect(dot(h, i, d)).toBeGreaterThanOrEqual(dot(h, j, d));
      }
    }
  });

  it('supportFace picks the face whose normal is closest to the direction, in place', () => {
    const pts: number[] = [];
    for (const x of [-1, 1]) for (const y of [-2, 2]) for (const z of [-3, 3]) pts.push(x, y, z);
    const h = new ConvexHull(pts);
    expect(h.faceCount).toBe(6);
    const face = createHullFace(2);
    const r = h.supportFace(face, { x: 0.1, y: -0.2, z: 5 });
    expect(r).toBe(face);
    expect(face.count).toBe(4);
    expect(face.normal.z).toBeCloseTo(1, 12);
    for (let k = 0; k < 4; k++) expect(face.points[3 * k + 2]).toBe(3);
    const seg = new ConvexHull([0, 0, 0, 1, 0, 0]);
    seg.supportFace(face, { x: 0, y: 1, z: 0 });
    expect(face.index).toBe(-1);
    expect(face.count).toBe(2);
    seg.supportFace(face, { x: 1, y: 1, z: 0 });
    expect(face.count).toBe(1);
    expect(face.points[0]).toBe(1);
  });

  it('accepts a prebuilt Hull', async () => {
    const { buildHull } = await import('../../src/hull/build-hull.js');
    const hull = buildHull(sphere(50, 1));
    expect(new ConvexHull(hull).vertexCount).toBe(50);
  });
});
