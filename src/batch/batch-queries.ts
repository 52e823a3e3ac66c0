/**
 * Batch queries (issue 21): many pairs at once over structure-of-arrays inputs, for planners and
 * simulations that check many pairs a step. Bodies are a shape table and their poses, 7 numbers a body
 * in one Float64Array (position x y z, quaternion x y z w); pairs are body indices, 2 a pair in an
 * Int32Array; answers go into typed arrays. Each body's transform is made once per batch, however many
 * pairs it is in, and every pair gets the single-pair query's answer bit for bit (the same transforms,
 * the same pair functions). With `out`, nothing is allocated once the scratch has grown to the bodies.
 *
 * The same batches run across threads with `BatchPool` (convex-collide/threads).
 */
import { InvalidArgumentError, describeValue } from '../errors.js';
import { Transform, transformFromArray } from '../math/transform.js';
import { KIND_INDEX, type Shape } from '../shapes/shape.js';
import type { ConvexShape } from '../shapes/shape.js';
import { certifyClosest, certifyContact } from '../query/certify/pair-bounds.js';
import { CLOSEST_POINTS, CONTACT, DISTANCE, INTERSECTS, explainNotShape } from '../query/pair/dispatch.js';
import { acquireWork } from '../query/pair/query-work.js';
import { createClosestPointsResult } from '../query/pair/results.js';

/** A finite number ≥ 0 (a custom shape's radii). */
const isLength = (r: unknown): boolean => typeof r === 'number' && r >= 0 && r < Infinity;

/** Numbers a pair's answer takes in {@link contactBatch}'s output: separation, normal, pointA, pointB. */
export const CONTACT_BATCH_STRIDE = 10;

/** Each nesting level's scratch of body transforms (a support function of the user's may run a batch). */
class BodyFrames {
  frames = new Float64Array(12 * 64);
  /** A pair's closest points, for a distance batch asked for bounds. */
  readonly closest = createClosestPointsResult();
  readonly a = new Transform();
  readonly b = new Transform();
}
const _levels: BodyFrames[] = [];
let _depth = 0;

/**
 * Distance of each pair (0 when touching or overlapping), as {@link distance} answers it:
 * `out[k]` for the bodies `pairs[2k]` and `pairs[2k + 1]`. With `bounds`, also the certified bounds of
 * {@link closestPoints} (`lower`, `upper`): `bounds[2k]`, `bounds[2k + 1]` (the distance is then its
 * `distance`, the same number).
 * @param shapes the bodies' shapes (one per body; the same shape may appear many times).
 * @param poses 7 numbers per body: position x, y, z, then a unit quaternion x, y, z, w.
 * @param pairs 2 body indices per pair.
 * @param out a Float64Array of at least one number per pair (written from index 0), or a new one.
 * @param bounds a Float64Array of at least two numbers per pair, or undefined (no bounds).
 * @throws InvalidArgumentError for arrays of the wrong type or length, or a body index out of range;
 *   InvalidNumberError / InvalidQuaternionError naming the pose array's index; InvalidShapeError.
 */
export function distanceBatch(
  shapes: readonly Shape[], poses: Float64Array, pairs: Int32Array, out?: Float64Array | null, bounds?: Float64Array | null,
): Float64Array {
  const n = checkBatch(shapes, poses, pairs);
  const result = checkOutput(out, n, 1, 'Float64Array') as Float64Array;
  const lu = bounds != null ? checkBounds(bounds, n, result) : null;
  const level = enter(shapes, poses);
  try {
    const work = acquireWork(false);
    for (let k = 0; k < n; k++) {
      const i = pairs[2 * k], j = pairs[2 * k + 1];
      const a = shapes[i], b = shapes[j];
      const tA = readFrame(level.a, level.frames, i), tB = readFrame(level.b, level.frames, j);
      if (lu === null) {
        DISTANCE.find(a, b)(work, a, tA, b, tB, undefined);
        result[k] = work.distance;
        continue;
      }
      // The closest points' family answers the same distance (its points certify it).
      const r = level.closest;
      work.distancePartA = 0; work.distancePartB = 0;
      work.closestCertified = false; work.closestHasUpper = false; work.closestHasSigma = false; work.wantBounds = true;
      CLOSEST_POINTS.find(a, b)(work, a, tA, b, tB, r, undefined);
      if (!work.closestCertified) certifyClosest(work, a as ConvexShape, tA, b as ConvexShape, tB, r);
      result[k] = r.distance;
      lu[2 * k] = r.lower; lu[2 * k + 1] = r.upper;
    }
  } finally {
    _depth--;
  }
  return result;
}

