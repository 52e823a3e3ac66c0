/**
 * Hull building from points uniform in the unit ball (1,000 and 100,000 points) and from 100,000
 * points on the unit sphere (every point a hull vertex), one build per query. Each library gets its own input format, prepared outside the timing:
 *
 * - convex-collide: the benchmark function exported by bench/hull.bench.ts (owned by the hull's
 *   author), when that file exists;
 * - quickhull3d: `qh(points: number[][])` from `quickhull3d/dist/quickhull3d.js` (its package entry
 *   does not load under Node ESM);
 * - three.js: `new ConvexHull().setFromPoints(Vector3[])`;
 * - rapier: `new ConvexPolyhedron(Float32Array, null).intoRaw()` (parry's convex hull plus the
 *   polyhedron's topology, in WASM, float32), freed after each build.
 */
import RAPIER from '@dimforge/rapier3d-compat';
import qh from 'quickhull3d/dist/quickhull3d.js';
import { ConvexHull as ThreeConvexHull } from 'three/examples/jsm/math/ConvexHull.js';
import type { Accuracy, Case } from './harness.js';
import { makeBallPoints, makeSpherePoints } from './pools.js';
import { initRapier } from './peers/rapier.js';
import { peerHullInputs } from './peers/hull-inputs.js';

export interface BuildBench {
  group: string;
  cases: Case[];
  score?: (c: Case) => Accuracy | null;
}

/**
 * The hull benchmark's contract, as read from bench/hull.bench.ts when it exists: any exported
 * function that takes packed xyz coordinates and builds a hull. Looked up by name so that this
 * runner keeps working while that file changes.
 */
type BuildFn = (coords: Float64Array) => unknown;

async function oursBuild(): Promise<{ fn: BuildFn; name: string } | null> {
  const path = './hull.bench.js';
  let mod: Record<string, unknown>;
  try {
    mod = (await import(path)) as Record<string, unknown>;
  } catch {
    return null;
  }
  for (const name of ['buildHullBench', 'hullBuildBench', 'benchBuildHull', 'buildHull', 'default']) {
    if (typeof mod[name] === 'function') return { fn: mod[name] as BuildFn, name };
  }
  return null;
}

function buildCase(group: string, lib: string, note: string, build: () => unknown, ours = false): Case {
  return {
    group, lib, ours, cycle: 1, unit: 'build', note, minQueriesPerRun: 1,
    batch(_start, count) {
      let n = 0;
      for (let c = 0; c < count; c++) if (build()) n++;
      return n;
    },
  };
}

export async function buildBenches(quick: boolean): Promise<BuildBench[]> {
  await initRapier();
  const ours = await oursBuild();
  const big = quick ? 10_000 : 100_000;
  const inputs: Array<[string, Float64Array]> = [
    ['points in a ball', makeBallPoints(1000)],
    ['points in a ball', makeBallPoints(big)],
    ['points on a sphere (all on the hull)', makeSpherePoints(big)],
  ];
  const benches: BuildBench[] = [];
  for (const [what, coords] of inputs) {
    const n = coords.length / 3;
    const { arrays, vectors, f32 } = peerHullInputs(coords);
    const group = `hull building, ${n.toLocaleString('en-US')} ${what}`;
    const cases: Case[] = [];
    if (ours) cases.push(buildCase(group, 'convex-collide', `bench/hull.bench.ts ${ours.name}(Float64Array)`, () => ours.fn(coords), true));
    cases.push(buildCase(group, 'quickhull3d', 'qh(number[][])', () => qh(arrays)));
    cases.push(buildCase(group, 'three.js ConvexHull', 'new ConvexHull().setFromPoints(Vector3[])', () => new ThreeConvexHull().setFromPoints(vectors)));
    cases.push(buildCase(group, 'rapier', 'new ConvexPolyhedron(Float32Array, null).intoRaw(), then free()', () => {
      const raw = new RAPIER.ConvexPolyhedron(f32, null).intoRaw();
      raw.free();
      return raw;
    }));
    benches.push({ group, cases });
  }
  return benches;
}
