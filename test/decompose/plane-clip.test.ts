/**
 * Cutting a closed part by a plane (src/decompose/plane-clip.ts, cap-loops.ts): both sides closed (every
 * directed edge has its reverse), their volumes summing to the part's, each side's volume the closed form
 * where there is one (a box, an L block cut across either arm), the caps in the plane and their area the
 * section's; over random planes (through vertices and along faces too), and cuts of cuts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PartMesh } from '../../src/decompose/part-mesh.js';
import { clipByPlane } from '../../src/decompose/plane-clip.js';
import { runs, seed } from '../runs.js';

/** A prism: the polygon (x, y) (counter-clockwise, star-shaped from vertex `apex`) from z = 0 to z = h. */
function prism(poly: [number, number][], h: number, apex = 0): PartMesh {
  const m = new PartMesh(), n = poly.length;
  for (const [x, y] of poly) m.addVertex(x, y, 0);
  for (const [x, y] of poly) m.addVertex(x, y, h);
  for (let k = 1; k + 1 < n; k++) {
    const a = apex, b = (apex + k) % n, c = (apex + k + 1) % n;
    m.addTriangle(a, c, b, 0); // bottom, facing −z
    m.addTriangle(n + a, n + b, n + c, 0); // top, facing +z
  }
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    m.addTriangle(i, j, n + j, 0); m.addTriangle(i, n + j, n + i, 0);
  }
  return m;
}
const box = (hx: number, hy: number, hz: number): PartMesh => {
  const m = prism([[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]], 2 * hz);
  for (let i = 0; i < m.count; i++) m.positions[3 * i + 2] -= hz;
  return m;
};
/** The L: (0,0)–(2,0)–(2,1)–(1,1)–(1,2)–(0,2), 1 deep (area 3). */
const lBlock = (): PartMesh => prism([[0, 0], [2, 0], [2, 1], [1, 1], [1, 2], [0, 2]], 1, 3);

/**
 * A checked cut: both sides closed, volumes summing to the part's, every cap vertex in this plane or one of
 * the `earlier` planes (a cut of a cut keeps the first cut's caps).
 */
function cut(part: PartMesh, n: [number, number, number], d: number, earlier: [number, number, number, number][] = []): { below: PartMesh; above: PartMesh } {
  const below = new PartMesh(), above = new PartMesh();
  expect(clipByPlane(part, n[0], n[1], n[2], d, below, above)).toBe(true);
  for (const side of [below, above]) if (side.triangles > 0) expect(side.openEdges()).toBe(0);
  const v = part.volume(), vb = below.volume(), va = above.volume();
  expect(Math.abs(vb + va - v)).toBeLessThanOrEqual(1e-12 * Math.abs(v) + 1e-15);
  expect(vb).toBeGreaterThanOrEqual(-1e-12 * Math.abs(v));
  expect(va).toBeGreaterThanOrEqual(-1e-12 * Math.abs(v));
  const planes = [...earlier, [...n, d]];
  for (const side of [below, above]) {
    for (let k = 0; k < side.triangles; k++) {
      if (side.cap[k] !== 1) continue;
      for (let e = 0; e < 3; e++) {
        const i = side.indices[3 * k + e], p = side.positions;
        const off = Math.min(...planes.map(([a, b, c, dd]) => Math.abs(a * p[3 * i] + b * p[3 * i + 1] + c * p[3 * i + 2] - dd) / Math.hypot(a, b, c)));
        expect(off).toBeLessThanOrEqual(1e-11);
      }
    }
  }
  return { below, above };
}

/** The area of a side's cap triangles. */
function capArea(m: PartMesh): number {
  let a = 0;
  for (let k = 0; k < m.triangles; k++) {
    if (m.cap[k] !== 1) continue;
    const p = m.positions, [i, j, l] = [3 * m.indices[3 * k], 3 * m.indices[3 * k + 1], 3 * m.indices[3 * k + 2]];
    const u = [p[j] - p[i], p[j + 1] - p[i + 1], p[j + 2] - p[i + 2]], v = [p[l] - p[i], p[l + 1] - p[i + 1], p[l + 2] - p[i + 2]];
    a += Math.hypot(u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]) / 2;
  }
  return a;
}

describe('clipByPlane', () => {
  it('a box cut across x: the closed-form volumes and a rectangle of cap', () => {
    const b = box(1, 0.5, 0.25);
    for (const c of [-0.7, 0, 0.3, 0.999]) {
      const { below, above } = cut(b, [1, 0, 0], c);
      expect(below.volume()).toBeCloseTo((c + 1) * 1 * 0.5, 14);
      expect(above.volume()).toBeCloseTo((1 - c) * 1 * 0.5, 14);
      expect(capArea(below)).toBeCloseTo(0.5, 14);
      expect(capArea(above)).toBeCloseTo(0.5, 14);
    }
  });

  it('an L block cut through its arm, along its inner face (y = 1: the face in the plane), and diagonally', () => {
    const L = lBlock();
    // Across the upright (y = 1.5): below holds the foot and the upright's lower half.
    let { below, above } = cut(L, [0, 1, 0], 1.5);
    expect(below.volume()).toBeCloseTo(2.5, 13); expect(above.volume()).toBeCloseTo(0.5, 13);
    expect(capArea(above)).toBeCloseTo(1, 13);
    // Along the inner face y = 1: the foot below, the upright above; the section is the upright's foot.
    ({ below, above } = cut(L, [0, 1, 0], 1));
    expect(below.volume()).toBeCloseTo(2, 13); expect(above.volume()).toBeCloseTo(1, 13);
    // Diagonally (x + y = 1.5): the corner region.
    ({ below, above } = cut(L, [1, 1, 0], 1.5));
    expect(below.volume() + above.volume()).toBeCloseTo(3, 13);
  });

  it('a plane that misses the part leaves one side empty', () => {
    const { below, above } = cut(box(1, 1, 1), [0, 0, 1], 5);
    expect(above.triangles).toBe(0);
    expect(below.volume()).toBeCloseTo(8, 13);
  });

  it('random planes, and cuts of cuts: closed sides, volume kept', () => {
    fc.assert(fc.property(
      fc.array(fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -0.8, max: 0.8, noNaN: true }), fc.boolean()), { minLength: 1, maxLength: 4 }),
      fc.boolean(),
      (planes, useL) => {
        let part = useL ? lBlock() : box(1, 0.7, 0.4);
        const used: [number, number, number, number][] = [];
        for (const [a, b, c, d, keepBelow] of planes) {
          if (Math.hypot(a, b, c) < 1e-3) continue;
          const { below, above } = cut(part, [a, b, c], d, used);
          used.push([a, b, c, d]);
          const next = keepBelow ? below : above;
          if (next.triangles === 0) continue;
          part = next;
        }
      },
    ), { seed: seed(3801), numRuns: runs(200) });
  });

  it('planes through vertices and along faces of the L block (every axis plane at every vertex coordinate)', () => {
    const L = lBlock();
    for (const axis of [0, 1, 2]) {
      for (const c of [0, 0.5, 1, 1.5, 2]) {
        const n: [number, number, number] = [0, 0, 0]; n[axis] = 1;
        cut(L, n, c);
        n[axis] = -1;
        cut(L, n, -c);
      }
    }
  });
});
