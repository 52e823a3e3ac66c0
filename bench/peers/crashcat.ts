/**
 * crashcat 0.0.5 (pure TypeScript, a port of Jolt Physics' collision code), called without a world:
 *
 * - intersection and distance: its GJK on its own, `gjkClosestPoints` with shape supports filled by
 *   `setShapeSupport` (convex radius excluded, as its own driver does) and B's pose in A's frame,
 *   computed per query from the two world poses here. Intersection passes a maximum squared
 *   distance of (rA + rB)² so that GJK stops at the first separating axis (as its
 *   `penetrationDepthStepGJK` does); distance passes an unbounded one.
 * - penetration: `collideShapeVsShape` (its narrow phase: GJK, then EPA) with a
 *   `ClosestCollideShapeCollector` and the default settings (maxSeparationDistance 0, collision and
 *   penetration tolerances 1e-4).
 *
 * Every shape is created with convexRadius 0, so its geometry is the exact box or hull (the default
 * 0.05 would round the corners). crashcat has no signed-distance contact query for pairs farther
 * apart than its maxSeparationDistance (clamped to 1), so it has no row in the contact groups.
 */
import * as CC from 'crashcat';
import type { Case } from '../harness.js';
import { poseOf, type PlainPose } from '../pools.js';
import type { PairGroup } from './common.js';

let registered = false;

/** Default GJK tolerance of its collide settings (collisionTolerance). */
const TOLERANCE = 1e-4;

type CShape = CC.BoxShape | CC.SphereShape | CC.ConvexHullShape;

function shapesFor(g: PairGroup): { sA: CShape[]; sB: CShape[]; pA: PlainPose[]; pB: PlainPose[] } {
  if (!registered) { CC.registerAll(); registered = true; }
  const p = g.pool;
  const sA: CShape[] = [], sB: CShape[] = [], pA: PlainPose[] = [], pB: PlainPose[] = [];
  const hull = p.kind === 'hulls' ? CC.convexHull.create({ positions: [...p.template], convexRadius: 0, hullTolerance: 0 }) : null;
  for (let i = 0; i < p.size; i++) {
    pA.push(poseOf(p, i, false));
    pB.push(poseOf(p, i, true));
    if (p.kind === 'hulls') {
      sA.push(hull!); sB.push(hull!);
    } else {
      sA.push(CC.box.create({ halfExtents: [p.halfA[3 * i], p.halfA[3 * i + 1], p.halfA[3 * i + 2]], convexRadius: 0 }));
      sB.push(p.kind === 'boxes'
        ? CC.box.create({ halfExtents: [p.halfB[3 * i], p.halfB[3 * i + 1], p.halfB[3 * i + 2]], convexRadius: 0 })
        : CC.sphere.create({ radius: p.radiusB[i] }));
    }
  }
  return { sA, sB, pA, pB };
}

const UNIT_SCALE: [number, number, number] = [1, 1, 1];

/**
 * Writes B's pose in A's frame into the column-major 4×4 `m` (crashcat's mathcat layout): rotation
 * R = R_Aᵀ R_B, translation R_Aᵀ (p_B − p_A). Returns the translation's squared length.
 */
function relativeTransform(m: number[], a: PlainPose, b: PlainPose, dir: number[]): void {
  const qa = a.quaternion, qb = b.quaternion;
  // q = conj(qa) * qb
  const ax = -qa.x, ay = -qa.y, az = -qa.z, aw = qa.w;
  const bx = qb.x, by = qb.y, bz = qb.z, bw = qb.w;
  const x = aw * bx + ax * bw + ay * bz - az * by;
  const y = aw * by - ax * bz + ay * bw + az * bx;
  const z = aw * bz + ax * by - ay * bx + az * bw;
  const w = aw * bw - ax * bx - ay * by - az * bz;
  const x2 = x + x, y2 = y + y, z2 = z + z;
  const xx = x * x2, yx = y * x2, yy = y * y2, zx = z * x2, zy = z * y2, zz = z * z2, wx = w * x2, wy = w * y2, wz = w * z2;
  m[0] = 1 - yy - zz; m[1] = yx + wz; m[2] = zx - wy; m[3] = 0;
  m[4] = yx - wz; m[5] = 1 - xx - zz; m[6] = zy + wx; m[7] = 0;
  m[8] = zx + wy; m[9] = zy - wx; m[10] = 1 - xx - yy; m[11] = 0;
  // t = conj(qa) applied to (pb − pa): v + 2w(u×v) + 2u×(u×v) with u = (ax, ay, az)
  const vx = b.position.x - a.position.x, vy = b.position.y - a.position.y, vz = b.position.z - a.position.z;
  const cx = ay * vz - az * vy, cy = az * vx - ax * vz, cz = ax * vy - ay * vx;
  const tx = vx + 2 * (aw * cx + ay * cz - az * cy);
  const ty = vy + 2 * (aw * cy + az * cx - ax * cz);
  const tz = vz + 2 * (aw * cz + ax * cy - ay * cx);
  m[12] = tx; m[13] = ty; m[14] = tz; m[15] = 1;
  if (tx * tx + ty * ty + tz * tz > 1e-12) { dir[0] = tx; dir[1] = ty; dir[2] = tz; } else { dir[0] = 1; dir[1] = 0; dir[2] = 0; }
}

