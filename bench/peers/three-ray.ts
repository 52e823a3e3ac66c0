/**
 * three.js's `Ray` where it has the shape: a box, as `Ray.intersectBox(Box3)` with the ray moved into the
 * box's frame (`ray.copy(world).applyMatrix4(inverse)`, the inverse made up front), as a three.js user
 * picks an oriented box. Its direction is unit: the hit's distance divided by |direction| is our t.
 */
import { Box3, Matrix4, Quaternion, Ray, Vector3 } from 'three';
import type { Case } from '../harness.js';
import { poseOf } from '../pools.js';
import type { PairGroup } from './common.js';

export function threeCases(g: PairGroup): Case[] {
  const p = g.pool;
  if (g.kind !== 'ray' || p.kind !== 'boxes') return [];
  const boxes: Box3[] = [], inverses: Matrix4[] = [], rays: Ray[] = [], lengths: number[] = [];
  for (let i = 0; i < p.size; i++) {
    const h = new Vector3(p.halfA[3 * i], p.halfA[3 * i + 1], p.halfA[3 * i + 2]);
    boxes.push(new Box3(h.clone().negate(), h));
    const a = poseOf(p, i, false), b = poseOf(p, i, true).position;
    const m = new Matrix4().compose(new Vector3(a.position.x, a.position.y, a.position.z), new Quaternion(a.quaternion.x, a.quaternion.y, a.quaternion.z, a.quaternion.w), new Vector3(1, 1, 1));
    inverses.push(m.invert());
    const d = new Vector3(-b.x, -b.y, -b.z);
    lengths.push(d.length());
    rays.push(new Ray(new Vector3(b.x, b.y, b.z), d.normalize()));
  }
  const local = new Ray(), hit = new Vector3();
  const cast = (i: number): number => {
    local.copy(rays[i]).applyMatrix4(inverses[i]);
    return local.intersectBox(boxes[i], hit) === null ? NaN : local.origin.distanceTo(hit) / lengths[i];
  };
  const idx = g.pairs, n = idx.length;
  return [{
    group: g.name, lib: 'three.js (Ray)', cycle: n, note: 'Ray.copy(world).applyMatrix4(inverse).intersectBox(Box3)',
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) { const t = cast(idx[k]); if (t === t) sum += t; if (++k === n) k = 0; }
      return sum;
    },
    answer: cast,
  }];
}
