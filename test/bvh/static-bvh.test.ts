/**
 * The static BVH against brute force over every box: its structure (every box in exactly one leaf, every
 * node's box holding what is below it), the boxes overlapping a box, the first box along a ray and the
 * box nearest to a box; degenerate inputs (coincident centroids, one box, none) and bad ones.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BvhNearest, BvhRayHit, nearestBvh, overlapBvh, rayBvh } from '../../src/bvh/bvh-traversal.js';
import { buildBvh, type StaticBvh } from '../../src/bvh/static-bvh.js';
import { InvalidArgumentError } from '../../src/index.js';
import { num } from '../arbitraries.js';
import { runs } from '../runs.js';

type Box6 = [number, number, number, number, number, number];

const boxArb = fc.tuple(num(-10, 10), num(-10, 10), num(-10, 10), num(0, 2), num(0, 2), num(0, 2))
  .map(([x, y, z, a, b, c]): Box6 => [x, y, z, x + a, y + b, z + c]);
const pack = (boxes: Box6[]): Float64Array => Float64Array.from(boxes.flat());

/** Every structural promise of the hierarchy, checked by walking it. */
function checkStructure(bvh: StaticBvh, boxes: Box6[]): void {
  const seen = new Uint8Array(boxes.length);
  let maxDepth = 0;
  const walk = (n: number, depth: number): void => {
    maxDepth = Math.max(maxDepth, depth);
    const nb = bvh.bounds.subarray(6 * n, 6 * n + 6);
    const contains = (b: ArrayLike<number>) => [0, 1, 2].every((k) => nb[k] <= b[k] && b[3 + k] <= nb[3 + k]);
    const count = bvh.nodes[2 * n + 1];
    if (count === 0) {
      const left = n + 1, right = bvh.nodes[2 * n];
      expect(right).toBeGreaterThan(left);
      expect(contains(bvh.bounds.subarray(6 * left, 6 * left + 6))).toBe(true);
      expect(contains(bvh.bounds.subarray(6 * right, 6 * right + 6))).toBe(true);
      walk(left, depth + 1);
      walk(right, depth + 1);
      return;
    }
    for (let j = bvh.nodes[2 * n]; j < bvh.nodes[2 * n] + count; j++) {
      const item = bvh.items[j];
      expect(seen[item]).toBe(0);
      seen[item] = 1;
      expect(contains(boxes[item])).toBe(true);
    }
  };
  if (boxes.length > 0) walk(0, 0);
  expect(Array.from(seen).every((s) => s === 1)).toBe(true);
  expect(bvh.depth).toBe(maxDepth);
}

const overlaps = (a: Box6, b: ArrayLike<number>) => [0, 1, 2].every((k) => a[k] <= b[3 + k] && b[k] <= a[3 + k]);
function slab(b: Box6, o: number[], r: number[]): number {
  let near = 0, far = Infinity;
  for (let k = 0; k < 3; k++) {
    if (r[k] === 0) { if (o[k] < b[k] || o[k] > b[3 + k]) return Infinity; continue; }
    const t1 = (b[k] - o[k]) / r[k], t2 = (b[3 + k] - o[k]) / r[k];
    near = Math.max(near, Math.min(t1, t2)); far = Math.min(far, Math.max(t1, t2));
  }
  return near <= far ? near : Infinity;
}
/** A rayBvh visitor from a table of each item's hit parameter (the traversal's `out` as its context). */
const byHits = (t: ArrayLike<number>) => (i: number, out: BvhRayHit): void => {
  if (t[i] < out.t || (t[i] === out.t && i < out.item)) { out.t = t[i]; out.item = i; }
};
/** A nearestBvh visitor from a table of each item's distance. */
const byTable = (d: ArrayLike<number>, count?: { n: number }) => (i: number, out: BvhNearest): void => {
  if (count) count.n++;
  if (d[i] < out.distance || (d[i] === out.distance && i < out.item)) { out.distance = d[i]; out.item = i; }
};
const gap = (a: Box6, b: ArrayLike<number>) => Math.hypot(...[0, 1, 2].map((k) => Math.max(a[k] - b[3 + k], b[k] - a[3 + k], 0)));

