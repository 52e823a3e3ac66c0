import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DegenerateHullError, InvalidNumberError } from '../../src/errors.js';
import { buildHull, buildHullSteps } from '../../src/hull/build-hull.js';
import { HULL_TOLERANCE_FACTOR } from '../../src/tolerance.js';
import { validateHull } from '../../src/hull/validate-hull.js';
import { centredLcg, mulberry32, spherePoints } from '../random.js';
import { sphereDirections } from '../oracles.js';

function ball(n: number, seed: number): number[] {
  const rnd = mulberry32(seed);
  const out: number[] = [];
  while (out.length < 3 * n) {
    const x = 2 * rnd() - 1, y = 2 * rnd() - 1, z = 2 * rnd() - 1;
    if (x * x + y * y + z * z <= 1) out.push(x, y, z);
  }
  return out;
}

const sphere = spherePoints;

function grid(k: number, step = 0.1, offset = 0): number[] {
  const out: number[] = [];
  for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) for (let l = 0; l < k; l++) {
    out.push(offset + i * step, offset + j * step, offset + l * step);
  }
  return out;
}

function perturb(pts: number[], amount: number, seed: number): number[] {
  const rnd = mulberry32(seed);
  return pts.map((c) => c + amount * (2 * rnd() - 1));
}

/**
 * n points on the curved side of an elliptic cylinder along z: the unit-width ellipse's y squeezed to
 * `thickness`, z spread over `length` (points from centredLcg(seed · 7919)).
 */
function cylinderSide(n: number, thickness: number, length: number, seed: number): number[] {
  const u = centredLcg(seed * 7919);
  const pts: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = u(), y = u(), z = u(), l = Math.hypot(x, y);
    pts.push(x / (2 * l), (y / (2 * l)) * thickness, z * length);
  }
  return pts;
}

function expectValid(pts: number[]): ReturnType<typeof buildHull> {
  const hull = buildHull(pts);
  const r = validateHull(hull, pts);
  expect(r.errors).toEqual([]);
  return hull;
}

/**
 * Every input point lies within 4 × hull.tolerance (validateHull's default factor) of the hull of its
 * vertices, seen from `seeds` and 200 spread directions: the support over the vertices reaches each
 * point's projection less that. Independent of the faces, whose plane distances cannot see a point beside
 * a knife edge.
 */
function expectSupportCovers(hull: ReturnType<typeof buildHull>, pts: number[][], seeds: number[][]): void {
  const v = hull.vertices;
  for (const d of [...seeds, ...sphereDirections(200)]) {
    let h = -Infinity;
    for (let i = 0; i < v.length; i += 3) h = Math.max(h, d[0] * v[i] + d[1] * v[i + 1] + d[2] * v[i + 2]);
    const l = Math.hypot(d[0], d[1], d[2]);
    for (const [k, q] of pts.entries()) {
      const gap = d[0] * q[0] + d[1] * q[1] + d[2] * q[2] - h;
      expect(gap, `point ${k} along ${d}`).toBeLessThanOrEqual(4 * hull.tolerance * l);
    }
  }
}

