/** convex-collide itself, through its public entry point, as a user would call it. */
import {
  Box, ConvexHull, Sphere, contact, contactManifold, createContactResult, createManifold, createPenetrationResult, distance, intersects,
  ManifoldCache, penetration, rayCast, createRayHit, type Manifold,
} from '../../src/index.js';
import type { Case } from '../harness.js';
import { poseOf, type PlainPose, type Pool } from '../pools.js';
import type { PairGroup } from './common.js';

type AnyShape = Box | Sphere | ConvexHull;

/** Our shapes and plain poses for every pair of a pool (also used by test/alloc/probe.ts). */
export function oursPairs(p: Pool): { sA: AnyShape[]; sB: AnyShape[]; pA: PlainPose[]; pB: PlainPose[] } {
  const sA: AnyShape[] = [], sB: AnyShape[] = [], pA: PlainPose[] = [], pB: PlainPose[] = [];
  const hull = p.kind === 'hulls' ? new ConvexHull(p.template) : null;
  for (let i = 0; i < p.size; i++) {
    pA.push(poseOf(p, i, false));
    pB.push(poseOf(p, i, true));
    if (p.kind === 'hulls') {
      sA.push(hull!); sB.push(hull!);
    } else {
      sA.push(new Box(p.halfA[3 * i], p.halfA[3 * i + 1], p.halfA[3 * i + 2]));
      sB.push(p.kind === 'boxes'
        ? new Box(p.halfB[3 * i], p.halfB[3 * i + 1], p.halfB[3 * i + 2])
        : new Sphere(p.radiusB[i]));
    }
  }
  return { sA, sB, pA, pB };
}

export function oursCases(g: PairGroup): Case[] {
  const { sA, sB, pA, pB } = oursPairs(g.pool);
  const idx = g.pairs, n = idx.length;
  const lib = 'convex-collide';
  switch (g.kind) {
    case 'intersection':
      return [{
        group: g.name, lib, ours: true, cycle: n, note: 'intersects()',
        batch(start, count) {
          let hits = 0, k = start % n;
          for (let c = 0; c < count; c++) {
            const i = idx[k];
            if (intersects(sA[i], pA[i], sB[i], pB[i])) hits++;
            if (++k === n) k = 0;
          }
          return hits;
        },
        answer: (i) => (intersects(sA[i], pA[i], sB[i], pB[i]) ? 1 : 0),
      }];
    case 'distance':
      return [{
        group: g.name, lib, ours: true, cycle: n, note: 'distance()',
        batch(start, count) {
          let sum = 0, k = start % n;
          for (let c = 0; c < count; c++) {
            const i = idx[k];
            sum += distance(sA[i], pA[i], sB[i], pB[i]);
            if (++k === n) k = 0;
          }
          return sum;
        },
        answer: (i) => distance(sA[i], pA[i], sB[i], pB[i]),
      }];
    case 'penetration': {
      const out = createPenetrationResult();
      const cout = createContactResult();
      return [{
        group: g.name, lib, ours: true, cycle: n, note: 'penetration(…, out)',
        batch(start, count) {
          let sum = 0, k = start % n;
          for (let c = 0; c < count; c++) {
            const i = idx[k];
            const r = penetration(sA[i], pA[i], sB[i], pB[i], out);
            if (r !== null) sum += r.depth;
            if (++k === n) k = 0;
          }
          return sum;
        },
        answer: (i) => penetration(sA[i], pA[i], sB[i], pB[i], out)?.depth ?? NaN,
      }, {
        group: g.name, lib: 'convex-collide contact()', cycle: n, note: 'contact(…, out): −separation',
        batch(start, count) {
          let sum = 0, k = start % n;
          for (let c = 0; c < count; c++) {
            const i = idx[k];
            sum += contact(sA[i], pA[i], sB[i], pB[i], cout)!.separation;
            if (++k === n) k = 0;
          }
          return sum;
        },
        answer: (i) => -contact(sA[i], pA[i], sB[i], pB[i], cout)!.separation,
      }];
    }
    case 'contact': {
      const out = createContactResult();
      return [{
        group: g.name, lib, ours: true, cycle: n, note: 'contact(…, out)',
        batch(start, count) {
          let sum = 0, k = start % n;
          for (let c = 0; c < count; c++) {
            const i = idx[k];
            sum += contact(sA[i], pA[i], sB[i], pB[i], out)!.separation;
            if (++k === n) k = 0;
          }
          return sum;
        },
        answer: (i) => contact(sA[i], pA[i], sB[i], pB[i], out)!.separation,
      }];
    }
    case 'ray': {
      const out = createRayHit();
      const dirs = pB.map((q) => ({ x: -q.position.x, y: -q.position.y, z: -q.position.z }));
      return [{
        group: g.name, lib, ours: true, cycle: n, note: 'rayCast(…, out), from B\'s position towards A\'s',
        batch(start, count) {
          let sum = 0, k = start % n;
          for (let c = 0; c < count; c++) {
            const i = idx[k];
            const r = rayCast(sA[i], pA[i], pB[i].position, dirs[i], out);
            if (r !== null) sum += r.t;
            if (++k === n) k = 0;
          }
          return sum;
        },
        answer: (i) => rayCast(sA[i], pA[i], pB[i].position, dirs[i], out)?.t ?? NaN,
      }];
    }
    case 'manifold': {
      const out = createManifold();
      const cacheOptions = sA.map(() => ({ cache: new ManifoldCache() }));
      const depth = (m: Manifold | null): number => {
        if (m === null) return NaN;
        let s = Infinity;
        for (let k = 0; k < m.count; k++) s = Math.min(s, m.points[k].separation);
        return -s;
      };
      return [{
        group: g.name, lib, ours: true, cycle: n, note: 'contactManifold(…, out): up to 4 points',
        batch(start, count) {
          let sum = 0, k = start % n;
          for (let c = 0; c < count; c++) {
            const i = idx[k];
            const m = contactManifold(sA[i], pA[i], sB[i], pB[i], out);
            if (m !== null) sum += m.count;
            if (++k === n) k = 0;
          }
          return sum;
        },
        answer: (i) => depth(contactManifold(sA[i], pA[i], sB[i], pB[i], out)),
      }, {
        // A cache per pair and poses that do not move, as in rapier's world step beside it.
        group: g.name, lib: 'convex-collide (cached, at rest)', cycle: n,
        note: 'contactManifold(…, out, { cache }) with a ManifoldCache per pair and unchanged poses',
        batch(start, count) {
          let sum = 0, k = start % n;
          for (let c = 0; c < count; c++) {
            const i = idx[k];
            const m = contactManifold(sA[i], pA[i], sB[i], pB[i], out, cacheOptions[i]);
            if (m !== null) sum += m.count;
            if (++k === n) k = 0;
          }
          return sum;
        },
        answer: (i) => depth(contactManifold(sA[i], pA[i], sB[i], pB[i], out, cacheOptions[i])),
      }];
    }
  }
}
