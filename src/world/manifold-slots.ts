/**
 * The touching pairs' manifolds (a world made with `manifolds: true`): a slot per touching pair, holding its
 * manifold list and its ManifoldCache (a stable reference face for a convex pair), reused when the pair
 * stops touching. A compound's or mesh's pair borrows manifold records from a pool the pairs share.
 */
import type { Transform } from '../math/transform.js';
import type { ConvexShape, Shape } from '../shapes/shape.js';
import { contactManifolds, createManifoldList, type ManifoldList } from '../query/manifold/contact-manifolds.js';
import { ManifoldWork, manifoldConvex } from '../query/manifold/convex-manifold.js';
import { ManifoldCache } from '../query/manifold/manifold-cache.js';
import { createManifold, type Manifold } from '../query/manifold/manifold-result.js';
import type { ContactAnswer, QueryWork } from '../query/pair/query-work.js';
import { readManifoldRow } from './manifold-row.js';
import type { WorldPose } from './world-records.js';

/** A compound's or mesh's pair borrows room for this many manifolds more than it had last update (a speed parameter: more only lends more). */
const TOP_UP = 8;

export class ManifoldSlots {
  readonly lists: ManifoldList[] = [];
  private readonly caches: ManifoldCache[] = [];
  private free = new Int32Array(16);
  private freeCount = 0;
  /** Manifold records no pair's list holds (see ofParts). */
  private readonly spare: Manifold[] = [];
  private readonly options: { margin: number; maxPoints: number; meshEdges: 'smooth' | 'exact' };

  constructor(private readonly margin: number, readonly maxPoints: number, meshEdges: 'smooth' | 'exact') {
    this.options = { margin, maxPoints, meshEdges };
  }

  /** A slot for a pair that touches: a free one (its cache reset, its list empty), or a new one. */
  take(): number {
    if (this.freeCount > 0) {
      const slot = this.free[--this.freeCount];
      this.caches[slot].reset();
      this.lists[slot].count = 0;
      return slot;
    }
    const list = createManifoldList();
    list.manifolds.push(createManifold());
    this.lists.push(list);
    this.caches.push(new ManifoldCache());
    return this.lists.length - 1;
  }

  /** Slot `slot` back to the free ones (its extra manifold records to the spares). */
  release(slot: number): void {
    const ms = this.lists[slot].manifolds;
    while (ms.length > 1) this.spare.push(ms.pop()!);
    this.lists[slot].count = 0;
    if (this.freeCount === this.free.length) {
      const f = new Int32Array(2 * this.freeCount); f.set(this.free); this.free = f;
    }
    this.free[this.freeCount++] = slot;
  }

  /**
   * A convex pair's manifold into its slot, built from the contact just found in `work` (contactManifold
   * would find the same contact again), with the slot's cache for a stable reference face.
   */
  ofConvex(slot: number, work: QueryWork, a: ConvexShape, tA: Transform, b: ConvexShape, tB: Transform): void {
    const mw = work.manifold ?? (work.manifold = new ManifoldWork());
    mw.margin = this.margin;
    const list = this.lists[slot], m = list.manifolds[0];
    manifoldConvex(mw, work.contact, a, tA, b, tB, m, this.maxPoints, this.caches[slot]);
    m.partA = 0; m.partB = 0;
    list.count = 1;
  }

  /** The reference face slot `slot`'s cache holds (ManifoldCache.reference), for a manifold built on another thread. */
  referenceOf(slot: number): number {
    return this.caches[slot].reference;
  }

  /**
   * A convex pair's manifold into its slot from manifold row `o` of `rows` (manifold-row.ts: built on any
   * thread by PairKernel.runWithManifold, as ofConvex builds it), with the contact's status and iterations.
   */
  ofRow(slot: number, rows: Float64Array<ArrayBufferLike>, o: number, contact: ContactAnswer): void {
    const list = this.lists[slot], m = list.manifolds[0];
    this.caches[slot].reference = rows[o] | 0;
    readManifoldRow(m, rows as Float64Array, o);
    m.status = contact.status; m.iterations = contact.iterations;
    m.partA = 0; m.partB = 0;
    list.count = 1;
  }

  /**
   * The manifolds of a pair with a compound or a mesh into its slot, by contactManifolds (one per pair of
   * parts). From the poses as given: the query makes from them the transforms the world holds.
   */
  ofParts(slot: number, a: Shape, poseA: WorldPose, b: Shape, poseB: WorldPose): void {
    // Manifold records come from a pool the pairs share: lent before (room for as many as last time and
    // TOP_UP more), the unused ones taken back after. A list of a pair's own would keep the most it ever
    // held, and as records move between pairs every list would grow to the most any pair needs.
    const list = this.lists[slot], spare = this.spare, ms = list.manifolds;
    const want = list.count + TOP_UP;
    while (ms.length < want && spare.length > 0) ms.push(spare.pop()!);
    contactManifolds(a, poseA, b, poseB, list, this.options);
    while (ms.length > list.count && ms.length > 1) spare.push(ms.pop()!);
  }
}
