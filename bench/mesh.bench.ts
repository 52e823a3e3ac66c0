/**
 * Issue 19: triangle meshes and compounds, in one process (`npm run bench -- --only mesh`).
 *
 * Meshes (bench/mesh-pools.ts): three.js torus knots and a terrain height field of 10k, 100k and 1M
 * triangles. For each:
 *
 * - building: our `new TriangleMesh(positions, index)` (the geometry's own arrays), three-mesh-bvh's
 *   `new MeshBVH(geometry)` (its default CENTER split, and SAH), rapier's `ColliderDesc.trimesh` plus a new
 *   world and `createCollider`. Rounds alternate the libraries (the order reversed every other round),
 *   the figure is the median. Memory, from one more build each between forced GCs: the growth of the
 *   JavaScript heap (`heapUsed`) plus the bytes of the ArrayBuffers the structure reaches that its input
 *   did not hold: what the structure keeps. three-mesh-bvh keeps using the geometry it was built on (and reorders its
 *   index in place), ours copies what it needs: the table shows both. rapier's memory is in its WASM linear memory,
 *   which never shrinks; bench/mesh-rapier-memory.ts measures a build's peak in a fresh process.
 * - queries (1,000 of each, seeded; 200 on the 1M meshes), timed by the harness (bench/harness.ts:
 *   interleaved runs, median of 5, bytes per query once warm; runs of 50 ms here), each query kind a group:
 *   nearest ray hit, the closest point to a point, sphere closest points, box intersection, box contact
 *   within a margin (our `maxDistance`, rapier's prediction); every answer scored against brute-force
 *   float64 answers (bench/mesh-oracles.ts).
 *
 * Compound: a box against a 20-part compound (bench/mesh-pools.ts), contact within 0.1 and distance,
 * ours against rapier's compound collider and against the sum of the convex part pairs our traversal
 * tests, each as a query of its own (bench/peers/tested-pairs.ts says how those pairs are found). The
 * same comparison runs for the box–mesh contact (the triangles tested).
 *
 * Our ray row runs once `rayCast` accepts a mesh (it did not when this file was written); until then the
 * group runs without it, with a note.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import RAPIER from '@dimforge/rapier3d-compat';
import { MeshBVH, SAH } from 'three-mesh-bvh';
import { TriangleMesh } from '../src/index.js';
import { measureGroup, scoreBoolean, scoreHits, scoreLength, type Accuracy, type Case, type Timing, type TimingOptions } from './harness.js';
import { MeshOracle } from './mesh-oracles.js';
import { makeCompoundPool, makeMesh, makeMeshQueries, MESH_SPECS, type BenchMesh } from './mesh-pools.js';
import {
  compoundCases, compoundReference, freeSubjects, makeCompoundSubjects, makeSubjects, meshBoxContactCases, meshBoxIntersectionCases,
  meshPointCases, meshRayCases, meshSphereCases, oursRayCastsMeshes, type MeshSubjects,
} from './peers/mesh-peers.js';
import { initRapier } from './peers/rapier.js';

export interface MeshRow {
  group: string;
  lib: string;
  ours: boolean;
  unit: string;
  note: string;
  timing: Timing;
  accuracy: Accuracy | null;
  /** Build rows: bytes kept by the structure, null where not measurable. */
  retainedBytes?: number | null;
}

export interface MeshBenchOptions {
  quick: boolean;
  timing: TimingOptions;
  wanted: (group: string) => boolean;
  log: (line: string) => void;
}

const gc = (globalThis as { gc?: () => void }).gc;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Forced GCs with pauses between them: V8 frees ArrayBuffers' memory on a concurrent sweeper, and with
 * only back-to-back GCs a build's freed scratch still counted (three-mesh-bvh's 10k builds read 1 MB kept
 * in most rounds, its node buffers being 0.1 MB; with the pauses, 0.1 MB every round).
 */
async function settle(): Promise<void> {
  gc!(); await sleep(20); gc!(); await sleep(20); gc!();
}
/**
 * The ArrayBuffers reachable from `root` through own properties (typed arrays' buffers included), less
 * those in `exclude`. (Node's `arrayBuffers` figure lagged behind the GC, freeing a previous build's
 * buffers after the next baseline had been read: 2 of 5 rounds of a 100k mesh read 0.05 MB kept for 13.7.)
 */
