/**
 * A concave shape's parts, one at a time: what the concave pair functions, the ray cast and the manifold
 * query visit after their hierarchy has found a part. A compound's part is one of its convex shapes at its
 * pose; a mesh's is a triangle, loaded into a scratch Triangle (no object per triangle is kept or made).
 */
import { composeTransform, Transform } from '../../math/transform.js';
import { Triangle } from '../../shapes/triangle.js';
import type { ConvexShape } from '../../shapes/shape.js';
import type { Compound } from './compound.js';
import type { TriangleMesh } from './triangle-mesh.js';
import type { HeightField } from './height-field.js';
import { fieldNeighbour, loadFieldCorners } from './height-field-grid.js';
import { partsBox } from './part-search.js';

/** A shape with parts: a compound, a triangle mesh or a height field. */
export type PartedShape = Compound | TriangleMesh | HeightField;
/** A shape whose parts are triangles: a mesh or a height field. */
export type TriangleSurface = TriangleMesh | HeightField;

const ORIGIN = { x: 0, y: 0, z: 0 };
const _radiusWord = /* @__PURE__ */ new Float64Array(1);
const _radiusBits = /* @__PURE__ */ new Uint32Array(_radiusWord.buffer);

/** Where one part is placed: its shape (a mesh's scratch triangle) and its world transform. */
export class PartSlot {
  /** The mesh triangle a part of a mesh is loaded into (in the mesh's frame). */
  readonly triangle = new Triangle(ORIGIN, ORIGIN, ORIGIN);
  /** The part's world transform. */
  readonly transform = new Transform();
}

/**
 * Part `p` (an index into the shape's hierarchy items) of `shape` at world transform `t`: its convex shape,
 * with its world transform in `slot.transform`.
 */
export function placePart(slot: PartSlot, shape: PartedShape, t: Readonly<Transform>, p: number): ConvexShape {
  if (shape.kind === 'compound') {
    composeTransform(slot.transform, t, shape.transforms[p]);
    return shape.shapes[p];
  }
  copyTransform(slot.transform, t);
  return loadTriangle(slot.triangle, shape, p);
}

/** Writes triangle `p` of `mesh` (mesh or field frame), its bounding radius included, into `tri`, and returns it. */
export function loadTriangle(tri: Triangle, mesh: TriangleSurface, p: number): Triangle {
  if (mesh.kind === 'heightField') {
    loadFieldCorners(tri, mesh, p);
    // Its largest corner norm, as a mesh's triangle radius, rounded up to a step the field keeps boxed
    // (height-field-grid.ts, radiusStep), all inline: a double passed to or returned from a call V8 does
    // not inline is boxed (CONTRIBUTING.md, "V8 rules", rule 1), and this runs for every triangle visited.
    const a = tri.a, b = tri.b, c = tri.c;
    const m2 = Math.max(a.x * a.x + a.y * a.y + a.z * a.z, b.x * b.x + b.y * b.y + b.z * b.z, c.x * c.x + c.y * c.y + c.z * c.z);
    const steps = mesh.radiusSteps;
    // (Squares out of range: the top step, a bound on every triangle. From the boxed table too: a radius
    // that could be a raw double here would make V8 box every store.)
    let radius = steps[steps.length - 1];
    if (m2 > 1e-300 && m2 < 1e300) {
      const word = _radiusWord;
      word[0] = Math.sqrt(m2);
      const hi = _radiusBits[1], k = 8 * ((hi >>> 20) - mesh.radiusOctave) + ((hi >>> 17) & 7);
      if (k >= 0 && k < steps.length) radius = steps[k];
    }
    (tri as { boundingRadius: number }).boundingRadius = radius;
    return tri;
  }
  loadCorners(tri, mesh, p);
  (tri as { boundingRadius: number }).boundingRadius = mesh.triangleRadius[p];
  return tri;
}

/** Writes the corners of triangle `p` of `mesh` (its frame) into `tri`, and returns it (no radius). */
export function loadCorners(tri: Triangle, mesh: TriangleSurface, p: number): Triangle {
  if (mesh.kind === 'heightField') return loadFieldCorners(tri, mesh, p);
  const v = mesh.vertices, tris = mesh.triangles;
  const i = 3 * tris[3 * p], j = 3 * tris[3 * p + 1], k = 3 * tris[3 * p + 2];
  const a = tri.a as { x: number; y: number; z: number }, b = tri.b as typeof a, c = tri.c as typeof a;
  a.x = v[i]; a.y = v[i + 1]; a.z = v[i + 2];
  b.x = v[j]; b.y = v[j + 1]; b.z = v[j + 2];
  c.x = v[k]; c.y = v[k + 1]; c.z = v[k + 2];
  return tri;
}

/** The triangle across edge k (corner k to k + 1) of triangle `p` of `mesh`, or −1 at a border or non-manifold edge. */
export function neighbourTriangle(mesh: TriangleSurface, p: number, k: number): number {
  return mesh.kind === 'heightField' ? fieldNeighbour(mesh, p, k) : mesh.adjacency[3 * p + k];
}

/**
 * The index results report for item `p`: a compound's part index, a mesh's triangle in its input, a
 * field's triangle (2 · cell + half).
 */
export function reportedPart(shape: PartedShape, p: number): number {
  return shape.kind === 'mesh' ? shape.sourceIndex[p] : p;
}

export function copyTransform(out: Transform, t: Readonly<Transform>): void {
  out.m00 = t.m00; out.m01 = t.m01; out.m02 = t.m02;
  out.m10 = t.m10; out.m11 = t.m11; out.m12 = t.m12;
  out.m20 = t.m20; out.m21 = t.m21; out.m22 = t.m22;
  out.tx = t.tx; out.ty = t.ty; out.tz = t.tz;
}

/**
 * The box, in the frame whose transform from `shape`'s frame is `rel`, of `shape`'s hierarchy root box (the
 * box of a box turned by `rel`: Arvo's method, Graphics Gems 1990), into `q` (min xyz, max xyz).
 */
export function rootBoxIn(q: Float64Array, shape: PartedShape, rel: Readonly<Transform>): void {
  const b = partsBox(shape);
  const cx = 0.5 * (b[0] + b[3]), cy = 0.5 * (b[1] + b[4]), cz = 0.5 * (b[2] + b[5]);
  const ex = 0.5 * (b[3] - b[0]), ey = 0.5 * (b[4] - b[1]), ez = 0.5 * (b[5] - b[2]);
  const x = rel.m00 * cx + rel.m01 * cy + rel.m02 * cz + rel.tx;
  const y = rel.m10 * cx + rel.m11 * cy + rel.m12 * cz + rel.ty;
  const z = rel.m20 * cx + rel.m21 * cy + rel.m22 * cz + rel.tz;
  const hx = Math.abs(rel.m00) * ex + Math.abs(rel.m01) * ey + Math.abs(rel.m02) * ez;
  const hy = Math.abs(rel.m10) * ex + Math.abs(rel.m11) * ey + Math.abs(rel.m12) * ez;
  const hz = Math.abs(rel.m20) * ex + Math.abs(rel.m21) * ey + Math.abs(rel.m22) * ez;
  // Widened by a few ulps of the coordinates: rounding must not carry the box off a part it touches.
  const sx = hx + 4 * Number.EPSILON * (Math.abs(x) + hx), sy = hy + 4 * Number.EPSILON * (Math.abs(y) + hy), sz = hz + 4 * Number.EPSILON * (Math.abs(z) + hz);
  q[0] = x - sx; q[1] = y - sy; q[2] = z - sz; q[3] = x + sx; q[4] = y + sy; q[5] = z + sz;
}
