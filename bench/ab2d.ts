/**
 * A/B of two builds' 2D entries in one process (bench/ab.ts's method, on the plane benchmark's pools):
 * every round times one batch of base then head, or head then base (alternating), and a row reports the
 * median of head ÷ base. Both sides first answer every pair, and any difference is printed.
 *
 *   npm run build && node --import tsx bench/ab2d.ts BASE_DIST HEAD_DIST [rounds=15]
 *
 * AB_ROWS=<regexp> runs only the rows whose names match.
 */
import { pathToFileURL } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { makePlanePool, type PlaneKind } from './plane-pools.js';

type Lib = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const [baseDir, headDir, roundsArg] = process.argv.slice(2);
if (!baseDir || !headDir) throw new Error('usage: ab2d.ts BASE_DIST HEAD_DIST [rounds]');
const rounds = Number(roundsArg ?? 15);
/** A copy of a build must sit under a package.json of type "module" (bench/ab.ts says why). */
const load = async (dir: string): Promise<Lib> => {
  for (let d = resolve(dir); dirname(d) !== d; d = dirname(d)) {
    const file = join(d, 'package.json');
    if (!existsSync(file)) continue;
    if ((JSON.parse(readFileSync(file, 'utf8')) as { type?: string }).type === 'module') break;
    throw new Error(`${dir} is not under a package.json of type "module": echo '{"type":"module"}' > ${join(dir, 'package.json')}`);
  }
  return import(pathToFileURL(resolve(dir, '2d/index.js')).href);
};
const libs = [await load(baseDir), await load(headDir)];
const filter = process.env.AB_ROWS ? new RegExp(process.env.AB_ROWS) : null;

interface Side { run(count: number): number; answer(i: number): number }

function sides(kind: PlaneKind, query: string): [Side, Side] {
  const p = makePlanePool(kind, 4000), n = 4000;
  return libs.map((L) => {
    const mk = (d: Float64Array): unknown => (kind === 'circles' ? new L.Circle(d[0]) : kind === 'boxes' ? new L.Box2(d[0], d[1]) : new L.Polygon(d));
    const A = p.a.map(mk), B = p.b.map(mk);
    const PA = p.a.map((_, i) => ({ position: { x: 0, y: 0 }, angle: p.angleA[i] }));
    const PB = p.a.map((_, i) => ({ position: { x: p.bx[i], y: p.by[i] }, angle: p.angleB[i] }));
    const rec = L.createContactResult(), man = L.createManifold(), cast = L.createShapeCastResult(), hit = L.createRayHit();
    const opts = { maxTime: 1, targetSeparation: 0.005 };
    const turn = query === 'shape cast' ? 1 : 0;
    const M = p.a.map((_, i) => ({ linear: { x: -1.5 * p.bx[i], y: -1.5 * p.by[i] }, angular: turn }));
    const O = p.a.map((_, i) => ({ x: 3 * Math.cos(i), y: 3 * Math.sin(i) })), D = p.a.map((_, i) => ({ x: -Math.cos(i + 0.3 * Math.sin(7 * i)), y: -Math.sin(i + 0.3 * Math.sin(7 * i)) }));
    const expr: Record<string, string> = {
      distance: 'L.distance(A[i], PA[i], B[i], PB[i])',
      intersects: '(L.intersects(A[i], PA[i], B[i], PB[i]) ? 1 : 0)',
      contact: 'L.contact(A[i], PA[i], B[i], PB[i], rec).separation',
      manifold: '(L.contactManifold(A[i], PA[i], B[i], PB[i], man) ? man.count + man.points[0].separation : -1)',
      'ray cast': '(L.rayCast(A[i], PA[i], O[i], D[i], hit)?.t ?? -1)',
    };
    const e = expr[query] ?? '(L.shapeCast(A[i], PA[i], null, B[i], PB[i], M[i], cast, opts)?.time ?? -1)';
    // Compiled anew for each side (bench/ab.ts): the two builds never share a call site or its feedback.
    const env = { L, A, B, PA, PB, rec, man, cast, hit, opts, M, O, D, n };
    const args = Object.keys(env), vals = Object.values(env);
    const one = new Function(...args, `return (i) => ${e};`)(...vals) as (i: number) => number;
    const run = new Function(...args, `return (count) => { let s = 0; for (let q = 0, i = 0; q < count; q++, i = i + 1 === n ? 0 : i + 1) s += ${e}; return s; };`)(...vals) as (c: number) => number;
    return { answer: one, run };
  }) as [Side, Side];
}

const rows: Array<[PlaneKind, string]> = [
  ['8-gons', 'distance'], ['8-gons', 'intersects'], ['8-gons', 'contact'], ['8-gons', 'manifold'], ['8-gons', 'ray cast'],
  ['8-gons', 'shape cast'], ['8-gons', 'linear cast'], ['30-gons', 'contact'], ['boxes', 'contact'], ['boxes', 'manifold'],
  ['circles', 'distance'], ['circles', 'contact'],
];
for (const [kind, query] of rows) {
  const name = `2d ${kind} ${query}`;
  if (filter && !filter.test(name)) continue;
  const [base, head] = sides(kind, query);
  let diffs = 0;
  for (let i = 0; i < 4000; i++) {
    const x = base.answer(i), y = head.answer(i);
    if (!(Math.abs(x - y) <= 1e-9 * (1 + Math.abs(x)))) { if (diffs < 3) console.log(`  ${name} pair ${i}: base ${x}, head ${y}`); diffs++; }
  }
  // Batch size for about 20 ms.
  let count = 200;
  for (;;) { const t0 = performance.now(); base.run(count); if (performance.now() - t0 > 20) break; count *= 2; }
  const ratios: number[] = [];
  let tb = 0, th = 0;
  for (let r = 0; r < rounds; r++) {
    let t0 = 0, b = 0, h = 0;
    if (r % 2 === 0) { t0 = performance.now(); base.run(count); b = performance.now() - t0; t0 = performance.now(); head.run(count); h = performance.now() - t0; }
    else { t0 = performance.now(); head.run(count); h = performance.now() - t0; t0 = performance.now(); base.run(count); b = performance.now() - t0; }
    ratios.push(h / b); tb += b; th += h;
  }
  ratios.sort((x, y) => x - y);
  const ns = (t: number): string => ((t * 1e6) / (count * rounds)).toFixed(0);
  console.log(`${name.padEnd(26)} head/base ${ratios[rounds >> 1].toFixed(3)}  (base ${ns(tb)} ns, head ${ns(th)} ns)${diffs ? `  ${diffs} answers differ` : ''}`);
}
