/**
 * Picking in three.js (issue 35's target): `acceleratedRaycast` of convex-collide/three against
 * three-mesh-bvh's `acceleratedRaycast` and three.js's own `Mesh.raycast`, in one process, the sides
 * alternating round by round (this machine's speed drifts: only ratios measured side by side mean
 * anything).
 *
 *   node --import tsx bench/pick.ts [rounds=7]
 *
 * The mesh: a TorusKnotGeometry(10, 3, 1000, 50) (100,000 triangles), turned and scaled non-uniformly, its
 * material FrontSide (three.js's default). The rays (seeded): from a sphere of radius 40 around it, aimed at
 * points within 8 of its centre (about four in five hit), through a Raycaster as an application casts them;
 * `firstHitOnly` true and false. Each of our colliders and three-mesh-bvh's trees is built before timing
 * (its build time printed apart). three.js's own raycast tests every triangle: timed on a tenth of the rays.
 * Prints the median µs a ray of each side and the ratios (theirs ÷ ours: above 1, ours is faster), and the
 * hits of each side (which must agree).
 */
import * as THREE from 'three';
import { acceleratedRaycast as bvhRaycast, computeBoundsTree } from 'three-mesh-bvh';
import { acceleratedRaycast, attachCollider } from '../src/three/index.js';

const rounds = Number(process.argv[2] ?? 7);
let seed = 11;
const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

const geometry = new THREE.TorusKnotGeometry(10, 3, 1000, 50);
const triangles = geometry.index!.count / 3;
let t0 = performance.now();
attachCollider(geometry);
const oursBuild = performance.now() - t0;
const bvhGeometry = geometry.clone();
t0 = performance.now();
(computeBoundsTree as (this: THREE.BufferGeometry) => void).call(bvhGeometry);
const bvhBuild = performance.now() - t0;

function mesh(g: THREE.BufferGeometry, raycast: THREE.Mesh['raycast']): THREE.Mesh {
  const m = new THREE.Mesh(g, new THREE.MeshBasicMaterial());
  m.position.set(1, 2, -1); m.rotation.set(0.3, 0.7, -0.2); m.scale.set(1, 1.3, 0.8);
  m.updateMatrixWorld();
  m.raycast = raycast;
  return m;
}
const ours = mesh(geometry, acceleratedRaycast), bvh = mesh(bvhGeometry, bvhRaycast as THREE.Mesh['raycast']);
const three = mesh(geometry.clone(), THREE.Mesh.prototype.raycast);

const RAYS = 2000;
const rays: THREE.Ray[] = [];
for (let i = 0; i < RAYS; i++) {
  const u = 2 * rnd() - 1, a = 2 * Math.PI * rnd(), r = Math.sqrt(1 - u * u);
  const o = new THREE.Vector3(40 * r * Math.cos(a), 40 * u, 40 * r * Math.sin(a));
  const target = new THREE.Vector3(16 * rnd() - 8, 16 * rnd() - 8, 16 * rnd() - 8);
  rays.push(new THREE.Ray(o, target.sub(o).normalize()));
}
const raycaster = new THREE.Raycaster();
const hits: THREE.Intersection[] = [];

/** µs a ray for `m` over rays [0, count), and the total hits. */
function time(m: THREE.Mesh, first: boolean, count: number): [number, number] {
  raycaster.firstHitOnly = first;
  let total = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    raycaster.ray.copy(rays[i]);
    hits.length = 0;
    m.raycast(raycaster, hits);
    total += hits.length;
  }
  return [Number(process.hrtime.bigint() - start) / 1000 / count, total];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`${triangles} triangles; collider built in ${oursBuild.toFixed(1)} ms, three-mesh-bvh's tree in ${bvhBuild.toFixed(1)} ms`);
for (const first of [true, false]) {
  const o: number[] = [], b: number[] = [], t: number[] = [];
  let hitsOurs = 0, hitsBvh = 0, hitsThree = 0, hitsOursTenth = 0;
  for (let r = 0; r < rounds + 1; r++) {
    const [a, ha] = time(ours, first, RAYS), [c, hc] = time(bvh, first, RAYS);
    const [d, hd] = time(three, first, RAYS / 10), [, he] = time(ours, first, RAYS / 10);
    if (r === 0) continue; // warm-up
    o.push(a); b.push(c); t.push(d);
    hitsOurs = ha; hitsBvh = hc; hitsThree = hd; hitsOursTenth = he;
  }
  const mo = median(o), mb = median(b), mt = median(t);
  console.log(`firstHitOnly ${first}: ours ${mo.toFixed(2)} µs/ray, three-mesh-bvh ${mb.toFixed(2)} (÷ ours ${(mb / mo).toFixed(2)}), three.js ${mt.toFixed(0)} (÷ ours ${(mt / mo).toFixed(0)}); hits ${hitsOurs} vs ${hitsBvh} (bvh), ${hitsOursTenth} vs ${hitsThree} (three.js, a tenth of the rays)`);
}
