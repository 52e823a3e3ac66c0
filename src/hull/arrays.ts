/** Helpers of the build's flat typed-array layout (faces and points by index, linked lists by index). */

/** "No index": the end of a linked list, a missing face or point. */
export const NONE = -1;

/** A copy of `a` in a new array of `size` entries (at least a's length). */
export function growInt(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}
