/**
 * triangulatePolygon's properties on random polygons (fast-check, seeded: test/runs.ts): the triangles tile
 * the polygon (checkTiling in polygons.ts: exact orientation, exact pairwise disjointness, exact even-odd
 * containment of every centroid, areas summing to the shoelace area to 1e-12), with n − 2 + 2·holes
 * triangles in general position; on random loops that may cross themselves, a `true` is never wrong.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs, seed } from '../runs.js';
import {
  checkTiling, gridRectangleHole, histogramLoop, isSimpleLoop, loopArea, type Poly, rectangleHole, splitEdges, starLoop, triangulate,
} from './polygons.js';

const unit = (min: number, max: number): fc.Arbitrary<number> => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

/** A star's radii and angle jitters, n of each. */
const star = (minN: number, maxN: number, rMin: number): fc.Arbitrary<{ radii: number[]; jitter: number[] }> =>
  fc.integer({ min: minN, max: maxN }).chain((n) => fc.record({
    radii: fc.array(unit(rMin, 1), { minLength: n, maxLength: n }),
    jitter: fc.array(unit(0, 0.5), { minLength: n, maxLength: n }),
  }));

/** A hole for cell k of three side by side in the square [−h, h]²: a rectangle or a small star, clockwise. */
const holeSpec = fc.oneof(
  fc.record({ kind: fc.constant('rectangle' as const), a: unit(0, 1), b: unit(0, 1), c: unit(0, 1), d: unit(0, 1) }),
  fc.record({ kind: fc.constant('star' as const), shape: star(3, 8, 0.3), cy: unit(-1, 1) }),
);
type HoleSpec = typeof holeSpec extends fc.Arbitrary<infer T> ? T : never;

function addHole(pts: number[], spec: HoleSpec, k: number, h: number): number[] {
  const w = (2 * h) / 3, x0 = -h + k * w + 0.03 * h, x1 = -h + (k + 1) * w - 0.03 * h;
  if (spec.kind === 'rectangle') {
    return rectangleHole(pts, x0 + spec.a * 0.3 * w, -h + spec.c * 0.8 * h, x1 - spec.b * 0.3 * w, h - spec.d * 0.8 * h);
  }
  const r = 0.45 * (x1 - x0);
  return starLoop(pts, (x0 + x1) / 2, spec.cy * (h - r), spec.shape.radii, spec.shape.jitter, r).reverse();
}

const count = (poly: Poly): number => poly.outer.length + poly.holes.reduce((s, h) => s + h.length, 0);

function tilesAll(poly: Poly, generalPosition: boolean): number[] {
  const { ok, tris } = triangulate(poly);
  expect(ok).toBe(true);
  checkTiling(poly, tris, generalPosition ? { count: count(poly) - 2 + 2 * poly.holes.length } : {});
  return tris;
}