export function crashcatCases(g: PairGroup): Case[] {
  if (g.kind === 'contact' || g.kind === 'manifold') return [];
  const { sA, sB, pA, pB } = shapesFor(g);
  const idx = g.pairs, n = idx.length;
  const lib = 'crashcat';

  if (g.kind === 'penetration') {
    const collector = CC.createClosestCollideShapeCollector();
    const settings = CC.createDefaultCollideShapeSettings();
    const one = (i: number): number => {
      const a = pA[i], b = pB[i], qa = a.quaternion, qb = b.quaternion;
      collector.reset();
      CC.collideShapeVsShape(collector, settings,
        sA[i], 0, 0, a.position.x, a.position.y, a.position.z, qa.x, qa.y, qa.z, qa.w, 1, 1, 1,
        sB[i], 0, 0, b.position.x, b.position.y, b.position.z, qb.x, qb.y, qb.z, qb.w, 1, 1, 1);
      return collector.hit === null ? NaN : collector.hit.penetration;
    };
    return [{
      group: g.name, lib, cycle: n, note: 'collideShapeVsShape + ClosestCollideShapeCollector (GJK+EPA, tolerances 1e-4)',
      batch(start, count) {
        let sum = 0, k = start % n;
        for (let c = 0; c < count; c++) {
          const i = idx[k];
          const a = pA[i], b = pB[i], qa = a.quaternion, qb = b.quaternion;
          collector.reset();
          CC.collideShapeVsShape(collector, settings,
            sA[i], 0, 0, a.position.x, a.position.y, a.position.z, qa.x, qa.y, qa.z, qa.w, 1, 1, 1,
            sB[i], 0, 0, b.position.x, b.position.y, b.position.z, qb.x, qb.y, qb.z, qb.w, 1, 1, 1);
          if (collector.hit !== null) sum += collector.hit.penetration;
          if (++k === n) k = 0;
        }
        return sum;
      },
      answer: one,
    }];
  }

  const supportA = CC.createSupport(), supportB = CC.createSupport();
  const result = CC.createGjkClosestPoints();
  const dir = [1, 0, 0];
  const m = supportB.transform as unknown as number[];
  const intersection = g.kind === 'intersection';
  // Fills the supports and runs GJK; returns the squared distance between the cores.
  const gjk = (i: number): number => {
    CC.setShapeSupport(supportA, sA[i], CC.SupportFunctionMode.EXCLUDE_CONVEX_RADIUS, UNIT_SCALE);
    CC.setShapeSupport(supportB, sB[i], CC.SupportFunctionMode.EXCLUDE_CONVEX_RADIUS, UNIT_SCALE);
    supportB.hasTransform = true;
    relativeTransform(m, pA[i], pB[i], dir);
    const r = supportA.convexRadius + supportB.convexRadius;
    CC.gjkClosestPoints(result, supportA, supportB, TOLERANCE, dir as never, intersection ? r * r : Number.MAX_VALUE);
    return result.squaredDistance;
  };
  const value = (i: number): number => {
    const sq = gjk(i);
    const r = supportA.convexRadius + supportB.convexRadius;
    if (intersection) return sq <= r * r ? 1 : 0;
    return Math.max(0, Math.sqrt(sq) - r);
  };
  return [{
    group: g.name, lib, cycle: n,
    note: intersection ? 'gjkClosestPoints(maxDist² = (rA+rB)²), tolerance 1e-4' : 'gjkClosestPoints, tolerance 1e-4',
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) {
        sum += value(idx[k]);
        if (++k === n) k = 0;
      }
      return sum;
    },
    answer: value,
  }];
}
