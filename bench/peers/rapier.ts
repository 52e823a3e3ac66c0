/**
 * rapier3d-compat 0.21 (Rust compiled to WASM, float32) through its two JavaScript paths:
 *
 * - the `Shape` API: `shapeA.intersectsShape(posA, rotA, shapeB, posB, rotB)` and
 *   `shapeA.contactShape(posA, rotA, shapeB, posB, rotB, prediction, target)`, given poses per call,
 *   like our queries;
 * - colliders in a `World` that is never stepped: one collider per shape of every pair, created up
 *   front with its pose (hulls as a convex mesh of the template's exact triangulation), then `colliderA.contactCollider(colliderB, prediction, target)`. This is
 *   rapier's fastest pairwise path from JavaScript (no shape or pose crosses the WASM boundary per
 *   query), but it is not the same work: the poses are already inside rapier, whereas our queries
 *   and the Shape API read them on every call.
 *
 * rapier has no boolean intersection test between two colliders outside a stepped world, so its
 * collider intersection row is `contactCollider(…, prediction 0) !== null`; its distance is the
 * contact distance with a large prediction (clamped at 0), its depth minus the contact distance.
 */
import RAPIER from '@dimforge/rapier3d-compat';
import type { Case } from '../harness.js';
import { hullTopology, type V3 } from '../oracles.js';
import { poseOf, type PlainPose, type Pool } from '../pools.js';
import type { PairGroup } from './common.js';

let ready: Promise<void> | null = null;
export function initRapier(): Promise<void> {
  ready ??= RAPIER.init();
  return ready;
}

/** Prediction distance large enough that every pool pair (at most ~7 apart) reports a contact. */
const FAR = 100;

function shapesFor(g: PairGroup): { sA: RAPIER.Shape[]; sB: RAPIER.Shape[]; pA: PlainPose[]; pB: PlainPose[] } {
  const p = g.pool;
  const sA: RAPIER.Shape[] = [], sB: RAPIER.Shape[] = [], pA: PlainPose[] = [], pB: PlainPose[] = [];
  const hull = p.kind === 'hulls' ? new RAPIER.ConvexPolyhedron(new Float32Array(p.template), null) : null;
  for (let i = 0; i < p.size; i++) {
    pA.push(poseOf(p, i, false));
    pB.push(poseOf(p, i, true));
    if (p.kind === 'hulls') {
      sA.push(hull!); sB.push(hull!);
    } else {
      sA.push(new RAPIER.Cuboid(p.halfA[3 * i], p.halfA[3 * i + 1], p.halfA[3 * i + 2]));
      sB.push(p.kind === 'boxes'
        ? new RAPIER.Cuboid(p.halfB[3 * i], p.halfB[3 * i + 1], p.halfB[3 * i + 2])
        : new RAPIER.Ball(p.radiusB[i]));
    }
  }
  return { sA, sB, pA, pB };
}

const hullMeshes = new Map<Float64Array, { vertices: Float32Array; indices: Uint32Array }>();

/** The template hull as a convex mesh (its exact triangulation), so colliders skip rebuilding the hull. */
function hullMesh(template: Float64Array): { vertices: Float32Array; indices: Uint32Array } {
  let m = hullMeshes.get(template);
  if (!m) {
    const pts: V3[] = [];
    for (let k = 0; k < template.length; k += 3) pts.push([template[k], template[k + 1], template[k + 2]]);
    m = { vertices: new Float32Array(template), indices: Uint32Array.from(hullTopology(pts).tris.flat()) };
    hullMeshes.set(template, m);
  }
  return m;
}

function colliderDesc(pool: Pool, i: number, b: boolean): RAPIER.ColliderDesc {
  const p = pool;
  let d: RAPIER.ColliderDesc | null;
  if (p.kind === 'hulls') {
    const m = hullMesh(p.template);
    d = RAPIER.ColliderDesc.convexMesh(m.vertices, m.indices);
  }
  else if (!b) d = RAPIER.ColliderDesc.cuboid(p.halfA[3 * i], p.halfA[3 * i + 1], p.halfA[3 * i + 2]);
  else if (p.kind === 'boxes') d = RAPIER.ColliderDesc.cuboid(p.halfB[3 * i], p.halfB[3 * i + 1], p.halfB[3 * i + 2]);
  else d = RAPIER.ColliderDesc.ball(p.radiusB[i]);
  const pose = poseOf(p, i, b);
  if (!d) throw new Error('rapier: collider description failed');
  return d.setTranslation(pose.position.x, pose.position.y, pose.position.z).setRotation(pose.quaternion);
}

/**
 * Creating convex-polyhedron colliders gets slower the more such colliders the process already holds
 * (inside rapier's WASM module: 4,000 take 0.4 s in a fresh process, seconds after a few thousand
 * more, and over a minute after the box worlds exist), so the hull pools get colliders for their
 * first 2,000 pairs only, created before any other world (see `prepareRapierWorlds`), and rapier's
 * collider rows on hulls cycle over those 2,000 pairs.
 */
