/**
 * Picking a three.js mesh through its collider's hierarchy: the ray in the mesh's local frame (its world
 * matrix inverted, so a non-uniform scale is the ray's, not the mesh's), the triangles whose boxes it meets
 * (the hierarchy laid out for it by pick-layout.ts, nearer nodes first), each tested as three.js tests it (Möller & Trumbore
 * 1997, "Fast, minimum storage ray-triangle intersection", with the material's side: FrontSide culls back
 * faces, BackSide front ones, DoubleSide neither), and every hit made the intersection object three.js's own
 * Mesh.raycast makes (distance, point, object, face, faceIndex, barycoord, uv, uv1, normal). With
 * `raycaster.firstHitOnly` only the nearest, the traversal pruned past it; else every hit, unsorted (the
 * Raycaster sorts).
 */
import { BackSide, DoubleSide, Matrix4, Vector2, Vector3, type BufferAttribute, type InterleavedBufferAttribute, type Intersection, type Material, type Mesh, type Raycaster } from 'three';
import { BvhRayHit } from '../bvh/bvh-traversal.js';
import { pickLayout, type PickLayout } from './pick-layout.js';
import type { TriangleMesh } from '../query/parted/triangle-mesh.js';

type Attribute = BufferAttribute | InterleavedBufferAttribute;

/** One pick's state: the ray in the mesh's frame, the sides wanted, and the hits found (kept triangles, t). */
class Pick {
  readonly origin = new Float64Array(3);
  readonly dir = new Float64Array(3);
  readonly hit = new BvhRayHit();
  collider: TriangleMesh | null = null;
  /** 1: front faces only (FrontSide), −1: back faces only (BackSide), 0: both; per material when an array. */
  side = 0;
  sides: Int8Array = new Int8Array(0);
  /** The number of materials when the material is an array. */
  materialCount = 0;
  /** Per kept triangle, when the material is an array: its group's material index (−1: in no group, never hit). */
  materials: Int32Array | null = null;
  first = false;
  /** The raycaster's near, and the geometry's draw range (index positions [drawStart, drawEnd)). */
  near = 0;
  drawStart = 0;
  drawEnd = Infinity;
  /** The hits: kept triangle, its t (the world distance, the direction being unit in world space). */
  items = new Int32Array(16);
  ts = new Float64Array(16);
  count = 0;
  us = new Float64Array(16);
  vs = new Float64Array(16);
}

const _pick = /* @__PURE__ */ new Pick();
const _inverse = /* @__PURE__ */ new Matrix4();

/**
 * The intersections of `raycaster`'s ray with `mesh`, whose geometry's collider is `collider`, appended to
 * `intersects` as three.js's Mesh.raycast would append them.
 */
export function pickMesh(mesh: Mesh, collider: TriangleMesh, raycaster: Raycaster, intersects: Intersection[]): void {
  const material = mesh.material as Material | Material[];
  const geometry = mesh.geometry;
  const p = _pick;
  p.collider = collider;
  p.first = (raycaster as { firstHitOnly?: boolean }).firstHitOnly === true;
  p.near = raycaster.near;
  p.drawStart = geometry.drawRange.start; p.drawEnd = geometry.drawRange.start + geometry.drawRange.count;
  p.count = 0;
  p.materials = null;
  if (Array.isArray(material)) {
    p.materials = groupMaterials(collider, geometry.groups);
    if (p.sides.length < material.length) p.sides = new Int8Array(material.length);
    for (let i = 0; i < material.length; i++) p.sides[i] = sideOf(material[i]);
    p.materialCount = material.length;
  } else {
    p.side = sideOf(material);
  }
  // The ray in the mesh's frame: o' = M⁻¹ o, d' = M⁻¹ d (d unit in world space, so t along d' is the
  // world distance, whatever the scale).
  const e = _inverse.copy(mesh.matrixWorld).invert().elements, ro = raycaster.ray.origin, rd = raycaster.ray.direction;
  p.origin[0] = e[0] * ro.x + e[4] * ro.y + e[8] * ro.z + e[12];
  p.origin[1] = e[1] * ro.x + e[5] * ro.y + e[9] * ro.z + e[13];
  p.origin[2] = e[2] * ro.x + e[6] * ro.y + e[10] * ro.z + e[14];
  p.dir[0] = e[0] * rd.x + e[4] * rd.y + e[8] * rd.z;
  p.dir[1] = e[1] * rd.x + e[5] * rd.y + e[9] * rd.z;
  p.dir[2] = e[2] * rd.x + e[6] * rd.y + e[10] * rd.z;
  p.hit.t = raycaster.far; p.hit.item = -1;
  if (collider.bvh.nodeCount > 0) traverse(p, pickLayout(collider), collider.bvh.depth);
  for (let k = 0; k < p.count; k++) {
    const j = p.items[k], face = collider.sourceIndex[j];
    const hit = intersection(mesh, collider, raycaster, j, face, p.ts[k], p.us[k], p.vs[k]);
    if (hit !== null) intersects.push(hit);
  }
  p.collider = null;
}

