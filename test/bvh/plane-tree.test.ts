/**
 * The plane world's tree (src/bvh/plane-tree.ts: float32 boxes rounded outward, on tree-nodes.ts's nodes)
 * against brute force: after random sequences of inserts, updates and removals (fast-check), every stored
 * box holds the box given and lies within one float32 step of it on each side, a box query finds exactly
 * the leaves whose stored boxes overlap it (so every leaf whose given box does), a ray finds every leaf
 * whose given box it crosses, and the tree is well formed and balanced (as test/bvh/dynamic-tree.test.ts
 * holds the 3D tree). The outward rounding on its own: boxes at magnitudes where float32 steps are large.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlaneTree } from '../../src/bvh/plane-tree.js';
import { runs } from '../runs.js';

type Box = [number, number, number, number];

const coordArb = fc.oneof(fc.double({ min: -50, max: 50, noNaN: true }), fc.double({ min: -1e9, max: 1e9, noNaN: true }));
const boxArb = fc.tuple(coordArb, coordArb, fc.double({ min: 0, max: 8, noNaN: true }), fc.double({ min: 0, max: 8, noNaN: true }))
  .map(([x, y, w, h]): Box => [x, y, x + w, y + h]);

const overlaps = (a: ArrayLike<number>, b: ArrayLike<number>) => !(a[0] > b[2] || a[2] < b[0] || a[1] > b[3] || a[3] < b[1]);
const stored = (t: PlaneTree, n: number): Box => [t.bounds[4 * n], t.bounds[4 * n + 1], t.bounds[4 * n + 2], t.bounds[4 * n + 3]];

/** The float32 steps next to a float32 value f (below, above), from its bits. */
function neighbours(f: number): [number, number] {
  const a = new Float32Array(1), i = new Int32Array(a.buffer);
  a[0] = f; const bits = i[0];
  i[0] = f > 0 ? bits - 1 : f < 0 ? bits + 1 : -0x7fffffff; const below = a[0];
  i[0] = bits; i[0] = f > 0 ? bits + 1 : f < 0 ? bits - 1 : 1; const above = a[0];
  return [below, above];
}

/** Stored box ⊇ given box, each bound the nearest float32 on its side (one step out at most). */
function holdsTightly(s: Box, g: Box): void {
  expect(s[0] <= g[0] && s[1] <= g[1] && s[2] >= g[2] && s[3] >= g[3]).toBe(true);
  for (const k of [0, 1]) expect(neighbours(s[k])[1]).toBeGreaterThan(g[k]);
  for (const k of [2, 3]) expect(neighbours(s[k])[0]).toBeLessThan(g[k]);
}

function validate(t: PlaneTree): Set<number> {
  const leaves = new Set<number>();
  if (t.root < 0) { expect(t.leafCount).toBe(0); return leaves; }
  const stack = [t.root];
  let nodes = 0;
  while (stack.length > 0) {
    const n = stack.pop()!;
    nodes++;
    const c1 = t.child1[n], c2 = t.child2[n];
    if (c1 === -1) { leaves.add(n); continue; }
    expect(t.parent[c1]).toBe(n); expect(t.parent[c2]).toBe(n);
    expect(t.height[n]).toBe(1 + Math.max(t.height[c1], t.height[c2]));
    const [a, b, c] = [stored(t, n), stored(t, c1), stored(t, c2)];
    expect(a).toEqual([Math.min(b[0], c[0]), Math.min(b[1], c[1]), Math.max(b[2], c[2]), Math.max(b[3], c[3])]);
    stack.push(c1, c2);
  }
  expect(nodes).toBe(t.nodeCount);
  expect(leaves.size).toBe(t.leafCount);
  return leaves;
}

type Op = { kind: 'insert'; box: Box } | { kind: 'update'; which: number; box: Box } | { kind: 'remove'; which: number } | { kind: 'query'; box: Box } | { kind: 'ray'; box: Box; dx: number; dy: number };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: boxArb.map((box) => ({ kind: 'insert' as const, box })) },
  { weight: 3, arbitrary: fc.tuple(fc.nat(), boxArb).map(([which, box]) => ({ kind: 'update' as const, which, box })) },
  { weight: 2, arbitrary: fc.nat().map((which) => ({ kind: 'remove' as const, which })) },
  { weight: 2, arbitrary: boxArb.map((box) => ({ kind: 'query' as const, box })) },
  { weight: 1, arbitrary: fc.tuple(boxArb, fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })).map(([box, dx, dy]) => ({ kind: 'ray' as const, box, dx, dy })) },
);

