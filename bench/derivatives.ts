/**
 * contactDerivatives against contact (issue 36's target: at most 1.3× a contact), and with its second order,
 * in one process, the sides alternating round by round, each through a loop of its own (compiled apart, so that neither
 * shares a call site or its type feedback with the other), on the POOLS.md pools and on pairs of curved
 * shapes; and how many pairs are smooth.
 *
 *   node --import tsx bench/derivatives.ts [rounds=15]
 */
import * as lib from '../src/index.js';
import { makeBoxesPool, makeHullsPool, makeSphereBoxPool, randomRotation } from './pools.js';
import { oursPairs } from './peers/ours.js';
import { mulberry32 } from '../test/random.js';

const rounds = Number(process.argv[2] ?? 15);
type Pairs = { sA: lib.Shape[]; sB: lib.Shape[]; pA: lib.PoseLike[]; pB: lib.PoseLike[] };

/** Pairs of curved and mixed kinds: a capsule, a cylinder, a cone, an ellipsoid and a rounded box against a box and a hull, seeded. */
function curvedPairs(size: number): Pairs {
  const rnd = mulberry32(0x3636), q = new Float64Array(4);
  const kinds: lib.Shape[] = [new lib.Capsule(0.4, 0.3), new lib.Cylinder(0.4, 0.5), new lib.Cone(0.5, 0.4), new lib.Ellipsoid(0.6, 0.4, 0.3), new lib.Rounded(new lib.Box(0.3, 0.3, 0.3), 0.1)];
  const others: lib.Shape[] = [new lib.Box(0.7, 0.5, 0.6), new lib.ConvexHull(Array.from({ length: 20 }, () => ({ x: rnd() - 0.5, y: rnd() - 0.5, z: rnd() - 0.5 })))];
  const out: Pairs = { sA: [], sB: [], pA: [], pB: [] };
  const pose = (x: number, y: number, z: number) => { randomRotation(rnd, q, 0); return { position: { x, y, z }, quaternion: { x: q[0], y: q[1], z: q[2], w: q[3] } }; };
  for (let i = 0; i < size; i++) {
    out.sA.push(others[i % 2]); out.sB.push(kinds[i % kinds.length]);
    out.pA.push(pose(0, 0, 0)); out.pB.push(pose(2 * rnd() - 1, 2 * rnd() - 1, 2 * rnd() - 1));
  }
  return out;
}

const SIZE = 1024;
const pools: [string, Pairs][] = [
  ['boxes', oursPairs(makeBoxesPool(SIZE))], ['sphere–box', oursPairs(makeSphereBoxPool(SIZE))], ['hulls (30 points)', oursPairs(makeHullsPool(2, SIZE))],
  ['curved and mixed', curvedPairs(SIZE)],
];
// Each side's loop compiled anew, so the two never share a call site.
const loop = (call: string, options = 'undefined') => new Function('l', 'p', 'out', `const o = ${options}; let s = 0; for (let i = 0; i < p.sA.length; i++) s += l.${call}(p.sA[i], p.pA[i], p.sB[i], p.pB[i], out, o).separation; return s;`) as (l: typeof lib, p: Pairs, out: unknown) => number;
console.log(`${SIZE} pairs a pool, median of ${rounds} rounds`);
console.log('| pool | contact µs | contactDerivatives µs | ratio (target ≤ 1.3) | with secondOrder µs | ratio | smooth |');
console.log('|---|--:|--:|--:|--:|--:|--:|');
for (const [name, p] of pools) {
  const sides = { contact: loop('contact'), derivatives: loop('contactDerivatives'), second: loop('contactDerivatives', '{ secondOrder: true }') };
  const outs = { contact: lib.createContactResult(), derivatives: lib.createContactDerivatives(), second: lib.createContactDerivatives() };
  let smooth = 0;
  for (let i = 0; i < SIZE; i++) if (lib.contactDerivatives(p.sA[i], p.pA[i], p.sB[i], p.pB[i]).smooth) smooth++;
  const ratios: number[] = [], ratios2: number[] = [], times = { contact: [] as number[], derivatives: [] as number[], second: [] as number[] };
  for (let r = 0; r <= rounds; r++) {
    const t = { contact: 0, derivatives: 0, second: 0 };
    for (const side of r % 2 === 0 ? (['contact', 'derivatives', 'second'] as const) : (['second', 'derivatives', 'contact'] as const)) {
      const start = process.hrtime.bigint();
      for (let k = 0; k < 4; k++) sides[side](lib, p, outs[side]);
      t[side] = Number(process.hrtime.bigint() - start) / 1000 / (4 * SIZE);
    }
    if (r === 0) continue; // (warm-up)
    times.contact.push(t.contact); times.derivatives.push(t.derivatives); times.second.push(t.second);
    ratios.push(t.derivatives / t.contact); ratios2.push(t.second / t.contact);
  }
  const median = (x: number[]) => [...x].sort((a, b) => a - b)[x.length >> 1];
  console.log(`| ${name} | ${median(times.contact).toFixed(3)} | ${median(times.derivatives).toFixed(3)} | ${median(ratios).toFixed(2)} | ${median(times.second).toFixed(3)} | ${median(ratios2).toFixed(2)} | ${(100 * smooth / SIZE).toFixed(1)} % |`);
}
