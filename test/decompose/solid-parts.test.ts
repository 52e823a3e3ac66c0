/**
 * A decomposition's parts (src/decompose/): reading a closed solid (solid-input.ts: welding, the 2-cycle
 * check, the outward turn, typed errors), cutting each test solid by random planes (plane-clip.ts: closed
 * sides whose volumes sum to the solid's, against the independent oracles' volume and winding numbers), and
 * the pieces of a side (shells.ts: a U cut through both arms is two pieces, a cavity goes with its shell).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, InvalidNumberError, InvalidShapeError } from '../../src/index.js';
import { PartMesh } from '../../src/decompose/part-mesh.js';
import { clipByPlane } from '../../src/decompose/plane-clip.js';
import { splitShells, windingNumber as ourWinding } from '../../src/decompose/shells.js';
import { readSolid, type SolidReport } from '../../src/decompose/solid-input.js';
import { runs, seed } from '../runs.js';
import { mulberry32 } from '../random.js';
import { allMeshes, box, lBlock, uBlock } from './meshes.js';
import { meshVolume, windingNumber } from './oracles.js';

const asTri = (m: PartMesh) => ({ positions: m.positions.subarray(0, 3 * m.count), indices: m.indices.subarray(0, 3 * m.triangles) });

describe('readSolid', () => {
  it('reads every test solid closed, with the oracle\'s volume', () => {
    for (const mesh of allMeshes()) {
      const part = readSolid(mesh.positions, mesh.indices, 1e-10);
      expect(part.openEdges(), mesh.name).toBe(0);
      expect(part.volume()).toBeCloseTo(meshVolume(mesh), 10);
    }
  });

  it('welds a seam repeated a few ulps apart (as three.js geometries do), and turns an inward mesh outward', () => {
    const b = box();
    // Every triangle its own three vertices, each moved by a few ulps: a soup that welds back to the box.
    const soup: number[] = [], idx: number[] = [];
    for (let k = 0; k < b.indices.length; k++) {
      const i = b.indices[k];
      for (let j = 0; j < 3; j++) soup.push(b.positions[3 * i + j] * (1 + 4e-16 * ((k + j) % 3 - 1)));
      idx.push(k);
    }
    const report: SolidReport = { welded: 0, droppedTriangles: 0 };
    const part = readSolid(soup, idx, 1e-10, report);
    expect(part.count).toBe(8);
    expect(report.welded).toBe(36 - 8);
    expect(part.volume()).toBeCloseTo(meshVolume(b), 12);
    // Wound inward: read outward.
    const inward = Uint32Array.from(b.indices);
    for (let k = 0; k < inward.length; k += 3) { const t = inward[k + 1]; inward[k + 1] = inward[k + 2]; inward[k + 2] = t; }
    expect(readSolid(b.positions, inward, 1e-10).volume()).toBeCloseTo(meshVolume(b), 12);
  });

  it('bad input is a typed error naming what is wrong', () => {
    const b = box();
    expect(() => readSolid(b.positions, b.indices.subarray(0, 33), 1e-10)).toThrow(InvalidShapeError);
    expect(() => readSolid(b.positions, b.indices.subarray(0, 33), 1e-10)).toThrow(/^mesh is open: 3 edges with no matching reverse edge/);
    const nan = Float64Array.from(b.positions); nan[4] = NaN;
    expect(() => readSolid(nan, b.indices, 1e-10)).toThrow(InvalidNumberError);
    expect(() => readSolid(nan, b.indices, 1e-10)).toThrow(/^positions\[4\]/);
    const far = Uint32Array.from(b.indices); far[7] = 99;
    expect(() => readSolid(b.positions, far, 1e-10)).toThrow(/^indices\[7\] is 99; expected a vertex index from 0 to 7/);
    expect(() => readSolid(b.positions.subarray(0, 10), b.indices, 1e-10)).toThrow(InvalidArgumentError);
    expect(() => readSolid([], [], 1e-10)).toThrow(/^mesh has no triangles/);
    // Flat: a square as two triangles each way (closed, no volume).
    expect(() => readSolid([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], [0, 1, 2, 0, 2, 3, 0, 2, 1, 0, 3, 2], 1e-10)).toThrow(/^mesh encloses no volume/);
  });
});

describe('cutting the test solids', () => {
  const solids = allMeshes().map((m) => ({ name: m.name, part: readSolid(m.positions, m.indices, 1e-10), volume: meshVolume(m) }));

  it('random planes through each solid: both sides closed, their volumes summing to the solid\'s, points inside a side inside the solid', () => {
    fc.assert(fc.property(fc.nat(solids.length - 1), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -0.6, max: 0.6, noNaN: true }), fc.integer(), (s, a, b, c, f, pseed) => {
      if (Math.hypot(a, b, c) < 1e-3) return;
      const { name, part, volume } = solids[s];
      const box = part.bounds(new Float64Array(6));
      // Through a point of the part's box (f of the way from its centre to a corner).
      const cx = (box[0] + box[3]) / 2 + f * (box[3] - box[0]) / 2, cy = (box[1] + box[4]) / 2 + f * (box[4] - box[1]) / 2, cz = (box[2] + box[5]) / 2 + f * (box[5] - box[2]) / 2;
      const below = new PartMesh(), above = new PartMesh();
      expect(clipByPlane(part, a, b, c, a * cx + b * cy + c * cz, below, above), name).toBe(true);
      expect(below.openEdges(), name).toBe(0);
      expect(above.openEdges(), name).toBe(0);
      expect(Math.abs(below.volume() + above.volume() - volume)).toBeLessThanOrEqual(1e-11 * volume);
      // A few points: inside the solid (the oracle) exactly when inside one side (the oracle on the side), on the side the plane says.
      const rnd = mulberry32(pseed);
      for (let k = 0; k < 5; k++) {
        const p = [box[0] + rnd() * (box[3] - box[0]), box[1] + rnd() * (box[4] - box[1]), box[2] + rnd() * (box[5] - box[2])];
        const side = a * p[0] + b * p[1] + c * p[2] - (a * cx + b * cy + c * cz);
        if (Math.abs(side) < 1e-9) continue;
        // (+ 0: a winding number a hair below 0 rounds to −0.)
        const inSolid = Math.round(windingNumber(asTri(part), p)) + 0, inBelow = below.triangles > 0 ? Math.round(windingNumber(asTri(below), p)) + 0 : 0, inAbove = above.triangles > 0 ? Math.round(windingNumber(asTri(above), p)) + 0 : 0;
        expect(inBelow + inAbove).toBe(inSolid);
        if (side < 0) expect(inAbove).toBe(0); else expect(inBelow).toBe(0);
      }
    }), { seed: seed(3802), numRuns: runs(150) });
  }, 60_000);
});

describe('splitShells', () => {
  it('a U cut across both arms: the side above is two pieces, each an arm\'s top', () => {
    const u = readSolid(uBlock().positions, uBlock().indices, 1e-10), below = new PartMesh(), above = new PartMesh();
    expect(clipByPlane(u, 0, 1, 0, 1.5, below, above)).toBe(true);
    const pieces = splitShells(above);
    expect(pieces.length).toBe(2);
    for (const piece of pieces) { expect(piece.openEdges()).toBe(0); expect(piece.volume()).toBeCloseTo(0.5 * 0.5 * 1, 13); }
    expect(splitShells(below)).toEqual([below]);
  });

  it('a cavity goes with the shell around it; the winding number is 1 inside and 0 outside', () => {
    // A box with a smaller box inside wound inward (a hollow box), and a separate box beside it.
    const outer = box(1, [2, 2, 2]), inner = box(1, [1, 1, 1]), beside = box(1, [1, 1, 1]);
    const m = new PartMesh();
    const add = (b: typeof outer, dx: number, inward: boolean) => {
      const base = m.count, d = inward ? 0.5 : 0;
      for (let i = 0; i < b.positions.length; i += 3) m.addVertex(b.positions[i] + dx, b.positions[i + 1] + d, b.positions[i + 2] + d);
      for (let k = 0; k < b.indices.length; k += 3) inward ? m.addTriangle(base + b.indices[k], base + b.indices[k + 2], base + b.indices[k + 1], 0) : m.addTriangle(base + b.indices[k], base + b.indices[k + 1], base + b.indices[k + 2], 0);
    };
    add(outer, 0, false); add(inner, 0.5, true); add(beside, 5, false); // [0, 2]³ less [0.5, 1.5]³, and [5, 6] × [0, 1]²
    const pieces = splitShells(m);
    expect(pieces.length).toBe(2);
    expect(pieces[0].volume()).toBeCloseTo(8 - 1, 12);
    expect(pieces[1].volume()).toBeCloseTo(1, 12);
    expect(ourWinding(pieces[0], 0.25, 0.75, 0.75)).toBeCloseTo(1, 12); // in the wall
    expect(pieces[0].openEdges()).toBe(0);
    expect(ourWinding(pieces[0], 1, 1, 1)).toBeCloseTo(0, 12); // in the cavity
    expect(ourWinding(pieces[0], 9, 1, 1)).toBeCloseTo(0, 12);
    const L = readSolid(lBlock().positions, lBlock().indices, 1e-10);
    expect(ourWinding(L, 0.5, 1.5, 0.5)).toBeCloseTo(windingNumber(lBlock(), [0.5, 1.5, 0.5]), 12);
  });
});