const HULL_COLLIDER_PAIRS = 2000;

/** One never-stepped world per pool, holding two colliders per pair. */
const worlds = new Map<object, { cA: RAPIER.Collider[]; cB: RAPIER.Collider[] }>();
function collidersFor(pool: Pool): { cA: RAPIER.Collider[]; cB: RAPIER.Collider[] } {
  let w = worlds.get(pool);
  if (!w) {
    const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
    const cA: RAPIER.Collider[] = [], cB: RAPIER.Collider[] = [];
    const count = pool.kind === 'hulls' ? Math.min(pool.size, HULL_COLLIDER_PAIRS) : pool.size;
    for (let i = 0; i < count; i++) {
      cA.push(world.createCollider(colliderDesc(pool, i, false)));
      cB.push(world.createCollider(colliderDesc(pool, i, true)));
    }
    w = { cA, cB };
    worlds.set(pool, w);
  }
  return w;
}

/** Creates the never-stepped worlds up front, hull pools first (see HULL_COLLIDER_PAIRS). */
export function prepareRapierWorlds(pools: Pool[]): void {
  for (const p of pools) if (p.kind === 'hulls') collidersFor(p);
  for (const p of pools) collidersFor(p);
}

/** Maps a ShapeContact (or null) to the group's answer. */
function answerOf(kind: PairGroup['kind'], c: RAPIER.ShapeContact | null): number {
  switch (kind) {
    case 'intersection': return c === null ? 0 : 1;
    case 'distance': return c === null ? NaN : Math.max(0, c.distance);
    case 'penetration': return c === null ? NaN : -c.distance;
    case 'contact': return c === null ? NaN : c.distance;
    case 'manifold': case 'ray': return NaN; // (rapierManifoldCases, rapierRayCases)
  }
}

/** Pairs of a world stepped for its narrow phase: the first this many overlapping pairs of a pool. */
const MANIFOLD_WORLD_PAIRS = 2000;

/**
 * rapier's contact manifolds from its narrow phase: a world holding the pairs (each pair at its own
 * place, 100 apart, so that no two pairs meet), every collider on a kinematic body with every collision
 * type active, and `world.step()` timed with each B body told to stay where it is (so the narrow phase
 * recomputes every pair, as it would for moving bodies). A step's time is divided among its pairs: it
 * includes rapier's broad phase and the JS-to-WASM calls that move the bodies, which a game pays too.
 */
function rapierManifoldCases(g: PairGroup): Case[] {
  const p = g.pool;
  const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
  const count = Math.min(g.pairs.length, MANIFOLD_WORLD_PAIRS);
  const bodiesB: RAPIER.RigidBody[] = [], cA: RAPIER.Collider[] = [], cB: RAPIER.Collider[] = [], index: number[] = [];
  const spot: { x: number; y: number; z: number }[] = [];
  for (let k = 0; k < count; k++) {
    const i = g.pairs[k];
    const ox = 100 * (k % 45), oz = 100 * Math.floor(k / 45);
    const place = (b: boolean): [RAPIER.RigidBody, RAPIER.Collider] => {
      const pose = poseOf(p, i, b);
      const desc = colliderDesc(p, i, b).setTranslation(0, 0, 0).setRotation({ x: 0, y: 0, z: 0, w: 1 })
        .setActiveCollisionTypes(RAPIER.ActiveCollisionTypes.ALL);
      const body = world.createRigidBody(RAPIER.RigidBodyDesc.kinematicPositionBased()
        .setTranslation(pose.position.x + ox, pose.position.y, pose.position.z + oz).setRotation(pose.quaternion));
      return [body, world.createCollider(desc, body)];
    };
    const [, a] = place(false), [bb, b] = place(true);
    cA.push(a); cB.push(b); bodiesB.push(bb); index.push(i);
    spot.push({ ...bb.translation() });
  }
  const step = (): void => {
    for (let k = 0; k < count; k++) bodiesB[k].setNextKinematicTranslation(spot[k]);
    world.step();
  };
  step();
  const byPair = new Map<number, number>();
  for (let k = 0; k < count; k++) {
    let deepest = NaN;
    world.contactPair(cA[k], cB[k], (m) => {
      for (let c = 0; c < m.numContacts(); c++) deepest = Number.isNaN(deepest) ? -m.contactDist(c) : Math.max(deepest, -m.contactDist(c));
    });
    byPair.set(index[k], deepest);
  }
  return [{
    group: g.name, lib: 'rapier (world step)', cycle: count, minQueriesPerRun: count,
    note: `World.step() over ${count.toLocaleString('en-US')} overlapping pairs on kinematic bodies, time per pair (broad phase and body updates included)`,
    // Scored on the pairs the world holds (the first `count` overlapping pairs of the pool).
    accuracySubset: p.kind === 'hulls' ? 0 : g.pairs[count - 1] + 1,
    batch(_start, queries) {
      const steps = Math.max(1, Math.round(queries / count));
      for (let s = 0; s < steps; s++) step();
      return steps;
    },
    answer: (i) => byPair.get(i) ?? NaN,
  }];
}

