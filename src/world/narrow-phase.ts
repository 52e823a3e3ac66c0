/**
 * The world's pairs and their narrow phase. Pairs live in a hash set keyed by the two slots (bvh/pair-set.ts:
 * dense records that move when one is removed), each with its warm start, its last contact answer and its
 * clearance in flat typed arrays (no object per pair: memory, and no boxed numbers in records' fields).
 * Each update runs the exact contact query (the library's pair table, warm-started per pair) on every pair
 * but those that cannot have changed or cannot touch, builds the touching pairs' manifolds from the same
 * contact (manifold-slots.ts), and lists the touching pairs compactly, which `contact(i)` reads.
 */
import { describeValue, InvalidArgumentError } from '../errors.js';
import type { ManifoldList } from '../query/manifold/contact-manifolds.js';
import { SHAPE_KINDS } from '../query/pair/dispatch.js';
import { boxAbovePlane, FRAME, SLOT_BITS, type Bodies } from './bodies.js';
import { HALF_SPACE_KIND_INDEX } from '../shapes/shape.js';
import type { BroadPhase } from './broad-phase.js';
import type { ManifoldSlots } from './manifold-slots.js';
import { NarrowJob, runEntries, type WorldThreads } from './narrow-threads.js';
import { APART, PairKernel, ROW, ROW_CACHE, STATUSES } from './pair-kernel.js';
import { PairSet } from '../bvh/pair-set.js';
import { HandlePairs, WorldPose, type WorldContact } from './world-records.js';
import { WORLD_MOTION_SLACK, WORLD_PAIR_BOX_SLACK } from '../tolerance.js';

// (tolerance.ts says why their values; copied: V8 rule 4, CONTRIBUTING.md)
const PAIR_BOX_SLACK = WORLD_PAIR_BOX_SLACK;
const MOTION_SLACK = WORLD_MOTION_SLACK;
/** Numbers of a pair's contact answer (separation, normal, pointA, pointB). */
const ANSWER = 10;
const BITS = SLOT_BITS; // V8 rule 4 (CONTRIBUTING.md)
/** A body's kind index (kindIndex) is below this: the world takes only the kinds the tables know. */
const KINDS = SHAPE_KINDS.length;

export class NarrowPhase {
  readonly pairs = new PairSet();
  private pairTouching = new Uint8Array(64);
  private pairBegan = new Uint8Array(64);
  /** Whether a pair's narrow phase has not run yet (a new pair). */
  private pairFresh = new Uint8Array(64);
  /** Each record's index in `contactList`, or −1. */
  private contactIndex = new Int32Array(64);
  /** Each pair's warm start: a GjkCache's direction (3 numbers) and whether it holds one. */
  private pairCacheDir = new Float64Array(3 * 64);
  private pairCacheValid = new Uint8Array(64);
  /**
   * Each touching pair's answer slot, or −1. A slot holds the pair's contact (separation, normal, pointA,
   * pointB: ANSWER numbers; iterations, partA, partB: 3 integers; the status as an index into STATUSES),
   * which `contact(i)` and `forEachContact` copy into records. Only touching pairs hold one (a fifth of the
   * pairs in a crowded scene): an answer per pair record cost 93 bytes a pair.
   */
  private pairSlot = new Int32Array(64);
  private answers = new Float64Array(ANSWER * 16);
  private counts = new Int32Array(3 * 16);
  private statuses = new Uint8Array(16);
  private freeSlots = new Int32Array(16);
  private freeSlotCount = 0;
  private slotCount = 0;
  /**
   * Each separated pair's clearance: the sum of its bodies' motion bounds below which it cannot have come
   * within the margin (its last separation bound less the margin, on top of their sums then). Until the
   * sum reaches it, the narrow phase passes the pair by (Mirtich's conservative advancement, run as a
   * filter: a distance shrinks by at most how far the two bodies' points have moved).
   */
  private pairClear = new Float64Array(64);
  /** Each touching pair's manifold slot (manifold-slots.ts), or −1. */
  private pairManifoldSlot = new Int32Array(64);
  /** The touching pairs of the last update, by record, compact. */
  contactList = new Int32Array(64);
  contactListCount = 0;
  /** The pairs that stopped touching in the last update, and those that removals ended since. */
  readonly ended = new HandlePairs();
  readonly endedByRemoval = new HandlePairs();
  /** Whether an update is running (a pair it removes ends in it). */
  updating = false;
  /** This update's queue of pairs for the exact query (records, kind-pair keys, box scales), and its order. */
  private queue = new Int32Array(64);
  private queueKey = new Int32Array(64);
  private queueScale = new Float64Array(64);
  private order = new Int32Array(64);
  private orderScale = new Float64Array(64);
  private readonly kindCounts = new Int32Array(KINDS * KINDS);
  /** The last tight-box test's gap and scale (tightBoxesNear), read by clearBy. */
  private readonly near = new Float64Array(2);
  /** The pairs' exact query (pair-kernel.ts), and its rows: one per queued pair, a warm start in, an answer out. */
  private readonly kernel: PairKernel;
  private readonly rows = new Float64Array(ROW);
  /** The manifold row a queued pair's manifold is built in on this thread (empty without manifolds). */
  private readonly manifoldRow: Float64Array;
  /** The queue dealt to threads (updateAsync), made on first use. */
  private job: NarrowJob | null = null;
  private readonly poseA = new WorldPose();
  private readonly poseB = new WorldPose();

