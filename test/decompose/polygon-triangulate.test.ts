/**
 * triangulatePolygon (src/decompose/polygon-triangulate.ts) on hand-made cases: golden polygons with their
 * exact areas and triangle counts, each degenerate case the caps of a cut produce (collinear runs, repeated
 * points, holes touching the outer loop or each other at a point), the inputs it must refuse (crossing,
 * wrongly wound, outside), and bad arguments. Every success is checked by checkTiling (polygons.ts): the
 * triangles tile the polygon, by exact tests. The fast-check properties are in polygon-triangulate.prop.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { triangulatePolygon } from '../../src/decompose/polygon-triangulate.js';
import { InvalidArgumentError, InvalidNumberError } from '../../src/errors.js';
import { checkTiling, gridRectangleHole, histogramLoop, type Poly, polygonArea, triangulate } from './polygons.js';

/** Triangulates, expects success, checks the tiling, and returns the triangles. */
function tiles(poly: Poly, count?: number): number[] {
  const { ok, tris } = triangulate(poly);
  expect(ok).toBe(true);
  checkTiling(poly, tris, { count });
  return tris;
}

function refuses(poly: Poly): void {
  const out = [7, 8, 9];
  expect(triangulate(poly, out).ok).toBe(false);
  expect(out).toEqual([7, 8, 9]);
}

describe('triangulatePolygon: golden polygons', () => {
  it('a square with a square hole: 8 triangles of total area 12', () => {
    const poly = { pts: [0, 0, 4, 0, 4, 4, 0, 4, 1, 1, 1, 3, 3, 3, 3, 1], outer: [0, 1, 2, 3], holes: [[4, 5, 6, 7]] };
    tiles(poly, 8);
    expect(polygonArea(poly)).toBe(12);
  });

  it('a comb of five teeth: 18 triangles of total area 24', () => {
    const pts = [0, 0, 9, 0, 9, 4, 8, 4, 8, 1, 7, 1, 7, 4, 6, 4, 6, 1, 5, 1, 5, 4, 4, 4, 4, 1, 3, 1, 3, 4, 2, 4, 2, 1, 1, 1, 1, 4, 0, 4];
    const poly = { pts, outer: Array.from({ length: 20 }, (_, i) => i), holes: [] };
    expect(polygonArea(poly)).toBe(24);
    tiles(poly, 18);
  });

  it('an L with a notch: 8 triangles of total area 4.5', () => {
    const pts = [0, 0, 1, 0, 1, 0.5, 2, 0.5, 2, 0, 3, 0, 3, 1, 1, 1, 1, 3, 0, 3];
    const poly = { pts, outer: Array.from({ length: 10 }, (_, i) => i), holes: [] };
    expect(polygonArea(poly)).toBe(4.5);
    tiles(poly, 8);
  });

  it('a triangle is itself; a convex polygon gives n − 2 triangles', () => {
    expect(tiles({ pts: [0, 0, 1, 0, 0, 1], outer: [0, 1, 2], holes: [] }, 1)).toEqual([2, 0, 1]);
    const pts: number[] = [];
    for (let i = 0; i < 12; i++) pts.push(Math.cos((2 * Math.PI * i) / 12), Math.sin((2 * Math.PI * i) / 12));
    tiles({ pts, outer: Array.from({ length: 12 }, (_, i) => i), holes: [] }, 10);
  });

  it('appends to what `out` holds and leaves it alone on failure', () => {
    const out = [100, 101, 102];
    expect(triangulatePolygon(new Float64Array([0, 0, 1, 0, 0, 1]), new Int32Array([0, 1, 2]), [], out)).toBe(true);
    expect(out.slice(0, 3)).toEqual([100, 101, 102]);
    expect(out.length).toBe(6);
    expect(triangulatePolygon(new Float64Array([0, 0, 1, 1, 1, 0, 0, 1]), new Int32Array([0, 1, 2, 3]), [], out)).toBe(false);
    expect(out.length).toBe(6);
  });
});

