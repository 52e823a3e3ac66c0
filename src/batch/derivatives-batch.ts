/**
 * Contact derivatives in batches (batch-queries.ts's conventions: a shape table, 7 pose numbers a body,
 * body-index pairs, answers into a typed array), for optimisers that differentiate many pairs a step:
 * every pair's answer is {@link contactDerivatives}'s bit for bit.
 */
import { InvalidArgumentError } from '../errors.js';
import type { Shape } from '../shapes/shape.js';
import { acquireWork } from '../query/pair/query-work.js';
import { derive, DerivativesWork, noOptions, readDerivativesOptions, type ContactDerivativesOptions } from '../query/derivatives/contact-derivatives.js';
import { checkBatch, checkOutput, enter, leave, readFrame } from './batch-queries.js';

/**
 * Numbers a pair's answer takes in {@link contactDerivativesBatch}'s output: separation; normal x y z;
 * pointA x y z; pointB x y z; ∂s/∂(A's position) x y z; ∂s/∂(A's rotation) x y z; ∂s/∂(B's position)
 * x y z; ∂s/∂(B's rotation) x y z; smooth (1 or 0).
 */
export const CONTACT_DERIVATIVES_BATCH_STRIDE = 23;

/**
 * Each pair's contact and the derivatives of its separation, as {@link contactDerivatives} answers them,
 * {@link CONTACT_DERIVATIVES_BATCH_STRIDE} (23) numbers a pair from `out[23k]` (world space). Options as
 * {@link contactDerivatives}'s (the smoothing too, the same seed for every pair). Arguments and errors as
 * {@link distanceBatch}.
 */
export function contactDerivativesBatch(
  shapes: readonly Shape[], poses: Float64Array, pairs: Int32Array, out?: Float64Array | null, options?: ContactDerivativesOptions | null,
): Float64Array {
  const n = checkBatch(shapes, poses, pairs);
  const work = acquireWork(options?.trace !== undefined);
  const dw = work.derivatives ?? (work.derivatives = new DerivativesWork());
  const opts = options != null ? readDerivativesOptions(dw, options) : noOptions(dw);
  if (dw.secondOrder) throw new InvalidArgumentError('options.secondOrder', 'is true; the batch gives the first derivatives only (call contactDerivatives for the second order)');
  const result = checkOutput(out, n, CONTACT_DERIVATIVES_BATCH_STRIDE, 'Float64Array') as Float64Array;
  const level = enter(shapes, poses);
  dw.direct = false; // (the gradient into dw.gradient, whatever a single query left)
  try {
    for (let k = 0; k < n; k++) {
      const i = pairs[2 * k], j = pairs[2 * k + 1];
      derive(work, dw, shapes[i], readFrame(level.a, level.frames, i), shapes[j], readFrame(level.b, level.frames, j), opts);
      const o = CONTACT_DERIVATIVES_BATCH_STRIDE * k, c = work.contact, g = dw.gradient;
      result[o] = c.separation;
      result[o + 1] = c.normal.x; result[o + 2] = c.normal.y; result[o + 3] = c.normal.z;
      result[o + 4] = c.pointA.x; result[o + 5] = c.pointA.y; result[o + 6] = c.pointA.z;
      result[o + 7] = c.pointB.x; result[o + 8] = c.pointB.y; result[o + 9] = c.pointB.z;
      for (let m = 0; m < 12; m++) result[o + 10 + m] = g[m];
      result[o + 22] = dw.smooth ? 1 : 0;
    }
  } finally {
    leave();
  }
  return result;
}