function reachableBuffers(root: unknown, exclude: Set<ArrayBufferLike> = new Set()): Set<ArrayBufferLike> {
  const seen = new Set<object>(), out = new Set<ArrayBufferLike>(), stack: unknown[] = [root];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (v instanceof ArrayBuffer) { if (!exclude.has(v)) out.add(v); continue; }
    if (ArrayBuffer.isView(v)) { if (!exclude.has(v.buffer)) out.add(v.buffer); continue; }
    for (const key of Object.keys(v)) stack.push((v as Record<string, unknown>)[key]);
  }
  return out;
}
function bufferBytes(buffers: Set<ArrayBufferLike>): number {
  let s = 0;
  for (const b of buffers) s += b.byteLength;
  return s;
}
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

interface Builder {
  lib: string;
  ours?: boolean;
  note: string;
  /** Untimed input for one build (three-mesh-bvh: a fresh clone of the geometry, whose index it reorders). */
  prepare(): unknown;
  build(input: unknown): unknown;
  dispose?(built: unknown): void;
  /** Whether the JavaScript heap and ArrayBuffers hold what it keeps (not rapier's: WASM). */
  measurable: boolean;
}

interface RapierBuilt { world: RAPIER.World; collider: RAPIER.Collider }

function builders(m: BenchMesh): Builder[] {
  const vertices = new Float32Array(m.positions), indices = Uint32Array.from(m.index);
  return [
    { lib: 'convex-collide', ours: true, note: 'new TriangleMesh(position.array, index.array)', prepare: () => null, build: () => new TriangleMesh(m.positions, m.index), measurable: true },
    { lib: 'three-mesh-bvh (CENTER)', note: 'new MeshBVH(geometry) (default options)', prepare: () => m.geometry.clone(), build: (g) => new MeshBVH(g as typeof m.geometry), measurable: true },
    { lib: 'three-mesh-bvh (SAH)', note: 'new MeshBVH(geometry, { strategy: SAH })', prepare: () => m.geometry.clone(), build: (g) => new MeshBVH(g as typeof m.geometry, { strategy: SAH }), measurable: true },
    {
      lib: 'rapier', note: 'new World(), createCollider(ColliderDesc.trimesh(Float32Array, Uint32Array)) (arrays converted outside the timing)', prepare: () => null,
      build: (): RapierBuilt => {
        const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
        return { world, collider: world.createCollider(RAPIER.ColliderDesc.trimesh(vertices, indices)) };
      },
      dispose: (b) => (b as RapierBuilt).world.free(),
      measurable: false,
    },
  ];
}

/**
 * rapier's WASM memory growth over a build of mesh k and the memory's initial size, from a process of its
 * own (bench/mesh-rapier-memory.ts), or null when that fails.
 */
