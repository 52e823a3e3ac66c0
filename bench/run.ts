/**
 * `npm run bench` — every benchmark in one process, printed as Markdown tables.
 *
 *   npm run bench                      full run (5 runs per case, up to 1,000,000 queries per run)
 *   npm run bench -- --quick           1,000-pair pools, short runs: a smoke test, not figures to quote
 *   npm run bench -- --json [file]     also write the figures as JSON (default bench-results.json, git-ignored)
 *   npm run bench -- --md [file]       also write the tables as Markdown (default bench-results.md, git-ignored)
 *   npm run bench -- --only <text>     only the groups whose name contains <text> (repeatable; --only mesh: bench/mesh.bench.ts;
 *                                      --only 2d: the 2D entry, bench/plane.bench.ts)
 *   npm run bench -- --runs N --target-ms T
 *
 * Needs `node --expose-gc` (the npm script passes it) for the allocation column.
 *
 * Order: every case first answers every pair once for accuracy scoring, which also warms up every
 * code path; then each group is timed, its cases' runs interleaved (bench/harness.ts). The JIT therefore sees all shape kinds before any
 * timing, as it would in an application that mixes them, and no case's figure depends on which
 * cases ran before it.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname } from 'node:path';
import { batchBench } from './batch.bench.js';
import { buildBenches } from './build.bench.js';
import { castBenches } from './cast.bench.js';
import { consume, measureGroup, type Accuracy, type Case, type Timing, type TimingOptions } from './harness.js';
import { meshBench } from './mesh.bench.js';
import { NATIVE, pairwiseBenches, scorePairCase } from './pairwise.bench.js';
import { POOL_SIZE } from './pools.js';
import { rayBenches, type SweepBench } from './ray.bench.js';
import { planeBenches } from './plane.bench.js';
import { summarize } from './summary.js';
import { supportBenches } from './support.bench.js';
import { worldBench } from './world.bench.js';

interface Row {
  group: string;
  lib: string;
  ours: boolean;
  unit: string;
  note: string;
  timing: Timing;
  accuracy: Accuracy | null;
}

function parseArgs(argv: string[]): {
  quick: boolean; json: string | null; md: string | null; only: string[]; runs: number; targetMs: number;
} {
  const o = { quick: false, json: null as string | null, md: null as string | null, only: [] as string[], runs: 5, targetMs: 100 };
  for (let k = 0; k < argv.length; k++) {
    const a = argv[k], next = argv[k + 1];
    const hasValue = next !== undefined && !next.startsWith('--');
    if (a === '--quick') o.quick = true;
    else if (a === '--json') { o.json = hasValue ? next : 'bench-results.json'; if (hasValue) k++; }
    else if (a === '--md') { o.md = hasValue ? next : 'bench-results.md'; if (hasValue) k++; }
    else if (a === '--only' && hasValue) { o.only.push(next); k++; }
    else if (a === '--runs' && hasValue) { o.runs = Number(next); k++; }
    else if (a === '--target-ms' && hasValue) { o.targetMs = Number(next); k++; }
    else throw new Error(`bench: unknown argument ${a}`);
  }
  if (o.quick) o.targetMs = Math.min(o.targetMs, 40);
  return o;
}

function machine(): Record<string, string> {
  let cpu = os.cpus()[0]?.model ?? 'unknown';
  let lscpu = '';
  try {
    lscpu = execSync('lscpu', { encoding: 'utf8' });
    const m = /Model name:\s*(.+)/.exec(lscpu);
    if (m) cpu = m[1].trim();
  } catch { /* lscpu missing: keep os.cpus() */ }
  const pick = (key: string): string => new RegExp(`${key}:\\s*(.+)`).exec(lscpu)?.[1].trim() ?? '?';
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
    const dirty = execSync('git status --porcelain -- src', { encoding: 'utf8' }).trim();
    if (dirty) commit += ` (+ ${dirty.split('\n').length} uncommitted src/ files)`;
  } catch { /* not a git checkout */ }
  return {
    commit, cpu, cpus: String(os.cpus().length), threadsPerCore: pick('Thread\\(s\\) per core'),
    l2: pick('L2 cache'), l3: pick('L3 cache'), hypervisor: pick('Hypervisor vendor'),
    node: process.version, v8: process.versions.v8, os: `${os.type()} ${os.release()}`,
    loadavg: os.loadavg().map((x) => x.toFixed(2)).join(' '),
    date: new Date().toISOString(),
  };
}

