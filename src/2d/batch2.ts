/**
 * Batch queries in the plane (issue "A collision world in the plane"): many pairs at once over typed
 * arrays, as the 3D batches (batch/batch-queries.ts) take them. Bodies are a shape table and their poses,
 * 3 numbers a body in one Float64Array (position x y, angle in radians); pairs are body indices, 2 a pair
 * in an Int32Array; answers go into typed arrays. Every pair gets the single-pair query's answer bit for
 * bit: each pair's poses are read into two pose records and the public query answers them. With `out`,
 * nothing is allocated.
 */
import { describeValue, InvalidArgumentError, InvalidNumberError } from '../errors.js';
import { contact, distance, intersects } from './pair-queries2.js';
import { createContactResult } from './results2.js';
import { checkShape2, isShape2, type Shape2 } from './shapes/shape2.js';
import type { Pose2Like } from './types.js';

/** Numbers a pair's answer takes in {@link contactBatch2}'s output: separation, normal x y, pointA x y, pointB x y. */
export const CONTACT_BATCH2_STRIDE = 7;

/** The two pose records a pair is read into, and the contact record (the 2D shapes run no user code: one set). */
const _poseA: Pose2Like = { position: { x: 0, y: 0 }, angle: 0 };
const _poseB: Pose2Like = { position: { x: 0, y: 0 }, angle: 0 };
const _contact = /* @__PURE__ */ createContactResult();

/** Reads body `i`'s pose from `poses` into `out`. */
function readPose(out: Pose2Like, poses: Float64Array, i: number): Pose2Like {
  const p = out.position as { x: number; y: number };
  p.x = poses[3 * i]; p.y = poses[3 * i + 1];
  (out as { angle: number }).angle = poses[3 * i + 2];
  return out;
}

/**
 * Distance of each pair (0 when touching or overlapping), as the 2D {@link distance} answers it: `out[k]`
 * for the bodies `pairs[2k]` and `pairs[2k + 1]`.
 * @param shapes the bodies' 2D shapes (one per body; the same shape may appear many times).
 * @param poses 3 numbers per body: position x, y, then the angle in radians.
 * @param pairs 2 body indices per pair.
 * @param out a Float64Array of at least one number per pair (written from index 0), or a new one.
 * @throws InvalidArgumentError for arrays of the wrong type or length, or a body index out of range;
 *   InvalidNumberError naming the pose array's index; InvalidShapeError naming `shapes[i]`.
 */
export function distanceBatch2(shapes: readonly Shape2[], poses: Float64Array, pairs: Int32Array, out?: Float64Array | null): Float64Array {
  const n = checkBatch2(shapes, poses, pairs);
  const result = checkOutput2(out, n, 1, 'Float64Array') as Float64Array;
  for (let k = 0; k < n; k++) {
    const i = pairs[2 * k], j = pairs[2 * k + 1];
    result[k] = distance(shapes[i], readPose(_poseA, poses, i), shapes[j], readPose(_poseB, poses, j));
  }
  return result;
}

/**
 * Whether each pair's shapes touch or overlap, as the 2D {@link intersects} answers it: `out[k]` is 1 or 0.
 * Arguments and errors as {@link distanceBatch2}; `out` is a Uint8Array.
 */
export function intersectsBatch2(shapes: readonly Shape2[], poses: Float64Array, pairs: Int32Array, out?: Uint8Array | null): Uint8Array {
  const n = checkBatch2(shapes, poses, pairs);
  const result = checkOutput2(out, n, 1, 'Uint8Array') as Uint8Array;
  for (let k = 0; k < n; k++) {
    const i = pairs[2 * k], j = pairs[2 * k + 1];
    result[k] = intersects(shapes[i], readPose(_poseA, poses, i), shapes[j], readPose(_poseB, poses, j)) ? 1 : 0;
  }
  return result;
}

