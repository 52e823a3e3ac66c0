/**
 * Issue 20: the collision world against rapier, cannon-es and a brute-force loop, in one process
 * (`npm run bench -- --only world`).
 *
 * Scenes (bench/world-scene.ts): 1,000, 10,000 and 50,000 moving bodies (boxes, spheres, capsules and
 * 30-point hulls in equal numbers), and 1,000 moving among 100,000 static ones; a density of about two
 * contacts per body; every moving body drifts and tumbles inside a box, the same seeded motion for every
 * engine. The engines (bench/peers/world-*.ts): our `CollisionWorld` (and the same with `manifolds: true`),
 * rapier (kinematic bodies, `world.step()`), cannon-es (its SAP broad phase and narrow phase), the
 * brute-force loop over all pairs (at 1,000 bodies, 10,000, and the static scene, whose 1,000 moving bodies
 * it tests against all 101,000).
 *
 * Method, per scene: every engine is built with the bodies at step 0 (untimed). Each engine steps through
 * the same sequence of steps 1, 2, 3, …: per step, the poses of step t are computed (untimed), given to the
 * engine (timed apart: "set poses") and the engine steps (timed: the figure). First `warm` steps each
 * (the first steps insert every body and find every pair; the JIT compiles), then `reps` rounds in which
 * each engine takes `perRep` steps in turn, the order of the engines reversed every other round, so that a
 * burst of load from other processes falls on every engine; before each engine's turn, a forced GC and one
 * untimed step. `manifolds: true` is timed in a second phase, alone (EngineSpec.alone says why). The
 * figure is the median of an engine's timed
 * steps. Contact pairs: counted by each engine after step `warm` (the same poses for all).
 *
 * Allocation (ours and rapier's JavaScript side): the harness's slope of heap growth between batches of n
 * and 4n steps once warm (bench/harness.ts, measureAllocation), set poses and update together. Memory (ours):
 * the JavaScript heap (`heapUsed`) plus ArrayBuffers (`arrayBuffers`) after forced GCs, with the world
 * and without it, divided by the bodies; the shapes are a shared palette of 32, made before and kept
 * after, so not counted; measured right after the `add` calls and again once the pairs exist (after the
 * warm-up steps).
 */
import { measureAllocation, type Case } from './harness.js';
import type { WorldEngine, WorldEngineFactory } from './peers/world-common.js';
import { cannonWorldEngine } from './peers/world-cannon.js';
import { bruteForceEngine, buildOurWorld, ourPalette, ourThreadedEngine, ourWorldEngine } from './peers/world-ours.js';
import { BatchPool } from '../src/threads/index.js';
import { initRapier, rapierPredictionDistance, rapierWorldEngine } from './peers/world-rapier.js';
import { DENSITY, makeWorldScene, posesAt, type WorldScene } from './world-scene.js';

export const WORLD_GROUP = 'collision world';

export interface WorldBenchOptions {
  quick: boolean;
  wanted: (group: string) => boolean;
  log: (line: string) => void;
}

interface EngineSpec {
  key: string;
  make: WorldEngineFactory;
  /** Steps: warm-up, rounds, steps per round. */
  warm: number;
  reps: number;
  perRep: number;
  /** Measure allocation per step. */
  alloc?: boolean;
  /**
   * Timed in a second phase, alone, once the other engines are freed: its JavaScript heap is large (the
   * manifold records of every pair), and rapier's old-space garbage collections, whose cost grows with the
   * whole heap, then fell inside rapier's steps (10× its time alone).
   */
  alone?: boolean;
}

interface SceneSpec {
  name: string;
  moving: number;
  statics: number;
  engines: EngineSpec[];
  /** Engines not run here, with why (for the notes). */
  skipped: string[];
}

export interface WorldRow {
  scene: string;
  lib: string;
  ours: boolean;
  bodies: number;
  stepMs: number[];
  setMs: number[];
  contactPairs: number;
  /** Undefined where not measured. */
  bytesPerStep?: number | null;
  buildMs: number;
  /** The step after which the contact pairs were counted. */
  countAt: number;
}