function fmtNs(ns: number): string {
  if (ns >= 100) return Math.round(ns).toLocaleString('en-US');
  return ns.toFixed(1);
}

/** Time in the unit of a row: ms for hull builds, ns otherwise. */
function fmtTime(ns: number, unit: string): string {
  return unit === 'build' ? (ns / 1e6).toFixed(ns >= 1e8 ? 0 : 2) : fmtNs(ns);
}

function fmtShare(x: number | undefined): string {
  if (x === undefined) return '';
  if (x === 1) return '100 %';
  return `${(100 * x).toFixed(x > 0.999 ? 2 : 1)} %`;
}

function fmtBytes(b: number | null): string {
  if (b === null) return 'n/a';
  if (b < 0.5) return '0';
  return b < 100 ? b.toFixed(1) : Math.round(b).toLocaleString('en-US');
}

function fmtErr(e: number | undefined): string {
  if (e === undefined) return '';
  if (e === 0) return '0';
  if (!Number.isFinite(e)) return '∞';
  return e.toExponential(1);
}

/** Markdown table for one group: ratio column is peer time / our time (> 1: we are faster). */
function groupTable(rows: Row[]): string {
  const ours = rows.find((r) => r.ours);
  const unit = rows[0].unit;
  const hits = rows.some((r) => r.accuracy?.bothHit !== undefined);
  const boolean = !hits && rows.some((r) => r.accuracy?.agree !== undefined);
  if (hits) return hitTable(rows, ours);
  const head = boolean
    ? `| library | ${unit === 'build' ? 'ms' : 'ns'}/${unit} (median) | runs min–max | peer ÷ ours | bytes/${unit} | agrees with exact |`
    : `| library | ${unit === 'build' ? 'ms' : 'ns'}/${unit} (median) | runs min–max | peer ÷ ours | bytes/${unit} | ≤ 1e-6 | ≤ 1e-3 | max error |`;
  const sep = boolean ? '|---|--:|--:|--:|--:|--:|' : '|---|--:|--:|--:|--:|--:|--:|--:|';
  const lines = [head, sep];
  for (const r of rows) {
    const t = r.timing;
    const ratio = ours && !r.ours ? `${(t.nsMedian / ours.timing.nsMedian).toFixed(1)}×` : r.ours ? '1' : '';
    const a = r.accuracy;
    const subset = a && a.n < Math.max(...rows.map((x) => x.accuracy?.n ?? 0)) ? ` (first ${a.n.toLocaleString('en-US')})` : '';
    const acc = boolean
      ? `${a ? fmtShare(a.agree) : ''}${subset}${a && a.failures ? ` (${a.failures} failed)` : ''} |`
      : `${fmtShare(a?.within1e6)}${subset} | ${fmtShare(a?.within1e3)} | ${fmtErr(a?.maxError)}${a && a.failures ? ` (${a.failures} failed)` : ''} |`;
    lines.push(`| ${r.ours ? `**${r.lib}**` : r.lib} | ${fmtTime(t.nsMedian, unit)} | ${fmtTime(t.nsMin, unit)}–${fmtTime(t.nsMax, unit)} | ${ratio} | ${fmtBytes(t.bytesPerQuery)} | ${acc}`);
  }
  return lines.join('\n');
}

