/**
 * The test solids of meshes.ts are what they claim: welded, closed 2-cycles, outward, free of degenerate
 * triangles, of the right genus and volume (to rounding where the polyhedron has a closed form), and the
 * tubes embedded (no strand passes through another, which would make winding numbers of 2).
 */
import { describe, expect, it } from 'vitest';
import {
  allMeshes, bowlProfile, box, CHAIR_GRID, cellUnionVolume, chairBoxes, HELIX_PITCH, HELIX_RADIUS, HELIX_TUBE, HELIX_TURNS,
  helixCurve, KNOT_TUBE, knotCurve, L_GRID, latheVolume, STAR_HEIGHT, STAR_INNER, STAR_OUTER, torusProfile, TORUS_MAJOR,
  TORUS_MINOR, U_GRID, type FramedCurve, type SolidMesh,
} from './meshes.js';
import { meshVolume, windingNumber } from './oracles.js';
import { mulberry32 } from '../random.js';
import { VHACD_BASELINE } from './vhacd-baseline.js';

/** Directed edge counts, keyed a · 2^20 + b (every mesh here has fewer than 2^20 vertices). */
function directedEdges(m: SolidMesh): Map<number, number> {
  const edges = new Map<number, number>();
  for (let t = 0; t < m.indices.length; t += 3) {
    for (let e = 0; e < 3; e++) {
      const key = m.indices[t + e] * 2 ** 20 + m.indices[t + ((e + 1) % 3)];
      edges.set(key, (edges.get(key) ?? 0) + 1);
    }
  }
  return edges;
}

function diagonal(m: SolidMesh): number {
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < m.positions.length; i++) {
    lo[i % 3] = Math.min(lo[i % 3], m.positions[i]);
    hi[i % 3] = Math.max(hi[i % 3], m.positions[i]);
  }
  return Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
}

/** Genus by name: the torus and the knot's tube have one handle, the rest none (χ = 2 − 2g). */
const GENUS: Record<string, number> = { torus: 1, torusKnot: 1 };

/** Every mesh at detail 1 and 2, so that refinement keeps every property. */
const MESHES = [...allMeshes(1), ...allMeshes(2)];

describe.each(MESHES.map((m) => [`${m.name} (${m.indices.length / 3} triangles)`, m] as const))('%s', (_, m) => {
  const nv = m.positions.length / 3, nt = m.indices.length / 3, d = diagonal(m);

  it('is a closed, manifold 2-cycle: every directed edge once, its reverse once', () => {
    const edges = directedEdges(m);
    let unmatched = 0, repeated = 0;
    for (const [key, count] of edges) {
      const a = Math.floor(key / 2 ** 20), b = key % 2 ** 20;
      if (count !== 1) repeated++;
      if (edges.get(b * 2 ** 20 + a) !== 1) unmatched++;
    }
    expect({ unmatched, repeated }).toEqual({ unmatched: 0, repeated: 0 });
    // V − E + F = 2 − 2g, E = 3F/2 for a closed manifold.
    expect(nv - edges.size / 2 + nt).toBe(2 - 2 * (GENUS[m.name] ?? 0));
  });

  it('has no degenerate triangle, and every vertex is used and welded (no two within 1e-9·D)', () => {
    let degenerate = 0;
    const used = new Uint8Array(nv);
    for (let t = 0; t < m.indices.length; t += 3) {
      const [a, b, c] = [m.indices[t], m.indices[t + 1], m.indices[t + 2]];
      used[a] = used[b] = used[c] = 1;
      const p = (i: number, k: number): number => m.positions[3 * i + k];
      const u = [0, 1, 2].map((k) => p(b, k) - p(a, k)), v = [0, 1, 2].map((k) => p(c, k) - p(a, k));
      const area = 0.5 * Math.hypot(u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]);
      if (a === b || b === c || a === c || !(area > 1e-9 * d * d)) degenerate++;
    }
    expect(degenerate).toBe(0);
    expect(used.every((x) => x === 1)).toBe(true);
    // Sort by x, then compare each vertex with those within 1e-9·D in x.
    const order = Array.from({ length: nv }, (_, i) => i).sort((i, j) => m.positions[3 * i] - m.positions[3 * j]);
    let close = 0;
    for (let s = 0; s < nv; s++) {
      const i = order[s];
      for (let r = s + 1; r < nv && m.positions[3 * order[r]] - m.positions[3 * i] <= 1e-9 * d; r++) {
        const j = order[r];
        if (Math.hypot(m.positions[3 * i] - m.positions[3 * j], m.positions[3 * i + 1] - m.positions[3 * j + 1], m.positions[3 * i + 2] - m.positions[3 * j + 2]) <= 1e-9 * d) close++;
      }
    }
    expect(close).toBe(0);
  });

  it('has winding number 0 or 1 at seeded points of its box (outward, no overlapping strands)', () => {
    const rnd = mulberry32(38);
    const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < m.positions.length; i++) {
      lo[i % 3] = Math.min(lo[i % 3], m.positions[i]);
      hi[i % 3] = Math.max(hi[i % 3], m.positions[i]);
    }
    let inside = 0, off = 0;
    const points = m.indices.length > 3000 * 3 ? 60 : 120;
    for (let s = 0; s < points; s++) {
      const p = [0, 1, 2].map((k) => lo[k] + rnd() * (hi[k] - lo[k]));
      const w = windingNumber(m, p);
      const r = Math.round(w);
      if (Math.abs(w - r) > 1e-9 || (r !== 0 && r !== 1)) off++;
      inside += r;
    }
    expect(off).toBe(0);
    expect(inside).toBeGreaterThan(0);
  });
});

