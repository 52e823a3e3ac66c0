/**
 * Digests of every pairwise query's answers on the benchmark pools and on a mixed pool of every shape
 * kind, for test/answers-snapshot.test.ts. The stored digests (answers.json) were taken before the
 * architecture change of issue 14, so any refactoring that changes a single bit of any answer (a
 * distance, a witness point, a normal, a status, an iteration count, a traced step) fails that test.
 *
 * Every answer is written as float64 values into a running buffer; the buffer is hashed with SHA-256
 * per block of `BLOCK` pairs, so a failure names the pool, the query and the block of pairs that
 * changed. Regenerate (only for a change that is meant to alter answers, said in its commit):
 *
 *   node --import tsx test/snapshot/answers.ts > test/snapshot/answers.json
 */
import { createHash } from 'node:crypto';
import {
  Box, Capsule, closestPoints, Cone, contact, ConvexHull, createClosestPointsResult, createContactResult,
  createPenetrationResult, Cylinder, distance, Ellipsoid, GjkCache, intersects, MinkowskiSum, penetration, Point,
  Rounded, Segment, Sphere, Triangle,
  type ConvexShape,
} from '../../src/index.js';
import { oursPairs } from '../../bench/peers/ours.js';
import { makeBoxesPool, makeHullsPool, makeSphereBoxPool, mulberry32, type Pool } from '../../bench/pools.js';

/** Pairs per digest block. */
export const BLOCK = 1000;

type Any = ConvexShape;
interface PlainPose { position: { x: number; y: number; z: number }; quaternion: { x: number; y: number; z: number; w: number } }
export interface PairSet { name: string; a: Any[]; b: Any[]; pa: PlainPose[]; pb: PlainPose[]; traced: number }

const STATUS: Record<string, number> = { converged: 0, 'max-iterations': 1, degenerate: 2 };

/** Collects float64 values and hashes them block by block. */
class Digest {
  private values: number[] = [];
  readonly blocks: string[] = [];
  push(...xs: number[]): void {
    for (const x of xs) this.values.push(x);
  }
  vec(v: { x: number; y: number; z: number }): void {
    this.values.push(v.x, v.y, v.z);
  }
  close(): void {
    const h = createHash('sha256');
    h.update(new Uint8Array(new Float64Array(this.values).buffer));
    this.blocks.push(h.digest('hex').slice(0, 24));
    this.values = [];
  }
}

/** The benchmark's own shapes and poses for a pool (bench/peers/ours.ts). */
function poolPairs(name: string, pool: Pool): PairSet {
  const { sA, sB, pA, pB } = oursPairs(pool);
  return { name, a: sA, b: sB, pa: pA, pb: pB, traced: 0 };
}

/** A user's own support map (no kind): a box of half extents (0.4, 0.3, 0.2) swept by 0.05. */
function customShape(): Any {
  return {
    sweptRadius: 0.05,
    boundingRadius: Math.hypot(0.4, 0.3, 0.2) + 0.05,
    support(out: { x: number; y: number; z: number }, d: { x: number; y: number; z: number }) {
      out.x = d.x >= 0 ? 0.4 : -0.4;
      out.y = d.y >= 0 ? 0.3 : -0.3;
      out.z = d.z >= 0 ? 0.2 : -0.2;
      return out;
    },
  } as Any;
}

/**
 * MIXED_SIZE pairs of shapes of every kind (a user support map included), sizes 0.2..1.5, B placed
 * within 3 of A with random rotations, so that about half the pairs overlap. Seeded: draw for draw
 * the same on every run.
 */
export const MIXED_SIZE = 4000;

export function mixedPairs(): PairSet {
  const rnd = mulberry32(0x14a5);
  const u = (lo: number, hi: number) => lo + (hi - lo) * rnd();
  const v = () => ({ x: u(-1, 1), y: u(-1, 1), z: u(-1, 1) });
  const quat = () => {
    const u1 = rnd(), u2 = rnd(), u3 = rnd();
    const s1 = Math.sqrt(1 - u1), s2 = Math.sqrt(u1);
    return { x: s1 * Math.sin(2 * Math.PI * u2), y: s1 * Math.cos(2 * Math.PI * u2), z: s2 * Math.sin(2 * Math.PI * u3), w: s2 * Math.cos(2 * Math.PI * u3) };
  };
  const cloud = (n: number, s: number) => {
    const pts: { x: number; y: number; z: number }[] = [];
    for (let i = 0; i < n; i++) pts.push({ x: u(-s, s), y: u(-s, s), z: u(-s, s) });
    return pts;
  };
  const bigHull = new ConvexHull(cloud(300, 1)); // more than 32 vertices: supports by hill climbing
  const basic = (k: number): Any => {
    switch (k) {
      case 0: return new Point();
      case 1: return new Segment(v(), v());
      case 2: return new Triangle(v(), v(), v());
      case 3: return new Sphere(u(0.2, 1.5));
      case 4: return new Box(u(0.2, 1.5), u(0.2, 1.5), u(0.2, 1.5));
      case 5: return new Capsule(u(0.2, 1.5), u(0.2, 1));
      case 6: return new Cylinder(u(0.2, 1.5), u(0.2, 1.5));
      case 7: return new Cone(u(0.2, 1.5), u(0.2, 1.5));
      case 8: return new Ellipsoid(u(0.2, 1.5), u(0.2, 1.5), u(0.2, 1.5));
      case 9: return new ConvexHull(cloud(4 + Math.floor(u(0, 12)), 1));
      case 10: return bigHull;
      default: return customShape();
    }
  };
  const shape = (): Any => {
    const k = Math.floor(u(0, 14));
    if (k < 12) return basic(k);
    if (k === 12) return new Rounded(basic(Math.floor(u(0, 12))), u(0.01, 0.5));
    return new MinkowskiSum(basic(Math.floor(u(0, 12))), basic(Math.floor(u(0, 12))));
  };
  const a: Any[] = [], b: Any[] = [], pa: PlainPose[] = [], pb: PlainPose[] = [];
  for (let i = 0; i < MIXED_SIZE; i++) {
    a.push(shape());
    b.push(shape());
    pa.push({ position: { x: u(-3, 3), y: u(-3, 3), z: u(-3, 3) }, quaternion: quat() });
    const d = v();
    pb.push({ position: { x: pa[i].position.x + 1.5 * d.x, y: pa[i].position.y + 1.5 * d.y, z: pa[i].position.z + 1.5 * d.z }, quaternion: quat() });
  }
  return { name: 'mixed', a, b, pa, pb, traced: 300 };
}