/** 1 for FrontSide (back faces culled), −1 for BackSide, 0 for DoubleSide. */
function sideOf(m: Material): number {
  return m.side === DoubleSide ? 0 : m.side === BackSide ? -1 : 1;
}

/** Whether `key` (start, count, material index per group) lists `groups` as they are now. */
function sameGroups(key: number[], groups: { start: number; count: number; materialIndex?: number }[]): boolean {
  if (key.length !== 3 * groups.length) return false;
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g];
    if (key[3 * g] !== group.start || key[3 * g + 1] !== group.count || key[3 * g + 2] !== (group.materialIndex ?? 0)) return false;
  }
  return true;
}

/** The last groups' table of each collider, by the groups it was made from. */
const _groupTables = /* @__PURE__ */ new WeakMap<TriangleMesh, { key: number[]; table: Int32Array }>();

/**
 * Each kept triangle's group material index (the group holding its first index), −1 in none: made once
 * for a collider's groups, and again when they change.
 */
function groupMaterials(collider: TriangleMesh, groups: { start: number; count: number; materialIndex?: number }[]): Int32Array {
  const cached = _groupTables.get(collider);
  if (cached !== undefined && sameGroups(cached.key, groups)) return cached.table;
  const key: number[] = [];
  for (const g of groups) key.push(g.start, g.count, g.materialIndex ?? 0);
  const out = new Int32Array(collider.sourceIndex.length).fill(-1);
  _groupTables.set(collider, { key, table: out });
  for (let j = 0; j < out.length; j++) {
    const at = 3 * collider.sourceIndex[j];
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g];
      if (at >= group.start && at < group.start + group.count) { out[j] = group.materialIndex ?? 0; break; }
    }
  }
  return out;
}

/** The traversal's stack: nodes, and the t at which the ray enters each (so a popped node is not tested again). */
let _stack = new Int32Array(64), _enter = new Float64Array(64);
/** The ray's reciprocal direction (the slab tests multiply). */
const _inv = /* @__PURE__ */ new Float64Array(3);

/**
 * The triangles along the ray, through the hierarchy's pick layout (pick-layout.ts): its own traversal
 * rather than rayBvh's, for a leaf's triangles are tested at once (rayBvh first tests each item's box, which
 * for a triangle costs about what the triangle does) and the entry of each node pushed is kept with it (Kay &
 * Kajiya's slabs, the nearer child first; a node entered past the best hit so far, or past `far`, is skipped).
 */
function traverse(p: Pick, layout: PickLayout, depth: number): void {
  const need = 2 * (depth + 2);
  if (_stack.length < need) { _stack = new Int32Array(need); _enter = new Float64Array(need); }
  const stack = _stack, enter = _enter, boxes = layout.nodeBoxes, links = layout.nodeLinks, inv = _inv;
  inv[0] = 1 / p.dir[0]; inv[1] = 1 / p.dir[1]; inv[2] = 1 / p.dir[2];
  let top = 0;
  _slab[1] = p.hit.t;
  slab(boxes, 0, p.origin, inv);
  const root = _slab[0];
  if (!(root <= p.hit.t)) return;
  stack[0] = 0; enter[0] = root; top = 1;
  while (top > 0) {
    top--;
    const n = stack[top];
    if (!(enter[top] <= p.hit.t)) continue; // entered past a hit found since it was pushed
    const count = links[8 * n + 7];
    if (count === 0) {
      const left = n + 1, right = links[8 * n + 6], best = p.hit.t;
      _slab[1] = best;
      slab(boxes, left, p.origin, inv);
      const tl = _slab[0];
      slab(boxes, right, p.origin, inv);
      const tr = _slab[0];
      // The nearer child on top (popped first).
      if (tl <= tr) {
        if (tr <= best) { stack[top] = right; enter[top++] = tr; }
        if (tl <= best) { stack[top] = left; enter[top++] = tl; }
      } else {
        if (tl <= best) { stack[top] = left; enter[top++] = tl; }
        if (tr <= best) { stack[top] = right; enter[top++] = tr; }
      }
      continue;
    }
    for (let k = links[8 * n + 6], end = k + count; k < end; k++) visitTriangle(k, p, layout);
  }
}