describe('volumes', () => {
  const close = (m: SolidMesh, expected: number): void => {
    expect(Math.abs(meshVolume(m) - expected) / expected, m.name).toBeLessThan(1e-12);
  };
  const byName = (detail: number): Record<string, SolidMesh> => Object.fromEntries(allMeshes(detail).map((m) => [m.name, m]));

  it.each([1, 3])('the cell unions and the star prism exactly (detail %i)', (detail) => {
    const m = byName(detail);
    close(m.box, 2 * 1.2 * 0.8);
    close(box(detail, [1, 1, 1]), 1);
    close(m.lBlock, 3);
    expect(cellUnionVolume(L_GRID)).toBe(3);
    close(m.uBlock, 2.5);
    expect(cellUnionVolume(U_GRID)).toBe(2.5);
    close(m.chair, 0.193);
    close(chairBoxes(detail), 0.193);
    expect(cellUnionVolume(CHAIR_GRID)).toBeCloseTo(0.193, 15);
    // Ten triangles (centre, outer point, inner point) of ½·R·r·sin 36°, times the height.
    close(m.starPrism, 5 * STAR_OUTER * STAR_INNER * Math.sin(Math.PI / 5) * STAR_HEIGHT);
  });

  it('the torus: the polyhedron exactly, and below the smooth torus by the known factor', () => {
    for (const detail of [1, 2]) {
      const m = byName(detail).torus, n = 48 * detail, k = 24 * detail;
      close(m, latheVolume(torusProfile(k), n));
      // The inscribed polyhedron's volume is the smooth 2π²Rr² times (N sin(2π/N)/2π)·(M sin(2π/M)/2π) (latheVolume).
      const smooth = 2 * Math.PI ** 2 * TORUS_MAJOR * TORUS_MINOR ** 2;
      const factor = ((n * Math.sin((2 * Math.PI) / n)) / (2 * Math.PI)) * ((k * Math.sin((2 * Math.PI) / k)) / (2 * Math.PI));
      expect(Math.abs(meshVolume(m) - smooth * factor) / smooth).toBeLessThan(1e-12);
      expect(meshVolume(m)).toBeLessThan(smooth);
      expect(meshVolume(m)).toBeGreaterThan(0.98 * smooth); // 0.9858 at 48 × 24
    }
  });

  it('the bowl: the polyhedron exactly, and just under the smooth shell 2π(R³ − r³)/3', () => {
    const m = byName(1).bowl;
    close(m, latheVolume(bowlProfile(12), 48));
    const smooth = ((2 * Math.PI) / 3) * (1 - 0.85 ** 3);
    expect(meshVolume(m)).toBeLessThan(smooth);
    expect(meshVolume(m)).toBeGreaterThan(0.98 * smooth);
  });

  it('the tubes: within 1 % of their cross-section polygon times the centre line length (Pappus)', () => {
    const length = (curve: FramedCurve, t1: number): number => {
      const f = new Float64Array(9), n = 20_000;
      let l = 0, px = 0, py = 0, pz = 0;
      for (let i = 0; i <= n; i++) {
        curve((t1 * i) / n, f);
        if (i > 0) l += Math.hypot(f[0] - px, f[1] - py, f[2] - pz);
        px = f[0]; py = f[1]; pz = f[2];
      }
      return l;
    };
    const gon = (r: number, sides: number): number => (sides / 2) * r * r * Math.sin((2 * Math.PI) / sides);
    const m = byName(1);
    const helix = gon(HELIX_TUBE, 16) * length(helixCurve, 2 * Math.PI * HELIX_TURNS);
    expect(Math.abs(meshVolume(m.helixTube) / helix - 1)).toBeLessThan(0.01);
    expect(length(helixCurve, 2 * Math.PI * HELIX_TURNS)).toBeCloseTo(HELIX_TURNS * Math.hypot(2 * Math.PI * HELIX_RADIUS, HELIX_PITCH), 5);
    const knot = gon(KNOT_TUBE, 16) * length(knotCurve, 2 * Math.PI);
    expect(Math.abs(meshVolume(m.torusKnot) / knot - 1)).toBeLessThan(0.01);
  });
});