  constructor(private readonly bodies: Bodies, private readonly margin: number, readonly manifolds: ManifoldSlots | null) {
    this.kernel = new PairKernel(margin, manifolds === null ? 0 : manifolds.maxPoints);
    this.manifoldRow = new Float64Array(this.kernel.manifoldRow);
    this.pairs.onMove = (from, to) => {
      this.pairTouching[to] = this.pairTouching[from];
      this.pairBegan[to] = this.pairBegan[from];
      this.pairFresh[to] = this.pairFresh[from];
      const i = this.contactIndex[from];
      this.contactIndex[to] = i;
      this.contactIndex[from] = -1;
      if (i >= 0) this.contactList[i] = to;
      this.pairCacheValid[to] = this.pairCacheValid[from];
      this.pairClear[to] = this.pairClear[from];
      this.pairSlot[to] = this.pairSlot[from];
      this.pairCacheDir.copyWithin(3 * to, 3 * from, 3 * from + 3);
      // The manifold records' objects swap, so each stays in the pool.
      this.pairManifoldSlot[to] = this.pairManifoldSlot[from];
    };
  }

  /** Pair (a, b) joins the set, if new, with no answer yet. */
  addPair(a: number, b: number): void {
    const r = this.pairs.add(a, b);
    if (!this.pairs.added) return;
    this.ensurePairRecords(r);
    this.pairTouching[r] = 0;
    this.pairBegan[r] = 0;
    this.pairFresh[r] = 1;
    this.contactIndex[r] = -1;
    this.pairCacheValid[r] = 0;
    this.pairClear[r] = 0;
    this.pairSlot[r] = -1;
    this.pairManifoldSlot[r] = -1;
  }

  /** Record `r` goes; a touching pair leaves the contact list at once and is reported as ended. */
  removePair(r: number): void {
    if (this.pairTouching[r] === 1) {
      const b = this.bodies;
      (this.updating ? this.ended : this.endedByRemoval).push(b.handleOf(this.pairs.a[r]), b.handleOf(this.pairs.b[r]));
    }
    const i = this.contactIndex[r];
    if (i >= 0) {
      // Out of the contact list: its last entry takes the place.
      const last = this.contactList[--this.contactListCount];
      this.contactList[i] = last;
      this.contactIndex[last] = i;
      this.contactIndex[r] = -1;
    }
    this.pairTouching[r] = 0;
    this.pairBegan[r] = 0;
    this.releaseSlots(r);
    this.pairs.removeRecord(r);
  }

  /**
   * The update's narrow phase, after the broad phase: pairs whose fat boxes parted go; every other pair
   * whose bodies moved runs the exact query unless its tight boxes are apart or its clearance holds, the
   * queries grouped by pair of kinds (one pair function for many pairs in a row: 0.9× the update on the
   * bench/world-ab.ts scene at 1,000 bodies, 0.98× at 10,000); then the touching pairs, compact, in record order.
   */
  run(broad: BroadPhase): void {
    const queued = this.prepare(broad), order = this.order, pairs = this.pairs, bodies = this.bodies;
    // One row, reused: each pair is settled as soon as it is answered (updateAsync needs a row a pair).
    const rows = this.rows, dir = this.pairCacheDir, valid = this.pairCacheValid, frames = bodies.frames, shapes = bodies.shapes;
    const m = this.manifolds, manifoldRow = this.manifoldRow, kernel = this.kernel;
    for (let i = 0; i < queued; i++) {
      const r = order[i], a = pairs.a[r], b = pairs.b[r];
      rows[ROW_CACHE] = dir[3 * r]; rows[ROW_CACHE + 1] = dir[3 * r + 1]; rows[ROW_CACHE + 2] = dir[3 * r + 2]; rows[ROW_CACHE + 3] = valid[r];
      if (m === null) {
        kernel.run(shapes[a]!, shapes[b]!, frames, a, b, rows, 0);
        this.settleRow(i, rows, 0, null, 0);
      } else {
        // The pair's reference face in (a pair without a manifold slot has none), its manifold row out.
        const ms = this.pairManifoldSlot[r];
        manifoldRow[0] = ms < 0 ? 0 : m.referenceOf(ms);
        kernel.runWithManifold(shapes[a]!, shapes[b]!, frames, a, b, rows, 0, manifoldRow, 0);
        this.settleRow(i, rows, 0, manifoldRow, 0);
      }
    }
    this.listContacts();
  }

