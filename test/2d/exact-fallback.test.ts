/**
 * The exact fallback GJK's stalls are answered by (exactDistance2 in src/2d/sat2.ts), called directly on
 * pairs with closed-form answers, including those whose Minkowski difference has no area, where no edge
 * normal of either core can separate them: collinear segments apart along their line, a point beyond a
 * segment's end on its line, crossing segments (no vertex on the other), overlapping collinear segments,
 * a point inside a polygon and a polygon apart.
 */
import { describe, expect, it } from 'vitest';
import { Gjk2Work, setRelative2 } from '../../src/2d/gjk2.js';
import { Epa2Work } from '../../src/2d/epa2.js';
import { exactDistance2 } from '../../src/2d/sat2.js';
import { Transform2 } from '../../src/2d/transform2.js';
import { Box2, Point2, Polygon, Segment2, type Shape2 } from '../../src/2d/index.js';

/** exactDistance2 on `a` at the origin and `b` placed at (x, y) turned by `angle`. */
function exact(a: Shape2, b: Shape2, x: number, y: number, angle = 0): Gjk2Work {
  const gjk = new Gjk2Work(), t = new Transform2();
  t.c = Math.cos(angle); t.s = Math.sin(angle); t.tx = x; t.ty = y;
  setRelative2(gjk, t);
  exactDistance2(gjk, new Epa2Work(), a, b);
  return gjk;
}

const seg = (ax: number, ay: number, bx: number, by: number): Segment2 => new Segment2({ x: ax, y: ay }, { x: bx, y: by });

describe('the exact vertex fallback', () => {
  it('collinear segments apart along their line: the gap between their ends', () => {
    const g = exact(seg(0, 0, 1, 0), seg(0, 0, 1, 0), 2, 0);
    expect(g.intersecting).toBe(false);
    expect(g.distance).toBe(1);
    expect([g.pointA.x, g.pointB.x]).toEqual([1, 2]);
  });

  it('a point beyond a segment\'s end, on its line: the distance to that end', () => {
    const g = exact(seg(0, 0, 1, 0), new Point2(), 3, 0);
    expect(g.intersecting).toBe(false);
    expect(g.distance).toBe(2);
  });

  it('meeting: collinear segments overlapping, segments crossing with no vertex on the other, a point inside a box', () => {
    expect(exact(seg(0, 0, 2, 0), seg(0, 0, 2, 0), 1, 0).intersecting).toBe(true);
    expect(exact(seg(-1, 0, 1, 0), seg(0, -1, 0, 1), 0.25, 0).intersecting).toBe(true);
    expect(exact(new Box2(1, 1), new Point2(), 0.5, 0.25).intersecting).toBe(true);
  });

  it('apart: a triangle and a box 1 away across an edge, crossing lines that do not meet', () => {
    const g = exact(new Polygon([0, 0, 1, 0, 0, 1]), new Box2(0.5, 0.5), 2.5, 0.25);
    expect(g.intersecting).toBe(false);
    expect(g.distance).toBeCloseTo(1, 15);
    const h = exact(seg(0, 0, 1, 0), seg(0, 0, 0, 1), 2, -0.5);
    expect(h.intersecting).toBe(false);
    expect(h.distance).toBe(1);
  });
});