export interface WorldMemory {
  scene: string;
  bodies: number;
  afterAdd: number;
  steady: number;
  pairs: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
async function settle(): Promise<void> {
  gc!(); await sleep(20); gc!(); await sleep(20); gc!();
}
function used(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
const now = (): number => Number(process.hrtime.bigint()) / 1e6;

function scenes(quick: boolean, pool: BatchPool): SceneSpec[] {
  const ours = (warm: number, reps: number, perRep: number): EngineSpec[] => [
    { key: 'ours', make: ourWorldEngine(false), warm, reps, perRep, alloc: true },
    { key: 'ours-threads', make: ourThreadedEngine(pool, false), warm, reps, perRep },
    { key: 'rapier', make: rapierWorldEngine(false), warm, reps, perRep, alloc: true },
    { key: 'rapier-pipeline', make: rapierWorldEngine(true), warm, reps, perRep },
    // Timed alone, after the others are freed (see worldBench).
    { key: 'ours-manifolds', make: ourWorldEngine(true), warm, reps, perRep, alloc: true, alone: true },
    { key: 'ours-manifolds-threads', make: ourThreadedEngine(pool, true), warm, reps, perRep, alone: true },
  ];
  if (quick) {
    return [
      { name: '1,000 moving', moving: 1000, statics: 0, engines: [...ours(10, 3, 2), { key: 'brute', make: bruteForceEngine, warm: 3, reps: 3, perRep: 1 }], skipped: ['cannon-es (--quick)'] },
      { name: '1,000 moving, 10,000 static', moving: 1000, statics: 10_000, engines: ours(10, 3, 2), skipped: ['cannon-es, brute force (--quick)'] },
    ];
  }
  return [
    {
      name: '1,000 moving', moving: 1000, statics: 0, skipped: [],
      engines: [...ours(30, 6, 3), { key: 'cannon', make: cannonWorldEngine, warm: 4, reps: 3, perRep: 2 }, { key: 'brute', make: bruteForceEngine, warm: 10, reps: 6, perRep: 3 }],
    },
    {
      name: '10,000 moving', moving: 10_000, statics: 0, skipped: [],
      engines: [...ours(20, 6, 2), { key: 'cannon', make: cannonWorldEngine, warm: 1, reps: 2, perRep: 1 }, { key: 'brute', make: bruteForceEngine, warm: 3, reps: 4, perRep: 1 }],
    },
    {
      name: '50,000 moving', moving: 50_000, statics: 0, engines: ours(8, 4, 1),
      skipped: ['cannon-es (about 6 s a step at 10,000 bodies, more than linear; not run)', 'brute force (1.25·10⁹ box tests a step; not run)'],
    },
    {
      name: '1,000 moving, 100,000 static', moving: 1000, statics: 100_000,
      engines: [...ours(20, 6, 3), { key: 'brute', make: bruteForceEngine, warm: 3, reps: 4, perRep: 1 }],
      skipped: ['cannon-es (cannot hold the bodies: `World.addBody` throws a RangeError past 92,682 bodies, its collision matrix being one array of n(n − 1)/2 entries; and its SAP sweep skips static–static pairs before its axis test, so it would visit all n²/2 pairs a step)'],
    },
  ];
}

interface Running {
  spec: EngineSpec;
  engine: WorldEngine;
  poses: Float64Array;
  t: number;
  stepMs: number[];
  setMs: number[];
  contactPairs: number;
  buildMs: number;
}

/** One step of engine r at its next t: poses (untimed), set poses, step. */
async function advance(r: Running, scene: WorldScene, record: boolean): Promise<void> {
  r.t++;
  posesAt(scene, r.t, r.poses, 0, scene.moving);
  const t0 = now();
  r.engine.setPoses(r.poses);
  const t1 = now();
  const stepped = r.engine.step();
  if (stepped !== undefined) await stepped;
  const t2 = now();
  if (record) { r.setMs.push(t1 - t0); r.stepMs.push(t2 - t1); }
}

/** A harness case whose query is one step (set poses and step), for measureAllocation. */
function stepCase(r: Running, scene: WorldScene): Case {
  return {
    group: WORLD_GROUP, lib: r.engine.lib, cycle: 1_000_000,
    batch(_start, count) {
      for (let k = 0; k < count; k++) {
        r.t++;
        posesAt(scene, r.t, r.poses, 0, scene.moving);
        r.engine.setPoses(r.poses);
        r.engine.step();
      }
      return count;
    },
  };
}

/** Memory of our world per body: after the adds, and once its pairs exist (after `steps` updates). */
async function ourMemory(scene: WorldScene, margin: number, steps: number): Promise<WorldMemory> {
  const n = scene.moving + scene.statics;
  const poses = new Float64Array(7 * n);
  posesAt(scene, 0, poses);
  ourPalette(scene.palette);
  const p = { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
  await settle();
  const m0 = used();
  let built: ReturnType<typeof buildOurWorld> | null = buildOurWorld(scene, poses, margin);
  await settle();
  const m1 = used();
  for (let t = 1; t <= steps; t++) {
    posesAt(scene, t, poses, 0, scene.moving);
    for (let i = 0; i < scene.moving; i++) {
      const o = 7 * i;
      p.position.x = poses[o]; p.position.y = poses[o + 1]; p.position.z = poses[o + 2];
      p.quaternion.x = poses[o + 3]; p.quaternion.y = poses[o + 4]; p.quaternion.z = poses[o + 5]; p.quaternion.w = poses[o + 6];
      built.world.setPose(built.handles[i], p);
    }
    built.world.update();
  }
  const pairs = (built.world as unknown as { narrow: { pairs: { count: number } } }).narrow.pairs.count;
  await settle();
  const m2 = used();
  built = null;
  await settle();
  const m3 = used(); // without the world again: the baseline, checked
  const base = (m0 + m3) / 2;
  return { scene: scene.name, bodies: n, afterAdd: (m1 - base) / n, steady: (m2 - base) / n, pairs };
}

const LIB_ORDER = ['convex-collide', 'convex-collide (manifolds)', 'convex-collide, 1 worker + this thread', 'convex-collide (manifolds), 1 worker + this thread', 'rapier', 'rapier (pipeline only)', 'cannon-es', 'brute force (convex-collide)'];

function fmtMs(ms: number): string {
  if (ms >= 100) return Math.round(ms).toLocaleString('en-US');
  if (ms >= 10) return ms.toFixed(1);
  return ms.toFixed(2);
}
function fmtBytes(b: number | null): string {
  if (b === null) return 'n/a';
  if (b < 0.5) return '0';
  return Math.round(b).toLocaleString('en-US');
}

function markdown(rows: WorldRow[], memory: WorldMemory[], specs: SceneSpec[], notes: Map<string, string>, margin: number): string {
  const out: string[] = [];
  out.push(`### ${WORLD_GROUP}`);
  out.push('');
  out.push('| scene | engine | ms/step (median) | steps min–max | set poses, ms | peer ÷ ours | contact pairs | bytes/step |');
  out.push('|---|---|--:|--:|--:|--:|--:|--:|');
  for (const spec of specs) {
    const rs = rows.filter((r) => r.scene === spec.name).sort((a, b) => LIB_ORDER.indexOf(a.lib) - LIB_ORDER.indexOf(b.lib));
    const ours = rs.find((r) => r.ours);
    for (const r of rs) {
      const m = median(r.stepMs);
      const ratio = r.ours ? '1' : ours ? `${(m / median(ours.stepMs)).toFixed(2)}×` : '';
      out.push(`| ${spec.name} | ${r.ours ? `**${r.lib}**` : r.lib} | ${fmtMs(m)} | ${fmtMs(Math.min(...r.stepMs))}–${fmtMs(Math.max(...r.stepMs))} | ${fmtMs(median(r.setMs))} | ${ratio} | ${r.contactPairs.toLocaleString('en-US')} | ${r.bytesPerStep === undefined ? '' : fmtBytes(r.bytesPerStep)} |`);
    }
  }
  out.push('');
  const skipped = specs.flatMap((s) => s.skipped.map((x) => `${s.name}: ${x}`));
  const steps = specs.map((s) => `${s.name}: ${s.engines.map((e) => `${e.key} ${e.reps}×${e.perRep}`).join(', ')}`);
  const alone = [...new Set(specs.flatMap((s) => s.engines.filter((e) => e.alone).map((e) => e.key)))];
  out.push(`<sub>Contact margin ${margin.toPrecision(2)} (rapier's prediction distance; ours and the brute force count pairs within it, rapier pairs whose manifold has a point, cannon-es pairs with a contact equation). Density ${DENSITY} bodies per unit volume. ${[...notes].map(([lib, note]) => `${lib}: ${note}`).join('; ')}. Timed steps (rounds × steps): ${steps.join('; ')}.${alone.length ? ` Timed in a second phase, after the others were freed (its heap made the others' garbage collections slow): ${alone.join(', ')}.` : ''}${skipped.length ? ` Not run: ${skipped.join('; ')}.` : ''}</sub>`);
  out.push('');
  if (memory.length) {
    out.push('| scene | bodies | bytes per body after `add` | bytes per body once paired | pairs (fat boxes meeting) |');
    out.push('|---|--:|--:|--:|--:|');
    for (const m of memory) out.push(`| ${m.scene} | ${m.bodies.toLocaleString('en-US')} | ${Math.round(m.afterAdd).toLocaleString('en-US')} | ${Math.round(m.steady).toLocaleString('en-US')} | ${m.pairs.toLocaleString('en-US')} |`);
    out.push('');
    out.push('<sub>Our world\'s memory: JavaScript heap plus ArrayBuffers after forced GCs, with the world less without it, per body (static bodies included); the shapes are a shared palette of 32, not counted.</sub>');
    out.push('');
  }
  const ours = specs.filter((s) => s.statics === 0).map((s) => rows.find((r) => r.scene === s.name && r.ours)).filter((r): r is WorldRow => r !== undefined);
  if (ours.length > 1) {
    const first = ours[0];
    out.push(`<sub>Growth of our update: ${ours.map((r) => `${r.bodies.toLocaleString('en-US')} bodies ${fmtMs(median(r.stepMs))} ms (${(median(r.stepMs) / median(first.stepMs)).toFixed(1)}× for ${(r.bodies / first.bodies).toFixed(0)}× the bodies)`).join(', ')}.</sub>`);
    out.push('');
  }
  return out.join('\n');
}

/**
 * One phase of a scene: its engines built, warmed, timed in alternating rounds, counted, measured for
 * allocation, freed. Before each engine's turn in a round: a forced GC and one untimed step (a forced GC
 * drops optimised code and inline caches, bench/harness.ts), so that no engine's garbage is collected in
 * another's time.
 */
async function runPhase(engines: EngineSpec[], spec: SceneSpec, scene: WorldScene, start: Float64Array, margin: number, rows: WorldRow[], notes: Map<string, string>, log: (s: string) => void): Promise<void> {
  const n = spec.moving + spec.statics;
  const running: Running[] = [];
  for (const e of engines) {
    await settle();
    const t0 = now();
    const engine = e.make(scene, start, margin);
    running.push({ spec: e, engine, poses: new Float64Array(7 * spec.moving), t: 0, stepMs: [], setMs: [], contactPairs: -1, buildMs: now() - t0 });
    notes.set(engine.lib, engine.note);
  }
  log(`  world ${spec.name}: built (${running.map((r) => `${r.spec.key} ${(r.buildMs / 1000).toFixed(1)} s`).join(', ')})`);
  // Contact pairs: every engine's count after the same step (the smallest warm-up), whatever its state.
  const countAt = Math.min(...spec.engines.map((r) => r.warm));
  for (const r of running) {
    for (let k = 0; k < r.spec.warm; k++) {
      await advance(r, scene, false);
      if (r.t === countAt) r.contactPairs = r.engine.contactPairs();
    }
  }
  const reps = Math.max(...running.map((r) => r.spec.reps));
  for (let rep = 0; rep < reps; rep++) {
    const order = rep % 2 === 0 ? running : [...running].reverse();
    for (const r of order) {
      if (rep >= r.spec.reps) continue;
      gc!();
      await advance(r, scene, false);
      for (let k = 0; k < r.spec.perRep; k++) await advance(r, scene, true);
    }
  }
  const bytes = new Map<Running, number | null>();
  for (const r of running) {
    if (!r.spec.alloc) continue;
    const ms = median(r.stepMs);
    const a = await measureAllocation(stepCase(r, scene), Math.max(1, Math.min(16, Math.round(40 / ms))));
    bytes.set(r, a.bytes);
  }
  for (const r of running) {
    rows.push({
      scene: spec.name, lib: r.engine.lib, ours: r.spec.key === 'ours', bodies: n, stepMs: r.stepMs, setMs: r.setMs,
      contactPairs: r.contactPairs, bytesPerStep: r.spec.alloc ? bytes.get(r) ?? null : undefined, buildMs: r.buildMs, countAt,
    });
    log(`  world ${spec.name.padEnd(30)} ${r.engine.lib.padEnd(30)} ${fmtMs(median(r.stepMs)).padStart(8)} ms/step  ${r.contactPairs} contact pairs  ${r.spec.alloc ? `${fmtBytes(bytes.get(r) ?? null)} B/step` : ''}`);
    r.engine.free?.();
  }
  running.length = 0;
  await settle();
}

export async function worldBench(o: WorldBenchOptions): Promise<{ rows: WorldRow[]; memory: WorldMemory[]; markdown: string } | null> {
  if (!o.wanted(WORLD_GROUP)) return null;
  if (!gc) throw new Error('world bench: needs node --expose-gc (npm run bench passes it)');
  await initRapier();
  const margin = rapierPredictionDistance();
  // Worker threads for the threaded engines: the machine's cores less this thread's (at least one).
  const pool = await BatchPool.create();
  const specs = scenes(o.quick, pool);
  const rows: WorldRow[] = [];
  const memory: WorldMemory[] = [];
  const notes = new Map<string, string>();
  for (const spec of specs) {
    const scene = makeWorldScene(spec.name, spec.moving, spec.statics);
    const n = spec.moving + spec.statics;
    // Memory first, with nothing else of this scene in the heap.
    memory.push(await ourMemory(scene, margin, 10));
    const start = new Float64Array(7 * n);
    posesAt(scene, 0, start);
    for (const phase of [spec.engines.filter((e) => !e.alone), spec.engines.filter((e) => e.alone)]) {
      if (phase.length) await runPhase(phase, spec, scene, start, margin, rows, notes, o.log);
    }
  }
  await pool.terminate();
  return { rows, memory, markdown: markdown(rows, memory, specs, notes, margin) };
}