  /**
   * The narrow phase of `run` with the queued pairs' queries shared between `threads` and this thread
   * (narrow-threads.ts), settled in `run`'s order: the same answers and events, bit for bit. A pool that
   * fails leaves its entries to this thread; the update completes, and the failure is returned.
   */
  async runAsync(broad: BroadPhase, threads: WorldThreads): Promise<unknown> {
    const queued = this.prepare(broad), bodies = this.bodies;
    const kernel = this.kernel, m = this.manifolds;
    const job = this.job ?? (this.job = new NarrowJob(this.margin, m === null ? 0 : m.maxPoints, kernel.manifoldRow));
    job.shapes = bodies.shapes; job.shapesVersion = bodies.shapesVersion; job.local = bodies.local;
    job.frames = bodies.frames; job.frameLength = FRAME * bodies.slotCount;
    job.deal(this.order, queued, this.pairs.a, this.pairs.b, threads, this.pairCacheDir, this.pairCacheValid);
    const entryOf = job.entryOf, mr = job.manifoldRow;
    if (m !== null) {
      // Each pair's reference face (its ManifoldCache's; none for a pair without a manifold slot yet).
      for (let i = 0; i < queued; i++) { const ms = this.pairManifoldSlot[this.order[i]]; job.manifoldRows[mr * entryOf[i]] = ms < 0 ? 0 : m.referenceOf(ms); }
    }
    let failure: unknown = null;
    let answered: Promise<void> | null = null;
    if (job.shares > 1) {
      try {
        answered = threads.narrowPhase(job);
      } catch (e) {
        failure = e;
      }
    }
    const shapes = bodies.shapes, frames = bodies.frames, claim = answered === null ? null : job.claim;
    // This thread's part while the workers run theirs (all of it if no worker runs): claimed chunks, or share 0.
    runEntries(kernel, shapes, frames, job.pairs, job.rows, job.manifoldRows, claim, 0, claim !== null || answered === null ? job.claimable : job.shareStart[1]);
    if (answered !== null) {
      try {
        await answered;
      } catch (error) {
        // (The workers' rows are lost, or never begun: this thread runs every claimable entry again.)
        failure = error;
        runEntries(kernel, shapes, frames, job.pairs, job.rows, job.manifoldRows, null, 0, job.claimable);
      }
    }
    // The pairs with a body of the user's own code.
    runEntries(kernel, shapes, frames, job.pairs, job.rows, job.manifoldRows, null, job.claimable, queued);
    const rows = job.rows, manifoldRows = m === null ? null : job.manifoldRows;
    for (let i = 0; i < queued; i++) this.settleRow(i, rows, ROW * entryOf[i], manifoldRows, mr * entryOf[i]);
    this.listContacts();
    return failure;
  }

