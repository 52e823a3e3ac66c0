/**
 * A/B of two builds of the library in one process: the way to tell whether a change costs speed on
 * this machine, whose speed drifts by up to 2× between runs minutes apart (an absolute time from
 * another run proves nothing; a ratio measured here, alternating the two sides, does).
 *
 *   npm run build && node --import tsx bench/ab.ts BASE_DIST HEAD_DIST [rounds=15] [processes=4]
 *
 * AB_ROWS=<regexp> runs only the rows whose names match (e.g. AB_ROWS=hull).
 *
 * BASE_DIST and HEAD_DIST are `dist/` folders (the base one from a checkout of the commit to compare
 * against, built with `npx tsc -p tsconfig.build.json`). For every row (the benchmark's pairwise
 * queries on the POOLS.md pools and two hull builds, through each build's public entry), each round
 * times one batch of base then one of head, or head then base (the order alternates by round), in
 * several processes that load the builds in both orders; the row reports the median of head ÷ base over
 * all rounds. Both sides first answer every pair of the row, and any difference is printed: a speed
 * comparison of different answers means nothing.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { makeBallPoints, makeBoxesPool, makeHullsPool, makeSphereBoxPool, poseOf, type Pool } from './pools.js';

type Lib = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Row {
  name: string;
  pool: Pool;
  /** Pair indices of the row (all, or the overlapping ones for penetration). */
  pairs: number[];
  /**
   * One query on pair i as a JS expression of `l` (the library), `s` (the side) and `i`, giving a number
   * to check and to keep the result alive. Compiled anew for each side (new Function), so the two
   * builds never share a call site or its type feedback: a shared call site would see both builds'
   * functions and inline or not inline them unequally.
   */
  query: string;
  batch: number;
  /** Points for hull-building rows (`s.pts` in the query). */
  points?: Float64Array;
  /**
   * Other kinds on a pool's numbers and poses (the sphere–box pool's): capsules (A's half extents x and
   * y/2 as half height and radius, B's radius as both) or spheres (A's x, B's radius).
   */
  kinds?: 'capsules' | 'spheres';
}

type Loop = (l: Lib, s: Side, pairs: number[], start: number, count: number) => number;

interface Side {
  lib: Lib;
  /** The row's timed loop, compiled for this side. */
  loop: Loop;
  /** One query, compiled for this side (for the answer check). */
  one: (l: Lib, s: Side, i: number) => number;
  sA: unknown[];
  sB: unknown[];
  pA: unknown[];
  pB: unknown[];
  out: Record<string, unknown>;
  pts: Float64Array | undefined;
}

function sideFor(lib: Lib, row: Row): Side {
  const p = row.pool;
  const sA: unknown[] = [], sB: unknown[] = [], pA: unknown[] = [], pB: unknown[] = [];
  const hull = p.kind === 'hulls' ? new lib.ConvexHull(p.template) : null;
  for (let i = 0; i < p.size; i++) {
    pA.push(poseOf(p, i, false));
    pB.push(poseOf(p, i, true));
    if (p.kind === 'hulls') {
      sA.push(hull); sB.push(hull);
    } else if (row.kinds !== undefined && p.kind === 'sphere-box') {
      const capsules = row.kinds === 'capsules';
      sA.push(capsules ? new lib.Capsule(p.halfA[3 * i], p.halfA[3 * i + 1] / 2) : new lib.Sphere(p.halfA[3 * i]));
      sB.push(capsules ? new lib.Capsule(p.radiusB[i], p.radiusB[i]) : new lib.Sphere(p.radiusB[i]));
    } else {
      sA.push(new lib.Box(p.halfA[3 * i], p.halfA[3 * i + 1], p.halfA[3 * i + 2]));
      sB.push(p.kind === 'boxes' ? new lib.Box(p.halfB[3 * i], p.halfB[3 * i + 1], p.halfB[3 * i + 2]) : new lib.Sphere(p.radiusB[i]));
    }
  }
  const loop = new Function('l', 's', 'pairs', 'start', 'count', `
    const n = pairs.length;
    let sink = 0, k = start % n;
    for (let c = 0; c < count; c++) {
      const i = pairs[k];
      sink += ${row.query};
      if (++k === n) k = 0;
    }
    return sink;`) as Loop;
  const one = new Function('l', 's', 'i', `return ${row.query};`) as Side['one'];
  return { lib, loop, one, sA, sB, pA, pB, out: { pen: lib.createPenetrationResult(), con: lib.createContactResult(), cp: lib.createClosestPointsResult() }, pts: row.points };
}

async function load(dir: string): Promise<Lib> {
  return import(pathToFileURL(resolve(dir, 'index.js')).href) as Promise<Lib>;
}

/**
 * A build must sit under a package.json of type "module" (its checkout, or one written beside a copy):
 * without one Node detects the module syntax, and such a copy measured 1.4–2× slower than the same
 * files in their checkout (buildHull 1,000 points: 1.9×), which an A/B would read as a regression.
 */
