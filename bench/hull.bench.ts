/**
 * Hull building and hull support queries.
 *
 *   node --expose-gc --import tsx bench/hull.bench.ts
 *
 * Builds: 1,000 and 100,000 points uniform in the unit ball, and 100,000 points on the unit sphere
 * (all of them hull vertices), against quickhull3d (`quickhull3d/dist/quickhull3d.js`; its package
 * entry does not load under Node ESM), three.js's ConvexHull and rapier (parry's hull in WASM,
 * float32), all in this process, on the same seeded points (mulberry32, bench/pools.ts). Inputs are
 * converted to each library's format outside the timing. Figures are the median of several timed
 * repetitions after a warm-up, in ms per build.
 *
 * Support queries on a 1,000-vertex hull (points on a sphere): ns per query by scan and by hill
 * climbing, on (a) random directions and (b) a slowly turning direction (GJK-like warm starts); and the
 * same on hulls of 16 to 128 vertices, which is how HULL_CLIMB_MIN_VERTICES was chosen.
 *
 * Benchmarks never assert.
 */
import RAPIER from '@dimforge/rapier3d-compat';
import qh from 'quickhull3d/dist/quickhull3d.js';
import { ConvexHull as ThreeConvexHull } from 'three/examples/jsm/math/ConvexHull.js';
import { buildHullFromCoords, type Hull } from '../src/hull/build-hull.js';
import { ConvexHull } from '../src/shapes/convex-hull.js';
import { makeBallPoints, makeSpherePoints, mulberry32 } from './pools.js';
import { peerHullInputs } from './peers/hull-inputs.js';

export interface HullBenchRow {
  name: string;
  msPerOp?: number;
  nsPerOp?: number;
  /** The library measured ("convex-collide" for ours). */
  peer?: string;
}

/** The build the benchmark runner (bench/build.bench.ts) times: packed xyz in, hull out. */
export function buildHullBench(coords: Float64Array): Hull {
  return buildHullFromCoords(coords);
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[s.length >> 1];
}

/** ms per call of `fn`: warm-up, then the median of `reps` timed calls (each ≥ 1 run). */
function timeMs(fn: () => unknown, reps: number, warmups = 2): number {
  for (let i = 0; i < warmups; i++) fn();
  const times: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

let sink = 0;

/** ns per support query over `dirs` (packed xyz), median of 5 passes. */
function timeSupport(query: (x: number, y: number, z: number) => number, dirs: Float64Array, passes = 5): number {
  const n = dirs.length / 3;
  const times: number[] = [];
  for (let p = 0; p < passes + 1; p++) {
    const t0 = performance.now();
    let acc = 0;
    for (let i = 0; i < n; i++) acc += query(dirs[3 * i], dirs[3 * i + 1], dirs[3 * i + 2]);
    const t = performance.now() - t0;
    sink += acc;
    if (p > 0) times.push((t * 1e6) / n);
  }
  return median(times);
}

function randomDirs(n: number, seed: number): Float64Array {
  const rnd = mulberry32(seed);
  const out = new Float64Array(3 * n);
  for (let i = 0; i < 3 * n; i++) out[i] = 2 * rnd() - 1;
  return out;
}

/** A direction turning by about 1° per query: consecutive GJK iterations look like this. */
function turningDirs(n: number): Float64Array {
  const out = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    const a = i * 0.017, b = i * 0.0071;
    out[3 * i] = Math.cos(a) * Math.cos(b);
    out[3 * i + 1] = Math.sin(a) * Math.cos(b);
    out[3 * i + 2] = Math.sin(b);
  }
  return out;
}

export async function runHullBench(options: { quick?: boolean; log?: (line: string) => void } = {}): Promise<HullBenchRow[]> {
  const log = options.log ?? (() => {});
  const quick = options.quick ?? false;
  await RAPIER.init();
  const rows: HullBenchRow[] = [];
  const cases: Array<[string, Float64Array, number]> = [
    ['1,000 points in a ball', makeBallPoints(1000), 41],
    ['100,000 points in a ball', makeBallPoints(quick ? 20_000 : 100_000), quick ? 5 : 9],
    ['100,000 points on a sphere', makeSpherePoints(quick ? 20_000 : 100_000), quick ? 3 : 5],
  ];
  for (const [label, coords, reps] of cases) {
    const { arrays, vectors, f32 } = peerHullInputs(coords);
    const slowReps = Math.max(3, Math.min(reps, 5));
    const peers: Array<[string, () => unknown, number]> = [
      ['convex-collide', () => buildHullFromCoords(coords), reps],
      ['quickhull3d', () => qh(arrays), slowReps],
      ['three.js', () => new ThreeConvexHull().setFromPoints(vectors), slowReps],
      ['rapier', () => {
        const raw = new RAPIER.ConvexPolyhedron(f32, null).intoRaw();
        raw.free();
        return raw;
      }, reps],
    ];
    for (const [peer, fn, r] of peers) {
      const ms = timeMs(fn, r);
      rows.push({ name: `hull build, ${label}`, msPerOp: ms, peer });
      log(`hull build, ${label.padEnd(28)} ${peer.padEnd(15)} ${ms.toFixed(2).padStart(9)} ms`);
    }
  }

  // Support queries: scan vs hill climb, by hull size.
  const nq = quick ? 20_000 : 200_000;
  const rand = randomDirs(nq, 0x2468), turn = turningDirs(nq);
  for (const size of [16, 32, 64, 128, 1000]) {
    const hull = new ConvexHull(makeSpherePoints(size, 0x1357 + size));
    const scan = (x: number, y: number, z: number): number => hull.supportIndexByScan(x, y, z);
    const climb = (x: number, y: number, z: number): number => hull.supportIndexByClimb(x, y, z);
    for (const [dirLabel, dirs] of [['random', rand], ['turning', turn]] as const) {
      for (const [how, q] of [['scan', scan], ['climb', climb]] as const) {
        const ns = timeSupport(q, dirs);
        rows.push({ name: `support ${hull.vertexCount} vertices, ${dirLabel} directions, ${how}`, nsPerOp: ns, peer: 'convex-collide' });
        log(`support ${String(hull.vertexCount).padStart(4)} vertices, ${dirLabel.padEnd(7)} ${how.padEnd(5)} ${ns.toFixed(1).padStart(8)} ns`);
      }
    }
  }
  if (sink === 0.5) log('');
  return rows;
}

const isMain = typeof process !== 'undefined' && process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '\0');
if (isMain) {
  runHullBench({ quick: process.argv.includes('--quick'), log: (l) => console.log(l) }).catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
