/**
 * Heapsort of an index array by one or two float keys, ties broken by the index: a total order, so the
 * result is the same on every engine (Array.prototype.sort's order of equal keys is the engine's), in
 * place, without allocation, O(n log n) even on adversarial keys (Williams 1964; Floyd's heap construction).
 */

/** Whether index i sorts before index j: by primary[i], then secondary[i] (when given), then i. */
function before(i: number, j: number, primary: Float64Array, secondary: Float64Array | null): boolean {
  const a = primary[i], b = primary[j];
  if (a !== b) return a < b;
  if (secondary !== null) {
    const c = secondary[i], d = secondary[j];
    if (c !== d) return c < d;
  }
  return i < j;
}

/** Moves order[root] down the max-heap order[0..end). */
function siftDown(order: Int32Array, root: number, end: number, primary: Float64Array, secondary: Float64Array | null): void {
  let r = root;
  // Each step moves one level down: at most log2(end) steps.
  for (let child = 2 * r + 1; child < end; child = 2 * r + 1) {
    if (child + 1 < end && before(order[child], order[child + 1], primary, secondary)) child++;
    if (!before(order[r], order[child], primary, secondary)) return;
    const t = order[r];
    order[r] = order[child];
    order[child] = t;
    r = child;
  }
}

/**
 * Sorts order[0..count) (indices into the key arrays) increasingly by primary key, then secondary key (or
 * none: null), then index. Keys must not be NaN. Mutates `order` only.
 */
export function sortIndices(order: Int32Array, count: number, primary: Float64Array, secondary: Float64Array | null): void {
  for (let root = (count >> 1) - 1; root >= 0; root--) siftDown(order, root, count, primary, secondary);
  for (let end = count - 1; end > 0; end--) {
    const t = order[0];
    order[0] = order[end];
    order[end] = t;
    siftDown(order, 0, end, primary, secondary);
  }
}