describe('buildHull: solids', () => {
  it('random points in a ball', () => {
    for (const seed of [1, 2, 3]) expectValid(ball(1500, seed));
  });

  it('points on a sphere are all vertices', () => {
    const pts = sphere(800, 7);
    const hull = expectValid(pts);
    expect(hull.vertexCount).toBe(800);
    expect(hull.faceCount).toBe(2 * 800 - 4);
  });

  it('a 6×6×6 grid is a cube of 8 corners and 6 square faces', () => {
    const hull = expectValid(grid(6));
    expect(hull.dimension).toBe(3);
    expect(hull.vertexCount).toBe(8);
    expect(hull.faceCount).toBe(6);
    for (const f of hull.faces) expect(f.length).toBe(4);
  });

  it('grids far from the origin, large and small', () => {
    for (const [step, offset] of [[0.1, 1e5], [1e3, -7e6], [1e-6, 3e-4], [0.37, 0]]) {
      const hull = expectValid(grid(5, step, offset));
      expect(hull.vertexCount).toBe(8);
      expect(hull.faceCount).toBe(6);
    }
  });

  it('tiny perturbations of a grid, around and above the tolerance', () => {
    for (const amount of [1e-17, 1e-15, 1e-13, 1e-9, 1e-5]) {
      for (const seed of [11, 12]) expectValid(perturb(grid(5), amount, seed));
    }
  });

  // Perturbations of a few ε (ε = 1.6e-14 here) leave faces neither flat nor clearly creased: merging
  // the flat edges alone gave non-convex faces, repeated edges and non-corner vertices in 49 of these
  // 258 builds (all of the 21³ ones). Such builds now retry with a 4× larger tolerance.
  it('grids of 4³ to 21³ points perturbed by 1e-15 to 1e-11', () => {
    let retried = 0;
    const def = HULL_TOLERANCE_FACTOR * Number.EPSILON * 1.5;
    for (const k of [4, 6, 8, 10, 21]) {
      for (const amount of [1e-15, 1e-14, 3e-14, 1e-13, 1e-12, 1e-11]) {
        for (let seed = 1; seed <= (k === 21 ? 3 : 10); seed++) {
          const hull = expectValid(perturb(grid(k, 1 / (k - 1), -0.5), amount, seed));
          if (hull.tolerance > 2 * def) retried++;
        }
      }
    }
    expect(retried).toBeGreaterThan(0);
  });

  // Points on the curved side of a long, thin elliptic cylinder: the sides are flat within ε over
  // chains of edges at every tolerance, and the chains bend by more than 2ε in all. Merging whole
  // chains gave a non-planar face at each of the eleven tolerances, so the build threw; such a group
  // now keeps its triangles. Found by a property run over big clouds (12,148 points), reduced to 800.
  it('golden: thin elliptic cylinders, once "no consistent hull" at every tolerance', () => {
    const def = HULL_TOLERANCE_FACTOR * Number.EPSILON * (0.5 + 0.5e-4 + 5000);
    for (const seed of [7, 8, 17]) {
      const hull = expectValid(cylinderSide(800, 1e-4, 1e4, seed));
      expect(hull.tolerance).toBeLessThan(1e6 * def);
    }
    // 3e-5 thick: at the tolerance the steps reached (3.5e-6, near the thickness of the rim), the hull
    // lost its rim points by 3e-5; a retried build is now checked against every point and steps on.
    expectValid(cylinderSide(800, 3e-5, 1e4, 7));
  });

  // Found by a fuzz run of the perturbed-lattice property (500 runs × many seeds): point 1 was 2.3ε
  // above the first face it met and 0.12 above another, behind a face that saw it by only 0.4ε; made
  // the apex of the first, its visible set stopped there and the hull missed it by 0.12.
  it('golden: a point barely above one face and far above another goes to the latter', () => {
    const base = [[3, 0, 3], [0, -2, 3], [0, 0, 0], [0, 0, 0], [2, -3, 1], [1, 2, 3], [-2, -3, 3], [2, 0, 3], [-1, 2, 0],
      [0, 0, 0], [3, 2, -2]];
    const u = centredLcg(-843084676);
    const pts = base.flat().map((c) => c + 1e-13 * u());
    const hull = expectValid(pts);
    expect(Array.from(hull.inputIndices)).toContain(1);
  });

  // Found by test/hull/fuzz-hull.ts (lattice seed 1966): the apex (0,-2,-2) lies on the line through the
  // horizon edge (0,-2,2)–(0,-2,0), so the new face over that edge was a needle of collinear corners
  // whose plane pointed anywhere, and the face beyond the edge saw the apex by 0.93ε (not "visible").
  // The needle's plane later dropped (3,3,1) as inside: the hull missed it by 0.44.
  it('golden: an apex collinear with a horizon edge does not make a needle face', () => {
    const base = [[-1, -3, -2], [0, -2, -2], [0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0],
      [0, 0, 0], [-1, 0, 3], [0, -2, 2], [2, 3, 0], [0, 0, 0], [3, 3, 1], [3, 3, 2], [0, -2, 0], [0, 0, 0]];
    const u = centredLcg(-1508273292);
    const pts = base.flat().map((c) => c + 1e-13 * u());
    const hull = expectValid(pts);
    expect(Array.from(hull.inputIndices)).toContain(14);
    expect(Array.from(hull.inputIndices)).not.toContain(16); // the middle of the collinear three
  });

  // Found by test/hull/fuzz-hull.ts (lattice seeds 76 and 101): three lattice points in a row, perturbed by
  // 1e-9, make a needle face 1e-9 high and 3.5 long. Its plain cross product put its own corners 1e-13
  // off its plane, more than 2ε, at every tolerance step until the solid was thinner than the tolerance
  // and came out as a polygon (2.6e-10 tolerance). With exact products it is a tetrahedron at the first.
  it('golden: two points 2 ulps apart at x = −10 are a segment, and validateHull says it is valid', () => {
    // The hull fuzzer's cloud seed 4 (test:stress): built centred (its tolerance follows the cloud's size),
    // the two points are a true segment; validateHull called its ends coincident at the reported tolerance.
    const pts = [-9.999999999999973, 0, 0, -9.999999999999977, 0, 0];
    const hull = expectValid(pts);
    expect(hull.dimension).toBe(1);
    expect(Array.from(hull.vertices).sort()).toEqual([...pts].sort());
  });

  it('golden: a needle face (three points nearly in a row) keeps a solid at the default tolerance', () => {
    const cases: Array<[number[][], number]> = [
      [[[0, 1, -3], [-1, 0, -2], [0, 0, 0], [-2, -1, -1]], 906987138],
      [[[0, -2, -1], [-1, -3, -3], [1, 1, 0], [2, 2, 2], [0, 0, -2]], 1689637865],
    ];
    for (const [base, seed] of cases) {
      const u = centredLcg(seed);
      const pts = base.flat().map((c) => c + 1e-9 * u());
      const hull = expectValid(pts);
      expect(hull.dimension).toBe(3);
      // The default tolerance: no tolerance step was needed.
      const extent = [0, 1, 2].map((a) => Math.max(...base.map((_, i) => Math.abs(pts[3 * i + a]))));
      expect(hull.tolerance).toBe(HULL_TOLERANCE_FACTOR * Number.EPSILON * (extent[0] + extent[1] + extent[2]));
    }
  });

  // More fuzz finds of the same kind (lattice seeds 4504, 4666, 5345, 6512, 8218, 9119, 10241), each
  // invalid before the exact products: flat triangles up to 4e-7 off their own plane, points 1.4e-12 (16ε),
  // 2.1e-12 and 2.56 outside, a vertex that was not a strict corner.
  it('golden: lattices perturbed by 1e-12 to 1e-9 with repeated points and points in a row', () => {
    const cases: Array<[number[][], number, number]> = [
      [[[0, -1, -2], [-3, 2, 1], [-1, 0, -1], [-1, 0, -1]], -9, 0],
      [[[0, 0, 0], [0, -1, 3], [2, 1, 0], [1, 2, 1], [0, 0, 0], [1, 2, 1], [-1, -2, -2], [0, 0, 0], [3, 0, -1]], -10, 587335029],
      [[[-3, -3, 0], [-1, -1, -1], [-1, -1, -1], [3, 3, -3]], -9, 0],
      [[[2, 1, 1], [3, 2, 2], [0, -1, -1], [-1, -2, -2]], -10, 0],
      [[[0, 2, -2], [-2, -1, 0], [0, -1, -1], [0, 0, 0], [0, -3, 2], [1, 2, 2], [0, 0, 0], [-2, -1, 0], [0, 0, 0], [-3, 0, -1]],
        -11, 1587395142],
      [[[0, 0, 0], [0, 0, 0], [1, -3, 3], [0, 0, 0], [1, -3, 3], [0, 0, 0], [0, -3, -1], [0, 0, 0], [-2, 0, -1], [0, 0, -2],
        [0, 0, 0], [0, 0, 0], [2, 0, 2], [0, 0, 0], [3, 1, 0], [2, 2, 0], [2, -1, -1], [3, 3, 1]], -9, -1918215317],
      [[[1, -3, -3], [-3, 1, 1], [-2, 0, 0], [0, 0, 0]], -9, 1492853036],
      // Lattice seed 12768: three copies of (1,-1,-2) 1e-12 apart make slivers that merge into one face
      // with (1,0,-2); the group's normal, summed from plain cross products, came out 17° off.
      [[[1, 0, -2], [-3, 0, 0], [0, 0, 0], [0, 0, 3], [0, 3, 2], [1, -1, -2], [0, 0, -2], [0, 0, 0], [1, -1, -2], [1, -1, -2]],
        -12, 1686847110],
      // Lattice seeds 15298, 16072, 17475: slabs 1e-12 thick whose corner was dropped within ε of one
      // face and missed by 4.3ε to 7.7ε in the end; such points are now checked (coversNear).
      [[[3, 0, -2], [3, 0, -2], [0, -2, 1], [0, -2, 1], [0, -3, -2], [0, -3, -2]], -12, -1082975688],
      [[[0, 0, 0], [-3, 0, -3], [2, 0, 3], [0, 0, 3], [3, 3, 3], [0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0], [1, -3, 3], [0, 0, 0],
        [-1, -3, -2], [0, 0, 0], [0, 0, 0]], -12, 19],
      [[[2, -1, 1], [2, -2, 2], [-2, 0, 0], [1, 3, -3], [0, -1, 1], [2, 1, -1]], -12, 619365070],
      // Lattice seeds 1934, 1458, 170 (the fuzzer once validateHull measured distances to faces, not
      // planes): a copy of a repeated point dropped within ε of every plane, 1.2 to 2.5 times the 4ε
      // validateHull allows outside the hull, beside a knife edge (see "golden: a point beside a knife edge").
      [[[2, -3, 0], [-3, -2, 0], [-1, -1, 0], [-3, -2, 0], [2, -3, 0]], -12, -678682074],
      [[[3, 3, 0], [0, -3, -1], [3, 2, -3], [3, 2, -3], [2, 2, 3]], -12, 1818267501],
      [[[-3, -1, -3], [-2, -2, -3], [3, 1, 2], [3, -3, -1], [1, 3, 2], [-2, -2, -3], [-3, 3, -1]], -12, -16],
    ];
    for (const [base, exp, seed] of cases) {
      const u = centredLcg(seed);
      expectValid(base.flat().map((c) => c + 10 ** exp * u()));
    }
  });

  // A point within ε of every face plane can still lie far outside the hull, beside a knife edge (two
  // faces whose normals are nearly opposite, wedge angle α): the strip within ε of both planes reaches
  // ε/α past the edge. Quickhull dropped such points as on the hull, and validateHull, which measures
  // plane distances too, called the result valid. The first case: a unit triangle, a bump 1e-6 above it
  // (α ≈ 3e-6) and a point 1e-9 beside the edge (0,0,0)–(1,0,0), 3e-15 above the bump's face
  // (ε = 2.1e-14); the hull missed it by 1e-9. The second: the support property's sliver (test/shapes
  // support.prop.test.ts, FC_SEED=237182206), four points within 1.9e-9 and one 0.18 away, whose first
  // tetrahedron was 1.000000009 ε thick: point 0 was 7.6e-16 above its top face, 1.3e-9 past its edge,
  // and the support along d fell 9.3e-12 short of it (the hull's tolerance: 2.2e-15). Such a point now
  // becomes an apex once the queue is empty (near-points.ts); with it the sliver, thinner than 2ε, is
  // no consistent solid at its first tolerance and comes out a polygon at the next (5.0e-15).
  it('golden: a point beside a knife edge, within the tolerance of its faces\' planes, is a vertex', () => {
    const cases: Array<[number[][], number, number[][]]> = [
      [[[0, 0, 0], [1, 0, 0], [0, 1, 0], [0.3, 0.3, 1e-6], [0.5, -1e-9, 0]], 4, [[0, -1, 0]]],
      [[[-0.9999999981373549, -1, -1e-7], [-1, -1, -1e-7], [-1, -0.9999999981373549, -1e-7],
        [-1, -0.8232233040034771, -1.0592928715050217e-8], [-0.9999999981373549, -0.9999999981373549, -9.999999981373548e-8]],
      0, [[0.32925140710531386, -0.004999999999999893, 0.9442290563836567]]],
    ];
    for (const [pts, kept, seeds] of cases) {
      const hull = expectValid(pts.flat());
      expect(Array.from(hull.inputIndices)).toContain(kept);
      expectSupportCovers(hull, pts, seeds);
    }
  });

  it('golden: a decomposition\'s cut part whose near points, made apexes, left a corner turning by less than ε at every step', () => {
    // (golden-cap-corner.json: a thin-walled cup's part after three cuts.) It threw DegenerateHullError
    // ('inconsistent') at all eleven tolerance steps; built again without the near points' apexes it is
    // valid at the first tolerance, every point within it.
    const pts = (JSON.parse(readFileSync(new URL('./golden-cap-corner.json', import.meta.url), 'utf8')) as { points: number[][] }).points;
    const hull = expectValid(pts.flat());
    expect(hull.dimension).toBe(3);
    expect(hull.vertexCount).toBeGreaterThan(200);
  });

  it('golden: perturbed grids that the flat-edge merge alone got wrong', () => {
    const def = HULL_TOLERANCE_FACTOR * Number.EPSILON * 1.5;
    // [grid size, perturbation, seed, tolerance steps needed, what the merge alone produced]. The
    // second and third needed two steps until points barely above a face went to the face they are
    // furthest above (NEAR_FACE in quickhull.ts), the first one step until nearly coplanar horizon
    // faces that fold the new cone inwards joined the visible set (absorbFolds); their triangulation
    // is now consistent at the first tolerance. The last two need two (the last since absorbFolds: a triangulation that merges differently).
    const cases: Array<[number, number, number, number, string]> = [
      [4, 3e-14, 3, 0, 'a face not strictly convex (turn -5e-15)'],
      [4, 3e-14, 10, 2, 'merged faces not consistent at the first two tolerances'],
      [6, 3e-14, 1, 2, 'an input point 0.052 outside a face'],
      [6, 1e-13, 5, 0, 'an edge used twice in one direction'],
    ];
    for (const [k, amount, seed, steps] of cases) {
      const hull = expectValid(perturb(grid(k, 1 / (k - 1), -0.5), amount, seed));
      expect(hull.tolerance / def).toBeCloseTo(4 ** steps, 6);
      if (steps === 0) continue;
      // With fewer tolerance steps allowed than it needs, the build gives up with a typed error.
      const coords = Float64Array.from(perturb(grid(k, 1 / (k - 1), -0.5), amount, seed));
      expect(buildHullSteps(coords, undefined, steps).tolerance).toBe(hull.tolerance);
      let error: unknown = null;
      try {
        buildHullSteps(coords, undefined, steps - 1);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DegenerateHullError);
      expect((error as DegenerateHullError).reason).toBe('inconsistent');
      expect((error as Error).message).toMatch(/no consistent hull with tolerances up to/);
    }
    // The builder is usable after the error.
    expectValid(ball(300, 9));
  });

  it('tiny perturbations of a sphere and of a cube with face centres', () => {
    expectValid(perturb(sphere(300, 5), 1e-14, 3));
    const cube = [...grid(2, 2, -1), 0, 0, 1, 0, 0, -1, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0];
    const hull = expectValid(cube);
    expect(hull.vertexCount).toBe(8);
    for (const amount of [1e-16, 1e-14, 1e-12]) expectValid(perturb(cube, amount, 9));
  });

  it('a cylinder: two 64-gons and 64 quads', () => {
    const pts: number[] = [];
    for (let i = 0; i < 64; i++) {
      const a = (2 * Math.PI * i) / 64;
      pts.push(Math.cos(a), Math.sin(a), -1, Math.cos(a), Math.sin(a), 1, 0.5 * Math.cos(a), 0.5 * Math.sin(a), 1);
    }
    const hull = expectValid(pts);
    expect(hull.vertexCount).toBe(128);
    expect(hull.faceCount).toBe(66);
  });

  // Builds of 8,192 points or more first reorder the points by grid cell (SORT_MIN_POINTS); these
  // cases run that path with the same kinds of input as the small ones above.
  it('big inputs (reordered by grid cell): a ball repeated, a grid, a flat grid', () => {
    const base = ball(4500, 21);
    const small = buildHull(base);
    const hull = expectValid([...base, ...base.slice(0, 3 * 2000), ...base]);
    expect(hull.vertexCount).toBe(small.vertexCount);
    expect(Array.from(hull.vertices).sort()).toEqual(Array.from(small.vertices).sort());
    // A 21³ grid: 9,261 points, most of them coplanar with a face, collinear with an edge, or both.
    const cube = expectValid(grid(21, 0.05, -0.5));
    expect(cube.vertexCount).toBe(8);
    expect(cube.faceCount).toBe(6);
    for (const f of cube.faces) expect(f.length).toBe(4);
    // Degenerate extents: a 100×100 grid in the plane z = 2 stays a polygon.
    const flatGrid: number[] = [];
    for (let i = 0; i < 100; i++) for (let j = 0; j < 100; j++) flatGrid.push(i, j, 2);
    const sheet = expectValid(flatGrid);
    expect(sheet.dimension).toBe(2);
    expect(sheet.vertexCount).toBe(4);
  });

  it('big filled clouds: the interior points discarded first (inner ball of a sample) change nothing', () => {
    // Oracle: the same hull built without the filter, from the points outside radius 0.85 only
    // (fewer than SAMPLE_MIN_POINTS of them), which contain every vertex.
    const pts = ball(20000, 31);
    const outer: number[] = [];
    for (let i = 0; i < pts.length; i += 3) {
      if (Math.hypot(pts[i], pts[i + 1], pts[i + 2]) > 0.85) outer.push(pts[i], pts[i + 1], pts[i + 2]);
    }
    expect(outer.length / 3).toBeLessThan(8192);
    const hull = expectValid(pts);
    expect(Array.from(hull.vertices).sort()).toEqual(Array.from(buildHull(outer).vertices).sort());
    // A ball with one far outlier, a thin slab (the sample's inner ball is tiny), a plane grid with two
    // points off it (a sample that may be flat), and a cube filled with a grid (its faces coplanar).
    expectValid([...ball(12000, 32), 40, 1, 3]);
    expectValid(ball(12000, 33).map((v, i) => (i % 3 === 2 ? v * 1e-6 : v)));
    const sheet: number[] = [];
    for (let i = 0; i < 100; i++) for (let j = 0; j < 100; j++) sheet.push(i, j, 0);
    sheet.splice(3 * 5000, 0, 50, 50, 1);
    sheet.push(20, 70, -1);
    const bump = expectValid(sheet);
    expect(bump.vertexCount).toBe(6);
    const cube = expectValid(grid(22, 1 / 21, -0.5).map((v) => v * 3));
    expect(cube.vertexCount).toBe(8);
  });

  it('a big sphere: every point a vertex, each named by its input index', () => {
    const pts = sphere(9000, 8);
    const hull = buildHull(pts);
    expect(hull.vertexCount).toBe(9000);
    expect(hull.faceCount).toBe(2 * 9000 - 4);
    expect(Array.from(hull.inputIndices)).toEqual(Array.from({ length: 9000 }, (_, i) => i));
    expect(Array.from(hull.vertices)).toEqual(pts);
  });

  it('repeated points', () => {
    const base = ball(200, 4);
    const pts = [...base, ...base, ...base.slice(0, 90)];
    const hull = expectValid(pts);
    expect(hull.vertexCount).toBe(buildHull(base).vertexCount);
  });

  it('a tetrahedron with points on its edges and faces', () => {
    const pts = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0.5, 0, 0, 0.5, 0.5, 0, 0.25, 0.25, 0.5, 0.2, 0.2, 0];
    const hull = expectValid(pts);
    expect(hull.vertexCount).toBe(4);
    expect(hull.faceCount).toBe(4);
    expect(Array.from(hull.inputIndices)).toEqual([0, 1, 2, 3]);
  });

  it('a random integer lattice (many coplanar and collinear subsets)', () => {
    const rnd = mulberry32(99);
    for (let t = 0; t < 20; t++) {
      const pts: number[] = [];
      for (let i = 0; i < 60; i++) pts.push(Math.floor(4 * rnd()), Math.floor(4 * rnd()), Math.floor(4 * rnd()));
      expectValid(pts);
    }
  });
});

