/**
 * convex-collide/three against three.js's own Mesh.raycast (the oracle: the same rays, the same meshes):
 * the same hits, faces, distances, points, barycentric coordinates, uvs and normals, for every material
 * side, indexed and not, groups with an array of materials, the draw range, near and far, a non-uniform
 * scale; `firstHitOnly` the nearest; a mesh without a collider cast by three.js itself.
 */
import fc from 'fast-check';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { acceleratedRaycast, attachCollider, detachCollider } from '../../src/three/index.js';
import { InvalidArgumentError, TriangleMesh } from '../../src/index.js';
import { runs, seed } from '../runs.js';

const threeRaycast = THREE.Mesh.prototype.raycast;

/** Both casts of `raycaster` at `mesh`, sorted by distance (as the Raycaster sorts). */
function both(mesh: THREE.Mesh, raycaster: THREE.Raycaster): [THREE.Intersection[], THREE.Intersection[]] {
  const theirs: THREE.Intersection[] = [], ours: THREE.Intersection[] = [];
  threeRaycast.call(mesh, raycaster, theirs);
  acceleratedRaycast.call(mesh, raycaster, ours);
  const byDistance = (a: THREE.Intersection, b: THREE.Intersection) => a.distance - b.distance || a.faceIndex! - b.faceIndex!;
  return [theirs.sort(byDistance), ours.sort(byDistance)];
}

function expectSame(theirs: THREE.Intersection[], ours: THREE.Intersection[], tol = 1e-9): void {
  expect(ours.map((h) => h.faceIndex)).toEqual(theirs.map((h) => h.faceIndex));
  for (let k = 0; k < theirs.length; k++) {
    const a = theirs[k], b = ours[k];
    expect(b.object).toBe(a.object);
    expect(Math.abs(b.distance - a.distance)).toBeLessThan(tol * (1 + a.distance));
    expect(b.point.distanceTo(a.point)).toBeLessThan(tol * (1 + a.distance));
    expect({ a: b.face!.a, b: b.face!.b, c: b.face!.c, m: b.face!.materialIndex }).toEqual({ a: a.face!.a, b: a.face!.b, c: a.face!.c, m: a.face!.materialIndex });
    expect(b.face!.normal.distanceTo(a.face!.normal)).toBeLessThan(1e-6);
    expect(b.barycoord!.distanceTo(a.barycoord!)).toBeLessThan(1e-6);
    if (a.uv !== undefined) expect(b.uv!.distanceTo(a.uv)).toBeLessThan(1e-6);
    if (a.normal !== undefined) expect(b.normal!.distanceTo(a.normal)).toBeLessThan(1e-6);
    expect(b.uv === undefined).toBe(a.uv === undefined);
  }
}

