/**
 * The touching pairs' manifolds (a world made with `manifolds: true`): a slot per touching pair, reused
 * when the pair stops touching. A convex pair's manifold is a row of numbers (manifold-row.ts) in one
 * array, slot after slot: the pair kernel builds it in scratch records that stay in cache and the row is
 * copied in, whichever thread built it. Kept as records (a manifold, its points, their vectors and
 * features: about 25 objects a pair, wherever the heap put them), the manifolds made the update 1.4 times
 * as long in cache misses (bench/world-ab.ts, 1,000 bodies: 0.70 the time as rows). The records a user reads are
 * filled from the row on request (`fill`). A compound's or mesh's pair keeps a manifold list of records,
 * borrowed from a pool the pairs share.
 */
import type { Shape } from '../shapes/shape.js';
import { contactManifolds, createManifoldList, type ManifoldList } from '../query/manifold/contact-manifolds.js';
import { createManifold, type Manifold } from '../query/manifold/manifold-result.js';
import type { QueryStatus } from '../query/pair/results.js';
import { manifoldRowLength, readManifoldRow } from './manifold-row.js';
import type { WorldPose } from './world-records.js';

/** A compound's or mesh's pair borrows room for this many manifolds more than it had last update (a speed parameter: more only lends more). */
const TOP_UP = 8;

export class ManifoldSlots {
  /** Numbers of a slot's row. */
  readonly rowLength: number;
  /** The convex pairs' manifolds, a row a slot (manifold-row.ts); [0] holds the pair's reference face. */
  rows: Float64Array;
  /** Whether a slot's manifolds are in its list (a compound's or mesh's pair) rather than its row. */
  private parted: Uint8Array;
  /** The slots' lists, made for slots that held a compound's or mesh's pair. */
  private readonly lists: (ManifoldList | null)[] = [];
  private slotCount = 0;
  private free = new Int32Array(16);
  private freeCount = 0;
  /**
   * Manifold records no pair's list holds (see ofParts): `spare[0 .. spareCount − 1]`. A stack with its own
   * count, never popped: V8 trims an array's storage when a pop leaves it under half full, and the next push
   * then copies it into a new one (a world of bodies on a mesh allocated about 60 bytes a step so).
   */
  private readonly spare: Manifold[] = [];
  private spareCount = 0;
  private readonly options: { margin: number; maxPoints: number; meshEdges: 'smooth' | 'exact' };

  constructor(margin: number, readonly maxPoints: number, meshEdges: 'smooth' | 'exact') {
    this.options = { margin, maxPoints, meshEdges };
    this.rowLength = manifoldRowLength(maxPoints);
    this.rows = new Float64Array(16 * this.rowLength);
    this.parted = new Uint8Array(16);
  }

  /** A slot for a pair that touches: a free one or a new one, holding no manifold and no reference face. */
  take(): number {
    let slot: number;
    if (this.freeCount > 0) slot = this.free[--this.freeCount];
    else {
      slot = this.slotCount++;
      if (this.slotCount > this.parted.length) {
        const p = new Uint8Array(2 * this.parted.length); p.set(this.parted); this.parted = p;
        const r = new Float64Array(2 * this.rows.length); r.set(this.rows); this.rows = r;
      }
      this.lists.push(null);
    }
    const o = slot * this.rowLength;
    this.rows[o] = 0; this.rows[o + 1] = 0;
    this.parted[slot] = 0;
    const list = this.lists[slot];
    if (list !== null) list.count = 0;
    return slot;
  }

  /** Slot `slot` back to the free ones (its list's extra manifold records to the spares). */
  release(slot: number): void {
    const list = this.lists[slot];
    if (list !== null) {
      const ms = list.manifolds;
      while (ms.length > 1) this.giveBack(ms.pop()!);
      list.count = 0;
    }
    if (this.freeCount === this.free.length) {
      const f = new Int32Array(2 * this.freeCount); f.set(this.free); this.free = f;
    }
    this.free[this.freeCount++] = slot;
  }

