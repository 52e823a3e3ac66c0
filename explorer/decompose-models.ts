// The decomposition page's built-in models (decompose-page.ts), each a closed mesh as decomposeToHulls
// reads it: a torus knot, a chair of boxes and a cup. All three are y up and about 2 units across.
import * as THREE from 'three';
import { mergeVertices } from 'three/addons/utils/BufferGeometryUtils.js';

/** A mesh as the worker is sent it: x, y, z a vertex (float64, as the library reads it), three indices a triangle. */
export interface MeshArrays {
  positions: Float64Array;
  indices: Uint32Array;
}

export type ModelName = 'knot' | 'chair' | 'cup';

export const MODEL_NAMES: Readonly<Record<ModelName, string>> = {
  knot: 'Torus knot',
  chair: 'Chair (boxes)',
  cup: 'Cup (lathe)',
};

/** The model called `name`, as arrays. */
export function buildModel(name: ModelName): MeshArrays {
  switch (name) {
    case 'knot': return torusKnot();
    case 'chair': return chair();
    case 'cup': return cup();
  }
}

/** `geometry`'s positions and indices, once its seam's copies are merged. */
function weldedArrays(geometry: THREE.BufferGeometry): MeshArrays {
  // Normals and uvs differ across a seam, so mergeVertices would keep the copies apart; only positions count.
  for (const name of Object.keys(geometry.attributes)) if (name !== 'position') geometry.deleteAttribute(name);
  const welded = mergeVertices(geometry);
  geometry.dispose();
  const positions = Float64Array.from(welded.getAttribute('position').array);
  const indices = Uint32Array.from(welded.getIndex()!.array);
  welded.dispose();
  return { positions, indices };
}

/**
 * Three.js's (2, 3) torus knot, 96 × 10 (1.6 s to decompose in Node at the defaults; 128 × 12 took 2.4 s
 * for the same 24 parts). Its tube's first and last rings come out bit for bit equal, so mergeVertices closes
 * it exactly (without the merge, the library's weld joins the 141 repeated seam vertices itself).
 */
function torusKnot(): MeshArrays {
  return weldedArrays(new THREE.TorusKnotGeometry(0.7, 0.22, 96, 10, 2, 3));
}

/** An axis-aligned box from `min` to `max`, its 12 triangles wound outward, appended to `out`. */
function addBox(out: { positions: number[]; indices: number[] }, min: readonly number[], max: readonly number[]): void {
  const base = out.positions.length / 3;
  for (let i = 0; i < 8; i++) out.positions.push(i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2]);
  // Corner i has bit 0 for x, bit 1 for y, bit 2 for z; each face's two triangles counter-clockwise from outside.
  const faces = [[0, 4, 6, 2], [1, 3, 7, 5], [0, 1, 5, 4], [2, 6, 7, 3], [0, 2, 3, 1], [4, 5, 7, 6]];
  for (const [a, b, c, d] of faces) out.indices.push(base + a, base + b, base + c, base + a, base + c, base + d);
}

/**
 * A chair as six closed boxes that meet face to face (the legs under the seat, the back on it): where two
 * touch, each keeps its own face, so every edge still has its reverse, and the library reads the union.
 * (test/decompose/meshes.ts's chair, scaled by two and centred.)
 */
function chair(): MeshArrays {
  const out = { positions: [] as number[], indices: [] as number[] };
  const s = (v: number) => 2 * v - 1;
  for (const [x, z] of [[0, 0], [0.9, 0], [0, 0.9], [0.9, 0.9]]) addBox(out, [s(x), s(0), s(z)], [s(x + 0.1), s(0.45), s(z + 0.1)]);
  addBox(out, [s(0), s(0.45), s(0)], [s(1), s(0.55), s(1)]);
  addBox(out, [s(0), s(0.55), s(0.9)], [s(1), s(1.3), s(1)]);
  return { positions: Float64Array.from(out.positions), indices: Uint32Array.from(out.indices) };
}

/**
 * A cup: the lathe of a profile that starts and ends on the axis (the outer floor's centre, out, up the
 * outer wall, over a rounded rim, down the inner wall, to the inner floor's centre), so the surface closes.
 * LatheGeometry repeats the seam and the axis points; after the merge the axis triangles are slivers of
 * zero area that the library's reader drops (its `droppedTriangles`). 48 steps around.
 */
function cup(): MeshArrays {
  const profile: THREE.Vector2[] = [new THREE.Vector2(0, -0.9), new THREE.Vector2(0.55, -0.9), new THREE.Vector2(0.62, -0.85), new THREE.Vector2(0.8, 0.9)];
  // The rim: a half circle from the outer wall's top to the inner wall's.
  for (let k = 1; k < 6; k++) {
    const a = (Math.PI * k) / 6;
    profile.push(new THREE.Vector2(0.76 + 0.04 * Math.cos(a), 0.9 + 0.04 * Math.sin(a)));
  }
  profile.push(new THREE.Vector2(0.72, 0.9), new THREE.Vector2(0.52, -0.75), new THREE.Vector2(0, -0.75));
  return weldedArrays(new THREE.LatheGeometry(profile, 48));
}
