/**
 * How the concave queries find a shape's parts: through a compound's or a mesh's hierarchy
 * (bvh/bvh-traversal.ts), or a height field's grid (height-field-grid.ts), under one contract for each
 * search (the boxes overlapping a box, the first hit along a ray or of a moving box, the nearest to a box).
 * Items are what placePart (parts.ts) loads.
 */
import { nearestBvh, overlapBvh, rayBvh, sweepBvh, type BvhNearest, type BvhRayHit } from '../../bvh/bvh-traversal.js';
import { nearestGrid, overlapGrid, rayGrid, sweepGrid } from './height-field-grid.js';
import type { PartedShape } from './parts.js';

/** The number of part slots: a compound's parts, a mesh's kept triangles, a field's two triangles a cell. */
export function partCount(s: PartedShape): number {
  return s.kind === 'heightField' ? s.partSlots : s.bvh.items.length;
}

/** The box of every part, in the shape's frame (min xyz, max xyz). */
export function partsBox(s: PartedShape): Float64Array {
  return s.kind === 'heightField' ? s.bounds : s.bvh.bounds;
}

/** overlapBvh over the parts of `s`. */
export function overlapParts<C>(s: PartedShape, q: Float64Array, visit: (item: number, context: C) => boolean, context: C): boolean {
  return s.kind === 'heightField' ? overlapGrid(s, q, visit, context) : overlapBvh(s.bvh, q, visit, context);
}

/** rayBvh over the parts of `s`. */
export function rayParts<C>(s: PartedShape, o: Float64Array, r: Float64Array, visit: (item: number, context: C) => void, context: C, out: BvhRayHit): BvhRayHit {
  return s.kind === 'heightField' ? rayGrid(s, o, r, visit, context, out) : rayBvh(s.bvh, o, r, visit, context, out);
}

/** sweepBvh over the parts of `s`. */
export function sweepParts<C>(
  s: PartedShape, c: Float64Array, h: Float64Array, u: Float64Array, visit: (item: number, context: C) => void, context: C, out: BvhRayHit,
): BvhRayHit {
  return s.kind === 'heightField' ? sweepGrid(s, c, h, u, visit, context, out) : sweepBvh(s.bvh, c, h, u, visit, context, out);
}

/** nearestBvh over the parts of `s`. */
export function nearestParts<C>(s: PartedShape, q: Float64Array, visit: (item: number, context: C) => void, context: C, out: BvhNearest): BvhNearest {
  return s.kind === 'heightField' ? nearestGrid(s, q, visit, context, out) : nearestBvh(s.bvh, q, visit, context, out);
}