/**
 * Whether each pair's shapes touch or overlap, as {@link intersects} answers it: `out[k]` is 1 or 0.
 * Arguments and errors as {@link distanceBatch}; `out` is a Uint8Array.
 */
export function intersectsBatch(shapes: readonly Shape[], poses: Float64Array, pairs: Int32Array, out?: Uint8Array | null): Uint8Array {
  const n = checkBatch(shapes, poses, pairs);
  const result = checkOutput(out, n, 1, 'Uint8Array') as Uint8Array;
  const level = enter(shapes, poses);
  try {
    const work = acquireWork(false);
    for (let k = 0; k < n; k++) {
      const i = pairs[2 * k], j = pairs[2 * k + 1];
      const a = shapes[i], b = shapes[j];
      result[k] = INTERSECTS.find(a, b)(work, a, readFrame(level.a, level.frames, i), b, readFrame(level.b, level.frames, j), undefined) ? 1 : 0;
    }
  } finally {
    _depth--;
  }
  return result;
}

/**
 * Each pair's signed contact, as {@link contact} answers it, CONTACT_BATCH_STRIDE (10) numbers a pair
 * from `out[10k]`: separation, normal x y z (from A to B), pointA x y z, pointB x y z (world space). With
 * `bounds`, also its certified bounds (`lower`, `upper`): `bounds[2k]`, `bounds[2k + 1]`.
 * Arguments and errors as {@link distanceBatch}.
 */
export function contactBatch(
  shapes: readonly Shape[], poses: Float64Array, pairs: Int32Array, out?: Float64Array | null, bounds?: Float64Array | null,
): Float64Array {
  const n = checkBatch(shapes, poses, pairs);
  const result = checkOutput(out, n, CONTACT_BATCH_STRIDE, 'Float64Array') as Float64Array;
  const lu = bounds != null ? checkBounds(bounds, n, result) : null;
  const level = enter(shapes, poses);
  try {
    const work = acquireWork(false);
    const c = work.contact;
    work.touchingOnly = false;
    work.wantBounds = lu !== null;
    for (let k = 0; k < n; k++) {
      const i = pairs[2 * k], j = pairs[2 * k + 1];
      const a = shapes[i], b = shapes[j];
      work.maxSeparation = Infinity;
      c.partA = 0; c.partB = 0;
      c.pathUpper = Infinity; c.certified = false; c.hasSigma = false;
      const tA = readFrame(level.a, level.frames, i), tB = readFrame(level.b, level.frames, j);
      CONTACT.find(a, b)(work, a, tA, b, tB, undefined);
      const o = CONTACT_BATCH_STRIDE * k;
      result[o] = c.separation;
      result[o + 1] = c.normal.x; result[o + 2] = c.normal.y; result[o + 3] = c.normal.z;
      result[o + 4] = c.pointA.x; result[o + 5] = c.pointA.y; result[o + 6] = c.pointA.z;
      result[o + 7] = c.pointB.x; result[o + 8] = c.pointB.y; result[o + 9] = c.pointB.z;
      if (lu === null) continue;
      if (!c.certified) certifyContact(work, a as ConvexShape, tA, b as ConvexShape, tB);
      lu[2 * k] = c.lower; lu[2 * k + 1] = c.upper;
    }
  } finally {
    _depth--;
  }
  return result;
}

/** Checks a batch's `bounds` (two numbers a pair, not overlapping `out`'s numbers). */
function checkBounds(bounds: Float64Array, n: number, out: Float64Array): Float64Array {
  const b = checkOutput(bounds, n, 2, 'Float64Array', 'bounds') as Float64Array;
  if (b.buffer === out.buffer && b.byteOffset < out.byteOffset + out.byteLength && out.byteOffset < b.byteOffset + b.byteLength) {
    throw new InvalidArgumentError('bounds', 'shares its numbers with out; expected an array of its own');
  }
  return b;
}

/** Checks a batch's arrays; returns its number of pairs. Shapes are checked for the bodies pairs use. */
/**
 * Whether `a` is a typed array itself, not a Proxy of one (which passes `instanceof` but whose length and
 * elements the typed-array methods cannot read: a raw TypeError). ArrayBuffer.isView sees through no proxy.
 */
function isTypedArray(a: object): boolean {
  return ArrayBuffer.isView(a);
}