/** The digests of every query on one pair set: query name → block digests. */
function digestPairs(set: PairSet): Record<string, string[]> {
  const names = ['intersects', 'distance', 'closestPoints', 'penetration', 'contact', 'contact-maxDistance', 'warm-cache', 'traced'];
  const d: Record<string, Digest> = {};
  for (const n of names) d[n] = new Digest();
  const cp = createClosestPointsResult(), pen = createPenetrationResult(), con = createContactResult();
  const n = set.a.length;
  for (let i = 0; i < n; i++) {
    const a = set.a[i], b = set.b[i], pa = set.pa[i], pb = set.pb[i];
    d.intersects.push(intersects(a, pa, b, pb) ? 1 : 0);
    d.distance.push(distance(a, pa, b, pb));
    const c = closestPoints(a, pa, b, pb, cp);
    d.closestPoints.push(c.distance, STATUS[c.status], c.iterations);
    d.closestPoints.vec(c.pointA); d.closestPoints.vec(c.pointB); d.closestPoints.vec(c.normal);
    const p = penetration(a, pa, b, pb, pen);
    if (p === null) d.penetration.push(-1);
    else {
      d.penetration.push(p.depth, STATUS[p.status], p.iterations);
      d.penetration.vec(p.normal); d.penetration.vec(p.pointA); d.penetration.vec(p.pointB);
    }
    const k = contact(a, pa, b, pb, con)!;
    d.contact.push(k.separation, STATUS[k.status], k.iterations);
    d.contact.vec(k.normal); d.contact.vec(k.pointA); d.contact.vec(k.pointB);
    const m = contact(a, pa, b, pb, con, { maxDistance: 0.25 });
    if (m === null) d['contact-maxDistance'].push(-1);
    else {
      d['contact-maxDistance'].push(m.separation, STATUS[m.status], m.iterations);
      d['contact-maxDistance'].vec(m.normal); d['contact-maxDistance'].vec(m.pointA); d['contact-maxDistance'].vec(m.pointB);
    }
    // A warm start: the same pair again with the cache the first call filled, then a contact with it.
    const cache = new GjkCache();
    closestPoints(a, pa, b, pb, cp, { cache });
    const w = closestPoints(a, pa, b, pb, cp, { cache });
    d['warm-cache'].push(w.distance, STATUS[w.status], w.iterations, cache.valid ? 1 : 0, cache.x, cache.y, cache.z);
    d['warm-cache'].vec(w.pointA); d['warm-cache'].vec(w.pointB); d['warm-cache'].vec(w.normal);
    const wc = contact(a, pa, b, pb, con, { cache })!;
    d['warm-cache'].push(wc.separation, STATUS[wc.status], wc.iterations);
    d['warm-cache'].vec(wc.normal); d['warm-cache'].vec(wc.pointA); d['warm-cache'].vec(wc.pointB);
    if (i < set.traced) {
      const t = d.traced;
      const r = contact(a, pa, b, pb, con, {
        trace(step) {
          t.push(step.algorithm === 'gjk' ? 0 : 1, step.iteration, step.distance);
          t.vec(step.support);
          if (step.algorithm === 'gjk') {
            t.vec(step.direction); t.vec(step.closest);
            t.push(step.simplex.length);
            for (const s of step.simplex) t.vec(s);
          } else {
            t.vec(step.normal);
            t.push(step.closestFace, step.faces.length);
            for (const f of step.faces) { t.vec(f[0]); t.vec(f[1]); t.vec(f[2]); }
          }
        },
      })!;
      t.push(r.separation, STATUS[r.status], r.iterations);
      t.vec(r.normal); t.vec(r.pointA); t.vec(r.pointB);
    }
    if ((i + 1) % BLOCK === 0 || i === n - 1) {
      for (const q of names) if (q !== 'traced') d[q].close();
    }
  }
  if (set.traced > 0) d.traced.close();
  const out: Record<string, string[]> = {};
  for (const q of names) if (d[q].blocks.length > 0) out[q] = d[q].blocks;
  return out;
}

/** Every pair set's digests: `pool name → query → block digests`. */
export function computeAnswerDigests(): Record<string, Record<string, string[]>> {
  const sets = [
    poolPairs('boxes', makeBoxesPool()),
    poolPairs('sphere-box', makeSphereBoxPool()),
    poolPairs('hulls-R2', makeHullsPool(2)),
    poolPairs('hulls-R3', makeHullsPool(3)),
    mixedPairs(),
  ];
  const out: Record<string, Record<string, string[]>> = {};
  for (const s of sets) out[s.name] = digestPairs(s);
  return out;
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  process.stdout.write(`${JSON.stringify(computeAnswerDigests(), null, 1)}\n`);
}