describe('triangulatePolygon: the degenerate cases of a cut', () => {
  it('collinear runs: a square with every side split into four', () => {
    const pts: number[] = [];
    const corners = [[0, 0], [4, 0], [4, 4], [0, 4]];
    for (let c = 0; c < 4; c++) {
      const [ax, ay] = corners[c], [bx, by] = corners[(c + 1) % 4];
      for (let k = 0; k < 4; k++) pts.push(ax + ((bx - ax) * k) / 4, ay + ((by - ay) * k) / 4);
    }
    tiles({ pts, outer: Array.from({ length: 16 }, (_, i) => i), holes: [] });
  });

  it('repeated consecutive points, by index and by value, and a repeated closing point', () => {
    const pts = [0, 0, 2, 0, 2, 2, 0, 2, 2, 0];
    tiles({ pts, outer: [0, 1, 1, 4, 2, 3, 3, 0], holes: [] }, 2);
  });

  it('a hole touching the outer loop at a corner, sharing its index or a copy of its point', () => {
    const pts = [0, 0, 4, 0, 4, 4, 0, 4, 2, 1, 1, 2, 3, 2, 4, 4];
    tiles({ pts, outer: [0, 1, 2, 3], holes: [[4, 5, 2, 6]] });
    tiles({ pts, outer: [0, 1, 2, 3], holes: [[4, 5, 7, 6]] });
  });

  it('a hole touching the outer loop at its rightmost point, in the middle of a side (a straight vertex there)', () => {
    const pts = [0, 0, 4, 0, 4, 2, 4, 4, 0, 4, 2, 1, 2, 3];
    tiles({ pts, outer: [0, 1, 2, 3, 4], holes: [[5, 6, 2]] });
  });

  it('a hole touching the outer loop at a point that is not its rightmost', () => {
    const pts = [0, 0, 4, 0, 4, 4, 0, 4, 0, 2, 2, 1, 2, 3];
    tiles({ pts, outer: [0, 1, 2, 3, 4], holes: [[4, 6, 5]] });
  });

  it('two holes touching at a point, and three holes around one point', () => {
    const pts = [0, 0, 4, 0, 4, 4, 0, 4, 1, 1, 1, 2, 2, 2, 2, 1, 3, 3, 3, 2, 1.5, 3, 2.5, 3];
    tiles({ pts, outer: [0, 1, 2, 3], holes: [[4, 5, 6, 7], [6, 8, 9]] });
    tiles({ pts, outer: [0, 1, 2, 3], holes: [[4, 5, 6, 7], [6, 8, 9], [6, 10, 11]] });
  });

  it('two holes sharing their rightmost point', () => {
    const pts = [0, 0, 4, 0, 4, 4, 0, 4, 1, 1, 1, 1.8, 2, 2, 1, 2.2, 1, 3];
    tiles({ pts, outer: [0, 1, 2, 3], holes: [[4, 5, 6], [6, 7, 8]] });
  });

  it('a hole whose bridge ray runs along collinear points and through vertices', () => {
    // The ray from the hole's rightmost point (2, 2) runs along y = 2 through the outer loop's vertex (4, 2).
    const pts = [0, 0, 4, 0, 4, 1, 4, 2, 4, 3, 4, 4, 0, 4, 1, 1, 1, 3, 2, 2];
    tiles({ pts, outer: [0, 1, 2, 3, 4, 5, 6], holes: [[7, 8, 9]] });
  });

  it('a grid polygon with a hole touching its bottom side at a straight vertex, and a grid hole', () => {
    const pts: number[] = [];
    const outer = histogramLoop(pts, [6, 8, 8, 4, 10, 10]);
    // The diamond's corner (4, 0) is a point of the outer loop's bottom run.
    const d = pts.length / 2;
    pts.push(4, 0, 3, 1, 4, 2, 5, 1);
    const square = gridRectangleHole(pts, 1, 2, 2, 4);
    tiles({ pts, outer, holes: [[d, d + 1, d + 2, d + 3], square] });
  });

  it('a hole touching the outer loop at two points, cutting the polygon in two (shared indices or copies)', () => {
    const pts = [0, 0, 2, 0, 4, 0, 4, 4, 2, 4, 0, 4, 1, 2, 3, 2, 2, 0, 2, 4];
    tiles({ pts, outer: [0, 1, 2, 3, 4, 5], holes: [[1, 6, 4, 7]] });
    tiles({ pts, outer: [0, 1, 2, 3, 4, 5], holes: [[8, 6, 9, 7]] });
    // Touching at two corners of the square.
    tiles({ pts: [0, 0, 4, 0, 4, 4, 0, 4, 1, 3, 3, 1], outer: [0, 1, 2, 3], holes: [[0, 4, 2, 5]] });
  });

  it('a hole vertex on the inside of an outer edge (a T-junction, touching from one side)', () => {
    tiles({ pts: [0, 0, 4, 0, 4, 4, 0, 4, 2, 0, 1, 1, 3, 1], outer: [0, 1, 2, 3], holes: [[4, 5, 6]] });
  });

  it('a hole whose rightmost point is a reflex vertex of the outer loop', () => {
    tiles({ pts: [0, 0, 4, 0, 4, 4, 2, 2, 2, 4, 0, 4, 1, 2.5, 1, 1.5], outer: [0, 1, 2, 3, 4, 5], holes: [[7, 6, 3]] });
  });

  it('a flat outer loop covers nothing; a flat hole is ignored', () => {
    expect(triangulate({ pts: [0, 0, 1, 1, 2, 2], outer: [0, 1, 2], holes: [] })).toEqual({ ok: true, tris: [] });
    tiles({ pts: [0, 0, 4, 0, 4, 4, 0, 4, 1, 3, 2, 3, 3, 3], outer: [0, 1, 2, 3], holes: [[4, 5, 6]] }, 2);
  });
});

