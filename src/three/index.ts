/**
 * `convex-collide/three`: picking in three.js through a mesh's collider, in the manner of three-mesh-bvh's
 * `acceleratedRaycast` (its users know the pattern): `attachCollider(geometry)` builds a {@link TriangleMesh}
 * of the geometry once and keeps it on `geometry.userData.collider`, and `acceleratedRaycast`, set as
 * `THREE.Mesh.prototype.raycast`, answers a Raycaster through it: three.js's own intersection objects, its
 * material sides, groups and draw range, with `raycaster.firstHitOnly` for the nearest hit alone. A mesh
 * whose geometry has no collider is cast by three.js's own raycast. The collider is the library's shape too:
 * every query and a `CollisionWorld` take it. three is a peer dependency of this entry only.
 */
import { Mesh, type BufferGeometry, type Intersection, type Raycaster } from 'three';
import { InvalidArgumentError } from '../errors.js';
import { TriangleMesh } from '../query/parted/triangle-mesh.js';
import { pickMesh } from './pick.js';

declare module 'three' {
  interface Raycaster {
    /** With `acceleratedRaycast` (convex-collide/three): true to report only the nearest hit of each mesh. */
    firstHitOnly?: boolean;
  }
}

/** three.js's own Mesh raycast, as it was when this module loaded: for meshes with no collider. */
const threeRaycast = Mesh.prototype.raycast;

/**
 * Builds the collider of `geometry` (a {@link TriangleMesh} of its triangles: its index, or every three
 * vertices; an interleaved position attribute is read through it) and keeps it on
 * `geometry.userData.collider`, replacing one there; returns it. Build it again after changing the
 * geometry's positions or index (the collider is a copy); morph targets and skinning are not followed.
 * @throws InvalidArgumentError when `geometry` is not a BufferGeometry with a position attribute; as
 *   `TriangleMesh` for non-finite positions or a geometry of degenerate triangles only.
 */
export function attachCollider(geometry: BufferGeometry): TriangleMesh {
  const position = (geometry as Partial<BufferGeometry> | null)?.attributes?.position;
  if (geometry === null || typeof geometry !== 'object' || position === undefined || typeof position.getX !== 'function') {
    throw new InvalidArgumentError('geometry', 'is not a BufferGeometry with a position attribute; expected a three.js BufferGeometry');
  }
  const count = position.count, vertices = new Float64Array(3 * count);
  for (let i = 0; i < count; i++) {
    vertices[3 * i] = position.getX(i); vertices[3 * i + 1] = position.getY(i); vertices[3 * i + 2] = position.getZ(i);
  }
  const index = geometry.index;
  let indices: Int32Array;
  if (index !== null) {
    indices = new Int32Array(index.count);
    for (let i = 0; i < index.count; i++) indices[i] = index.getX(i);
  } else {
    if (count % 3 !== 0) throw new InvalidArgumentError('geometry.attributes.position', `holds ${count} vertices and the geometry has no index; expected whole triangles (a multiple of 3)`);
    indices = new Int32Array(count);
    for (let i = 0; i < count; i++) indices[i] = i;
  }
  const collider = new TriangleMesh(vertices, indices);
  geometry.userData.collider = collider;
  return collider;
}

/** Removes the collider `attachCollider` kept on `geometry` (its meshes are then cast by three.js's own raycast). */
export function detachCollider(geometry: BufferGeometry): void {
  if (geometry === null || typeof geometry !== 'object' || typeof geometry.userData !== 'object') {
    throw new InvalidArgumentError('geometry', 'is not a BufferGeometry; expected a three.js BufferGeometry');
  }
  delete geometry.userData.collider;
}

/**
 * A drop-in for `THREE.Mesh.prototype.raycast` (`THREE.Mesh.prototype.raycast = acceleratedRaycast`, or on
 * one mesh): through the geometry's collider when `attachCollider` made one, else three.js's own raycast.
 * Appends to `intersects` the intersection objects three.js makes (`distance`, `point`, `object`, `face`
 * with its vertex indices, normal and material index, `faceIndex`, `barycoord`, and `uv`, `uv1`, `normal`
 * when the geometry has them), for the material's side (an array of materials by the geometry's groups),
 * within the draw range and the raycaster's near and far; with `raycaster.firstHitOnly`, the nearest only.
 */
export function acceleratedRaycast(this: Mesh, raycaster: Raycaster, intersects: Intersection[]): void {
  if (this.material === undefined) return;
  const collider: unknown = this.geometry?.userData?.collider;
  if (!(collider instanceof TriangleMesh)) { threeRaycast.call(this, raycaster, intersects); return; }
  pickMesh(this, collider, raycaster, intersects);
}