describe('triangulatePolygon properties', () => {
  it('random star-shaped polygons: n − 2 triangles tiling them', () => {
    fc.assert(fc.property(star(3, 60, 0.05), unit(-10, 10), unit(-10, 10), ({ radii, jitter }, cx, cy) => {
      const pts: number[] = [];
      const outer = starLoop(pts, cx, cy, radii, jitter);
      // (Three points: jitter may leave the centre outside; the triangle is simple all the same.)
      tilesAll({ pts, outer, holes: [] }, true);
    }), { seed: seed(9101), numRuns: runs(300) });
  });

  it('random star-shaped polygons with 1–3 rectangular or star holes: n − 2 + 2·holes triangles', () => {
    fc.assert(fc.property(star(8, 40, 0.8), fc.array(holeSpec, { minLength: 1, maxLength: 3 }), ({ radii, jitter }, specs) => {
      const pts: number[] = [];
      const outer = starLoop(pts, 0, 0, radii, jitter);
      const holes = specs.map((s, k) => addHole(pts, s, k, 0.45));
      tilesAll({ pts, outer, holes }, true);
    }), { seed: seed(9102), numRuns: runs(200) });
  });

  it('collinear runs: every edge split at its midpoint, exactly on integer polygons, nearly on float ones', () => {
    fc.assert(fc.property(star(8, 30, 0.8), fc.array(holeSpec, { maxLength: 3 }), fc.boolean(), ({ radii, jitter }, specs, integer) => {
      const pts: number[] = [];
      let outer = starLoop(pts, 0, 0, radii, jitter);
      let holes = specs.map((s, k) => addHole(pts, s, k, 0.45));
      // On the integer grid (even coordinates, so that midpoints are exact): points at every half edge.
      if (integer) for (let i = 0; i < pts.length; i++) pts[i] = 2 * Math.round(500 * pts[i]);
      outer = splitEdges(pts, outer);
      holes = holes.map((h) => splitEdges(pts, h));
      tilesAll({ pts, outer, holes }, false);
    }), { seed: seed(9103), numRuns: runs(200) });
  });

  it('a hole touching the outer loop at a vertex (its index or a copy of the point), with other holes', () => {
    fc.assert(fc.property(star(8, 40, 0.8), fc.nat(), fc.boolean(), fc.array(holeSpec, { maxLength: 2 }), ({ radii, jitter }, pick, copy, specs) => {
      const pts: number[] = [];
      const outer = starLoop(pts, 0, 0, radii, jitter);
      const k = outer[pick % outer.length], vx = pts[2 * k], vy = pts[2 * k + 1];
      const len = Math.hypot(vx, vy), px = (-vy / len) * 0.02, py = (vx / len) * 0.02;
      const touch = copy ? pts.length / 2 : k;
      if (copy) pts.push(vx, vy);
      const a = pts.length / 2;
      pts.push(0.55 * vx + px, 0.55 * vy + py, 0.55 * vx - px, 0.55 * vy - py);
      let wedge = [touch, a, a + 1];
      if (loopArea(pts, wedge) > 0) wedge = wedge.reverse();
      // The other holes stay within radius 0.41, clear of the wedge (which starts at radius 0.55·0.8).
      const holes = [wedge, ...specs.map((s, j) => addHole(pts, s, j, 0.29))];
      // (No count: a hole joined at its touching point needs no bridge, so two fewer triangles.)
      tilesAll({ pts, outer, holes }, false);
    }), { seed: seed(9104), numRuns: runs(200) });
  });

  it('two holes touching each other at a corner (a shared index or a copy), beside a third', () => {
    fc.assert(fc.property(star(8, 40, 0.8), unit(0.2, 0.8), unit(0.2, 0.8), fc.boolean(), fc.boolean(), holeSpec,
      ({ radii, jitter }, sx, sy, copy, flip, third) => {
        const pts: number[] = [];
        const outer = starLoop(pts, 0, 0, radii, jitter);
        // Two rectangles in the left two cells' area meeting at (xm, ym): lower-left and upper-right (or mirrored).
        const h = 0.45, x0 = -h, x1 = h / 3 - 0.03, xm = x0 + sx * (x1 - x0), ym = -h + sy * 2 * h;
        const f = flip ? -1 : 1;
        const first = pts.length / 2;
        pts.push(x0, f * -h, x0, f * ym, xm, f * ym, xm, f * -h);
        const second = pts.length / 2;
        pts.push(xm, f * ym, xm, f * h, x1, f * h, x1, f * ym);
        let a = [first, first + 1, first + 2, first + 3], b = [copy ? second : first + 2, second + 1, second + 2, second + 3];
        if (loopArea(pts, a) > 0) a = a.reverse();
        if (loopArea(pts, b) > 0) b = b.reverse();
        tilesAll({ pts, outer, holes: [a, b, addHole(pts, third, 2, h)] }, false);
      }), { seed: seed(9105), numRuns: runs(200) });
  });

  it('grid polygons (histograms with a point at every unit step) with grid holes and a diamond touching the bottom', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 4, max: 9 }), { minLength: 3, maxLength: 12 }), fc.nat(), fc.nat(), fc.boolean(),
      (heights, p, q, diamond) => {
        const pts: number[] = [];
        const w = heights.length;
        const outer = histogramLoop(pts, heights);
        const holes: number[][] = [];
        // A grid rectangle in rows 2..3 over columns [c0, c1], 0 < c0 < c1 < w.
        const c0 = 1 + (p % (w - 2)), c1 = Math.min(w - 1, c0 + 1 + (q % 3));
        if (c1 > c0) holes.push(gridRectangleHole(pts, c0, 2, c1, 3));
        if (diamond) {
          // A diamond whose lowest corner is a point of the bottom run, below the rectangle's rows.
          const x = 1 + (q % (w - 1)), d = pts.length / 2;
          pts.push(x, 0, x - 0.5, 0.75, x, 1.5, x + 0.5, 0.75);
          holes.push([d, d + 1, d + 2, d + 3]);
        }
        tilesAll({ pts, outer, holes }, false);
      }), { seed: seed(9106), numRuns: runs(200) });
  });

  it('scaled by 2^k (k from −900 to 900), the same triangles: every decision is exact', () => {
    fc.assert(fc.property(star(8, 30, 0.8), fc.array(holeSpec, { maxLength: 3 }), fc.integer({ min: -900, max: 900 }), ({ radii, jitter }, specs, k) => {
      const pts: number[] = [];
      const outer = starLoop(pts, 0, 0, radii, jitter);
      const holes = specs.map((s, j) => addHole(pts, s, j, 0.45));
      const base = triangulate({ pts, outer, holes });
      const scaledPts = pts.map((v) => v * 2 ** k);
      // (Only where the scaling is exact: a coordinate drawn near 1e-320 loses bits when scaled down.)
      if (!scaledPts.every((v, i) => v * 2 ** -k === pts[i])) return;
      const scaled = triangulate({ pts: scaledPts, outer, holes });
      expect(base.ok).toBe(true);
      expect(scaled).toEqual(base);
    }), { seed: seed(9107), numRuns: runs(100) });
  });

  it('random loops on a small grid (crossing, touching, collinear): simple counter-clockwise ones are tiled, and a true is never wrong', () => {
    let simple = 0, refused = 0, crossing = 0;
    const point = fc.tuple(fc.integer({ min: -5, max: 5 }), fc.integer({ min: -5, max: 5 }));
    fc.assert(fc.property(fc.array(point, { minLength: 3, maxLength: 12 }), fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 2 }), (points, swaps) => {
      // Points sorted by angle about their mean make a loop that is often simple; swaps make it cross.
      const mx = points.reduce((s, [x]) => s + x, 0) / points.length, my = points.reduce((s, [, y]) => s + y, 0) / points.length;
      const order = points.map((pt, i) => [Math.atan2(pt[1] - my, pt[0] - mx), Math.hypot(pt[0] - mx, pt[1] - my), i] as const)
        .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]).map((e) => e[2]);
      for (const [i, j] of swaps) {
        const a = i % order.length, b = j % order.length;
        [order[a], order[b]] = [order[b], order[a]];
      }
      const poly = { pts: points.flat(), outer: order, holes: [] };
      const { ok, tris } = triangulate(poly);
      const isSimple = isSimpleLoop(poly.pts, order);
      if (isSimple && loopArea(poly.pts, order) > 0) {
        simple++;
        expect(ok).toBe(true);
      }
      if (!isSimple) crossing++;
      if (ok) checkTiling(poly, tris);
      else refused++;
    }), { seed: seed(9108), numRuns: runs(1500) });
    // The suite meets both kinds: simple loops to tile, and loops to refuse.
    expect(simple).toBeGreaterThan(runs(100));
    expect(refused).toBeGreaterThan(runs(100));
    expect(crossing).toBeGreaterThan(runs(100));
  });

  it('random rectangles on a grid as holes (inside, outside, overlapping, touching): a true is never wrong', () => {
    let tiled = 0, refused = 0;
    const rect = fc.tuple(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }));
    fc.assert(fc.property(fc.array(rect, { minLength: 1, maxLength: 4 }), (rects) => {
      const pts: number[] = [0, 0, 10, 0, 10, 10, 0, 10];
      const holes = rects.map(([x, y, w, h]) => rectangleHole(pts, x, y, x + w, y + h));
      const poly = { pts, outer: [0, 1, 2, 3], holes };
      const { ok, tris } = triangulate(poly);
      if (ok) {
        tiled++;
        checkTiling(poly, tris);
      } else refused++;
    }), { seed: seed(9109), numRuns: runs(400) });
    expect(tiled).toBeGreaterThan(runs(40));
    expect(refused).toBeGreaterThan(runs(40));
  });

  it('a bow tie, and any star polygon with two vertices swapped so that it crosses itself, is refused', () => {
    expect(triangulate({ pts: [0, 0, 1, 1, 1, 0, 0, 1], outer: [0, 1, 2, 3], holes: [] }).ok).toBe(false);
    fc.assert(fc.property(star(5, 30, 0.5), fc.nat(), fc.nat(), ({ radii, jitter }, i, j) => {
      const pts: number[] = [];
      const outer = starLoop(pts, 0, 0, radii, jitter);
      const a = i % outer.length, b = j % outer.length;
      [outer[a], outer[b]] = [outer[b], outer[a]];
      if (isSimpleLoop(pts, outer)) return;
      expect(triangulate({ pts, outer, holes: [] }).ok).toBe(false);
    }), { seed: seed(9110), numRuns: runs(300) });
  });
});
