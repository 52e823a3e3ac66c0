/**
 * rapier3d-compat 0.21 (Rust compiled to WASM, float32) through its two JavaScript paths:
 *
 * - the `Shape` API: `shapeA.intersectsShape(posA, rotA, shapeB, posB, rotB)` and
 *   `shapeA.contactShape(posA, rotA, shapeB, posB, rotB, prediction, target)`, given poses per call,
 *   like our queries;
 * - colliders in a `World` that is never stepped: one collider per shape of every pair, created up
 *   front with its pose, then `colliderA.contactCollider(colliderB, prediction, target)`. This is
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
import { poseOf, type PlainPose } from '../pools.js';
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

function colliderDesc(g: PairGroup, i: number, b: boolean): RAPIER.ColliderDesc {
  const p = g.pool;
  let d: RAPIER.ColliderDesc | null;
  if (p.kind === 'hulls') d = RAPIER.ColliderDesc.convexHull(new Float32Array(p.template));
  else if (!b) d = RAPIER.ColliderDesc.cuboid(p.halfA[3 * i], p.halfA[3 * i + 1], p.halfA[3 * i + 2]);
  else if (p.kind === 'boxes') d = RAPIER.ColliderDesc.cuboid(p.halfB[3 * i], p.halfB[3 * i + 1], p.halfB[3 * i + 2]);
  else d = RAPIER.ColliderDesc.ball(p.radiusB[i]);
  const pose = poseOf(p, i, b);
  return d!.setTranslation(pose.position.x, pose.position.y, pose.position.z).setRotation(pose.quaternion);
}

/** One never-stepped world per pool, holding two colliders per pair. */
const worlds = new Map<object, { cA: RAPIER.Collider[]; cB: RAPIER.Collider[] }>();
function collidersFor(g: PairGroup): { cA: RAPIER.Collider[]; cB: RAPIER.Collider[] } {
  let w = worlds.get(g.pool);
  if (!w) {
    const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
    const cA: RAPIER.Collider[] = [], cB: RAPIER.Collider[] = [];
    for (let i = 0; i < g.pool.size; i++) {
      cA.push(world.createCollider(colliderDesc(g, i, false)));
      cB.push(world.createCollider(colliderDesc(g, i, true)));
    }
    w = { cA, cB };
    worlds.set(g.pool, w);
  }
  return w;
}

/** Maps a ShapeContact (or null) to the group's answer. */
function answerOf(kind: PairGroup['kind'], c: RAPIER.ShapeContact | null): number {
  switch (kind) {
    case 'intersection': return c === null ? 0 : 1;
    case 'distance': return c === null ? NaN : Math.max(0, c.distance);
    case 'penetration': return c === null ? NaN : -c.distance;
    case 'contact': return c === null ? NaN : c.distance;
  }
}

export function rapierCases(g: PairGroup): Case[] {
  const { sA, sB, pA, pB } = shapesFor(g);
  const { cA, cB } = collidersFor(g);
  const idx = g.pairs, n = idx.length;
  const prediction = g.kind === 'intersection' || g.kind === 'penetration' ? 0 : FAR;
  const target = new RAPIER.ShapeContact(0, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 });
  const cases: Case[] = [];

  if (g.kind === 'intersection') {
    cases.push({
      group: g.name, lib: 'rapier (Shape)', cycle: n, note: 'Shape.intersectsShape',
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
      group: g.name, lib: 'rapier (Shape)', cycle: n, note: `Shape.contactShape(prediction ${prediction}, target)`,
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

  cases.push({
    group: g.name, lib: 'rapier (colliders)', cycle: n, note: `Collider.contactCollider(prediction ${prediction}, target), world never stepped`,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) {
        const i = idx[k];
        const r = cA[i].contactCollider(cB[i], prediction, target);
        if (r !== null) sum += r.distance + 1;
        if (++k === n) k = 0;
      }
      return sum;
    },
    answer: (i) => answerOf(g.kind, cA[i].contactCollider(cB[i], prediction, target)),
  });
  return cases;
}