function requireModulePackage(dir: string): void {
  for (let d = resolve(dir); ; d = dirname(d)) {
    const file = join(d, 'package.json');
    if (existsSync(file)) {
      if ((JSON.parse(readFileSync(file, 'utf8')) as { type?: string }).type === 'module') return;
      break;
    }
    if (dirname(d) === d) break;
  }
  throw new Error(`${dir} is not under a package.json with "type": "module"; write one beside the copy: echo '{"type":"module"}' > ${join(dir, 'package.json')}`);
}

function timeBatch(row: Row, side: Side, start: number): { ns: number; sink: number } {
  const t0 = process.hrtime.bigint();
  const sink = side.loop(side.lib, side, row.pairs, start, row.batch);
  const t1 = process.hrtime.bigint();
  return { ns: Number(t1 - t0) / row.batch, sink };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]);
};

/** The rows: the benchmark's pairwise queries and two hull builds, with the pair lists they use. */
function makeRows(probeLib: Lib): Row[] {
  const boxes = makeBoxesPool(), sphereBox = makeSphereBoxPool(), hulls2 = makeHullsPool(2), hulls3 = makeHullsPool(3);
  const all = (p: Pool) => Array.from({ length: p.size }, (_, i) => i);
  const probe = sideFor(probeLib, { name: 'probe', pool: boxes, pairs: [], batch: 0, query: '0' });
  const overlapping = all(boxes).filter((i) => probeLib.penetration(probe.sA[i], probe.pA[i], probe.sB[i], probe.pB[i]) !== null);
  const rows: Row[] = [
    { name: 'box-box intersects', pool: boxes, pairs: all(boxes), batch: 20_000, query: '(l.intersects(s.sA[i], s.pA[i], s.sB[i], s.pB[i]) ? 1 : 0)' },
    { name: 'box-box distance', pool: boxes, pairs: all(boxes), batch: 20_000, query: 'l.distance(s.sA[i], s.pA[i], s.sB[i], s.pB[i])' },
    { name: 'box-box penetration', pool: boxes, pairs: overlapping, batch: 5_000, query: 'l.penetration(s.sA[i], s.pA[i], s.sB[i], s.pB[i], s.out.pen).depth' },
    { name: 'box-box contact', pool: boxes, pairs: all(boxes), batch: 5_000, query: 'l.contact(s.sA[i], s.pA[i], s.sB[i], s.pB[i], s.out.con).separation' },
    { name: 'box-box closestPoints', pool: boxes, pairs: all(boxes), batch: 5_000, query: 'l.closestPoints(s.sA[i], s.pA[i], s.sB[i], s.pB[i], s.out.cp).distance' },
    { name: 'sphere-box closestPoints', pool: sphereBox, pairs: all(sphereBox), batch: 20_000, query: 'l.closestPoints(s.sA[i], s.pA[i], s.sB[i], s.pB[i], s.out.cp).distance' },
    { name: 'hull30 R2 closestPoints', pool: hulls2, pairs: all(hulls2), batch: 10_000, query: 'l.closestPoints(s.sA[i], s.pA[i], s.sB[i], s.pB[i], s.out.cp).distance' },
    { name: 'sphere-box distance', pool: sphereBox, pairs: all(sphereBox), batch: 20_000, query: 'l.distance(s.sA[i], s.pA[i], s.sB[i], s.pB[i])' },
    { name: 'sphere-box contact', pool: sphereBox, pairs: all(sphereBox), batch: 20_000, query: 'l.contact(s.sA[i], s.pA[i], s.sB[i], s.pB[i], s.out.con).separation' },
    { name: 'sphere-sphere contact', pool: sphereBox, pairs: all(sphereBox), batch: 20_000, kinds: 'spheres', query: 'l.contact(s.sA[i], s.pA[i], s.sB[i], s.pB[i], s.out.con).separation' },
    { name: 'capsule-capsule contact', pool: sphereBox, pairs: all(sphereBox), batch: 20_000, kinds: 'capsules', query: 'l.contact(s.sA[i], s.pA[i], s.sB[i], s.pB[i], s.out.con).separation' },
    { name: 'capsule-capsule distance', pool: sphereBox, pairs: all(sphereBox), batch: 20_000, kinds: 'capsules', query: 'l.distance(s.sA[i], s.pA[i], s.sB[i], s.pB[i])' },
    { name: 'hull30 R2 intersects', pool: hulls2, pairs: all(hulls2), batch: 10_000, query: '(l.intersects(s.sA[i], s.pA[i], s.sB[i], s.pB[i]) ? 1 : 0)' },
    { name: 'hull30 R2 distance', pool: hulls2, pairs: all(hulls2), batch: 10_000, query: 'l.distance(s.sA[i], s.pA[i], s.sB[i], s.pB[i])' },
    { name: 'hull30 R3 distance', pool: hulls3, pairs: all(hulls3), batch: 10_000, query: 'l.distance(s.sA[i], s.pA[i], s.sB[i], s.pB[i])' },
    { name: 'hull30 R2 contact', pool: hulls2, pairs: all(hulls2), batch: 3_000, query: 'l.contact(s.sA[i], s.pA[i], s.sB[i], s.pB[i], s.out.con).separation' },
    { name: 'buildHull 1,000 points', pool: hulls2, pairs: [0], batch: 200, points: makeBallPoints(1000), query: 'l.buildHull(s.pts).faceCount' },
    { name: 'buildHull 100,000 points', pool: hulls2, pairs: [0], batch: 3, points: makeBallPoints(100_000), query: 'l.buildHull(s.pts).faceCount' },
  ];
  // AB_ROWS=<regexp> keeps the rows whose names match (for a quick look at one query).
  const only = process.env.AB_ROWS;
  return only ? rows.filter((r) => new RegExp(only).test(r.name)) : rows;
}