/** Table of a ray or cast group: hit-or-miss agreement with the exact answers, then t's errors where both hit. */
function hitTable(rows: Row[], ours: Row | undefined): string {
  const lines = [
    '| library | ns/query (median) | runs min–max | peer ÷ ours | bytes/query | hit or miss as exact | ≤ 1e-6 | ≤ 1e-3 | max error |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  const nMax = Math.max(...rows.map((x) => x.accuracy?.n ?? 0));
  for (const r of rows) {
    const t = r.timing, a = r.accuracy;
    const ratio = ours && !r.ours ? `${(t.nsMedian / ours.timing.nsMedian).toFixed(1)}×` : r.ours ? '1' : '';
    const subset = a && a.n < nMax ? ` (first ${a.n.toLocaleString('en-US')})` : '';
    const acc = a ? `${fmtShare(a.agree)}${subset} | ${fmtShare(a.within1e6)} | ${fmtShare(a.within1e3)} | ${fmtErr(a.maxError)} |` : ' | | | |';
    lines.push(`| ${r.ours ? `**${r.lib}**` : r.lib} | ${fmtTime(t.nsMedian, 'query')} | ${fmtTime(t.nsMin, 'query')}–${fmtTime(t.nsMax, 'query')} | ${ratio} | ${fmtBytes(t.bytesPerQuery)} | ${acc}`);
  }
  return lines.join('\n');
}

/** The note of a ray or cast group: how many inputs hit, and which disagree with the exact answer on hit or miss. */
function sweepNote(b: SweepBench, rows: Row[]): string {
  let hits = 0, zero = 0;
  for (const x of b.exact) { if (x === x) { hits++; if (x === 0) zero++; } }
  if (rows.every((r) => !r.accuracy)) return ' Not scored (no exact answers for this group).';
  const share = `${(100 * hits / b.exact.length).toFixed(1)} %`;
  const parts = [` Exact answers: ${hits.toLocaleString('en-US')} hits of ${b.exact.length.toLocaleString('en-US')} (${share}), ${zero} of them at 0 (${b.group.startsWith('ray') ? 'the origin inside' : 'overlapping at the start'}).`];
  for (const r of rows) {
    const d = r.accuracy?.disagree;
    if (d && d.length) parts.push(` ${r.lib} disagrees on hit or miss on ${d.length === 1 ? 'input' : `${d.length} inputs`} ${d.slice(0, 8).join(', ')}${d.length > 8 ? ', …' : ''}.`);
  }
  return parts.join('');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const size = args.quick ? 1000 : POOL_SIZE;
  const opts: TimingOptions = { runs: args.runs, targetRunMs: args.targetMs, maxQueriesPerRun: 1_000_000, warmupMs: args.quick ? 20 : 100 };
  const wanted = (name: string): boolean => args.only.length === 0 || args.only.some((s) => name.includes(s));
  const info = machine();
  const t0 = Date.now();
  const log = (s: string): void => { process.stderr.write(`${s}\n`); };

  log(`bench: ${args.quick ? 'quick' : 'full'} run, ${size} pairs per pool, ${opts.runs} runs of ~${opts.targetRunMs} ms per case`);
  // Casts, then rays, then pairs: each makes its rapier hull colliders before any other, and these must
  // exist before the box worlds (bench/peers/rapier.ts, HULL_COLLIDER_PAIRS).
  const casts = await castBenches(size, wanted);
  const sweeps: SweepBench[] = [...await rayBenches(size, wanted), ...casts];
  const pairs = await pairwiseBenches(size, wanted);
  const planes = planeBenches(size, wanted); // the 2D entry against planck and sat (issue 22)
  const builds = (await buildBenches(args.quick)).filter((b) => wanted(b.group));
  const supports = (await supportBenches(args.quick)).filter((b) => wanted(b.group));
  log(`bench: pools, oracles and shapes ready (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

  // Accuracy pass, which also warms every code path before anything is timed.
  const accuracy = new Map<Case, Accuracy | null>();
  for (const b of pairs) for (const c of b.cases) accuracy.set(c, scorePairCase(b, c));
  for (const b of builds) for (const c of b.cases) accuracy.set(c, b.score?.(c) ?? null);
  for (const b of supports) for (const c of b.cases) accuracy.set(c, b.score(c));
  for (const b of sweeps) for (const c of b.cases) accuracy.set(c, b.score(c));
  for (const b of planes) for (const c of b.cases) accuracy.set(c, b.score(c));
  log(`bench: accuracy scored (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

  const rows: Row[] = [];
  const all: Case[] = [
    ...pairs.flatMap((b) => b.cases), ...sweeps.flatMap((b) => b.cases), ...planes.flatMap((b) => b.cases), ...builds.flatMap((b) => b.cases), ...supports.flatMap((b) => b.cases),
  ];
  for (const group of [...new Set(all.map((c) => c.group))]) {
    const cases = all.filter((c) => c.group === group);
    const timings = await measureGroup(cases, opts);
    cases.forEach((c, k) => {
      const timing = timings[k];
      rows.push({ group: c.group, lib: c.lib, ours: c.ours ?? false, unit: c.unit ?? 'query', note: c.note ?? '', timing, accuracy: accuracy.get(c) ?? null });
      log(`  ${c.group.padEnd(40)} ${c.lib.padEnd(26)} ${fmtNs(timing.nsMedian).padStart(12)} ns  ${fmtBytes(timing.bytesPerQuery)} B`);
    });
  }
  // Meshes and compounds last, each mesh built, queried and dropped in turn (bench/mesh.bench.ts): the 1M-triangle
  // structures are too big to keep side by side, and they must not be in the heap while the groups above are timed.
  const mesh = await meshBench({ quick: args.quick, timing: opts, wanted, log });
  const batch = await batchBench({ quick: args.quick, wanted, log }); // batch queries and worker threads (issue 21)
  const world = await worldBench({ quick: args.quick, wanted, log }); // the collision world (issue 20), last: big worlds
  const seconds = (Date.now() - t0) / 1000;

  // Output.
  const groups = [...new Set(rows.map((r) => r.group))];
  const out: string[] = [];
  out.push(`Machine: ${info.cpu}, ${info.cpus} vCPUs (${info.threadsPerCore} thread(s) per core), L2 ${info.l2}, L3 ${info.l3}, hypervisor ${info.hypervisor}; ${info.os}; Node ${info.node} (V8 ${info.v8}). Date ${info.date}. Load average at start ${info.loadavg}. Run took ${seconds.toFixed(0)} s. Code: ${info.commit}.`);
  out.push('');
  out.push(`Command: \`npm run bench${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\``);
  out.push('');
  if (rows.length) {
    out.push('### Targets');
    out.push('');
    out.push(summarize(rows));
    out.push('');
  }
  for (const g of groups) {
    const rs = rows.filter((r) => r.group === g);
    out.push(`### ${g}`);
    out.push('');
    out.push(groupTable(rs));
    out.push('');
    const notes = rs.filter((r) => r.note).map((r) => `${r.lib}: ${r.note}`);
    const sweep = sweeps.find((b) => b.group === g);
    out.push(`<sub>${notes.join('; ')}. Queries per run: ${rs.map((r) => r.timing.queriesPerRun.toLocaleString('en-US')).join(' / ')}.${NATIVE[g] ? ` Native C (POOLS.md): ${NATIVE[g]} ns.` : ''}${sweep ? sweepNote(sweep, rs) : ''}</sub>`);
    out.push('');
  }
  if (mesh) out.push(mesh.markdown);
  if (batch) out.push(batch.markdown);
  if (world) out.push(world.markdown);
  const md = out.join('\n');
  process.stdout.write(`${md}\n`);
  if (args.md) {
    mkdirSync(dirname(args.md), { recursive: true });
    writeFileSync(args.md, `${md}\n`);
    log(`bench: wrote ${args.md}`);
  }
  if (args.json) {
    mkdirSync(dirname(args.json), { recursive: true });
    writeFileSync(args.json, `${JSON.stringify({ machine: info, options: { ...opts, quick: args.quick, poolSize: size }, seconds, native: NATIVE, rows, mesh: mesh?.rows ?? [], batch: batch?.rows ?? [], world: world ?? null }, null, 1)}\n`);
    log(`bench: wrote ${args.json}`);
  }
  if (consume() === 42.4242) log(''); // keeps every checksum observable
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
  process.exit(1);
});