/** slab's answer, and its bound (doubles through a call that is not inlined are boxed: V8 rule 1). */
const _slab = /* @__PURE__ */ new Float64Array(2);

/**
 * The t at which the ray enters node `n`'s box (0 from inside), or NaN when it misses the box before the
 * bound _slab[1], into _slab[0]. A direction component of 0 gives infinite slab bounds, or NaN for an origin
 * on the slab's plane, which counts as inside it: a box is never missed by rounding of the slabs.
 */
function slab(b: Float32Array, n: number, o: Float64Array, inv: Float64Array): void {
  const i = 8 * n;
  let lo = 0, hi = _slab[1];
  // Each slab's entry and exit chosen by the direction's sign (Williams et al., "An efficient and robust
  // ray-box intersection algorithm", 2005), not by comparing the two: a zero component gives 0·∞ = NaN for
  // an origin on the slab's plane, and a NaN then fails both comparisons below, narrowing nothing.
  const ix = inv[0], iy = inv[1], iz = inv[2];
  const xn = ((ix >= 0 ? b[i] : b[i + 3]) - o[0]) * ix, xf = ((ix >= 0 ? b[i + 3] : b[i]) - o[0]) * ix;
  if (xn > lo) lo = xn; if (xf < hi) hi = xf;
  const yn = ((iy >= 0 ? b[i + 1] : b[i + 4]) - o[1]) * iy, yf = ((iy >= 0 ? b[i + 4] : b[i + 1]) - o[1]) * iy;
  if (yn > lo) lo = yn; if (yf < hi) hi = yf;
  const zn = ((iz >= 0 ? b[i + 2] : b[i + 5]) - o[2]) * iz, zf = ((iz >= 0 ? b[i + 5] : b[i + 2]) - o[2]) * iz;
  if (zn > lo) lo = zn; if (zf < hi) hi = zf;
  _slab[0] = lo <= hi ? lo : NaN;
}

/**
 * Tests kept triangle `j` (the hierarchy's item) as three.js's Ray.intersectTriangle does (Möller & Trumbore
 * 1997): with the side 1 a hit on the back (the ray along the normal (b − a) × (c − a)) is a miss, with −1 a
 * hit on the front. A hit on a wanted side before the bound is kept, with its barycentric coordinates of b
 * and c. Written out, the vertices read here (doubles passed to a call that is not inlined are boxed:
 * CONTRIBUTING.md, "V8 rules", rule 1).
 */
function visitTriangle(k: number, p: Pick, layout: PickLayout): void {
  const j = layout.items[k], v = layout.corners, at = 9 * k;
  let side = p.side;
  if (p.materials !== null) {
    const m = p.materials[j];
    if (m < 0 || m >= p.materialCount) return;
    side = p.sides[m];
  }
  const ax = v[at], ay = v[at + 1], az = v[at + 2];
  const e1x = v[at + 3] - ax, e1y = v[at + 4] - ay, e1z = v[at + 5] - az, e2x = v[at + 6] - ax, e2y = v[at + 7] - ay, e2z = v[at + 8] - az;
  const nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
  const d = p.dir, dx = d[0], dy = d[1], dz = d[2];
  let dn = dx * nx + dy * ny + dz * nz, sign = 1;
  if (dn > 0) {
    if (side === 1) return; // a back face
  } else if (dn < 0) {
    if (side === -1) return; // a front face
    sign = -1; dn = -dn;
  } else {
    return; // parallel
  }
  const o = p.origin, qx = o[0] - ax, qy = o[1] - ay, qz = o[2] - az;
  // d · (q × e2) and d · (e1 × q): the barycentric coordinates of b and c, times dn.
  const u = sign * (dx * (qy * e2z - qz * e2y) + dy * (qz * e2x - qx * e2z) + dz * (qx * e2y - qy * e2x));
  if (u < 0) return;
  const w = sign * (dx * (e1y * qz - e1z * qy) + dy * (e1z * qx - e1x * qz) + dz * (e1x * qy - e1y * qx));
  if (w < 0 || u + w > dn) return;
  const qn = -sign * (qx * nx + qy * ny + qz * nz);
  if (qn < 0) return;
  const t = qn / dn;
  // (t is the world distance: the direction is unit in world space.) Before near, or outside the draw
  // range, it is no hit, and must not prune the nearer-first search (firstHitOnly).
  if (!(t <= p.hit.t) || t < p.near) return;
  const face = p.collider!.sourceIndex[j];
  if (3 * face < p.drawStart || 3 * face >= p.drawEnd) return;
  if (p.first) {
    // The nearest (ties: the lower item), the traversal pruned past it.
    if (t === p.hit.t && p.hit.item >= 0 && p.hit.item < j) return;
    p.hit.t = t; p.hit.item = j;
    p.count = 1; p.items[0] = j; p.ts[0] = t; p.us[0] = u / dn; p.vs[0] = w / dn;
    return;
  }
  if (p.count === p.items.length) grow(p);
  p.items[p.count] = j; p.ts[p.count] = t; p.us[p.count] = u / dn; p.vs[p.count] = w / dn;
  p.count++;
}