/** Whether the ray o + t·d, t in [0, tMax], meets the box (slabs, a zero component testing the origin). */
function rayMeets(o: [number, number], d: [number, number], tMax: number, b: ArrayLike<number>): boolean {
  let near = 0, far = tMax;
  for (let a = 0; a < 2; a++) {
    if (d[a] === 0) { if (o[a] < b[a] || o[a] > b[a + 2]) return false; continue; }
    let t1 = (b[a] - o[a]) / d[a], t2 = (b[a + 2] - o[a]) / d[a];
    if (t1 > t2) [t1, t2] = [t2, t1];
    near = Math.max(near, t1); far = Math.min(far, t2);
    if (near > far) return false;
  }
  return true;
}

describe('PlaneTree', () => {
  it('random inserts, updates and removals: stored boxes hold the given ones within a float32 step, queries and rays as brute force, well formed and balanced', () => {
    fc.assert(fc.property(fc.array(opArb, { minLength: 1, maxLength: 300 }), (ops) => {
      const tree = new PlaneTree(2);
      const live = new Map<number, { item: number; box: Box }>();
      let nextItem = 0;
      for (const op of ops) {
        const proxies = [...live.keys()];
        if (op.kind === 'insert') {
          const item = nextItem++;
          live.set(tree.insert(Float64Array.from(op.box), item), { item, box: op.box });
        } else if (op.kind === 'update' && proxies.length > 0) {
          const p = proxies[op.which % proxies.length];
          tree.update(p, Float64Array.from(op.box));
          live.get(p)!.box = op.box;
        } else if (op.kind === 'remove' && proxies.length > 0) {
          const p = proxies[op.which % proxies.length];
          tree.remove(p);
          live.delete(p);
        } else if (op.kind === 'query') {
          const found: number[] = [];
          tree.query(Float64Array.from(op.box), (leaf, out: number[]) => { out.push(tree.item[leaf]); return false; }, found);
          // Exactly the stored boxes that overlap; so at least every given box that does.
          const want = [...live.entries()].filter(([p]) => overlaps(stored(tree, p), op.box)).map(([, l]) => l.item);
          expect(found.sort((a, b) => a - b)).toEqual(want.sort((a, b) => a - b));
          for (const l of live.values()) if (overlaps(l.box, op.box)) expect(found).toContain(l.item);
        } else if (op.kind === 'ray') {
          const o: [number, number] = [op.box[0], op.box[1]], d: [number, number] = [op.dx, op.dy], found = new Set<number>();
          tree.castQuery(Float64Array.from(o), Float64Array.from(d), Float64Array.of(50), (leaf, out: Set<number>) => { out.add(tree.item[leaf]); }, found);
          for (const l of live.values()) if (rayMeets(o, d, 50, l.box)) expect(found.has(l.item)).toBe(true);
        }
      }
      const leaves = validate(tree);
      expect([...leaves].sort((a, b) => a - b)).toEqual([...live.keys()].sort((a, b) => a - b));
      for (const [p, l] of live) holdsTightly(stored(tree, p), l.box);
      if (tree.leafCount > 1) expect(tree.treeHeight).toBeLessThanOrEqual(Math.ceil(1.45 * Math.log2(tree.leafCount + 2)));
    }), { numRuns: runs(200) });
  });

  it('rounds outward at every magnitude and sign, zero included', () => {
    const tree = new PlaneTree();
    const cases: Box[] = [[0.1, -0.1, 0.3, 0.7], [1e8 + 1, -1e8 - 1, 1e8 + 3, -1e8 + 5], [-1e-40, -1e-46, 1e-46, 1e-40], [0, -0, 0, 0], [-3e38, -1, 3e38, 1], [16777217, 16777217, 16777219, 16777219]];
    for (const box of cases) {
      const p = tree.insert(Float64Array.from(box), 0);
      holdsTightly(stored(tree, p), box);
      expect(tree.contains(p, Float64Array.from(box))).toBe(true);
    }
    // 2^24 + 1 is not a float32: its box is [2^24, 2^24 + 2] wide.
    const p = tree.insert(Float64Array.of(16777217, 0, 16777217, 0), 0);
    expect(stored(tree, p)).toEqual([16777216, 0, 16777218, 0]);
  });

  it('10,000 leaves inserted in sorted order stay balanced; a query stops when its visitor says so', () => {
    const tree = new PlaneTree();
    for (let i = 0; i < 10_000; i++) tree.insert(Float64Array.of(i, 0, i + 0.5, 1), i);
    validate(tree);
    expect(tree.treeHeight).toBeLessThanOrEqual(Math.ceil(1.45 * Math.log2(10_002)));
    const found: number[] = [];
    tree.query(Float64Array.of(100.2, 0, 103.1, 1), (leaf, out: number[]) => { out.push(tree.item[leaf]); return false; }, found);
    expect(found.sort((a, b) => a - b)).toEqual([100, 101, 102, 103]);
    let visits = 0;
    expect(tree.query(Float64Array.of(0, 0, 20, 1), () => ++visits === 3, null)).toBe(true);
    expect(visits).toBe(3);
  });
});