  /**
   * Passes 1 and 2 of the narrow phase: pairs whose fat boxes parted go (records stay put from then on);
   * pairs that need no query are settled; the others are queued, grouped by pair of kinds, in `order`
   * (their box scales in `orderScale`). Returns how many.
   */
  private prepare(broad: BroadPhase): number {
    const b = this.bodies, motion = b.motion, movedNow = b.movedNow, leafMoved = b.leafMoved;
    // The pairs ended by removals since the last update are this update's too.
    this.ended.count = 0;
    for (let i = 0; i < this.endedByRemoval.count; i++) this.ended.push(this.endedByRemoval.a[i], this.endedByRemoval.b[i]);
    this.endedByRemoval.count = 0;
    for (let i = 0; i < this.contactListCount; i++) this.contactIndex[this.contactList[i]] = -1;
    this.contactListCount = 0;
    const pairs = this.pairs;
    // 1. Pairs whose fat boxes parted go (fat boxes change only when a leaf is reinserted: a pair whose
    // bodies kept theirs still overlaps). Records move as pairs go; after this pass they stay put.
    for (let r = pairs.count - 1; r >= 0; r--) {
      const pa = pairs.a[r], pb = pairs.b[r];
      if ((leafMoved[pa] === 1 || leafMoved[pb] === 1) && !broad.fatBoxesOverlap(pa, pb)) this.removePair(r);
    }
    // 2. Which pairs take the exact query, queued by their pair of kinds (a counting sort: one pair
    // function's code runs for many pairs in a row).
    const n = pairs.count, kind = b.kind, counts = this.kindCounts;
    if (this.queue.length < n) { this.queue = new Int32Array(2 * n); this.queueKey = new Int32Array(2 * n); this.queueScale = new Float64Array(2 * n); }
    counts.fill(0);
    let queued = 0;
    for (let r = 0; r < n; r++) {
      const pa = pairs.a[r], pb = pairs.b[r];
      const was = this.pairTouching[r] === 1;
      // Neither body moved since the pair's last narrow phase: its answer stands (bodies at rest, or a
      // static body and one at rest).
      if (this.pairFresh[r] === 0 && movedNow[pa] === 0 && movedNow[pb] === 0) { this.pairBegan[r] = 0; continue; }
      // A separated pair whose bodies have not moved as far as its clearance since: still apart.
      if (!was && this.pairFresh[r] === 0 && motion[pa] + motion[pb] < this.pairClear[r]) { this.pairBegan[r] = 0; continue; }
      this.pairFresh[r] = 0;
      // Tight boxes farther apart than the margin cannot touch (a distance is at least its boxes' gap).
      if (this.tightBoxesNear(pa, pb)) {
        const key = kind[pa] * KINDS + kind[pb];
        this.queue[queued] = r; this.queueKey[queued] = key; this.queueScale[queued] = this.near[1];
        counts[key]++;
        queued++;
      } else {
        this.clearBy(r, pa, pb);
        this.settle(r, was, false);
      }
    }
    // The queue in order of kind pairs.
    let start = 0;
    for (let k = 0; k < counts.length; k++) { const c = counts[k]; counts[k] = start; start += c; }
    const order = this.order.length < queued ? (this.order = new Int32Array(2 * queued)) : this.order;
    const scales = this.orderScale.length < queued ? (this.orderScale = new Float64Array(2 * queued)) : this.orderScale;
    for (let i = 0; i < queued; i++) { const at = counts[this.queueKey[i]]++; order[at] = this.queue[i]; scales[at] = this.queueScale[i]; }
    return queued;
  }

  /**
   * Queued pair `i` (record order[i]) from its answered row `o` of `rows` (pair-kernel.ts): its warm
   * start back; apart, its clearance; touching, its answer slot and, with manifolds, its manifold: from
   * manifold row `mo` of `manifoldRows` where one was built there (threads), else from the same contact
   * (contactManifold would find it again).
   */
  private settleRow(i: number, rows: Float64Array<ArrayBufferLike>, o: number, manifoldRows: Float64Array<ArrayBufferLike> | null, mo: number): void {
    const r = this.order[i], a = this.pairs.a[r], b = this.pairs.b[r], was = this.pairTouching[r] === 1;
    const dir = this.pairCacheDir, k = o + ROW_CACHE;
    dir[3 * r] = rows[k]; dir[3 * r + 1] = rows[k + 1]; dir[3 * r + 2] = rows[k + 2]; this.pairCacheValid[r] = rows[k + 3];
    this.near[1] = this.orderScale[i];
    if (rows[o] === APART) {
      this.near[0] = rows[o + 1];
      this.clearBy(r, a, b);
      this.settle(r, was, false);
      return;
    }
    let slot = this.pairSlot[r];
    if (slot < 0) slot = this.pairSlot[r] = this.takeSlot();
    const ans = this.answers, s = ANSWER * slot, n = 3 * slot, counts = this.counts;
    for (let j = 0; j < ANSWER; j++) ans[s + j] = rows[o + 2 + j];
    counts[n] = rows[o + 12]; counts[n + 1] = rows[o + 13]; counts[n + 2] = rows[o + 14];
    this.statuses[slot] = rows[o + 15];
    const m = this.manifolds;
    if (m !== null) {
      if (this.pairManifoldSlot[r] < 0) this.pairManifoldSlot[r] = m.take();
      const ms = this.pairManifoldSlot[r], bodies = this.bodies;
      // A convex pair's manifold row was built with its contact (PairKernel.runWithManifold, on any thread).
      if (manifoldRows !== null && manifoldRows[mo + 1] === 1) m.ofRow(ms, manifoldRows, mo);
      else m.ofParts(ms, bodies.shapes[a]!, bodies.readPose(this.poseA, a), bodies.shapes[b]!, bodies.readPose(this.poseB, b));
    }
    this.settle(r, was, true);
  }