/**
 * Each pair's signed contact, as the 2D {@link contact} answers it, CONTACT_BATCH2_STRIDE (7) numbers a pair
 * from `out[7k]`: separation, normal x y (from A to B), pointA x y, pointB x y (world space).
 * Arguments and errors as {@link distanceBatch2}.
 */
export function contactBatch2(shapes: readonly Shape2[], poses: Float64Array, pairs: Int32Array, out?: Float64Array | null): Float64Array {
  const n = checkBatch2(shapes, poses, pairs);
  const result = checkOutput2(out, n, CONTACT_BATCH2_STRIDE, 'Float64Array') as Float64Array;
  const c = _contact;
  for (let k = 0; k < n; k++) {
    const i = pairs[2 * k], j = pairs[2 * k + 1];
    contact(shapes[i], readPose(_poseA, poses, i), shapes[j], readPose(_poseB, poses, j), c);
    const o = CONTACT_BATCH2_STRIDE * k;
    result[o] = c.separation;
    result[o + 1] = c.normal.x; result[o + 2] = c.normal.y;
    result[o + 3] = c.pointA.x; result[o + 4] = c.pointA.y;
    result[o + 5] = c.pointB.x; result[o + 6] = c.pointB.y;
  }
  return result;
}

/**
 * Checks a batch's arrays, every body's shape and pose (so that a bad one is named by its index whatever
 * the pairs); returns its number of pairs. (BatchPool's 2D batches check with it too.)
 * @internal
 */
export function checkBatch2(shapes: readonly Shape2[], poses: Float64Array, pairs: Int32Array): number {
  if (!Array.isArray(shapes)) throw new InvalidArgumentError('shapes', `is ${describeValue(shapes)}; expected an array of 2D shapes, one per body`);
  if (!(poses instanceof Float64Array) || !ArrayBuffer.isView(poses)) throw new InvalidArgumentError('poses', `is ${describeValue(poses)}; expected a Float64Array of 3 numbers per body (x, y, angle)`);
  if (!(pairs instanceof Int32Array) || !ArrayBuffer.isView(pairs)) throw new InvalidArgumentError('pairs', `is ${describeValue(pairs)}; expected an Int32Array of 2 body indices per pair`);
  const bodies = shapes.length;
  if (poses.length < 3 * bodies) {
    throw new InvalidArgumentError('poses', `has length ${poses.length}; expected at least 3 numbers per body (${3 * bodies} for ${bodies} shapes)`);
  }
  if (pairs.length % 2 !== 0) throw new InvalidArgumentError('pairs', `has odd length ${pairs.length}; expected 2 body indices per pair`);
  for (let k = 0; k < pairs.length; k++) {
    const i = pairs[k];
    if (!(i >= 0 && i < bodies)) throw new InvalidArgumentError(`pairs[${k}]`, `is ${i}; expected a body index from 0 to ${bodies - 1}`);
  }
  for (let i = 0; i < bodies; i++) {
    // (The field's name is made only for a shape that fails: a string a body would allocate every call.)
    if (!isShape2(shapes[i])) checkShape2(shapes[i], `shapes[${i}]`);
  }
  for (let k = 0; k < 3 * bodies; k++) {
    const v = poses[k];
    if (v - v !== 0) throw new InvalidNumberError(`poses[${k}]`, v);
  }
  return pairs.length / 2;
}

function checkOutput2(out: Float64Array | Uint8Array | null | undefined, n: number, stride: number, type: 'Float64Array' | 'Uint8Array'): Float64Array | Uint8Array {
  if (out == null) return type === 'Float64Array' ? new Float64Array(stride * n) : new Uint8Array(stride * n);
  const ok = (type === 'Float64Array' ? out instanceof Float64Array : out instanceof Uint8Array) && ArrayBuffer.isView(out);
  if (!ok || out.length < stride * n) {
    throw new InvalidArgumentError('out', `is ${describeValue(out)}${ok ? ` of length ${out.length}` : ''}; expected a ${type} of at least ${stride * n} numbers (${stride} per pair), or undefined`);
  }
  return out;
}
