/**
 * Support queries on big hulls: the point of a hull furthest along a direction, for 10,000 seeded
 * unit directions, on hulls of N points on the unit sphere (every point a hull vertex).
 *
 * Only crashcat exposes its support function from JavaScript (`getSupport` on a support filled by
 * `setHullSupport`; it hill-climbs its baked vertex adjacency on hulls above a size threshold).
 * rapier, cannon-es and three.js have no public support query. Accuracy: dot(point, direction)
 * against the exact maximum over all points.
 */
import * as CC from 'crashcat';
import { ConvexHull } from '../src/index.js';
import { scoreLength, type Accuracy, type Case } from './harness.js';
import { makeSpherePoints, mulberry32 } from './pools.js';

export interface SupportBench {
  group: string;
  cases: Case[];
  score: (c: Case) => Accuracy | null;
}

function directions(n: number): Float64Array {
  const rnd = mulberry32(0x6789);
  const d = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    const z = 2 * rnd() - 1, phi = 2 * Math.PI * rnd(), s = Math.sqrt(1 - z * z);
    d[3 * i] = s * Math.cos(phi); d[3 * i + 1] = s * Math.sin(phi); d[3 * i + 2] = z;
  }
  return d;
}

export async function supportBenches(quick: boolean): Promise<SupportBench[]> {
  const nDirs = quick ? 1000 : 10_000;
  const dirs = directions(nDirs);
  const dirObjs = Array.from({ length: nDirs }, (_, i) => ({ x: dirs[3 * i], y: dirs[3 * i + 1], z: dirs[3 * i + 2] }));
  const dirArrs = Array.from({ length: nDirs }, (_, i) => [dirs[3 * i], dirs[3 * i + 1], dirs[3 * i + 2]] as [number, number, number]);
  const benches: SupportBench[] = [];
  for (const n of [1000, 10_000]) {
    const pts = makeSpherePoints(n);
    const exact = new Float64Array(nDirs);
    for (let i = 0; i < nDirs; i++) {
      let best = -Infinity;
      for (let k = 0; k < 3 * n; k += 3) best = Math.max(best, pts[k] * dirs[3 * i] + pts[k + 1] * dirs[3 * i + 1] + pts[k + 2] * dirs[3 * i + 2]);
      exact[i] = best;
    }
    const group = `support point, hull of ${n.toLocaleString('en-US')} points`;

    const hull = new ConvexHull(pts);
    const out = { x: 0, y: 0, z: 0 };
    const ours: Case = {
      group, lib: 'convex-collide', ours: true, cycle: nDirs, unit: 'call', note: 'ConvexHull.support(out, dir)',
      batch(start, count) {
        let sum = 0, k = start % nDirs;
        for (let c = 0; c < count; c++) {
          sum += hull.support(out, dirObjs[k]).x;
          if (++k === nDirs) k = 0;
        }
        return sum;
      },
      answer(i) {
        const p = hull.support(out, dirObjs[i]), d = dirObjs[i];
        return p.x * d.x + p.y * d.y + p.z * d.z;
      },
    };

    CC.registerAll();
    const shape = CC.convexHull.create({ positions: [...pts], convexRadius: 0, hullTolerance: 1e-9 });
    const support = CC.createSupport();
    CC.setHullSupport(support, shape, CC.SupportFunctionMode.INCLUDE_CONVEX_RADIUS, [1, 1, 1]);
    const cout: [number, number, number] = [0, 0, 0];
    const crashcat: Case = {
      group, lib: 'crashcat', cycle: nDirs, unit: 'call',
      note: `getSupport on setHullSupport (${shape.numPoints} hull vertices kept${support.hull.neighbors.length ? ', hill climbing' : ', linear scan'})`,
      batch(start, count) {
        let sum = 0, k = start % nDirs;
        for (let c = 0; c < count; c++) {
          CC.getSupport(cout, support, dirArrs[k]);
          sum += cout[0];
          if (++k === nDirs) k = 0;
        }
        return sum;
      },
      answer(i) {
        CC.getSupport(cout, support, dirArrs[i]);
        const d = dirArrs[i];
        return cout[0] * d[0] + cout[1] * d[1] + cout[2] * d[2];
      },
    };
    const indices = Int32Array.from({ length: nDirs }, (_, i) => i);
    benches.push({
      group, cases: [ours, crashcat],
      score: (c) => (c.answer ? scoreLength(c.answer, (i) => exact[i], indices) : null),
    });
  }
  return benches;
}