function rapierMemory(k: number): { bytes: number; initial: number } | null {
  try {
    const script = fileURLToPath(new URL('./mesh-rapier-memory.ts', import.meta.url));
    const out = execFileSync(process.execPath, ['--import', 'tsx', script, String(k)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return JSON.parse(out.trim().split('\n').pop()!) as { bytes: number; initial: number };
  } catch {
    return null;
  }
}

/** Alternating build rounds; returns the rows and the last structure each library built (kept for the queries). */
/**
 * Build rounds, then memory. Rounds: each library builds once per round, in turn (the order reversed every
 * other round), with no forced GC among them: V8 flushes the compiled code of functions that have not run
 * over several full GCs, and with forced GCs around every build each timed build started cold (our 10k
 * builds read 44 to 82 ms, 13 ms alone). Memory: one more build each between forced GCs (untimed); the
 * JavaScript heap's growth (`heapUsed`) plus the bytes of the ArrayBuffers the structure reaches that its
 * input did not hold. Returns the rows and the last structure each library built (kept for the queries).
 */
async function measureBuilds(group: string, m: BenchMesh, rounds: number): Promise<{ rows: MeshRow[]; last: unknown[] }> {
  const bs = builders(m);
  const ns: number[][] = bs.map(() => []);
  const last: unknown[] = bs.map(() => null);
  const drop = (k: number): void => { if (last[k] !== null) { bs[k].dispose?.(last[k]); last[k] = null; } };
  // Three untimed builds each first (below 1M triangles; the 1M meshes come after the smaller ones, whose
  // builds have compiled the code): the first builds of a process run partly in the interpreter.
  if (m.triangles < 1e6) for (const b of bs) for (let w = 0; w < 3; w++) { const x = b.build(b.prepare()); b.dispose?.(x); }
  for (let r = 0; r < rounds; r++) {
    const order = bs.map((_, k) => k);
    if (r % 2 === 1) order.reverse();
    for (const k of order) {
      drop(k);
      const input = bs[k].prepare();
      const t0 = process.hrtime.bigint();
      const built = bs[k].build(input);
      const t1 = process.hrtime.bigint();
      ns[k].push(Number(t1 - t0));
      last[k] = built;
    }
  }
  const bytes: Array<number | null> = [];
  for (const [k, b] of bs.entries()) {
    if (!b.measurable) { bytes.push(null); continue; }
    drop(k);
    const input = b.prepare();
    // The input's own buffers (three-mesh-bvh keeps the geometry it is given) are not the structure's.
    const given = reachableBuffers([input, m.positions, m.index]);
    await settle();
    const before = process.memoryUsage().heapUsed;
    const built = b.build(input);
    await settle();
    bytes.push(process.memoryUsage().heapUsed - before + bufferBytes(reachableBuffers(built, given)));
    last[k] = built;
  }
  const rows = bs.map((b, k): MeshRow => ({
    group, lib: b.lib, ours: b.ours ?? false, unit: 'build', note: b.note, accuracy: null,
    timing: {
      queriesPerRun: 1, runs: rounds, nsPerRun: ns[k], nsMedian: median(ns[k]), nsMin: Math.min(...ns[k]), nsMax: Math.max(...ns[k]),
      bytesPerQuery: null, allocBatch: 0,
    },
    retainedBytes: bytes[k],
  }));
  return { rows, last };
}

/** The typed arrays a TriangleMesh keeps, by field (bytes). */
function ourArrays(mesh: TriangleMesh): Array<[string, number]> {
  const b = mesh.bvh;
  return [
    ['vertices (float64)', mesh.vertices.byteLength], ['triangles', mesh.triangles.byteLength], ['sourceIndex', mesh.sourceIndex.byteLength],
    ['adjacency', mesh.adjacency.byteLength], ['triangleRadius (8 bytes a pointer, 16 a boxed number)', 8 * mesh.triangleRadius.length + 16 * new Set(mesh.triangleRadius).size],
    ['bvh nodes (bounds, links, items)', b.bounds.byteLength + b.nodes.byteLength + b.items.byteLength],
  ];
}

/** three-mesh-bvh's node buffers (its private `_roots`), bytes. */
function theirArrays(bvh: MeshBVH): number {
  const roots = (bvh as unknown as { _roots?: ArrayBuffer[] })._roots ?? [];
  return roots.reduce((s, r) => s + r.byteLength, 0);
}

function allIndices(n: number): Int32Array {
  return Int32Array.from({ length: n }, (_, i) => i);
}

/** A query group: its cases and how a case's answers are scored. */
interface QueryGroup {
  name: string;
  cases: Case[];
  score: (c: Case) => Accuracy | null;
  note: string;
}

export async function meshBench(o: MeshBenchOptions): Promise<{ rows: MeshRow[]; markdown: string } | null> {
  const wanted = (g: string): boolean => o.wanted(g) || o.wanted('mesh');
  const specs = (o.quick ? MESH_SPECS.filter((s) => !s.name.endsWith('1M')) : MESH_SPECS);
  // Queries per pool: 1,000, and 200 on the 1M meshes (where our sphere and box queries take milliseconds,
  // and the brute-force answers seconds); --quick: 200.
  const nFor = (triangles: number): number => (o.quick || triangles >= 1e6 ? 200 : 1000);
  const n = nFor(0);
  const compoundWanted = wanted('box–compound');
  const meshWanted = specs.some((s) => [`mesh build (${s.name})`, `ray–mesh (${s.name})`, `point–mesh closest point (${s.name})`, `sphere–mesh closest points (${s.name})`, `box–mesh intersection (${s.name})`, `box–mesh contact (${s.name})`].some(wanted));
  if (!compoundWanted && !meshWanted) return null;
  if (!gc) throw new Error('mesh bench: needs node --expose-gc (npm run bench passes it)');
  await initRapier();
  const rows: MeshRow[] = [];
  const md: string[] = [];
  const notes: string[] = [];
  const log = o.log;
  // Runs and warm-ups of at most 50 ms (the harness's default is 100): the group has some 120 cases, and a
  // case's fixed costs (warm-up, runs, allocation batches) would otherwise keep it near 7 minutes.
  const timing: TimingOptions = { ...o.timing, targetRunMs: Math.min(o.timing.targetRunMs, 50), warmupMs: Math.min(o.timing.warmupMs, 50) };

  const runGroup = async (g: QueryGroup): Promise<void> => {
    const accuracy = g.cases.map((c) => g.score(c)); // (also warms every case up)
    const timings = await measureGroup(g.cases, timing);
    const groupRows = g.cases.map((c, k): MeshRow => ({
      group: g.name, lib: c.lib, ours: c.ours ?? false, unit: 'query', note: c.note ?? '', timing: timings[k], accuracy: accuracy[k],
    }));
    for (const r of groupRows) log(`  ${r.group.padEnd(44)} ${r.lib.padEnd(40)} ${fmtUs(r.timing.nsMedian).padStart(10)} µs  ${fmtBytes(r.timing.bytesPerQuery)} B`);
    rows.push(...groupRows);
    md.push(`### ${g.name}`, '', queryTable(groupRows), '', `<sub>${groupRows.map((r) => `${r.lib}: ${r.note}`).join('; ')}. ${g.note}</sub>`, '');
  };

  // The compound first: its parts bring every convex kind to the queries before any mesh is timed, as an
  // application that mixes them would.
  if (compoundWanted) {
    const pool = makeCompoundPool(n);
    const c = makeCompoundSubjects(pool);
    for (const maxDistance of [0.1, undefined]) {
      const name = maxDistance === undefined ? 'box–compound distance (20 parts)' : `box–compound contact (20 parts, maxDistance ${maxDistance})`;
      const exact = compoundReference(c, pool, maxDistance);
      const idx = allIndices(n);
      let within = 0;
      for (const x of exact) if (x === x) within++;
      await runGroup({
        name, cases: compoundCases(name, c, pool, maxDistance),
        score: (k) => (k.answer ? (maxDistance === undefined ? scoreLength(k.answer, (i) => exact[i], idx) : scoreHits(k.answer, (i) => exact[i], idx)) : null),
        note: `Reference: each of the 20 parts against the box by the convex query, the least answer${maxDistance === undefined ? '' : `; ${within} of ${n} boxes are within ${maxDistance}`}.`,
      });
    }
    c.world.free();
  }

  let oursRays: boolean | null = null;
  for (const [k, spec] of MESH_SPECS.entries()) {
    const groupsOf = [`mesh build (${spec.name})`, `ray–mesh (${spec.name})`, `point–mesh closest point (${spec.name})`, `sphere–mesh closest points (${spec.name})`, `box–mesh intersection (${spec.name})`, `box–mesh contact (${spec.name})`];
    if (!specs.includes(spec) || !groupsOf.some(wanted)) continue;
    const t0 = Date.now();
    const m = makeMesh(spec);
    const title = `${spec.name}, ${m.triangles.toLocaleString('en-US')} triangles`;
    let subjects: MeshSubjects;
    const buildGroup = `mesh build (${spec.name})`;
    if (wanted(buildGroup)) {
      const rounds = o.quick ? 2 : m.triangles >= 1e6 ? 3 : 5;
      const { rows: b, last } = await measureBuilds(buildGroup, m, rounds);
      const wasm = o.quick ? null : rapierMemory(k), rapierBytes = wasm?.bytes ?? null;
      const rapierRow = b.find((r) => r.lib === 'rapier')!;
      rapierRow.note += wasm === null ? '; memory: not measured (in WASM)' : `; memory: its WASM linear memory grew by ${mb(wasm.bytes)} MB over one build in a fresh process (bench/mesh-rapier-memory.ts): the build's peak (what it keeps plus its scratch) less the free space the memory had, at most its initial ${mb(wasm.initial)} MB`;
      const ours = last[0] as TriangleMesh;
      const center = last[1] as MeshBVH, sah = last[2] as MeshBVH;
      b[0].note += `; typed arrays kept: ${ourArrays(ours).map(([f, x]) => `${f} ${(x / 1e6).toFixed(1)} MB`).join(', ')}`;
      b[1].note += `; node buffers ${(theirArrays(center) / 1e6).toFixed(1)} MB`;
      b[2].note += `; node buffers ${(theirArrays(sah) / 1e6).toFixed(1)} MB`;
      rows.push(...b);
      const geometryBytes = m.positions.byteLength + m.index.byteLength;
      md.push(`### ${buildGroup}: ${title}`, '', buildTable(b, geometryBytes, m.triangles, rapierBytes), '',
        `<sub>${b.map((r) => `${r.lib}: ${r.note}`).join('; ')}. The geometry (float32 positions and ${m.index.BYTES_PER_ELEMENT * 8}-bit index): ${(geometryBytes / 1e6).toFixed(1)} MB. ${rounds} alternating rounds.</sub>`, '');
      for (const r of b) log(`  ${buildGroup.padEnd(44)} ${r.lib.padEnd(40)} ${(r.timing.nsMedian / 1e6).toFixed(1).padStart(10)} ms  ${r.retainedBytes == null ? 'n/a' : (r.retainedBytes / 1e6).toFixed(1)} MB`);
      const rb = last[3] as RapierBuilt;
      subjects = { ours, center, sah, world: rb.world, collider: rb.collider };
    } else {
      subjects = makeSubjects(m);
    }
    oursRays ??= oursRayCastsMeshes(subjects.ours);
    const q = makeMeshQueries(m, nFor(m.triangles), 0x19000 + 16 * k);
    const oracle = new MeshOracle(m.positions, m.index);
    const scored = q.n;
    const idx = allIndices(scored);
    const subsetNote = q.n < n ? ` ${q.n} queries at this size.` : '';
    const c3 = (a: Float64Array, i: number): [number, number, number] => [a[3 * i], a[3 * i + 1], a[3 * i + 2]];

    const rayGroup = `ray–mesh (${spec.name})`;
    if (wanted(rayGroup)) {
      const exact = Float64Array.from({ length: scored }, (_, i) => oracle.rayT(...c3(q.rayOrigin, i), ...c3(q.rayDir, i)));
      const hits = exact.filter((x) => x === x).length;
      if (!oursRays) notes.push(`${rayGroup}: our row is missing: rayCast does not accept a mesh yet (src/query/parted/parted-ray.ts is being written).`);
      await runGroup({
        name: rayGroup, cases: meshRayCases(rayGroup, subjects, q, oursRays),
        score: (c) => (c.answer ? scoreHits(c.answer, (i) => exact[i], idx) : null),
        note: `Rays from outside the mesh's box to a point inside it; t in units of the direction (1 at the aim point). Exact: ${hits} hits of ${scored}.${subsetNote}${oursRays ? '' : ' **convex-collide: not run, rayCast does not accept a mesh yet.**'}`,
      });
    }
    const pointGroup = `point–mesh closest point (${spec.name})`;
    if (wanted(pointGroup)) {
      const exact = Float64Array.from({ length: scored }, (_, i) => oracle.pointDistance(...c3(q.point, i)));
      await runGroup({
        name: pointGroup, cases: meshPointCases(pointGroup, subjects, q),
        score: (c) => (c.answer ? scoreLength(c.answer, (i) => exact[i], idx) : null),
        note: `Points uniform in the mesh's box grown by a tenth on each side; answer: the distance to the surface.${subsetNote}`,
      });
    }
    const sphereGroup = `sphere–mesh closest points (${spec.name})`;
    if (wanted(sphereGroup)) {
      const exact = Float64Array.from({ length: scored }, (_, i) => Math.max(0, oracle.pointDistance(...c3(q.sphereCentre, i)) - q.sphereRadius[i]));
      const overlap = exact.filter((x) => x === 0).length;
      await runGroup({
        name: sphereGroup, cases: meshSphereCases(sphereGroup, subjects, q),
        score: (c) => (c.answer ? scoreLength(c.answer, (i) => exact[i], idx) : null),
        note: `Answer: the distance (0 when overlapping: ${overlap} of ${scored}).${subsetNote}`,
      });
    }
    const boxGroup = `box–mesh intersection (${spec.name})`;
    if (wanted(boxGroup)) {
      // (NaN beyond a margin of 0: apart.)
      const truth = Uint8Array.from({ length: scored }, (_, i) => (Number.isNaN(oracle.boxSeparation(c3(q.boxCentre, i), q.boxQuat.subarray(4 * i, 4 * i + 4), c3(q.boxHalf, i), 0)) ? 0 : 1));
      const hits = truth.reduce((s, x) => s + x, 0);
      await runGroup({
        name: boxGroup, cases: meshBoxIntersectionCases(boxGroup, subjects, q),
        score: (c) => (c.answer ? scoreBoolean(c.answer, truth, idx) : null),
        note: `Exact: ${hits} of ${scored} boxes overlap the surface.${subsetNote}`,
      });
    }
    const contactGroup = `box–mesh contact (${spec.name})`;
    if (wanted(contactGroup)) {
      const margin = Number((0.01 * q.diagonal).toPrecision(2));
      const exact = Float64Array.from({ length: scored }, (_, i) => oracle.boxSeparation(c3(q.boxCentre, i), q.boxQuat.subarray(4 * i, 4 * i + 4), c3(q.boxHalf, i), margin));
      const within = exact.filter((x) => x === x).length, overlap = exact.filter((x) => x < 0).length;
      await runGroup({
        name: contactGroup, cases: meshBoxContactCases(contactGroup, subjects, q, margin),
        score: (c) => (c.answer ? scoreHits(c.answer, (i) => exact[i], idx) : null),
        note: `Contact within ${margin} (a hundredth of the mesh box's diagonal); answer: the signed separation, none beyond the margin. Exact: ${within} of ${scored} within it, ${overlap} overlapping.${subsetNote}`,
      });
    }
    freeSubjects(subjects);
    log(`bench: ${spec.name} done (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  const head = ['## Meshes and compounds', '', summarizeMesh(rows), ''];
  if (notes.length) head.push(...notes.map((x) => `- ${x}`), '');
  return { rows, markdown: [...head, ...md].join('\n') };
}

function fmtUs(ns: number): string {
  const us = ns / 1000;
  return us >= 100 ? Math.round(us).toLocaleString('en-US') : us >= 10 ? us.toFixed(1) : us.toFixed(2);
}
function fmtBytes(b: number | null | undefined): string {
  if (b == null) return 'n/a';
  if (b < 0.5) return '0';
  return b < 100 ? b.toFixed(1) : Math.round(b).toLocaleString('en-US');
}
function fmtShare(x: number | undefined): string {
  if (x === undefined) return '';
  if (x === 1) return '100 %';
  return `${(100 * x).toFixed(x > 0.999 ? 2 : 1)} %`;
}
function fmtErr(e: number | undefined): string {
  if (e === undefined) return '';
  if (e === 0) return '0';
  return Number.isFinite(e) ? e.toExponential(1) : '∞';
}
function mb(x: number): string {
  return (x / 1e6).toFixed(1);
}

/** A query group's table: time (µs), ratio to ours, bytes per query, agreement with the brute-force answers. */
function queryTable(rows: MeshRow[]): string {
  const ours = rows.find((r) => r.ours);
  const lines = [
    '| library | µs/query (median) | runs min–max | ÷ ours | bytes/query | agrees (hit, overlap or none) | ≤ 1e-6 | ≤ 1e-3 | max error |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const r of rows) {
    const t = r.timing, a = r.accuracy;
    const ratio = r.ours ? '1' : ours ? `${(t.nsMedian / ours.timing.nsMedian).toFixed(2)}×` : '';
    const acc = a ? `${fmtShare(a.agree)}${a.disagree?.length ? ` (${a.disagree.length} differ${a.disagree.length <= 4 ? `: ${a.disagree.join(', ')}` : ''})` : ''} | ${fmtShare(a.within1e6)} | ${fmtShare(a.within1e3)} | ${fmtErr(a.maxError)}${a.failures ? ` (${a.failures} failed)` : ''} |` : ' | | | |';
    lines.push(`| ${r.ours ? `**${r.lib}**` : r.lib} | ${fmtUs(t.nsMedian)} | ${fmtUs(t.nsMin)}–${fmtUs(t.nsMax)} | ${ratio} | ${fmtBytes(t.bytesPerQuery)} | ${acc}`);
  }
  return lines.join('\n');
}

/** A build group's table: time, memory kept, ratios. */
function buildTable(rows: MeshRow[], geometryBytes: number, triangles: number, rapierBytes: number | null): string {
  const ours = rows.find((r) => r.ours)!, center = rows.find((r) => r.lib === 'three-mesh-bvh (CENTER)')!;
  const lines = [
    '| library | ms/build (median) | runs min–max | ÷ ours | MB kept | bytes/triangle | ÷ three-mesh-bvh (CENTER) | MB kept + the geometry it needs |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const r of rows) {
    const t = r.timing, kept = r.retainedBytes;
    const isRapier = r.lib === 'rapier';
    const keptText = kept != null ? mb(kept) : isRapier && rapierBytes !== null ? `${mb(rapierBytes)} (WASM peak growth)` : 'n/a (WASM)';
    const per = kept != null ? (kept / triangles).toFixed(0) : isRapier && rapierBytes !== null ? `(${(rapierBytes / triangles).toFixed(0)})` : '';
    const vsCenter = kept != null && center.retainedBytes ? `${(kept / center.retainedBytes).toFixed(1)}×` : '';
    // Ours and rapier copy the arrays they need; three-mesh-bvh answers from the geometry it was given.
    const total = kept == null ? '' : r.lib.startsWith('three-mesh-bvh') ? mb(kept + geometryBytes) : mb(kept);
    lines.push(`| ${r.ours ? `**${r.lib}**` : r.lib} | ${(t.nsMedian / 1e6).toFixed(1)} | ${(t.nsMin / 1e6).toFixed(1)}–${(t.nsMax / 1e6).toFixed(1)} | ${r.ours ? '1' : `${(t.nsMedian / ours.timing.nsMedian).toFixed(2)}×`} | ${keptText} | ${per} | ${vsCenter} | ${total} |`);
  }
  return lines.join('\n');
}

function verdict(ok: boolean): string {
  return ok ? 'met' : '**missed**';
}

/**
 * Issue 19's targets from one run: build at least as fast as three-mesh-bvh (its default, CENTER) with
 * memory within 1.5× of it; ray casts at least as fast as it; closest-point queries within 1.5× of it
 * (ours exact in float64); convex–compound queries within 2× of the sum of the part pairs tested; 0 bytes
 * per query once warm. Against three-mesh-bvh's faster tree (CENTER or SAH) for the queries.
 */
export function summarizeMesh(rows: MeshRow[]): string {
  const out: string[] = [];
  const groups = [...new Set(rows.map((r) => r.group))];
  const find = (g: string, lib: string): MeshRow | undefined => rows.find((r) => r.group === g && r.lib === lib);
  const fastestThree = (g: string): MeshRow | undefined => rows.filter((r) => r.group === g && r.lib.startsWith('three-mesh-bvh')).sort((a, b) => a.timing.nsMedian - b.timing.nsMedian)[0];
  const builds = groups.filter((g) => g.startsWith('mesh build'));
  if (builds.length) {
    out.push('| mesh build | ours ms | three-mesh-bvh ms (CENTER / SAH) | rapier ms | CENTER ÷ ours (target ≥ 1) | ours MB kept | CENTER MB kept | ours ÷ CENTER memory (target ≤ 1.5) |');
    out.push('|---|--:|--:|--:|--:|--:|--:|--:|');
    for (const g of builds) {
      const o = find(g, 'convex-collide')!, c = find(g, 'three-mesh-bvh (CENTER)')!, s = find(g, 'three-mesh-bvh (SAH)')!, r = find(g, 'rapier')!;
      const speed = c.timing.nsMedian / o.timing.nsMedian, mem = o.retainedBytes! / c.retainedBytes!;
      const ms = (x: MeshRow): string => (x.timing.nsMedian / 1e6).toFixed(1);
      out.push(`| ${g.replace(/^mesh build \((.*)\)$/, '$1')} | ${ms(o)} | ${ms(c)} / ${ms(s)} | ${ms(r)} | ${speed.toFixed(2)}× (${verdict(speed >= 1)}) | ${mb(o.retainedBytes!)} | ${mb(c.retainedBytes!)} | ${mem.toFixed(1)}× (${verdict(mem <= 1.5)}) |`);
    }
    out.push('');
  }
  const queries = groups.filter((g) => /^(ray|point|sphere|box)–mesh/.test(g));
  if (queries.length) {
    out.push('| mesh query | ours µs | three-mesh-bvh µs (faster tree) | ours ÷ three-mesh-bvh (target) | rapier µs | ours max error | ours B/query (target 0) |');
    out.push('|---|--:|--:|--:|--:|--:|--:|');
    for (const g of queries) {
      const o = rows.find((r) => r.group === g && r.ours), t = fastestThree(g), r = find(g, 'rapier (collider)');
      // Rays: at least as fast; closest-point queries (points, spheres): within 1.5×; the box's boolean test
      // has no target.
      const limit = g.startsWith('ray') ? 1 : g.includes('intersection') ? null : 1.5;
      const ratio = o && t ? o.timing.nsMedian / t.timing.nsMedian : NaN;
      const target = !t ? '(no three-mesh-bvh query)' : !o ? '(ours not run)' : `${ratio.toFixed(2)}×${limit === null ? ' (no target)' : ` (≤ ${limit}: ${verdict(ratio <= limit)})`}`;
      const b = o?.timing.bytesPerQuery;
      const err = o?.accuracy ? `${fmtErr(o.accuracy.maxError)}${o.accuracy.disagree?.length ? `, ${o.accuracy.disagree.length} differ` : ''}${o.accuracy.agree !== undefined && o.accuracy.agree < 1 && !o.accuracy.disagree ? `, agrees ${fmtShare(o.accuracy.agree)}` : ''}` : '';
      out.push(`| ${g} | ${o ? fmtUs(o.timing.nsMedian) : ''} | ${t ? `${fmtUs(t.timing.nsMedian)} (${t.lib.replace(/^three-mesh-bvh \((.*)\)$/, '$1')})` : ''} | ${target} | ${r ? fmtUs(r.timing.nsMedian) : ''} | ${err} | ${o ? `${fmtBytes(b)} (${verdict(b != null && b < 0.5)})` : ''} |`);
    }
    out.push('');
  }
  const parted = groups.filter((g) => rows.some((r) => r.group === g && r.lib.includes('pairs alone')));
  if (parted.length) {
    out.push('| query | ours µs | tested pairs alone µs | ours ÷ pairs alone (target ≤ 2) | pairs tested per query | rapier µs | ours B/query (target 0) |');
    out.push('|---|--:|--:|--:|--:|--:|--:|');
    for (const g of parted) {
      const o = rows.find((r) => r.group === g && r.ours)!, a = rows.find((r) => r.group === g && r.lib.includes('pairs alone'))!, r = find(g, 'rapier (collider)');
      const ratio = o.timing.nsMedian / a.timing.nsMedian, b = o.timing.bytesPerQuery;
      const pairs = /\(([0-9.]+) a query on average\)/.exec(a.note)?.[1] ?? '';
      out.push(`| ${g} | ${fmtUs(o.timing.nsMedian)} | ${fmtUs(a.timing.nsMedian)} | ${ratio.toFixed(2)}× (${verdict(ratio <= 2)}) | ${pairs} | ${r ? fmtUs(r.timing.nsMedian) : ''} | ${fmtBytes(b)} (${verdict(b != null && b < 0.5)}) |`);
    }
  }
  return out.join('\n');
}