describe('buildHull: lower-dimensional inputs', () => {
  it('a single point, repeated', () => {
    const hull = expectValid([1, 2, 3, 1, 2, 3, 1, 2, 3]);
    expect(hull.dimension).toBe(0);
    expect(Array.from(hull.vertices)).toEqual([1, 2, 3]);
    expect(hull.faceCount).toBe(0);
  });

  it('collinear points give a segment between the extreme ones', () => {
    const pts = [0.5, 1, 1.5, 0, 0, 0, 1, 2, 3, 0.25, 0.5, 0.75, 1, 2, 3];
    const hull = expectValid(pts);
    expect(hull.dimension).toBe(1);
    expect(Array.from(hull.vertices)).toEqual([0, 0, 0, 1, 2, 3]);
    expect(Array.from(hull.neighborIndices)).toEqual([1, 0]);
  });

  it('coplanar points give a polygon listed once per side', () => {
    const pts: number[] = [];
    for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) pts.push(i, j, 2, i, j, 2);
    const hull = expectValid(pts);
    expect(hull.dimension).toBe(2);
    expect(hull.vertexCount).toBe(4);
    expect(hull.faceCount).toBe(2);
    expect(Math.abs(hull.faceNormals[2])).toBeCloseTo(1, 12);
    expect(hull.faceNormals[5]).toBeCloseTo(-hull.faceNormals[2], 12);
    expect([...hull.faces[1]].reverse()).toEqual(expect.arrayContaining([...hull.faces[0]]));
  });

  it('a tilted circle of points is a polygon with every point a corner', () => {
    const pts: number[] = [];
    for (let i = 0; i < 50; i++) {
      const a = (2 * Math.PI * i) / 50;
      pts.push(Math.cos(a), Math.sin(a) * 0.6, Math.sin(a) * 0.8 + 3);
    }
    const hull = expectValid(pts);
    expect(hull.dimension).toBe(2);
    expect(hull.vertexCount).toBe(50);
  });

  // Found by fuzzing: slivers of three points, two of them 1e-6..3e-5 apart. Newell's sums over raw
  // coordinates lost the normal to cancellation, leaving a corner up to 3.5e-11 off the face's plane.
  it('golden: sliver triangles keep every corner on their plane', () => {
    const slivers = [
      [0, 0, -0.000001, 0.000335402827607091, -0.006628568927064522, 0.03851318347706426, 0, 0, 0],
      [-7.737112228903898, 2.4272307129035253, 2.491210459555056, 0, 0, 0, 0, -0.000028163653757795618, 0],
      [0, 9.96924399005121, 0, -0.000001201055467345935, 9.992116776656802, 0, 9.87178921207999, 0, 9.968681335449164],
    ];
    for (const pts of slivers) {
      const hull = expectValid(pts);
      expect(hull.dimension).toBe(2);
      expect(hull.vertexCount).toBe(3);
    }
  });

  it('a triangle, and points within the tolerance of a plane', () => {
    expect(expectValid([0, 0, 0, 1, 0, 0, 0, 1, 0]).dimension).toBe(2);
    expect(expectValid([0, 0, 0, 1, 0, 0, 0, 1, 0, 0.2, 0.2, 1e-17]).dimension).toBe(2);
    expect(expectValid([0, 0, 0, 1, 0, 0, 0, 1, 0, 0.2, 0.2, 1e-9]).dimension).toBe(3);
  });

  it('accepts {x, y, z} objects as well as flat arrays', () => {
    const hull = buildHull([{ x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { x: 0, y: 1, z: 0 }, { x: 0, y: 0, z: 1 }]);
    expect(hull.vertexCount).toBe(4);
  });
});