  /** The touching pairs, compact, in record order (what contact(i) reads). */
  private listContacts(): void {
    const list = this.contactList, pairs = this.pairs;
    for (let r = 0; r < pairs.count; r++) {
      if (this.pairTouching[r] === 0) continue;
      this.contactIndex[r] = this.contactListCount;
      list[this.contactListCount++] = r;
    }
  }

  /** Pair `r`'s touching state after its query: began, ended, its slots given back when apart. */
  private settle(r: number, was: boolean, now: boolean): void {
    this.pairTouching[r] = now ? 1 : 0;
    this.pairBegan[r] = now && !was ? 1 : 0;
    if (now) return;
    this.releaseSlots(r);
    // The handles written out, not through handleOf: calling it here boxed a number on about every call once
    // the world was optimised with synchronous compiles (94 bytes a step for 300 bodies; test/probes/heap-meter.ts).
    const b = this.bodies, pa = this.pairs.a[r], pb = this.pairs.b[r];
    if (was) this.ended.push((b.generation[pa] << BITS) | pa, (b.generation[pb] << BITS) | pb);
  }

  /** Whether pair record `r` started touching in the last update. */
  began(r: number): boolean {
    return this.pairBegan[r] === 1;
  }

  /**
   * Touching pair `r`'s manifolds (a world with manifolds): a compound's or mesh's pair's own list, a
   * convex pair's read into `view` with its contact's status and iterations (manifold-slots.ts).
   */
  manifoldsOf(r: number, view: ManifoldList): ManifoldList {
    const slot = this.pairSlot[r];
    return this.manifolds!.fill(this.pairManifoldSlot[r], view, STATUSES[this.statuses[slot]], this.counts[3 * slot]);
  }

  /** Pair record `r`'s handles and contact answer into `out`. */
  fillContact(out: WorldContact, r: number): WorldContact {
    const slot = this.pairSlot[r], ans = this.answers, o = ANSWER * slot, k = 3 * slot, counts = this.counts, b = this.bodies;
    out.a = b.handleOf(this.pairs.a[r]); out.b = b.handleOf(this.pairs.b[r]);
    out.separation = ans[o];
    out.normal.x = ans[o + 1]; out.normal.y = ans[o + 2]; out.normal.z = ans[o + 3];
    out.pointA.x = ans[o + 4]; out.pointA.y = ans[o + 5]; out.pointA.z = ans[o + 6];
    out.pointB.x = ans[o + 7]; out.pointB.y = ans[o + 8]; out.pointB.z = ans[o + 9];
    out.status = STATUSES[this.statuses[slot]]; out.iterations = counts[k]; out.partA = counts[k + 1]; out.partB = counts[k + 2];
    return out;
  }

  /** The record of touching pair `index` (0 ≤ index < contactCount). */
  contactRecord(index: number): number {
    if (!(typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < this.contactListCount)) {
      throw new InvalidArgumentError('index', `is ${describeValue(index)}; expected an integer from 0 to contactCount − 1 (contactCount is ${this.contactListCount})`);
    }
    return this.contactList[index];
  }

  /**
   * Pair `r` found apart, by at least `near[0]`: its clearance is the bodies' motion sums now plus how much
   * closer they may come before the margin, less MOTION_SLACK of the boxes' scale (`near[1]`). (The bound
   * is not an argument: a call that is not inlined boxes a double argument, V8 rule 1, CONTRIBUTING.md.)
   */
  private clearBy(r: number, a: number, b: number): void {
    const room = this.near[0] - this.margin - MOTION_SLACK * this.near[1];
    // (A bound beyond the finite numbers, or none, leaves no clearance: the pair is queried again.)
    this.pairClear[r] = room > 0 && room < Infinity ? this.bodies.motion[a] + this.bodies.motion[b] + room : 0;
  }