describe('static BVH (binned SAH) against brute force', () => {
  it('structure, overlap, first hit along a ray and nearest box', () => {
    fc.assert(fc.property(fc.array(boxArb, { minLength: 0, maxLength: 300 }), boxArb, fc.tuple(num(-15, 15), num(-15, 15), num(-15, 15)), fc.tuple(num(-1, 1), num(-1, 1), num(-1, 1)), (boxes, q, o, r) => {
      const bvh = buildBvh(pack(boxes), boxes.length);
      checkStructure(bvh, boxes);
      // Overlap: exactly the boxes that overlap q.
      const found: number[] = [];
      overlapBvh(bvh, Float64Array.from(q), (i) => { found.push(i); return false; }, null);
      expect(found.sort((a, b) => a - b)).toEqual(boxes.map((b, i) => (overlaps(b, q) ? i : -1)).filter((i) => i >= 0));
      // First hit: the least slab entry over every box (ties to the lower index).
      const hits = boxes.map((b) => slab(b, o, r));
      const tBest = Math.min(Infinity, ...hits);
      const rayOut = new BvhRayHit();
      const hit = rayBvh(bvh, Float64Array.from(o), Float64Array.from(r), byHits(hits), rayOut, rayOut);
      expect(hit.t).toBe(tBest);
      expect(hit.item).toBe(tBest === Infinity ? -1 : hits.indexOf(tBest));
      // Nearest: the least box distance.
      const gaps = boxes.map((b) => gap(b, q));
      const dBest = Math.min(Infinity, ...gaps);
      const out = new BvhNearest();
      const near = nearestBvh(bvh, Float64Array.from(q), byTable(gaps), out, out);
      expect(near.distance).toBe(dBest);
      expect(near.item).toBe(dBest === Infinity ? -1 : gaps.indexOf(dBest));
    }), { numRuns: runs(200) });
  });

  it('signed distances: with an overlap found, every box touching the query is still visited (a deeper overlap may hide there)', () => {
    // Boxes crowded round the query, so that it overlaps many of them.
    const crowded = fc.tuple(num(-2, 2), num(-2, 2), num(-2, 2), num(0, 2), num(0, 2), num(0, 2)).map(([x, y, z, a, b, c]): Box6 => [x, y, z, x + a, y + b, z + c]);
    fc.assert(fc.property(fc.array(crowded, { minLength: 1, maxLength: 200 }), crowded, (boxes, q) => {
      const bvh = buildBvh(pack(boxes), boxes.length);
      // A signed stand-in: the gap when apart, minus the overlap's smallest extent when overlapping.
      const signed = boxes.map((b) => (overlaps(b, q) ? -Math.min(...[0, 1, 2].map((k) => Math.min(b[3 + k], q[3 + k]) - Math.max(b[k], q[k]))) : gap(b, q)));
      const best = Math.min(...signed);
      const out = new BvhNearest();
      const near = nearestBvh(bvh, Float64Array.from(q), byTable(signed), out, out);
      expect(near.distance).toBe(best);
      expect(near.item).toBe(signed.indexOf(best));
    }), { numRuns: runs(200) });
  });

  it('a ray stops at the bound given in out.t; the visitor sees the best so far there', () => {
    const boxes: Box6[] = [[5, -1, -1, 6, 1, 1], [2, -1, -1, 3, 1, 1], [8, -1, -1, 9, 1, 1]];
    const bvh = buildBvh(pack(boxes), 3);
    const o = Float64Array.of(0, 0, 0), r = Float64Array.of(1, 0, 0);
    const hits = boxes.map((b) => slab(b, [0, 0, 0], [1, 0, 0]));
    const all = new BvhRayHit();
    expect(rayBvh(bvh, o, r, byHits(hits), all, all)).toMatchObject({ t: 2, item: 1 });
    const bounded = new BvhRayHit();
    bounded.t = 1.5;
    expect(rayBvh(bvh, o, r, byHits(hits), bounded, bounded)).toMatchObject({ t: 1.5, item: -1 });
  });

  it('coincident centroids split by halves (bounded depth); one box and none', () => {
    const same: Box6[] = Array.from({ length: 1000 }, () => [0, 0, 0, 1, 1, 1]);
    const bvh = buildBvh(pack(same), same.length);
    checkStructure(bvh, same);
    expect(bvh.depth).toBeLessThanOrEqual(10);
    const one = buildBvh(Float64Array.of(0, 0, 0, 1, 1, 1), 1);
    expect(one.nodeCount).toBe(1);
    const none = buildBvh(new Float64Array(0), 0);
    expect(none.nodeCount).toBe(0);
    expect(overlapBvh(none, Float64Array.of(0, 0, 0, 1, 1, 1), () => true, null)).toBe(false);
    const none0 = new BvhNearest();
    expect(nearestBvh(none, Float64Array.of(0, 0, 0, 1, 1, 1), byTable([0]), none0, none0).item).toBe(-1);
  });

  it('20,000 boxes: queries agree with brute force, visiting a small share of the boxes', () => {
    let seed = 7;
    const rnd = () => { seed = (seed * 1103515245 + 12345) >>> 0; return seed / 2 ** 32; };
    const boxes: Box6[] = Array.from({ length: 20_000 }, () => { const x = 100 * rnd(), y = 100 * rnd(), z = rnd(); return [x, y, z, x + 0.7, y + 0.7, z + 0.1]; });
    const bvh = buildBvh(pack(boxes), boxes.length);
    checkStructure(bvh, boxes);
    for (let k = 0; k < 20; k++) {
      const q: Box6 = [100 * rnd(), 100 * rnd(), 2, 0, 0, 3];
      q[3] = q[0] + 1; q[4] = q[1] + 1;
      const visits = { n: 0 }, gaps = boxes.map((b) => gap(b, q)), out = new BvhNearest();
      const near = nearestBvh(bvh, Float64Array.from(q), byTable(gaps, visits), out, out);
      expect(near.distance).toBe(Math.min(...gaps));
      expect(visits.n).toBeLessThan(200);
    }
  });

  it('a callback may traverse again (each level has its own stack)', () => {
    const boxes: Box6[] = Array.from({ length: 50 }, (_, i) => [i, 0, 0, i + 0.5, 1, 1]);
    const bvh = buildBvh(pack(boxes), boxes.length);
    const pairs: string[] = [];
    overlapBvh(bvh, Float64Array.of(9.9, 0, 0, 12.2, 1, 1), (i) => {
      overlapBvh(bvh, Float64Array.from(boxes[i]), (j) => { pairs.push(`${i}-${j}`); return false; }, null);
      return false;
    }, null);
    expect(pairs.sort()).toEqual(['10-10', '11-11', '12-12']);
  });

  it('names a bad box', () => {
    expect(() => buildBvh(Float64Array.of(0, 0, 0, 1, 1, 1, 0, Number.NaN, 0, 1, 1, 1), 2)).toThrow(/boxes\[1\]/);
    expect(() => buildBvh(Float64Array.of(0, 0, 0, -1, 1, 1), 1)).toThrow(InvalidArgumentError);
    expect(() => buildBvh(Float64Array.of(0, 0, 0, 1, 1, 1), 2)).toThrow(/boxes/);
  });
});