const knot = new THREE.TorusKnotGeometry(10, 3, 64, 8);
const coordinate = fc.double({ min: -25, max: 25, noNaN: true });
const ray = fc.tuple(coordinate, coordinate, coordinate, fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
  .filter(([, , , x, y, z]) => Math.hypot(x, y, z) > 0.1)
  .map(([ox, oy, oz, x, y, z]) => new THREE.Ray(new THREE.Vector3(ox, oy, oz), new THREE.Vector3(x, y, z).normalize()));
/** Rays aimed at the mesh's middle from around it (most of them hit). */
const aimed = fc.tuple(coordinate, coordinate, coordinate, coordinate, coordinate).map(([x, y, z, tx, ty]) => {
  const o = new THREE.Vector3(x, y, 40 + z), target = new THREE.Vector3(tx / 3, ty / 3, 0);
  return new THREE.Ray(o, target.sub(o).normalize());
});

describe('acceleratedRaycast against three.js\'s own raycast', () => {
  it('every material side, a turned and non-uniformly scaled mesh, random rays: the same hits and intersection objects', () => {
    attachCollider(knot);
    for (const side of [THREE.FrontSide, THREE.BackSide, THREE.DoubleSide]) {
      const mesh = new THREE.Mesh(knot, new THREE.MeshBasicMaterial({ side }));
      mesh.position.set(1, -2, 3); mesh.rotation.set(0.4, -0.3, 1.1); mesh.scale.set(1.5, 0.5, 2);
      mesh.updateMatrixWorld();
      const raycaster = new THREE.Raycaster();
      fc.assert(fc.property(fc.oneof(ray, aimed), (r) => {
        raycaster.ray.copy(r);
        const [theirs, ours] = both(mesh, raycaster);
        expectSame(theirs, ours);
      }), { numRuns: runs(150), seed: seed(3531) });
    }
  });

  it('firstHitOnly: the nearest hit alone; near and far bound the hits as three.js bounds them', () => {
    attachCollider(knot);
    const mesh = new THREE.Mesh(knot, new THREE.MeshBasicMaterial());
    mesh.updateMatrixWorld();
    const raycaster = new THREE.Raycaster();
    let hits = 0;
    fc.assert(fc.property(aimed, fc.double({ min: 0, max: 40, noNaN: true }), fc.double({ min: 0, max: 60, noNaN: true }), (r, near, extra) => {
      raycaster.ray.copy(r);
      raycaster.near = 0; raycaster.far = Infinity; raycaster.firstHitOnly = true;
      const first: THREE.Intersection[] = [];
      acceleratedRaycast.call(mesh, raycaster, first);
      raycaster.firstHitOnly = false;
      const [theirs] = both(mesh, raycaster);
      expect(first.length).toBe(Math.min(theirs.length, 1));
      if (theirs.length > 0) { hits++; expect(first[0].faceIndex).toBe(theirs[0].faceIndex); expect(Math.abs(first[0].distance - theirs[0].distance)).toBeLessThan(1e-9); }
      raycaster.near = near; raycaster.far = near + extra;
      const [a, b] = both(mesh, raycaster);
      // (A hit within rounding of near or far may go either way.)
      const edge = (h: THREE.Intersection) => Math.abs(h.distance - near) < 1e-9 || Math.abs(h.distance - near - extra) < 1e-9;
      expectSame(a.filter((h) => !edge(h)), b.filter((h) => !edge(h)));
    }), { numRuns: runs(150), seed: seed(3532) });
    expect(hits).toBeGreaterThan(10); // (not vacuous: most aimed rays hit)
  });

  it('a non-indexed geometry, groups with an array of materials, and the draw range', () => {
    const plain = knot.toNonIndexed();
    attachCollider(plain);
    const grouped = knot.clone();
    const n = grouped.index!.count;
    grouped.clearGroups();
    grouped.addGroup(0, 3 * Math.floor(n / 9), 0);
    grouped.addGroup(3 * Math.floor(n / 9), 3 * Math.floor(n / 9), 1);
    grouped.addGroup(6 * Math.floor(n / 9), n, 2);
    attachCollider(grouped);
    const ranged = knot.clone();
    ranged.setDrawRange(300, 900);
    attachCollider(ranged);
    const materials = [new THREE.MeshBasicMaterial({ side: THREE.FrontSide }), new THREE.MeshBasicMaterial({ side: THREE.BackSide }), new THREE.MeshBasicMaterial({ side: THREE.DoubleSide })];
    const meshes = [new THREE.Mesh(plain, new THREE.MeshBasicMaterial()), new THREE.Mesh(grouped, materials), new THREE.Mesh(ranged, new THREE.MeshBasicMaterial({ side: THREE.DoubleSide }))];
    const raycaster = new THREE.Raycaster();
    for (const mesh of meshes) {
      mesh.updateMatrixWorld();
      fc.assert(fc.property(fc.oneof(ray, aimed), (r) => {
        raycaster.ray.copy(r);
        const [theirs, ours] = both(mesh, raycaster);
        expectSame(theirs, ours);
      }), { numRuns: runs(100), seed: seed(3533) });
    }
  });

  it('axis-aligned rays through the grid lines of a plane (golden: a ray on a node\'s bound plane missed the mesh)', () => {
    const plane = new THREE.PlaneGeometry(2, 2, 8, 8);
    attachCollider(plane);
    const mesh = new THREE.Mesh(plane, new THREE.MeshBasicMaterial());
    mesh.updateMatrixWorld();
    const raycaster = new THREE.Raycaster();
    let hits = 0;
    for (let i = -4; i <= 4; i++) {
      for (let j = -4; j <= 4; j++) {
        raycaster.set(new THREE.Vector3(i / 4, j / 4, 5), new THREE.Vector3(0, 0, -1));
        for (const first of [false, true]) {
          raycaster.firstHitOnly = first;
          const [theirs, ours] = both(mesh, raycaster);
          if (first) { expect(ours.length).toBe(Math.min(1, theirs.length)); if (ours.length) expect(Math.abs(ours[0].distance - theirs[0].distance)).toBeLessThan(1e-12); } else expectSame(theirs, ours);
          hits += ours.length;
        }
      }
    }
    expect(hits).toBeGreaterThan(81);
  });

  it('firstHitOnly honours near and the draw range (golden: the nearest hit before near, or undrawn, hid the next one)', () => {
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.BufferAttribute(new Float32Array([-1, -1, -10, 1, -1, -10, 0, 1, -10, -1, -1, -15, 1, -1, -15, 0, 1, -15]), 3));
    attachCollider(g);
    const mesh = new THREE.Mesh(g, new THREE.MeshBasicMaterial({ side: THREE.DoubleSide }));
    mesh.updateMatrixWorld();
    const raycaster = new THREE.Raycaster(new THREE.Vector3(0, 0, 0), new THREE.Vector3(0, 0, -1));
    raycaster.firstHitOnly = true;
    raycaster.near = 12;
    const beyondNear: THREE.Intersection[] = [];
    acceleratedRaycast.call(mesh, raycaster, beyondNear);
    expect(beyondNear.map((h) => [h.faceIndex, h.distance])).toEqual([[1, 15]]);
    raycaster.near = 0;
    g.setDrawRange(3, 3);
    const drawn: THREE.Intersection[] = [];
    acceleratedRaycast.call(mesh, raycaster, drawn);
    expect(drawn.map((h) => [h.faceIndex, h.distance])).toEqual([[1, 15]]);
  });

  it('positions that are not float32 (a Float64Array attribute, off the float32 grid): the same hits (the pick layout keeps float64)', () => {
    const wide = knot.clone();
    const src = knot.attributes.position.array as Float32Array, f64 = new Float64Array(src.length);
    for (let i = 0; i < src.length; i++) f64[i] = src[i] + 1e-9 * Math.sin(i);
    wide.setAttribute('position', new THREE.BufferAttribute(f64, 3));
    attachCollider(wide);
    const mesh = new THREE.Mesh(wide, new THREE.MeshBasicMaterial({ side: THREE.DoubleSide }));
    mesh.updateMatrixWorld();
    const raycaster = new THREE.Raycaster();
    fc.assert(fc.property(aimed, (r) => {
      raycaster.ray.copy(r);
      const [theirs, ours] = both(mesh, raycaster);
      expectSame(theirs, ours);
    }), { numRuns: runs(100), seed: seed(3534) });
  });

  it('as Mesh.prototype.raycast through a Raycaster over a scene: a mesh without a collider is cast by three.js', () => {
    const withCollider = new THREE.Mesh(knot, new THREE.MeshBasicMaterial());
    const without = new THREE.Mesh(new THREE.BoxGeometry(4, 4, 4), new THREE.MeshBasicMaterial());
    without.position.set(5, 0, 20);
    attachCollider(knot);
    const scene = new THREE.Scene();
    scene.add(withCollider, without);
    scene.updateMatrixWorld();
    const raycaster = new THREE.Raycaster(new THREE.Vector3(5, 0.3, 50), new THREE.Vector3(0, 0, -1));
    const expected = raycaster.intersectObjects(scene.children).map((h) => [h.object === without, h.faceIndex]);
    const original = THREE.Mesh.prototype.raycast;
    THREE.Mesh.prototype.raycast = acceleratedRaycast;
    try {
      const got = raycaster.intersectObjects(scene.children);
      expect(got.map((h) => [h.object === without, h.faceIndex])).toEqual(expected);
      expect(got.length).toBeGreaterThan(1);
    } finally {
      THREE.Mesh.prototype.raycast = original;
    }
    // Detached: three.js's own again (the same answers).
    detachCollider(knot);
    expect(knot.userData.collider).toBeUndefined();
  });

  it('attachCollider keeps a TriangleMesh on userData (an interleaved position attribute read through it); bad input is named', () => {
    const interleaved = new THREE.BufferGeometry();
    const buffer = new THREE.InterleavedBuffer(new Float32Array([0, 0, 0, 9, 1, 0, 0, 9, 0, 1, 0, 9]), 4);
    interleaved.setAttribute('position', new THREE.InterleavedBufferAttribute(buffer, 3, 0));
    const collider = attachCollider(interleaved);
    expect(collider).toBeInstanceOf(TriangleMesh);
    expect(interleaved.userData.collider).toBe(collider);
    expect(Array.from(collider.vertices)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    expect(() => attachCollider(null as never)).toThrow(InvalidArgumentError);
    expect(() => attachCollider(new THREE.BufferGeometry())).toThrow(/^geometry is not a BufferGeometry with a position attribute/);
  });
});
