/**
 * The dynamic tree against brute force: after random sequences of inserts, updates and removals
 * (fast-check), a box query finds exactly the leaves whose boxes overlap it (touching counts), and the
 * tree is well formed (every inner node's box is the union of its children's, heights are consistent,
 * parents and children agree, every live leaf is reachable once) and balanced (height within 1.45 log2
 * of the leaf count, an AVL tree's bound: one rotation per node on the way up, as Box2D's, does not make
 * every node AVL-balanced, but keeps the height near that).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { same } from '../check.js';
import { DynamicTree } from '../../src/bvh/dynamic-tree.js';
import { InvalidArgumentError } from '../../src/index.js';
import { runs } from '../runs.js';

type Box = [number, number, number, number, number, number];

const boxArb = fc.tuple(
  fc.double({ min: -50, max: 50, noNaN: true }), fc.double({ min: -50, max: 50, noNaN: true }), fc.double({ min: -50, max: 50, noNaN: true }),
  fc.double({ min: 0, max: 8, noNaN: true }), fc.double({ min: 0, max: 8, noNaN: true }), fc.double({ min: 0, max: 8, noNaN: true }),
).map(([x, y, z, w, h, d]): Box => [x, y, z, x + w, y + h, z + d]);

const overlaps = (a: Box | Float64Array, b: Box | Float64Array) =>
  !(a[0] > b[3] || a[3] < b[0] || a[1] > b[4] || a[4] < b[1] || a[2] > b[5] || a[5] < b[2]);

/** Checks the tree's structure; returns the set of leaves reachable from the root. */
function validate(t: DynamicTree): Set<number> {
  const leaves = new Set<number>();
  if (t.root < 0) { expect(t.leafCount).toBe(0); return leaves; }
  expect(t.parent[t.root]).toBe(-1);
  const stack = [t.root];
  let nodes = 0;
  while (stack.length > 0) {
    const n = stack.pop()!;
    nodes++;
    const c1 = t.child1[n], c2 = t.child2[n];
    if (c1 === -1) {
      // (A leaf's child2 holds its item: the queries below check each leaf's item.)
      same(t.height[n], 0);
      same(leaves.has(n), false);
      leaves.add(n);
      continue;
    }
    same(t.parent[c1], n);
    same(t.parent[c2], n);
    same(t.height[n], 1 + Math.max(t.height[c1], t.height[c2]));
    for (let k = 0; k < 3; k++) {
      same(t.bounds[6 * n + k], Math.min(t.bounds[6 * c1 + k], t.bounds[6 * c2 + k]));
      same(t.bounds[6 * n + 3 + k], Math.max(t.bounds[6 * c1 + 3 + k], t.bounds[6 * c2 + 3 + k]));
    }
    stack.push(c1, c2);
  }
  expect(nodes).toBe(t.nodeCount);
  expect(leaves.size).toBe(t.leafCount);
  expect(nodes).toBe(Math.max(0, 2 * t.leafCount - 1));
  return leaves;
}

type Op = { kind: 'insert'; box: Box } | { kind: 'update'; which: number; box: Box } | { kind: 'remove'; which: number } | { kind: 'query'; box: Box };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: boxArb.map((box) => ({ kind: 'insert' as const, box })) },
  { weight: 3, arbitrary: fc.tuple(fc.nat(), boxArb).map(([which, box]) => ({ kind: 'update' as const, which, box })) },
  { weight: 2, arbitrary: fc.nat().map((which) => ({ kind: 'remove' as const, which })) },
  { weight: 2, arbitrary: boxArb.map((box) => ({ kind: 'query' as const, box })) },
);

describe('DynamicTree', () => {
  it('random inserts, updates and removals: queries equal brute force, the tree stays well formed and balanced', () => {
    fc.assert(fc.property(fc.array(opArb, { minLength: 1, maxLength: 300 }), (ops) => {
      const tree = new DynamicTree(2); // grows from 2 nodes: the growth path runs too
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
          const want = [...live.values()].filter((l) => overlaps(l.box, op.box)).map((l) => l.item);
          expect(found.sort((a, b) => a - b)).toEqual(want.sort((a, b) => a - b));
        }
      }
      const leaves = validate(tree);
      expect([...leaves].sort((a, b) => a - b)).toEqual([...live.keys()].sort((a, b) => a - b));
      for (const [p, l] of live) for (let k = 0; k < 6; k++) same(tree.bounds[6 * p + k], l.box[k]);
      if (tree.leafCount > 1) expect(tree.treeHeight).toBeLessThanOrEqual(Math.ceil(1.45 * Math.log2(tree.leafCount + 2)));
    }), { numRuns: runs(200) });
  });

  it('10,000 leaves inserted in sorted order (the worst case for a naive tree) stay balanced', () => {
    const tree = new DynamicTree();
    for (let i = 0; i < 10_000; i++) tree.insert(Float64Array.of(i, 0, 0, i + 0.5, 1, 1), i);
    validate(tree);
    expect(tree.treeHeight).toBeLessThanOrEqual(Math.ceil(1.45 * Math.log2(10_002)));
    const found: number[] = [];
    tree.query(Float64Array.of(100.2, 0, 0, 103.1, 1, 1), (leaf, out: number[]) => { out.push(tree.item[leaf]); return false; }, found);
    expect(found.sort((a, b) => a - b)).toEqual([100, 101, 102, 103]);
  });

  it('a query stops when the visitor says so; contains tells a box inside a fat box', () => {
    const tree = new DynamicTree();
    for (let i = 0; i < 50; i++) tree.insert(Float64Array.of(0, 0, 0, 1, 1, 1), i);
    let visits = 0;
    expect(tree.query(Float64Array.of(0, 0, 0, 1, 1, 1), () => ++visits === 3, null)).toBe(true);
    expect(visits).toBe(3);
    const p = tree.insert(Float64Array.of(-1, -1, -1, 2, 2, 2), 99);
    expect(tree.contains(p, Float64Array.of(0, 0, 0, 1, 1, 1))).toBe(true);
    expect(tree.contains(p, Float64Array.of(0, 0, 0, 1, 1, 2.5))).toBe(false);
  });

  it('a proxy that is not a live leaf is an InvalidArgumentError naming it', () => {
    const tree = new DynamicTree();
    const a = tree.insert(Float64Array.of(0, 0, 0, 1, 1, 1), 0);
    tree.insert(Float64Array.of(2, 0, 0, 3, 1, 1), 1);
    const inner = tree.root;
    expect(() => tree.remove(inner)).toThrow(InvalidArgumentError);
    tree.remove(a);
    expect(() => tree.remove(a)).toThrow(/proxy/);
    expect(() => tree.update(-1, Float64Array.of(0, 0, 0, 1, 1, 1))).toThrow(/proxy/);
    expect(() => tree.update(1.5, Float64Array.of(0, 0, 0, 1, 1, 1))).toThrow(/proxy/);
  });
});