function grow(p: Pick): void {
  const n = 2 * p.items.length;
  const items = new Int32Array(n); items.set(p.items); p.items = items;
  const ts = new Float64Array(n); ts.set(p.ts); p.ts = ts;
  const us = new Float64Array(n); us.set(p.us); p.us = us;
  const vs = new Float64Array(n); vs.set(p.vs); p.vs = vs;
}

const _point = /* @__PURE__ */ new Vector3();

/** The intersection object three.js's Mesh.raycast makes for a hit on kept triangle `j` (source `face`), or null past near/far. */
function intersection(mesh: Mesh, collider: TriangleMesh, raycaster: Raycaster, j: number, face: number, t: number, u: number, v: number): Intersection | null {
  const p = _pick, geometry = mesh.geometry, index = geometry.index;
  const a = index !== null ? index.getX(3 * face) : 3 * face;
  const b = index !== null ? index.getX(3 * face + 1) : 3 * face + 1;
  const c = index !== null ? index.getX(3 * face + 2) : 3 * face + 2;
  // The point in the mesh's frame, then the world's (as three.js measures the distance).
  _point.set(p.origin[0] + t * p.dir[0], p.origin[1] + t * p.dir[1], p.origin[2] + t * p.dir[2]);
  const point = _point.clone().applyMatrix4(mesh.matrixWorld);
  const distance = raycaster.ray.origin.distanceTo(point);
  if (distance < raycaster.near || distance > raycaster.far) return null;
  const v3 = collider.vertices, tris = collider.triangles;
  const ia = 3 * tris[3 * j], ib = 3 * tris[3 * j + 1], ic = 3 * tris[3 * j + 2];
  const e1x = v3[ib] - v3[ia], e1y = v3[ib + 1] - v3[ia + 1], e1z = v3[ib + 2] - v3[ia + 2];
  const e2x = v3[ic] - v3[ia], e2y = v3[ic + 1] - v3[ia + 1], e2z = v3[ic + 2] - v3[ia + 2];
  const normal = new Vector3(e1y * e2z - e1z * e2y, e1z * e2x - e1x * e2z, e1x * e2y - e1y * e2x).normalize();
  const barycoord = new Vector3(1 - u - v, u, v);
  const hit: Intersection = {
    distance, point, object: mesh, faceIndex: face, barycoord,
    face: { a, b, c, normal, materialIndex: p.materials !== null ? p.materials[j] : 0 },
  };
  const attributes = geometry.attributes as Record<string, Attribute | undefined>;
  const uv = attributes.uv, uv1 = attributes.uv1, vertexNormal = attributes.normal;
  if (uv !== undefined) hit.uv = interpolate2(uv, a, b, c, barycoord);
  if (uv1 !== undefined) hit.uv1 = interpolate2(uv1, a, b, c, barycoord);
  if (vertexNormal !== undefined) {
    const n = new Vector3(
      barycoord.x * vertexNormal.getX(a) + barycoord.y * vertexNormal.getX(b) + barycoord.z * vertexNormal.getX(c),
      barycoord.x * vertexNormal.getY(a) + barycoord.y * vertexNormal.getY(b) + barycoord.z * vertexNormal.getY(c),
      barycoord.x * vertexNormal.getZ(a) + barycoord.y * vertexNormal.getZ(b) + barycoord.z * vertexNormal.getZ(c),
    );
    // Facing the ray, as three.js turns it.
    if (n.x * p.dir[0] + n.y * p.dir[1] + n.z * p.dir[2] > 0) n.multiplyScalar(-1);
    hit.normal = n;
  }
  return hit;
}

function interpolate2(attribute: Attribute, a: number, b: number, c: number, w: Vector3): Vector2 {
  return new Vector2(
    w.x * attribute.getX(a) + w.y * attribute.getX(b) + w.z * attribute.getX(c),
    w.x * attribute.getY(a) + w.y * attribute.getY(b) + w.z * attribute.getY(c),
  );
}