describe('triangulatePolygon: inputs it refuses', () => {
  it('a bow tie', () => refuses({ pts: [0, 0, 1, 1, 1, 0, 0, 1], outer: [0, 1, 2, 3], holes: [] }));

  it('an outer loop given clockwise, a hole given counter-clockwise', () => {
    refuses({ pts: [0, 0, 4, 0, 4, 4, 0, 4], outer: [3, 2, 1, 0], holes: [] });
    refuses({ pts: [0, 0, 4, 0, 4, 4, 0, 4, 1, 1, 1, 3, 3, 3, 3, 1], outer: [0, 1, 2, 3], holes: [[7, 6, 5, 4]] });
  });

  it('a hole outside the outer loop, a hole crossing it, holes overlapping, a hole in a hole', () => {
    const square = [0, 0, 4, 0, 4, 4, 0, 4];
    refuses({ pts: [...square, 5, 1, 5, 3, 7, 3, 7, 1], outer: [0, 1, 2, 3], holes: [[4, 5, 6, 7]] });
    refuses({ pts: [...square, 3, 1, 3, 3, 5, 3, 5, 1], outer: [0, 1, 2, 3], holes: [[4, 5, 6, 7]] });
    refuses({ pts: [...square, 1, 1, 1, 3, 3, 3, 3, 1, 2, 2, 2, 3.5, 3.5, 3.5, 3.5, 2], outer: [0, 1, 2, 3], holes: [[4, 5, 6, 7], [8, 9, 10, 11]] });
    refuses({ pts: [...square, 0.5, 0.5, 0.5, 3.5, 3.5, 3.5, 3.5, 0.5, 1, 1, 1, 3, 3, 3, 3, 1], outer: [0, 1, 2, 3], holes: [[4, 5, 6, 7], [8, 9, 10, 11]] });
  });

  it('a loop winding twice (a pentagram) and a loop crossing itself at a vertex', () => {
    const pts: number[] = [];
    for (let i = 0; i < 5; i++) pts.push(Math.cos((2 * Math.PI * i) / 5), Math.sin((2 * Math.PI * i) / 5));
    refuses({ pts, outer: [0, 2, 4, 1, 3], holes: [] });
    // A figure eight through (2, 2) whose lobes wind opposite ways: it crosses itself at the shared point.
    refuses({ pts: [2, 2, 4, 1, 4, 3, 2, 2, 0, 1, 0, 3], outer: [0, 1, 2, 3, 4, 5], holes: [] });
  });

  it('accepts two lobes touching at a point without crossing (both counter-clockwise)', () => {
    tiles({ pts: [2, 2, 4, 1, 4, 3, 2, 2, 0, 3, 0, 1], outer: [0, 1, 2, 3, 4, 5], holes: [] }, 2);
  });

  it('a hole sharing a side with the outer loop (overlapping edges)', () => {
    refuses({ pts: [0, 0, 4, 0, 4, 4, 0, 4, 1, 0, 1, 2, 3, 2, 3, 0], outer: [0, 1, 2, 3], holes: [[4, 5, 6, 7]] });
  });
});

describe('triangulatePolygon: bad arguments', () => {
  const xy = new Float64Array([0, 0, 1, 0, 0, 1]);
  it('an index that is not a point of xy, named', () => {
    expect(() => triangulatePolygon(xy, new Int32Array([0, 1, 3]), [], [])).toThrow(InvalidArgumentError);
    expect(() => triangulatePolygon(xy, new Int32Array([0, 1, 3]), [], [])).toThrow(/outer\[2\]/);
    expect(() => triangulatePolygon(xy, new Int32Array([0, 1, 2]), [new Int32Array([0, -1, 2])], [])).toThrow(/holes\[0\]\[1\]/);
  });

  it('a loop of fewer than 3 indices, arguments of the wrong type', () => {
    expect(() => triangulatePolygon(xy, new Int32Array([0, 1]), [], [])).toThrow(/outer has 2 indices/);
    expect(() => triangulatePolygon([0, 0, 1, 0, 0, 1] as unknown as Float64Array, new Int32Array([0, 1, 2]), [], [])).toThrow(InvalidArgumentError);
    expect(() => triangulatePolygon(new Float64Array(5), new Int32Array([0, 1, 2]), [], [])).toThrow(/xy has 5 numbers/);
    expect(() => triangulatePolygon(xy, [0, 1, 2] as unknown as Int32Array, [], [])).toThrow(/outer/);
    expect(() => triangulatePolygon(xy, new Int32Array([0, 1, 2]), null as unknown as Int32Array[], [])).toThrow(/holes/);
    expect(() => triangulatePolygon(xy, new Int32Array([0, 1, 2]), [], null as unknown as number[])).toThrow(/out/);
  });

  it('a coordinate of a used point that is NaN or infinite, named', () => {
    const bad = new Float64Array([0, 0, 1, NaN, 0, 1, Infinity, Infinity]);
    expect(() => triangulatePolygon(bad, new Int32Array([0, 1, 2]), [], [])).toThrow(InvalidNumberError);
    expect(() => triangulatePolygon(bad, new Int32Array([0, 1, 2]), [], [])).toThrow(/xy\[3\]/);
    // An unused point may hold anything.
    expect(triangulatePolygon(new Float64Array([0, 0, 1, 0, 0, 1, NaN, NaN]), new Int32Array([0, 1, 2]), [], [])).toBe(true);
  });
});
