/** convex-collide itself, through its public entry point, as a user would call it. */
import {
  Box, Capsule, Cone, ConvexHull, Cylinder, Ellipsoid, Rounded, Sphere, Triangle, contact, contactManifold, createContactResult, createManifold,
  createPenetrationResult, createRayHit, createShapeCastResult, distance, intersects, ManifoldCache, penetration, rayCast, shapeCast,
  type Manifold, type Motion, type Shape,
} from '../../src/index.js';
import type { Case } from '../harness.js';
import { poseOf, type PlainPose, type Pool } from '../pools.js';
import { triangleVertices, type RayPool } from '../sweeps.js';
import type { CastGroup, PairGroup, RayGroup } from './common.js';

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

/** Our shape of pair i of a ray pool (bench/sweeps.ts says what each kind's sizes are). */
function rayShape(p: RayPool, i: number, hull: ConvexHull | null): Shape {
  const a = p.dims[3 * i], b = p.dims[3 * i + 1], c = p.dims[3 * i + 2];
  switch (p.shape) {
    case 'sphere': return new Sphere(a);
    case 'box': return new Box(a, b, c);
    case 'capsule': return new Capsule(a, b);
    case 'cylinder': return new Cylinder(a, b);
    case 'cone': return new Cone(a, b);
    case 'ellipsoid': return new Ellipsoid(a, b, c);
    case 'rounded box': return new Rounded(new Box(a, b, c), p.radius[i]);
    case 'triangle': {
      const [u, v, w] = triangleVertices(p, i);
      return new Triangle({ x: u[0], y: u[1], z: u[2] }, { x: v[0], y: v[1], z: v[2] }, { x: w[0], y: w[1], z: w[2] });
    }
    case 'hull': return hull!;
  }
}

/** `rayCast(shape, pose, origin, direction, out)`: solid, no maxT. */
export function oursRayCases(g: RayGroup): Case[] {
  const p = g.pool, n = p.size;
  const hull = p.template ? new ConvexHull(p.template) : null;
  const shapes: Shape[] = [], poses: PlainPose[] = [];
  const origins: { x: number; y: number; z: number }[] = [], dirs: { x: number; y: number; z: number }[] = [];
  for (let i = 0; i < n; i++) {
    shapes.push(rayShape(p, i, hull));
    const q = p.quat;
    poses.push({ position: { x: 0, y: 0, z: 0 }, quaternion: { x: q[4 * i], y: q[4 * i + 1], z: q[4 * i + 2], w: q[4 * i + 3] } });
    origins.push({ x: p.origin[3 * i], y: p.origin[3 * i + 1], z: p.origin[3 * i + 2] });
    dirs.push({ x: p.dir[3 * i], y: p.dir[3 * i + 1], z: p.dir[3 * i + 2] });
  }
  const out = createRayHit();
  return [{
    group: g.name, lib: 'convex-collide', ours: true, cycle: n, note: 'rayCast(shape, pose, origin, direction, out)',
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) {
        const r = rayCast(shapes[k], poses[k], origins[k], dirs[k], out);
        if (r !== null) sum += r.t;
        if (++k === n) k = 0;
      }
      return sum;
    },
    answer: (i) => rayCast(shapes[i], poses[i], origins[i], dirs[i], out)?.t ?? NaN,
  }];
}

/** `shapeCast(a, poseA, null, b, startB, motionB, out)`: A still, B moving from its start; maxTime 1 (the default). */
export function oursCastCases(g: CastGroup): Case[] {
  const c = g.pool, n = c.size;
  const { sA, sB, pA } = oursPairs(c.pool);
  const pB: PlainPose[] = [], motions: Motion[] = [];
  for (let i = 0; i < n; i++) {
    const q = poseOf(c.pool, i, true).quaternion;
    pB.push({ position: { x: c.start[3 * i], y: c.start[3 * i + 1], z: c.start[3 * i + 2] }, quaternion: q });
    const linear = { x: c.linear[3 * i], y: c.linear[3 * i + 1], z: c.linear[3 * i + 2] };
    const w = c.angular;
    motions.push(w ? { linear, angular: { x: w[3 * i], y: w[3 * i + 1], z: w[3 * i + 2] } } : { linear });
  }
  const out = createShapeCastResult();
  return [{
    group: g.name, lib: 'convex-collide', ours: true, cycle: n,
    note: `shapeCast(a, poseA, null, b, poseB, { linear${c.angular ? ', angular' : ''} }, out)`,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let q = 0; q < count; q++) {
        const r = shapeCast(sA[k], pA[k], null, sB[k], pB[k], motions[k], out);
        if (r !== null) sum += r.time;
        if (++k === n) k = 0;
      }
      return sum;
    },
    answer: (i) => shapeCast(sA[i], pA[i], null, sB[i], pB[i], motions[i], out)?.time ?? NaN,
  }];
}
