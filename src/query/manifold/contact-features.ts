/**
 * Which features of two convex shapes hold their contact along a normal: what `contact` or
 * `closestPoints` found, named as the manifold names it (a vertex, an edge or a face of a polytope, or
 * 'none' on a curved surface). A function of its own rather than a field of every contact result, so
 * that a program that only asks `contact` carries none of this code.
 */
import { InvalidArgumentError, InvalidShapeError } from '../../errors.js';
import { transformFromPose } from '../../math/transform.js';
import type { PoseLike, Vec3Like } from '../../math/types.js';
import type { ConvexShape, Shape } from '../../shapes/shape.js';
import { explainNotShape, isConvexShape } from '../pair/dispatch.js';
import { acquireWork } from '../pair/query-work.js';
import { ManifoldWork } from './convex-manifold.js';
import { codeIndex, codeType } from './feature-code.js';
import type { Feature } from './manifold-result.js';
import { supportFeature } from './support-feature.js';

/** Result of {@link contactFeatures}. */
export interface ContactFeatures {
  /** A's feature furthest along the normal (docs/manifolds.md numbers each kind's features). */
  featureA: Feature;
  /** B's feature furthest against the normal. */
  featureB: Feature;
}

/** A contact features record to pass as `out`: nothing is allocated per call. */
export function createContactFeatures(): ContactFeatures {
  return { featureA: { type: 'none', index: -1 }, featureB: { type: 'none', index: -1 } };
}

/**
 * The features of A and B that hold their contact along `normal` (world space, from A towards B, as
 * `contact` and `closestPoints` give it): A's feature furthest along the normal and B's furthest
 * against it, each the smallest that holds the support point within the alignment tolerance (a face
 * only when the normal is its normal, an edge only when the normal is perpendicular to it). For two
 * boxes resting face to face: A's top face and B's bottom face; corner on face: a face and a vertex.
 * With `out` from {@link createContactFeatures}, nothing is allocated.
 * @throws InvalidArgumentError for a normal that is not a non-zero vector of finite numbers; as
 *   `contact` for bad shapes and poses.
 */
export function contactFeatures(
  a: Shape, poseA: PoseLike, b: Shape, poseB: PoseLike, normal: Readonly<Vec3Like>, out?: ContactFeatures | null,
): ContactFeatures {
  const nx = normal?.x, ny = normal?.y, nz = normal?.z;
  if (typeof nx !== 'number' || typeof ny !== 'number' || typeof nz !== 'number' || !Number.isFinite(nx + ny + nz) || nx * nx + ny * ny + nz * nz === 0) {
    throw new InvalidArgumentError('normal', 'is not a non-zero vector of finite numbers; expected the normal of a contact');
  }
  if (out != null) {
    const o = out as { featureA?: unknown; featureB?: unknown };
    if (typeof o !== 'object' || typeof o.featureA !== 'object' || o.featureA === null || typeof o.featureB !== 'object' || o.featureB === null) {
      throw new InvalidArgumentError('out', 'is not a contact features record; expected one from createContactFeatures(), or undefined');
    }
  }
  const work = acquireWork(false);
  const mw = work.manifold ?? (work.manifold = new ManifoldWork());
  const tA = transformFromPose(work.poseA, poseA, 'poseA');
  const tB = transformFromPose(work.poseB, poseB, 'poseB');
  // (Each shape checked by its own call: a loop over [['a', a], ['b', b]] made two arrays a call.)
  requireConvex('a', a);
  requireConvex('b', b);
  // The normal in A's frame, and its opposite in B's.
  const d = mw.dirB;
  d.x = tA.m00 * nx + tA.m10 * ny + tA.m20 * nz;
  d.y = tA.m01 * nx + tA.m11 * ny + tA.m21 * nz;
  d.z = tA.m02 * nx + tA.m12 * ny + tA.m22 * nz;
  supportFeature(mw.featureA, a as ConvexShape, d); // (both checked convex above)
  d.x = -(tB.m00 * nx + tB.m10 * ny + tB.m20 * nz);
  d.y = -(tB.m01 * nx + tB.m11 * ny + tB.m21 * nz);
  d.z = -(tB.m02 * nx + tB.m12 * ny + tB.m22 * nz);
  supportFeature(mw.featureB, b as ConvexShape, d);
  const result = out ?? createContactFeatures();
  const ca = mw.featureA.supportCode, cb = mw.featureB.supportCode;
  try {
    result.featureA.type = codeType(ca); result.featureA.index = codeIndex(ca);
    result.featureB.type = codeType(cb); result.featureB.index = codeIndex(cb);
  } catch (error) {
    if (error instanceof TypeError) throw new InvalidArgumentError('out', 'is not a writable contact features record; expected one from createContactFeatures(), or undefined');
    throw error;
  }
  return result;
}

function requireConvex(field: 'a' | 'b', s: unknown): void {
  if (!isConvexShape(s as never)) {
    explainNotShape(field, s);
    throw new InvalidShapeError(field, 'is of a kind contactFeatures does not know; expected a convex shape');
  }
}