describe('buildHull: bad input', () => {
  it('no points', () => {
    expect(() => buildHull([])).toThrow(DegenerateHullError);
    try {
      buildHull(new Float64Array(0));
    } catch (e) {
      expect((e as DegenerateHullError).reason).toBe('too-few-points');
    }
  });

  it('NaN and infinite coordinates name the index', () => {
    expect(() => buildHull([0, 0, 0, 1, NaN, 0])).toThrow(InvalidNumberError);
    expect(() => buildHull([0, 0, 0, 1, NaN, 0])).toThrow(/points\[4\]/);
    expect(() => buildHull([{ x: 0, y: 0, z: Infinity }])).toThrow(/points\[0\]\.z/);
  });

  it('a bad tolerance option', () => {
    expect(() => buildHull([0, 0, 0], { tolerance: -1 })).toThrow(InvalidNumberError);
  });
});

describe('validateHull catches broken hulls', () => {
  it('a missing vertex, a flipped face, a point outside', () => {
    const pts = ball(100, 5);
    const hull = buildHull(pts);
    expect(validateHull(hull, [...pts, 5, 5, 5]).ok).toBe(false);
    const flipped = { ...hull, faceNormals: hull.faceNormals.map((x) => -x), faceOffsets: hull.faceOffsets.map((x) => -x) };
    expect(validateHull(flipped as typeof hull, pts).ok).toBe(false);
    const moved = { ...hull, vertices: hull.vertices.map((x, i) => (i === 0 ? x + 1e-3 : x)) };
    expect(validateHull(moved as typeof hull, pts).ok).toBe(false);
  });

  // The tetrahedron of a unit triangle and a bump 1e-6 above it has knife edges (wedge angle 3e-6): a
  // point 1e-9 beside one, on the triangle's plane, is 3e-15 above the bump's face plane, within the
  // tolerance of every plane (2.1e-14, checked at 4 times that) and 1e-9 from the hull.
  it('a point within the tolerance of every face plane but far beside a knife edge', () => {
    const tetra = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0.3, 0.3, 1e-6];
    const hull = buildHull(tetra);
    expect(validateHull(hull, tetra).errors).toEqual([]);
    expect(validateHull(hull, [...tetra, 0.5, -1e-9, 0], { inputIndices: false }).errors)
      .toEqual([expect.stringMatching(/^point 4 is within .* of every face plane but 1(\.\d+)?e-9 from every face$/)]);
    expect(validateHull(hull, [...tetra, 0.5, -1e-14, 0], { inputIndices: false }).errors).toEqual([]);
  });

  // A polygon in the plane z = 0 listing the given corners counter-clockwise (seen from +z), in the
  // form buildHull gives: both sides, neighbours along the edges.
  function polygon(corners: number[][]): ReturnType<typeof buildHull> {
    const m = corners.length;
    const ring = Array.from({ length: m }, (_, k) => k);
    const neighbors = ring.flatMap((k) => [(k + m - 1) % m, (k + 1) % m]);
    return {
      dimension: 2, vertices: Float64Array.from(corners.flat()), vertexCount: m, inputIndices: Int32Array.from(ring),
      faceCount: 2, faceStart: Int32Array.from([0, m, 2 * m]), faceIndices: Int32Array.from([...ring, ...ring.slice().reverse()]),
      faceNormals: Float64Array.from([0, 0, 1, 0, 0, -1]), faceOffsets: Float64Array.from([0, 0]),
      neighborStart: Int32Array.from(Array.from({ length: m + 1 }, (_, k) => 2 * k)), neighborIndices: Int32Array.from(neighbors),
      tolerance: 1e-15, faces: [ring, ring.slice().reverse()],
    };
  }

  it('a polygon corner on its chord or inside it is an error; one just outside is not', () => {
    const square = [[0, 0, 0], [2, 0, 0], [2, 2, 0], [0, 2, 0]];
    const withMiddle = (y: number): number[][] => [square[0], [1, y, 0], ...square.slice(1)];
    expect(validateHull(polygon(square), square.flat()).errors).toEqual([]);
    for (const y of [0, 1e-12]) {
      const pts = withMiddle(y);
      const errors = validateHull(polygon(pts), pts.flat()).errors;
      expect(errors.some((e) => /(strictly convex at|polygon) vertex 1\b/.test(e))).toBe(true);
    }
    // A corner 3.5e-12 outside its chord (lattice seed 986 of test/fuzz-hull.ts: three collinear lattice
    // points perturbed by 1e-11, flat within ε with the fourth) is strict, which the earlier test by
    // the bisector of the corner's two edges could not resolve: that sum of unit vectors cancels to
    // 7e-12 and its roundoff (1e-16) swamped the corner's margin.
    const u = centredLcg(71698242);
    const flat = [[1, 0, 1], [3, 0, -1], [2, 0, 0], [0, -3, -2]].flat().map((c) => c + 1e-11 * u());
    const hull = expectValid(flat);
    expect(hull.dimension).toBe(2);
    expect(hull.vertexCount).toBe(4);
  });
});