export function checkBatch(shapes: readonly Shape[], poses: Float64Array, pairs: Int32Array): number {
  if (!Array.isArray(shapes)) throw new InvalidArgumentError('shapes', `is ${describeValue(shapes)}; expected an array of shapes, one per body`);
  if (!(poses instanceof Float64Array) || !isTypedArray(poses)) throw new InvalidArgumentError('poses', `is ${describeValue(poses)}; expected a Float64Array of 7 numbers per body`);
  if (!(pairs instanceof Int32Array) || !isTypedArray(pairs)) throw new InvalidArgumentError('pairs', `is ${describeValue(pairs)}; expected an Int32Array of 2 body indices per pair`);
  const bodies = shapes.length;
  if (poses.length < 7 * bodies) {
    throw new InvalidArgumentError('poses', `has length ${poses.length}; expected at least 7 numbers per body (${7 * bodies} for ${bodies} shapes)`);
  }
  if (pairs.length % 2 !== 0) throw new InvalidArgumentError('pairs', `has odd length ${pairs.length}; expected 2 body indices per pair`);
  for (let k = 0; k < pairs.length; k++) {
    const i = pairs[k];
    if (!(i >= 0 && i < bodies)) throw new InvalidArgumentError(`pairs[${k}]`, `is ${i}; expected a body index from 0 to ${bodies - 1}`);
  }
  return pairs.length / 2;
}

export function checkOutput(
  out: Float64Array | Uint8Array | null | undefined, n: number, stride: number, type: 'Float64Array' | 'Uint8Array', field = 'out',
): Float64Array | Uint8Array {
  if (out == null) return type === 'Float64Array' ? new Float64Array(stride * n) : new Uint8Array(stride * n);
  const ok = (type === 'Float64Array' ? out instanceof Float64Array : out instanceof Uint8Array) && isTypedArray(out);
  if (!ok || out.length < stride * n) {
    throw new InvalidArgumentError(field, `is ${describeValue(out)}${ok ? ` of length ${out.length}` : ''}; expected a ${type} of at least ${stride * n} numbers (${stride} per pair), or undefined`);
  }
  return out;
}

/**
 * Takes this nesting level's scratch and fills every body's transform (each checked once; a body in no
 * pair is checked too, as part of the input). The caller leaves the level (`_depth--`) when done.
 */
export function enter(shapes: readonly Shape[], poses: Float64Array): BodyFrames {
  const bodies = shapes.length;
  // Shapes first: every body's, so that a bad one is named by its index whatever the pairs.
  for (let i = 0; i < bodies; i++) {
    // (The field's name is made only for a shape that fails: a string a body would allocate every call.)
    const sh = shapes[i] as { [KIND_INDEX]?: number; sweptRadius?: unknown; boundingRadius?: unknown } | null;
    if (typeof sh !== 'object' || sh === null || (sh[KIND_INDEX] === undefined && !(isLength(sh.sweptRadius) && isLength(sh.boundingRadius)))) {
      explainNotShape(`shapes[${i}]`, sh);
    }
  }
  const level = _levels[_depth] ?? (_levels[_depth] = new BodyFrames());
  if (level.frames.length < 12 * bodies) level.frames = new Float64Array(12 * Math.max(bodies, 2 * (level.frames.length / 12)));
  const f = level.frames, t = level.a;
  for (let i = 0; i < bodies; i++) {
    transformFromArray(t, poses, i, 'poses');
    const o = 12 * i;
    f[o] = t.m00; f[o + 1] = t.m01; f[o + 2] = t.m02; f[o + 3] = t.m10; f[o + 4] = t.m11; f[o + 5] = t.m12;
    f[o + 6] = t.m20; f[o + 7] = t.m21; f[o + 8] = t.m22; f[o + 9] = t.tx; f[o + 10] = t.ty; f[o + 11] = t.tz;
  }
  _depth++;
  return level;
}

/** Leaves the nesting level {@link enter} took (in a `finally`). */
export function leave(): void {
  _depth--;
}

export function readFrame(out: Transform, f: Float64Array, body: number): Transform {
  const o = 12 * body;
  out.m00 = f[o]; out.m01 = f[o + 1]; out.m02 = f[o + 2];
  out.m10 = f[o + 3]; out.m11 = f[o + 4]; out.m12 = f[o + 5];
  out.m20 = f[o + 6]; out.m21 = f[o + 7]; out.m22 = f[o + 8];
  out.tx = f[o + 9]; out.ty = f[o + 10]; out.tz = f[o + 11];
  return out;
}
