/**
 * three.js's `Ray` where it has the shape, each the way a three.js user casts it:
 *
 * - sphere: `Ray.intersectSphere(Sphere)` in world space (a sphere does not turn);
 * - box: `Ray.intersectBox(Box3)` with the ray moved into the box's frame
 *   (`ray.copy(world).applyMatrix4(inverse)`, the inverse made up front), as one picks an oriented box;
 * - triangle: `Ray.intersectTriangle(a, b, c, backfaceCulling = false)` on the triangle's own vertices,
 *   the ray moved into its frame the same way, as `Mesh.raycast` does.
 *
 * Its directions are unit: the hit's distance divided by |direction| is our t. three.js's shapes are
 * not solid: from an origin inside a sphere or a box it reports where the ray leaves, not t = 0 (the
 * few pairs whose origin is inside count as its errors).
 */
import { Box3, Matrix4, Quaternion, Ray, Sphere, Vector3 } from 'three';
import type { Case } from '../harness.js';
import { triangleVertices } from '../sweeps.js';
import type { RayGroup } from './common.js';

export function threeRayCases(g: RayGroup): Case[] {
  const p = g.pool, n = p.size;
  if (p.shape !== 'sphere' && p.shape !== 'box' && p.shape !== 'triangle') return [];
  const rays: Ray[] = [], lengths: number[] = [], inverses: Matrix4[] = [];
  for (let i = 0; i < n; i++) {
    const d = new Vector3(p.dir[3 * i], p.dir[3 * i + 1], p.dir[3 * i + 2]);
    lengths.push(d.length());
    rays.push(new Ray(new Vector3(p.origin[3 * i], p.origin[3 * i + 1], p.origin[3 * i + 2]), d.normalize()));
    const q = new Quaternion(p.quat[4 * i], p.quat[4 * i + 1], p.quat[4 * i + 2], p.quat[4 * i + 3]);
    inverses.push(new Matrix4().compose(new Vector3(0, 0, 0), q, new Vector3(1, 1, 1)).invert());
  }
  const hit = new Vector3(), local = new Ray();
  let cast: (i: number) => number;
  let note: string;
  if (p.shape === 'sphere') {
    const spheres: Sphere[] = [];
    for (let i = 0; i < n; i++) spheres.push(new Sphere(new Vector3(0, 0, 0), p.dims[3 * i]));
    cast = (i) => (rays[i].intersectSphere(spheres[i], hit) === null ? NaN : rays[i].origin.distanceTo(hit) / lengths[i]);
    note = 'Ray.intersectSphere(Sphere), world space';
  } else if (p.shape === 'box') {
    const boxes: Box3[] = [];
    for (let i = 0; i < n; i++) {
      const h = new Vector3(p.dims[3 * i], p.dims[3 * i + 1], p.dims[3 * i + 2]);
      boxes.push(new Box3(h.clone().negate(), h));
    }
    cast = (i) => {
      local.copy(rays[i]).applyMatrix4(inverses[i]);
      return local.intersectBox(boxes[i], hit) === null ? NaN : local.origin.distanceTo(hit) / lengths[i];
    };
    note = 'Ray.copy(world).applyMatrix4(inverse).intersectBox(Box3)';
  } else {
    const tris: Vector3[][] = [];
    for (let i = 0; i < n; i++) tris.push(triangleVertices(p, i).map(([x, y, z]) => new Vector3(x, y, z)));
    cast = (i) => {
      local.copy(rays[i]).applyMatrix4(inverses[i]);
      const t = tris[i];
      return local.intersectTriangle(t[0], t[1], t[2], false, hit) === null ? NaN : local.origin.distanceTo(hit) / lengths[i];
    };
    note = 'Ray.copy(world).applyMatrix4(inverse).intersectTriangle(a, b, c, false)';
  }
  return [{
    group: g.name, lib: 'three.js (Ray)', cycle: n, note,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) { const t = cast(k); if (t === t) sum += t; if (++k === n) k = 0; }
      return sum;
    },
    answer: cast,
  }];
}