  /**
   * Whether the tight boxes of bodies a and b are within the margin of each other on every axis, with a
   * slack of PAIR_BOX_SLACK of their sizes and positions for the rounding of the boxes and of the query.
   * Leaves the gap and the scale in `near`.
   */
  private tightBoxesNear(a: number, b: number): boolean {
    const t = this.bodies.tightBoxes, i = 6 * a, j = 6 * b, kind = this.bodies.kind;
    // A half-space has no finite box: the other body's box against its plane.
    if (kind[a] === HALF_SPACE_KIND_INDEX || kind[b] === HALF_SPACE_KIND_INDEX) {
      const plane = kind[a] === HALF_SPACE_KIND_INDEX ? a : b, o = plane === a ? j : i;
      const gap = boxAbovePlane(t, o, this.bodies.frames, plane);
      const f = this.bodies.frames, p = FRAME * plane;
      const scale = t[o + 3] - t[o] + t[o + 4] - t[o + 1] + t[o + 5] - t[o + 2] + Math.abs(t[o]) + Math.abs(t[o + 1]) + Math.abs(t[o + 2])
        + Math.abs(f[p + 9]) + Math.abs(f[p + 10]) + Math.abs(f[p + 11]);
      this.near[0] = gap; this.near[1] = scale;
      return gap <= this.margin + PAIR_BOX_SLACK * scale;
    }
    const gap = Math.max(t[i] - t[j + 3], t[j] - t[i + 3], t[i + 1] - t[j + 4], t[j + 1] - t[i + 4], t[i + 2] - t[j + 5], t[j + 2] - t[i + 5]);
    const scale = t[i + 3] - t[i] + t[i + 4] - t[i + 1] + t[i + 5] - t[i + 2] + t[j + 3] - t[j] + t[j + 4] - t[j + 1] + t[j + 5] - t[j + 2]
      + Math.abs(t[i]) + Math.abs(t[i + 1]) + Math.abs(t[i + 2]) + Math.abs(t[j]) + Math.abs(t[j + 1]) + Math.abs(t[j + 2]);
    this.near[0] = gap; this.near[1] = scale;
    return gap <= this.margin + PAIR_BOX_SLACK * scale;
  }

  /** An answer slot for a pair that touches: a free one, or a new one. */
  private takeSlot(): number {
    if (this.freeSlotCount > 0) return this.freeSlots[--this.freeSlotCount];
    const slot = this.slotCount++;
    if (slot === this.statuses.length) {
      const n = 2 * slot;
      const an = new Float64Array(ANSWER * n); an.set(this.answers); this.answers = an;
      const k = new Int32Array(3 * n); k.set(this.counts); this.counts = k;
      const st = new Uint8Array(n); st.set(this.statuses); this.statuses = st;
      const f = new Int32Array(n); f.set(this.freeSlots); this.freeSlots = f;
    }
    return slot;
  }

  /** Pair `r`'s answer slot and manifold slot, those it holds, back to the free ones. */
  private releaseSlots(r: number): void {
    const slot = this.pairSlot[r];
    if (slot >= 0) {
      this.pairSlot[r] = -1;
      this.freeSlots[this.freeSlotCount++] = slot;
    }
    const m = this.pairManifoldSlot[r];
    if (m < 0 || this.manifolds === null) return;
    this.pairManifoldSlot[r] = -1;
    this.manifolds.release(m);
  }

  private ensurePairRecords(r: number): void {
    if (r >= this.pairTouching.length) {
      const n = 2 * this.pairTouching.length;
      const t = new Uint8Array(n); t.set(this.pairTouching); this.pairTouching = t;
      const g = new Uint8Array(n); g.set(this.pairBegan); this.pairBegan = g;
      const f = new Uint8Array(n); f.set(this.pairFresh); this.pairFresh = f;
      const c = new Int32Array(n); c.set(this.contactIndex); this.contactIndex = c;
      const l = new Int32Array(n); l.set(this.contactList); this.contactList = l;
    }
    if (r >= this.pairCacheValid.length) {
      const n = 2 * this.pairCacheValid.length;
      const v = new Uint8Array(n); v.set(this.pairCacheValid); this.pairCacheValid = v;
      const cl = new Float64Array(n); cl.set(this.pairClear); this.pairClear = cl;
      const d = new Float64Array(3 * n); d.set(this.pairCacheDir); this.pairCacheDir = d;
      const sl = new Int32Array(n); sl.set(this.pairSlot); this.pairSlot = sl;
    }
    if (r >= this.pairManifoldSlot.length) {
      const m = new Int32Array(2 * this.pairManifoldSlot.length); m.set(this.pairManifoldSlot); this.pairManifoldSlot = m;
    }
  }
}