/** Rays through colliders of the never-stepped world: `Collider.castRay(ray, maxToi, solid)`. */
function rapierRayCases(g: PairGroup): Case[] {
  const p = g.pool;
  const { cA } = collidersFor(p);
  const count = cA.length, n = Math.min(g.pairs.length, count);
  const rays: RAPIER.Ray[] = [];
  for (let i = 0; i < count; i++) {
    const b = poseOf(p, i, true).position;
    rays.push(new RAPIER.Ray({ x: b.x, y: b.y, z: b.z }, { x: -b.x, y: -b.y, z: -b.z }));
  }
  const cast = (i: number): number => cA[i].castRay(rays[i], 1e9, true);
  return [{
    group: g.name, lib: 'rapier (colliders)', cycle: n, note: `Collider.castRay(ray, maxToi, solid)${count < p.size ? `, first ${count.toLocaleString('en-US')} pairs` : ''}`,
    accuracySubset: count,
    batch(start, queries) {
      let sum = 0, k = start % n;
      for (let c = 0; c < queries; c++) { const t = cast(k); if (t >= 0) sum += t; if (++k === n) k = 0; }
      return sum;
    },
    answer: (i) => { const t = cast(i); return t >= 0 ? t : NaN; },
  }];
}

export function rapierCases(g: PairGroup): Case[] {
  if (g.kind === 'manifold') return rapierManifoldCases(g);
  if (g.kind === 'ray') return rapierRayCases(g);
  const { sA, sB, pA, pB } = shapesFor(g);
  const { cA, cB } = collidersFor(g.pool);
  const idx = g.pairs, n = idx.length;
  const prediction = g.kind === 'intersection' || g.kind === 'penetration' ? 0 : FAR;
  const target = new RAPIER.ShapeContact(0, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 });
  const cases: Case[] = [];
  // The Shape API rebuilds the hull's WASM shape on every call (~0.5 ms): score its answers on the
  // first 2,000 pairs only.
  const subset = g.pool.kind === 'hulls' ? { accuracySubset: 2000 } : {};

  if (g.kind === 'intersection') {
    cases.push({
      group: g.name, lib: 'rapier (Shape)', cycle: n, note: 'Shape.intersectsShape', ...subset,
      batch(start, count) {
        let hits = 0, k = start % n;
        for (let c = 0; c < count; c++) {
          const i = idx[k];
          if (sA[i].intersectsShape(pA[i].position, pA[i].quaternion, sB[i], pB[i].position, pB[i].quaternion)) hits++;
          if (++k === n) k = 0;
        }
        return hits;
      },
      answer: (i) => (sA[i].intersectsShape(pA[i].position, pA[i].quaternion, sB[i], pB[i].position, pB[i].quaternion) ? 1 : 0),
    });
  } else {
    cases.push({
      group: g.name, lib: 'rapier (Shape)', cycle: n, note: `Shape.contactShape(prediction ${prediction}, target)`, ...subset,
      batch(start, count) {
        let sum = 0, k = start % n;
        for (let c = 0; c < count; c++) {
          const i = idx[k];
          const r = sA[i].contactShape(pA[i].position, pA[i].quaternion, sB[i], pB[i].position, pB[i].quaternion, prediction, target);
          if (r !== null) sum += r.distance;
          if (++k === n) k = 0;
        }
        return sum;
      },
      answer: (i) => answerOf(g.kind, sA[i].contactShape(pA[i].position, pA[i].quaternion, sB[i], pB[i].position, pB[i].quaternion, prediction, target)),
    });
  }

  const cIdx = idx.filter((i) => i < cA.length), cn = cIdx.length;
  cases.push({
    group: g.name, lib: 'rapier (colliders)', cycle: cn,
    note: `Collider.contactCollider(prediction ${prediction}, target), world never stepped${cA.length < g.pool.size ? `, first ${cA.length.toLocaleString('en-US')} pairs` : ''}`,
    ...(cA.length < g.pool.size ? { accuracySubset: cA.length } : {}),
    batch(start, count) {
      let sum = 0, k = start % cn;
      for (let c = 0; c < count; c++) {
        const i = cIdx[k];
        const r = cA[i].contactCollider(cB[i], prediction, target);
        if (r !== null) sum += r.distance + 1;
        if (++k === cn) k = 0;
      }
      return sum;
    },
    answer: (i) => answerOf(g.kind, cA[i].contactCollider(cB[i], prediction, target)),
  });
  return cases;
}
