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
 *
 * Rays: `collider.castRay(ray, maxToi, solid = true)` through colliders of a never-stepped world (the
 * rays made up front). Shape casts: `colliderA.castCollider(velA = 0, colliderB, velB, targetDistance 0,
 * maxToi 1, stopAtPenetration true)`, B's collider created at its start, and `Shape.castShape` with
 * poses and velocities passed per call. rapier's JavaScript API has no cast of turning shapes (parry's
 * nonlinear cast is not exported), so the rotating cast has no rapier row; it has no ellipsoid shape.
 */
import RAPIER from '@dimforge/rapier3d-compat';
import type { Case } from '../harness.js';
import { hullTopology, type V3 } from '../oracles.js';
import { poseOf, type PlainPose, type Pool } from '../pools.js';
import { triangleVertices, type CastPool, type RayPool } from '../sweeps.js';
import type { CastGroup, PairGroup, RayGroup } from './common.js';

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

/** A never-stepped world holding two colliders per pair of a pool. */
interface PoolWorld { world: RAPIER.World; cA: RAPIER.Collider[]; cB: RAPIER.Collider[] }

/**
 * One never-stepped world per pool, keyed by what the pool is (equal pools made apart, as the ray and
 * cast benchmarks make theirs, share one world and its colliders).
 */
