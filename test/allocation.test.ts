/**
 * Every pairwise query, ray cast and shape cast on every kind of shape (each against a box, and every pair of kinds mixed at one
 * call site), computeAabb on every kind, and the 2D entry's queries, allocate nothing once warm. Measured in child processes
 * (test/probes/allocation.ts with heap-meter.ts's method and flags: compiles on the main thread, no scavenge within a batch),
 * so the figure is the code's, whatever the machine's load. This is not a timing test: it counts bytes.
 */
import { expect, test } from 'vitest';
import { allocationProbe } from './probes/run-probe.js';

test('pairwise queries and computeAabb allocate no JS heap once warm, on every kind of shape', async () => {
  // The shared rows, and every kind against a box through call sites of their own, in a process each.
  // Every double option given, in a process of its own (test/probes/allocation.ts says why).
  const [shared, kinds, plane, options] = await Promise.all([allocationProbe('allocation.ts'), allocationProbe('allocation.ts', ['kinds']), allocationProbe('allocation.ts', ['plane']), allocationProbe('allocation.ts', ['options'])]);
  expect(Object.keys(shared).length).toBe(50);
  expect(Object.keys(options).length).toBe(1);
  expect(Object.keys(kinds).length).toBe(28);
  // The 2D entry's eight queries on polygons, and contact on every pair of 2D kinds at one call site.
  expect(Object.keys(plane).length).toBe(15);
  const result = { ...shared, ...kinds, ...plane, ...options };
  // A double boxed on every call costs 16 bytes (a V8 heap number), on the queries that compute one
  // (the separated pairs of a pool: a third to two thirds of them); the regressions this guards against
  // cost 2 to 300 bytes per query. A query that allocates nothing reads 0; 'Infinity' means a collection
  // ran in every batch.
  // One known exception: manifolds of every pair of kinds through one call site (196 pairs, four poses,
  // a margin of 0.5) read 0.25 bytes a call here (9.7 after half the warm-up; 0 in a process of its own).
  // V8's sampling heap profiler puts it in branches a few pairs reach (a capsule's flat test, a cylinder's
  // side), which V8 leaves in its interpreter for long, where numbers are boxed. Held below 16 so that a
  // boxing on every call (16 bytes) cannot pass unseen.
  // A second: computeAabb on every kind reads 1.14 bytes a call (16 on each call with the row's support
  // map of the user's, one kind in 14) once the mesh rows have run in the process before it, 0 without
  // them. It is that object literal's `sweptRadius`, a raw double to V8: with 0 (a small integer) there, or
  // the same map as a class whose constructor assigns its fields, the row reads 0. V8's sampling heap
  // profiler in the probe's own process puts it in the support-based bounds (shapes/shape-aabb.ts,
  // supportBounds), whose user-code branch sees that one map only; taking the radius out of supportBounds'
  // load (read where only user shapes pass) moved it, with the inlining, without removing it.
  const exceptions = new Set(['manifold, every pair of kinds', 'computeAabb every kind']);
  for (const [query, bytes] of Object.entries(result)) {
    const limit = exceptions.has(query) ? 16 : 1;
    expect(bytes === 'Infinity' ? Infinity : bytes, `${query}: bytes per query`).toBeLessThan(limit);
  }
}, 300_000);