  /** The reference face slot `slot`'s row holds (ManifoldCache.reference: 1, −1 or 0). */
  referenceOf(slot: number): number {
    return this.rows[slot * this.rowLength];
  }

  /** A convex pair's manifold into its slot from manifold row `o` of `from` (built by PairKernel.runWithManifold on any thread). */
  ofRow(slot: number, from: Float64Array<ArrayBufferLike>, o: number): void {
    const rows = this.rows, n = this.rowLength;
    for (let i = 0, k = slot * n; i < n; i++) rows[k + i] = from[o + i];
    this.parted[slot] = 0;
  }

  private giveBack(m: Manifold): void {
    if (this.spareCount === this.spare.length) this.spare.push(m);
    else this.spare[this.spareCount] = m;
    this.spareCount++;
  }

  /**
   * The manifolds of a pair with a compound or a mesh into its slot, by contactManifolds (one per pair of
   * parts). From the poses as given: the query makes from them the transforms the world holds.
   */
  ofParts(slot: number, a: Shape, poseA: WorldPose, b: Shape, poseB: WorldPose): void {
    // Manifold records come from a pool the pairs share: lent before (room for as many as last time and
    // TOP_UP more) and taken back when the pair stops touching (release). A list of a slot's own would keep
    // the most it ever held, and as slots pass between pairs every list would grow to the most any pair
    // needs. Not taken back after each call: a list that shrank and grew every step had its array's
    // storage trimmed and copied anew (bodies on a mesh: 73 bytes a step with, 45 without).
    const list = this.lists[slot] ?? (this.lists[slot] = createManifoldList());
    const spare = this.spare, ms = list.manifolds;
    const want = list.count + TOP_UP;
    while (ms.length < want && this.spareCount > 0) ms.push(spare[--this.spareCount]);
    contactManifolds(a, poseA, b, poseB, list, this.options);
    this.parted[slot] = 1;
  }

  /**
   * Slot `slot`'s manifolds as a list: a compound's or mesh's pair's own list; a convex pair's row read
   * into `view` (one manifold, with the contact's `status` and `iterations`, which the row does not hold).
   */
  fill(slot: number, view: ManifoldList, status: QueryStatus, iterations: number): ManifoldList {
    if (this.parted[slot] === 1) return this.lists[slot]!;
    const o = slot * this.rowLength;
    if (this.rows[o + 1] !== 1) { view.count = 0; return view; }
    if (view.manifolds.length === 0) view.manifolds.push(createManifold());
    const m = view.manifolds[0];
    readManifoldRow(m, this.rows, o);
    m.status = status; m.iterations = iterations;
    m.partA = 0; m.partB = 0;
    view.count = 1;
    return view;
  }
}

/** List `from`'s manifolds copied into `to` (records added to `to` as it needs them). */
export function copyManifoldList(from: ManifoldList, to: ManifoldList): ManifoldList {
  const ms = to.manifolds;
  while (ms.length < from.count) ms.push(createManifold());
  for (let i = 0; i < from.count; i++) copyManifold(from.manifolds[i], ms[i]);
  to.count = from.count;
  return to;
}

function copyManifold(from: Manifold, to: Manifold): void {
  to.normal.x = from.normal.x; to.normal.y = from.normal.y; to.normal.z = from.normal.z;
  to.status = from.status; to.iterations = from.iterations; to.partA = from.partA; to.partB = from.partB;
  const ps = to.points;
  for (let k = ps.length; k < from.count; k++) ps.push(createManifold().points[0]);
  for (let k = 0; k < from.count; k++) {
    const p = from.points[k], q = ps[k];
    q.pointA.x = p.pointA.x; q.pointA.y = p.pointA.y; q.pointA.z = p.pointA.z;
    q.pointB.x = p.pointB.x; q.pointB.y = p.pointB.y; q.pointB.z = p.pointB.z;
    q.separation = p.separation; q.id = p.id;
    q.featureA.type = p.featureA.type; q.featureA.index = p.featureA.index;
    q.featureB.type = p.featureB.type; q.featureB.index = p.featureB.index;
  }
  to.count = from.count;
}