const worlds = new Map<string, PoolWorld>();
function poolKey(pool: Pool): string {
  return `${pool.kind}/${pool.kind === 'hulls' ? pool.range : ''}/${pool.size}`;
}
function collidersFor(pool: Pool): PoolWorld {
  let w = worlds.get(poolKey(pool));
  if (!w) {
    const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
    const cA: RAPIER.Collider[] = [], cB: RAPIER.Collider[] = [];
    const count = pool.kind === 'hulls' ? Math.min(pool.size, HULL_COLLIDER_PAIRS) : pool.size;
    for (let i = 0; i < count; i++) {
      cA.push(world.createCollider(colliderDesc(pool, i, false)));
      cB.push(world.createCollider(colliderDesc(pool, i, true)));
    }
    w = { world, cA, cB };
    worlds.set(poolKey(pool), w);
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
    case 'manifold': return NaN; // (rapierManifoldCases)
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

export function rapierCases(g: PairGroup): Case[] {
  if (g.kind === 'manifold') return rapierManifoldCases(g);
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

/** rapier's collider for pair i of a ray pool (at the origin, the pool's rotation), or null for a kind it lacks. */
function rayColliderDesc(p: RayPool, i: number): RAPIER.ColliderDesc | null {
  const a = p.dims[3 * i], b = p.dims[3 * i + 1], c = p.dims[3 * i + 2];
  let d: RAPIER.ColliderDesc | null;
  switch (p.shape) {
    case 'sphere': d = RAPIER.ColliderDesc.ball(a); break;
    case 'box': d = RAPIER.ColliderDesc.cuboid(a, b, c); break;
    case 'capsule': d = RAPIER.ColliderDesc.capsule(a, b); break;
    case 'cylinder': d = RAPIER.ColliderDesc.cylinder(a, b); break;
    case 'cone': d = RAPIER.ColliderDesc.cone(a, b); break;
    case 'rounded box': d = RAPIER.ColliderDesc.roundCuboid(a, b, c, p.radius[i]); break; // (a core plus its border, as ours)
    case 'triangle': {
      const [u, v, w] = triangleVertices(p, i);
      d = RAPIER.ColliderDesc.triangle({ x: u[0], y: u[1], z: u[2] }, { x: v[0], y: v[1], z: v[2] }, { x: w[0], y: w[1], z: w[2] });
      break;
    }
    case 'hull': { const m = hullMesh(p.template!); d = RAPIER.ColliderDesc.convexMesh(m.vertices, m.indices); break; }
    case 'ellipsoid': return null;
  }
  if (!d) throw new Error('rapier: collider description failed');
  const q = p.quat;
  return d.setRotation({ x: q[4 * i], y: q[4 * i + 1], z: q[4 * i + 2], w: q[4 * i + 3] });
}

/**
 * Rays through colliders of a never-stepped world: `Collider.castRay(ray, maxToi, solid)`. The box and
 * hull rays reuse the pairwise benchmark's A colliders (the same shapes at the same poses; hulls for the
 * first HULL_COLLIDER_PAIRS pairs); every other kind gets a world of its own.
 */
export function rapierRayCases(g: RayGroup): Case[] {
  const p = g.pool;
  let cA: RAPIER.Collider[];
  if (p.shape === 'box' || p.shape === 'hull') cA = collidersFor(p.source).cA;
  else {
    if (p.shape === 'ellipsoid') return [];
    const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
    cA = [];
    for (let i = 0; i < p.size; i++) cA.push(world.createCollider(rayColliderDesc(p, i)!));
  }
  const n = cA.length;
  const rays: RAPIER.Ray[] = [];
  for (let i = 0; i < n; i++) {
    rays.push(new RAPIER.Ray({ x: p.origin[3 * i], y: p.origin[3 * i + 1], z: p.origin[3 * i + 2] }, { x: p.dir[3 * i], y: p.dir[3 * i + 1], z: p.dir[3 * i + 2] }));
  }
  const cast = (i: number): number => cA[i].castRay(rays[i], 1e9, true);
  return [{
    group: g.name, lib: 'rapier (colliders)', cycle: n,
    note: `Collider.castRay(ray, maxToi 1e9, solid)${n < p.size ? `, first ${n.toLocaleString('en-US')} pairs` : ''}`,
    ...(n < p.size ? { accuracySubset: n } : {}),
    batch(start, queries) {
      let sum = 0, k = start % n;
      for (let c = 0; c < queries; c++) { const t = cast(k); if (t >= 0) sum += t; if (++k === n) k = 0; }
      return sum;
    },
    answer: (i) => { const t = cast(i); return t >= 0 ? t : NaN; },
  }];
}

/** B's colliders at their cast starts, in the world of the pool's A colliders (castCollider wants both in one world). */
const castWorlds = new Map<string, { cA: RAPIER.Collider[]; cB: RAPIER.Collider[] }>();
function castCollidersFor(c: CastPool): { cA: RAPIER.Collider[]; cB: RAPIER.Collider[] } {
  const key = `${poolKey(c.pool)}/cast`;
  let w = castWorlds.get(key);
  if (!w) {
    const { world, cA } = collidersFor(c.pool);
    const cB: RAPIER.Collider[] = [];
    for (let i = 0; i < cA.length; i++) {
      cB.push(world.createCollider(colliderDesc(c.pool, i, true).setTranslation(c.start[3 * i], c.start[3 * i + 1], c.start[3 * i + 2])));
    }
    w = { cA, cB };
    castWorlds.set(key, w);
  }
  return w;
}

/**
 * Creates the cast colliders up front, hull pools first: convex-polyhedron colliders get slower to make
 * the more colliders the process holds (see HULL_COLLIDER_PAIRS).
 */
export function prepareRapierCastWorlds(pools: CastPool[]): void {
  for (const c of pools) if (c.pool.kind === 'hulls') castCollidersFor(c);
}

/** Linear shape casts through colliders (`castCollider`) and through the Shape API (`castShape`). */
export function rapierCastCases(g: CastGroup): Case[] {
  const c = g.pool;
  if (c.angular) return [];
  const { cA, cB } = castCollidersFor(c);
  const { sA, sB, pA, pB } = shapesFor({ name: g.name, kind: 'contact', pool: c.pool, pairs: new Int32Array(0) });
  const n = c.size, cn = cA.length;
  const zero = { x: 0, y: 0, z: 0 };
  const vel: { x: number; y: number; z: number }[] = [], start: { x: number; y: number; z: number }[] = [];
  for (let i = 0; i < n; i++) {
    vel.push({ x: c.linear[3 * i], y: c.linear[3 * i + 1], z: c.linear[3 * i + 2] });
    start.push({ x: c.start[3 * i], y: c.start[3 * i + 1], z: c.start[3 * i + 2] });
  }
  // Targets with vectors of their own: rapier writes the witnesses and normals into them.
  const v0 = (): { x: number; y: number; z: number } => ({ x: 0, y: 0, z: 0 });
  const hit = new RAPIER.ColliderShapeCastHit(cB[0], 0, v0(), v0(), v0(), v0());
  const shapeHit = new RAPIER.ShapeCastHit(0, v0(), v0(), v0(), v0());
  const viaColliders = (i: number): number => cA[i].castCollider(zero, cB[i], vel[i], 0, 1, true, hit)?.time_of_impact ?? NaN;
  const viaShapes = (i: number): number =>
    sA[i].castShape(pA[i].position, pA[i].quaternion, zero, sB[i], start[i], pB[i].quaternion, vel[i], 0, 1, true, shapeHit)?.time_of_impact ?? NaN;
  // The Shape API rebuilds the hull's WASM shape on every call: score its answers on the first 2,000 pairs only.
  const subset = c.pool.kind === 'hulls' ? { accuracySubset: 2000 } : {};
  return [{
    group: g.name, lib: 'rapier (Shape)', cycle: n, ...subset,
    note: 'Shape.castShape(posA, rotA, velA = 0, shapeB, posB, rotB, velB, targetDistance 0, maxToi 1, stopAtPenetration, target)',
    batch(start, queries) {
      let sum = 0, k = start % n;
      for (let q = 0; q < queries; q++) { const t = viaShapes(k); if (t === t) sum += t; if (++k === n) k = 0; }
      return sum;
    },
    answer: viaShapes,
  }, {
    group: g.name, lib: 'rapier (colliders)', cycle: cn, ...(cn < n ? { accuracySubset: cn } : {}),
    note: `Collider.castCollider(velA = 0, colliderB, velB, targetDistance 0, maxToi 1, stopAtPenetration, target), world never stepped${cn < n ? `, first ${cn.toLocaleString('en-US')} pairs` : ''}`,
    batch(start, queries) {
      let sum = 0, k = start % cn;
      for (let q = 0; q < queries; q++) { const t = viaColliders(k); if (t === t) sum += t; if (++k === cn) k = 0; }
      return sum;
    },
    answer: viaColliders,
  }];
}
