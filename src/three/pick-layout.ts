/**
 * A collider's hierarchy laid out for picking, made once per collider on its first pick: each node in 32
 * bytes (its box in float32, rounded outward so that no box shrinks, then its right child or first item and
 * its item count), and each triangle's 9 coordinates in the hierarchy's leaf order, so that a ray's walk
 * reads memory in order (three-mesh-bvh packs its nodes the same way). Measured on a 100,000-triangle
 * torus knot (bench/pick.ts): the collider's own layout (float64 boxes, vertices through an index) left a
 * ray's walk waiting on memory for two thirds of its time. The coordinates are float32 when every one of
 * them is a float32 (as three.js geometries store them: then exactly the collider's), else float64.
 */
import type { TriangleMesh } from '../query/parted/triangle-mesh.js';

export interface PickLayout {
  /** 8 slots a node: min xyz, max xyz (float32, outward), then as integers its right child or first item, and its item count (0: inner). */
  readonly nodeBoxes: Float32Array;
  readonly nodeLinks: Int32Array;
  /** 9 coordinates a triangle, by leaf position. */
  readonly corners: Float32Array | Float64Array;
  /** The kept triangle at each leaf position. */
  readonly items: Int32Array;
}

const _layouts = /* @__PURE__ */ new WeakMap<TriangleMesh, PickLayout>();
const _f = /* @__PURE__ */ new Float32Array(1), _bits = /* @__PURE__ */ new Int32Array(_f.buffer);

/** The largest float32 not above `x`. */
function down(x: number): number {
  _f[0] = x;
  if (_f[0] <= x) return _f[0];
  if (_f[0] > 0) _bits[0]--; else if (_f[0] < 0) _bits[0]++; else _bits[0] = -2147483647; // (−0 and 0: the least negative float32)
  return _f[0];
}
/** The least float32 not below `x`. */
function up(x: number): number {
  _f[0] = x;
  if (_f[0] >= x) return _f[0];
  if (_f[0] > 0) _bits[0]++; else if (_f[0] < 0) _bits[0]--; else _bits[0] = 1;
  return _f[0];
}

/** The pick layout of `collider`, made on first use. */
export function pickLayout(collider: TriangleMesh): PickLayout {
  const cached = _layouts.get(collider);
  if (cached !== undefined) return cached;
  const bvh = collider.bvh, n = bvh.nodeCount, b = bvh.bounds, nodes = bvh.nodes;
  const buffer = new ArrayBuffer(32 * n), nodeBoxes = new Float32Array(buffer), nodeLinks = new Int32Array(buffer);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 3; k++) { nodeBoxes[8 * i + k] = down(b[6 * i + k]); nodeBoxes[8 * i + 3 + k] = up(b[6 * i + 3 + k]); }
    nodeLinks[8 * i + 6] = nodes[2 * i]; nodeLinks[8 * i + 7] = nodes[2 * i + 1];
  }
  const v = collider.vertices, tris = collider.triangles, items = bvh.items, m = items.length;
  let single = true;
  for (let i = 0; i < v.length && single; i++) single = Math.fround(v[i]) === v[i];
  const corners = single ? new Float32Array(9 * m) : new Float64Array(9 * m);
  for (let k = 0; k < m; k++) {
    const j = items[k];
    for (let c = 0; c < 3; c++) {
      const at = 3 * tris[3 * j + c];
      corners[9 * k + 3 * c] = v[at]; corners[9 * k + 3 * c + 1] = v[at + 1]; corners[9 * k + 3 * c + 2] = v[at + 2];
    }
  }
  const layout: PickLayout = { nodeBoxes, nodeLinks, corners, items };
  _layouts.set(collider, layout);
  return layout;
}
