/**
 * Axis-aligned bounding boxes: the kernels every bounding volume hierarchy and broad phase is built
 * from (Ericson, Real-Time Collision Detection, §4.2). Output first, returned, safe when `out`
 * aliases an input (gl-matrix's convention).
 *
 * A box is `{ min, max }` of two vectors, so a three.js `Box3` can be passed wherever an `Aabb` is read
 * or written. An empty box has `min > max` on every axis (`setEmptyAabb`), so that growing it by a
 * point or a box gives that point or box.
 */
import type { Vec3Like } from './types.js';
import { vec3 } from './vec3.js';

/** An axis-aligned box `{ min, max }`, both corners inclusive. three.js `Box3` satisfies it. */
export interface Aabb {
  /** The lowest corner: the least x, y and z of the box (+Infinity on every axis when the box is empty). */
  min: Vec3Like;
  /** The highest corner: the greatest x, y and z of the box (−Infinity on every axis when the box is empty). */
  max: Vec3Like;
}

/** A new empty box (min +Infinity, max −Infinity). */
export function createAabb(): Aabb {
  return { min: vec3(Infinity, Infinity, Infinity), max: vec3(-Infinity, -Infinity, -Infinity) };
}

/** Makes `out` empty (min +Infinity, max −Infinity): the identity of {@link unionAabb}. */
export function setEmptyAabb(out: Aabb): Aabb {
  out.min.x = Infinity; out.min.y = Infinity; out.min.z = Infinity;
  out.max.x = -Infinity; out.max.y = -Infinity; out.max.z = -Infinity;
  return out;
}

/** out = a. */
export function copyAabb(out: Aabb, a: Readonly<Aabb>): Aabb {
  const n = a.min, x = a.max;
  out.min.x = n.x; out.min.y = n.y; out.min.z = n.z;
  out.max.x = x.x; out.max.y = x.y; out.max.z = x.z;
  return out;
}

/** out = the smallest box containing `a` and `b`. */
export function unionAabb(out: Aabb, a: Readonly<Aabb>, b: Readonly<Aabb>): Aabb {
  const an = a.min, ax = a.max, bn = b.min, bx = b.max;
  const nx = Math.min(an.x, bn.x), ny = Math.min(an.y, bn.y), nz = Math.min(an.z, bn.z);
  const xx = Math.max(ax.x, bx.x), xy = Math.max(ax.y, bx.y), xz = Math.max(ax.z, bx.z);
  out.min.x = nx; out.min.y = ny; out.min.z = nz;
  out.max.x = xx; out.max.y = xy; out.max.z = xz;
  return out;
}

/** out = `a` grown by `margin` (≥ 0) on every side: a broad phase's "fat" box. */
export function expandAabb(out: Aabb, a: Readonly<Aabb>, margin: number): Aabb {
  const n = a.min, x = a.max;
  out.min.x = n.x - margin; out.min.y = n.y - margin; out.min.z = n.z - margin;
  out.max.x = x.x + margin; out.max.y = x.y + margin; out.max.z = x.z + margin;
  return out;
}

/** Whether `a` and `b` share a point (touching boxes overlap). */
export function aabbOverlaps(a: Readonly<Aabb>, b: Readonly<Aabb>): boolean {
  const an = a.min, ax = a.max, bn = b.min, bx = b.max;
  return an.x <= bx.x && bn.x <= ax.x && an.y <= bx.y && bn.y <= ax.y && an.z <= bx.z && bn.z <= ax.z;
}

/** Whether `outer` contains `inner` (boundaries included): a fat box that still holds its shape need not move. */
export function aabbContains(outer: Readonly<Aabb>, inner: Readonly<Aabb>): boolean {
  const on = outer.min, ox = outer.max, inn = inner.min, ix = inner.max;
  return on.x <= inn.x && on.y <= inn.y && on.z <= inn.z && ix.x <= ox.x && ix.y <= ox.y && ix.z <= ox.z;
}

/**
 * Surface area of `a`, 2(xy + yz + zx): the cost a surface-area heuristic weighs a node by (the chance
 * that a random ray or box meets it is proportional to it). 0 for an empty box.
 */
export function aabbSurfaceArea(a: Readonly<Aabb>): number {
  const dx = a.max.x - a.min.x, dy = a.max.y - a.min.y, dz = a.max.z - a.min.z;
  if (!(dx >= 0 && dy >= 0 && dz >= 0)) return 0;
  return 2 * (dx * dy + dy * dz + dz * dx);
}