interface RowResult { name: string; ratios: number[]; firstNs: number; secondNs: number; differ: number }

/**
 * One process's measurement: `first` is loaded first and built first. Per row, the ratios second ÷ first
 * of `rounds` alternating batches.
 */
async function measure(firstDir: string, secondDir: string, rounds: number): Promise<RowResult[]> {
  const first = await load(firstDir), second = await load(secondDir);
  const out: RowResult[] = [];
  for (const row of makeRows(first)) {
    const a = sideFor(first, row), b = sideFor(second, row);
    let differ = 0;
    for (const i of row.pairs) {
      if (!Object.is(a.one(first, a, i), b.one(second, b, i))) differ++;
    }
    for (let w = 0; w < 3; w++) { timeBatch(row, a, 0); timeBatch(row, b, 0); }
    const ratios: number[] = [], ta: number[] = [], tb: number[] = [];
    let sink = 0;
    for (let r = 0; r < rounds; r++) {
      const start = r * row.batch;
      let x, y;
      if (r % 2 === 0) { x = timeBatch(row, a, start); y = timeBatch(row, b, start); } else { y = timeBatch(row, b, start); x = timeBatch(row, a, start); }
      sink += x.sink + y.sink;
      ta.push(x.ns); tb.push(y.ns); ratios.push(y.ns / x.ns);
    }
    if (Number.isNaN(sink)) differ = -1;
    out.push({ name: row.name, ratios, firstNs: median(ta), secondNs: median(tb), differ });
  }
  return out;
}

/**
 * Runs `processes` child processes, half of them loading base first and half head first (a module loaded
 * first measured up to 20 % faster on some rows of identical builds), and reports per row the median
 * of all their head ÷ base ratios, with the per-process medians.
 */
async function main(): Promise<void> {
  if (process.env.AB_CHILD === '1') {
    const [firstDir, secondDir, roundsArg] = process.argv.slice(2);
    process.stdout.write(JSON.stringify(await measure(firstDir, secondDir, Number(roundsArg))));
    return;
  }
  const [baseDir, headDir, roundsArg, processesArg] = process.argv.slice(2);
  if (!baseDir || !headDir) {
    process.stderr.write('usage: node --import tsx bench/ab.ts BASE_DIST HEAD_DIST [rounds=15] [processes=4]\n');
    process.exit(2);
  }
  requireModulePackage(baseDir);
  requireModulePackage(headDir);
  const rounds = Number(roundsArg ?? 15), processes = Number(processesArg ?? 4);
  process.stdout.write(`A/B: base ${baseDir}, head ${headDir}; ${processes} processes (half load head first) of ${rounds} rounds; ratio head / base (< 1: head faster)\n`);
  const runs: { headFirst: boolean; rows: RowResult[] }[] = [];
  for (let p = 0; p < processes; p++) {
    const headFirst = p % 2 === 1;
    const args = [...process.execArgv, fileURLToPath(import.meta.url), headFirst ? headDir : baseDir, headFirst ? baseDir : headDir, String(rounds)];
    const child = spawnSync(process.execPath, args, { env: { ...process.env, AB_CHILD: '1' }, encoding: 'utf8', maxBuffer: 1 << 26 });
    if (child.status !== 0) throw new Error(`measuring process failed: ${child.stderr}`);
    runs.push({ headFirst, rows: JSON.parse(child.stdout) as RowResult[] });
  }
  for (let r = 0; r < runs[0].rows.length; r++) {
    const all: number[] = [], perProcess: string[] = [], baseNs: number[] = [], headNs: number[] = [];
    let differ = 0;
    for (const run of runs) {
      const row = run.rows[r];
      const ratios = run.headFirst ? row.ratios.map((x) => 1 / x) : row.ratios;
      all.push(...ratios);
      perProcess.push(median(ratios).toFixed(2));
      baseNs.push(run.headFirst ? row.secondNs : row.firstNs);
      headNs.push(run.headFirst ? row.firstNs : row.secondNs);
      differ = Math.max(differ, row.differ);
    }
    const fmt = (x: number) => x.toFixed(0).padStart(8);
    process.stdout.write(`${runs[0].rows[r].name.padEnd(25)} base ${fmt(median(baseNs))} ns  head ${fmt(median(headNs))} ns  ratio ${median(all).toFixed(3)}  (per process ${perProcess.join(' ')})${differ > 0 ? `  ANSWERS DIFFER on ${differ} pairs` : differ < 0 ? '  NaN' : ''}\n`);
  }
}

await main();
