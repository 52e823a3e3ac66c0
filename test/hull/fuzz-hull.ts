/**
 * Long-running fuzzing of buildHull with the two generators of quickhull.prop.test.ts (random clouds,
 * integer lattices perturbed by 1e-16..1e-9), seed after seed, every hull checked by validateHull.
 * Not part of `npm test`: run `npx tsx test/hull/fuzz-hull.ts [seconds] [first seed]` (defaults 60 and 1)
 * and turn what it prints into golden tests. A failing seed prints its first counterexample, unshrunk
 * (endOnFailure): shrinking 80 random doubles ran for more than five minutes, past the time given.
 */
import fc from 'fast-check';
import { buildHull } from '../../src/hull/build-hull.js';
import { validateHull } from '../../src/hull/validate-hull.js';
import { centredLcg } from '../random.js';

const seconds = Number(process.argv[2] ?? 60);
const firstSeed = Number(process.argv[3] ?? 1);
const coord = fc.double({ min: -10, max: 10, noNaN: true, noDefaultInfinity: true }).map((x) => (Math.abs(x) < 1e-6 ? 0 : x));
const cloud = fc.array(fc.tuple(coord, coord, coord), { minLength: 1, maxLength: 80 });
const lattice = fc.tuple(
  fc.array(fc.tuple(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 })), { minLength: 4, maxLength: 120 }),
  fc.integer({ min: -16, max: -9 }),
  fc.integer(),
);

function perturbed([pts, exp, seed]: [Array<[number, number, number]>, number, number]): number[] {
  const u = centredLcg(seed);
  return pts.flat().map((c) => c + 10 ** exp * u());
}

function problem(f: number[]): string | null {
  try {
    const h = buildHull(f);
    const e = validateHull(h, f).errors;
    return e.length ? `dimension ${h.dimension}: ${e[0]}` : null;
  } catch (err) {
    return String(err);
  }
}

let runs = 0, failing = 0;
const t0 = Date.now();
let seed = firstSeed;
for (; Date.now() - t0 < seconds * 1000; seed++) {
  const a = fc.check(fc.property(lattice, (x) => { runs++; return problem(perturbed(x)) === null; }), { seed, numRuns: 500, endOnFailure: true });
  if (a.failed) {
    failing++;
    const x = a.counterexample![0];
    console.log(`lattice seed ${seed}: ${JSON.stringify(x)} -> ${problem(perturbed(x))}`);
  }
  const b = fc.check(fc.property(cloud, (pts) => { runs++; return problem(pts.flat()) === null; }), { seed, numRuns: 300, endOnFailure: true });
  if (b.failed) {
    failing++;
    const pts = b.counterexample![0];
    console.log(`cloud seed ${seed}: ${JSON.stringify(pts)} -> ${problem(pts.flat())}`);
  }
}
console.log(`${runs} builds, seeds ${firstSeed} to ${seed - 1}, ${failing} failing seeds`);
// A failing seed fails the command (npm run test:stress runs this fuzzer).
if (failing > 0) process.exitCode = 1;