describe('clouds far from the origin for their size (the hardening probes)', () => {
  it('a unit cube at (1e14, 1e14, 1e14) is a cube, its vertices the input points bit for bit', () => {
    const cube: number[] = [];
    for (const x of [0, 1]) for (const y of [0, 1]) for (const z of [0, 1]) cube.push(1e14 + x, 1e14 + y, 1e14 + z);
    const h = buildHull(cube);
    expect([h.dimension, h.vertexCount, h.faceCount]).toEqual([3, 8, 6]);
    expect(Array.from(h.vertices).sort()).toEqual([...cube].sort());
    expect(validateHull(h, cube).ok).toBe(true);
  });

  it('random clouds of size 10 at 1e6 to 3e12 from the origin give valid hulls', () => {
    // (validateHull's corner test works in absolute coordinates: at 1e14 it loses the digits it needs.)
    const rand = mulberry32(1126);
    for (const offset of [1e6, 1e10, 1e12, -3e12]) {
      const pts: number[] = [];
      for (let i = 0; i < 400; i++) pts.push(offset + 10 * rand(), 0.5 * offset + 10 * rand(), 10 * rand());
      const h = buildHull(pts);
      expect(h.dimension).toBe(3);
      expect(h.faceCount).toBeGreaterThan(20);
      expect(validateHull(h, pts).errors).toEqual([]);
    }
  });
});