describe('tubes are embedded', () => {
  // Every tube vertex lies within 2 % of the radius from its own ring's centre; were two strands closer
  // than two radii, some vertex would lie nearer than that to another part of the centre line.
  it.each([
    ['torusKnot', knotCurve, 2 * Math.PI, KNOT_TUBE],
    ['helixTube', helixCurve, 2 * Math.PI * HELIX_TURNS, HELIX_TUBE],
  ] as const)('%s: every vertex at least 0.98 radius from the whole centre line', (name, curve, t1, radius) => {
    const m = allMeshes(1).find((x) => x.name === name)!;
    const n = 2_000, line = new Float64Array(3 * (n + 1)), f = new Float64Array(9);
    for (let i = 0; i <= n; i++) {
      curve((t1 * i) / n, f);
      line.set(f.subarray(0, 3), 3 * i);
    }
    // The caps' centres (an open tube's last two vertices) lie on the line itself: leave them out.
    const count = m.positions.length / 3 - (name === 'helixTube' ? 2 : 0);
    let least = Infinity;
    for (let v = 0; v < 3 * count; v += 3) {
      const px = m.positions[v], py = m.positions[v + 1], pz = m.positions[v + 2];
      for (let i = 0; i < n; i++) {
        const ax = line[3 * i], ay = line[3 * i + 1], az = line[3 * i + 2];
        const dx = line[3 * i + 3] - ax, dy = line[3 * i + 4] - ay, dz = line[3 * i + 5] - az;
        const s = Math.min(1, Math.max(0, ((px - ax) * dx + (py - ay) * dy + (pz - az) * dz) / (dx * dx + dy * dy + dz * dz)));
        least = Math.min(least, Math.hypot(px - ax - s * dx, py - ay - s * dy, pz - az - s * dz));
      }
    }
    expect(least).toBeGreaterThan(0.98 * radius);
  });
});

describe('chairBoxes', () => {
  it("is a 2-cycle whose non-manifold edges all lie in the contact planes (the legs' tops, the back's foot)", () => {
    const m = chairBoxes(1), edges = directedEdges(m);
    let unmatched = 0, doubled = 0, stray = 0;
    for (const [key, count] of edges) {
      const a = Math.floor(key / 2 ** 20), b = key % 2 ** 20;
      if (edges.get(b * 2 ** 20 + a) !== count) unmatched++;
      if (count === 1) continue;
      doubled++;
      const y = [m.positions[3 * a + 1], m.positions[3 * b + 1]];
      if (count !== 2 || !y.every((v) => v === 0.45 || v === 0.55)) stray++;
    }
    expect(unmatched).toBe(0);
    expect(doubled).toBeGreaterThan(0);
    expect(stray).toBe(0);
  });
});

describe('the V-HACD baseline', () => {
  it('was measured on these meshes (a changed mesh needs bench/decompose-vhacd-baseline.ts run again)', () => {
    const counts = Object.fromEntries(allMeshes(1).map((m) => [m.name, m.indices.length / 3]));
    expect(Object.fromEntries(Object.entries(VHACD_BASELINE).map(([name, row]) => [name, row.triangles]))).toEqual(counts);
  });
});
