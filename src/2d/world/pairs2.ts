/**
 * The plane world's pairs (collision-world2.ts) and their narrow phase: the pairs in the broad phase's hash
 * set (bvh/pair-set.ts, records dense 0 … count − 1), each record's state in flat arrays beside it (whether
 * touching, the clearance of a pair apart and its bodies' travel then), the touching pairs' contacts in dense
 * rows (the world's contact(i) is row i; whether the pair began touching at the last update is a bit of
 * its row), and the pairs that ended touching. Allocation-free once the arrays have grown to the pairs.
 */
import { PairSet } from '../../bvh/pair-set.js';
import { contactFrom } from '../pair-queries2.js';
import { pairWork } from '../queries2.js';
import { createContactResult, type ContactResult } from '../results2.js';
import { readRow2, ROW2 } from './narrow-job2.js';
import type { QueryStatus } from '../../query/pair/results.js';
import type { Pose2Like } from '../types.js';
import type { Bodies2 } from './bodies2.js';
import type { KeptManifolds2 } from './manifolds2.js';

/** A contact of the world: the pair's handles and its 2D `contact` answer (world space, normal from a to b). */
export interface WorldContact2 extends ContactResult {
  /** The handle of the pair's body A (of the two, the one in the lower slot). */
  a: number;
  /** The handle of the pair's body B. */
  b: number;
}

/**
 * A world contact record to pass as `out`. A literal, not a spread of createContactResult(): the spread's
 * copy held `separation` as a tagged field, and every double stored into it was boxed (16 bytes a contact).
 */
export function createWorldContact2(): WorldContact2 {
  return { separation: 0, normal: { x: 1, y: 0 }, pointA: { x: 0, y: 0 }, pointB: { x: 0, y: 0 }, status: 'converged', iterations: 0, a: -1, b: -1 };
}

/** Numbers of a record's contact row. */
const CONTACT_ROW = 7;
/** The statuses a row's status index names (its low two bits). */
const STATUSES: readonly QueryStatus[] = ['converged', 'max-iterations', 'degenerate'];
/** The bit of a row's status set when its pair began touching at the last update (its row was new). */
const BEGAN = 4;

/** A pair's clearance is taken this fraction of its reach short (the distance's tolerance and rounding). */
const CLEARANCE_SLACK = 1e-9;

/** A growing list of pairs of handles (two numbers a pair). */
export class PairList {
  data = new Int32Array(32);
  /** Numbers in use (twice the pairs). */
  length = 0;
  push(a: number, b: number): void {
    if (this.length + 2 > this.data.length) { const d = new Int32Array(2 * Math.ceil(0.75 * this.data.length)); d.set(this.data); this.data = d; }
    this.data[this.length++] = a; this.data[this.length++] = b;
  }
}

/**
 * Rounding allowed for in a pair's skip threshold (the clearance plus its bodies' travel then, compared with
 * their travel now: a few additions of numbers up to the travels' size, each rounded to half an ulp).
 */
const THRESHOLD_ROUNDING = 8 * Number.EPSILON;

/** Grows a typed array to n elements (its contents kept). */
function grown<T extends Float64Array | Int32Array | Uint8Array>(a: T, n: number): T {
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a);
  return b;
}

export class Pairs2 {
  readonly set = new PairSet();
  /**
   * Per record: its contact row (−1: not touching, the pair apart beyond the margin or unchecked), and for
   * a pair found apart the travel its two bodies may sum to before it is checked again: its clearance
   * (separation less the margin, a little less for the answer's tolerance) plus their travel then (bodies2.ts).
   */
  rowOf = new Int32Array(64);
  skipUntil = new Float64Array(64);
  /**
   * The touching pairs' contacts, kept dense (a freed row is filled by the last): CONTACT_ROW numbers
   * (separation, normal x y, pointA x y, pointB x y), the status (STATUSES' index, and BEGAN), the
   * iterations, and the record that owns the row. Rows for touching pairs only: a pair apart costs none of
   * this. Row i is the world's contact i, so a removal takes its pairs out of the list at once.
   */
  rows = new Float64Array(32 * CONTACT_ROW);
  rowStatus = new Uint8Array(32);
  rowIterations = new Int32Array(32);
  rowOwner = new Int32Array(32);
  rowCount = 0;
  /** The last update's ended pairs, and the touching pairs removals ended since it. */
  ended = new PairList();
  removedTouching = new PairList();
  private readonly poseA: Pose2Like = { position: { x: 0, y: 0 }, angle: 0 };
  private readonly poseB: Pose2Like = { position: { x: 0, y: 0 }, angle: 0 };
  private readonly answer = createContactResult();

  /** @param kept The touching pairs' manifolds, when the world keeps them (manifolds2.ts). */
  constructor(private readonly bodies: Bodies2, private readonly margin: number, readonly kept: KeptManifolds2 | null) {
    this.set.onMove = (from, to) => this.move(from, to);
  }

  /** Whether record r touched (was within the margin) at its last check. */
  touching(r: number): boolean {
    return this.rowOf[r] >= 0;
  }

  /** Pairs slots a and b (once); a new record starts apart and unchecked. */
  add(a: number, b: number): void {
    const r = this.set.add(a, b);
    if (!this.set.added) return;
    if (r >= this.rowOf.length) { const n = Math.ceil(1.5 * this.rowOf.length); this.rowOf = grown(this.rowOf, n); this.skipUntil = grown(this.skipUntil, n); }
    this.rowOf[r] = -1; this.skipUntil[r] = -Infinity;
    if (this.kept !== null) this.kept.reset(r);
  }

  /** Removes record r; a touching pair's handles go to `ended`. */
  drop(r: number, ended: PairList): void {
    const B = this.bodies;
    if (this.rowOf[r] >= 0) {
      ended.push(B.handles[this.set.a[r]], B.handles[this.set.b[r]]);
      this.freeRow(r);
    }
    this.set.removeRecord(r);
  }

  /**
   * Whether record r is within the margin, its contact filled: skipped (still apart) while its bodies have
   * travelled less than its clearance since its last check, else the pairwise 2D contact.
   */
  narrow(r: number): boolean {
    return this.needsQuery(r) && this.settle(r, this.query(r));
  }

  /** Whether record r takes the exact query: not while it is apart and its bodies' travel stays below its clearance. */
  needsQuery(r: number): boolean {
    const B = this.bodies;
    return !(this.rowOf[r] < 0 && B.travel[this.set.a[r]] + B.travel[this.set.b[r]] < this.skipUntil[r]);
  }

  /** Record r's 2D contact on this thread (and its kept manifold, with the world's manifolds). */
  query(r: number): ContactResult {
    const B = this.bodies, sa = this.set.a[r], sb = this.set.b[r];
    // The bodies' own transforms (their cosines and sines, read once a move), as `contact` reads them.
    const w2 = pairWork(), tA = w2.tA, tB = w2.tB, t = B.trig, p = B.pose;
    tA.c = t[2 * sa]; tA.s = t[2 * sa + 1]; tA.tx = p[3 * sa]; tA.ty = p[3 * sa + 1];
    tB.c = t[2 * sb]; tB.s = t[2 * sb + 1]; tB.tx = p[3 * sb]; tB.ty = p[3 * sb + 1];
    const poseA = poseOf(B, sa, this.poseA), poseB = poseOf(B, sb, this.poseB);
    const kept = this.kept;
    return kept === null ? contactFrom(B.shapes[sa]!, poseA, B.shapes[sb]!, poseB, this.answer) : kept.contact(r, B.shapes[sa]!, poseA, B.shapes[sb]!, poseB, this.answer);
  }

  /**
   * Record r's contact from entry e of a worker's rows (narrow-job2.ts: the same numbers as `query`'s).
   * With kept manifolds a pair within the margin is queried again here, for its manifold (the rows carry
   * contacts only); a pair beyond it has none, as `query` leaves it.
   */
  settleRow(r: number, rows: Float64Array<ArrayBufferLike>, e: number): boolean {
    if (this.kept !== null && rows[ROW2 * e] <= this.margin) return this.settle(r, this.query(r));
    readRow2(rows, e, this.answer);
    if (this.kept !== null) this.kept.clear(r);
    return this.settle(r, this.answer);
  }

  /** Record r's state from its contact `c`: whether it is within the margin (its row written), else its skip threshold. */
  settle(r: number, c: ContactResult): boolean {
    const B = this.bodies, sa = this.set.a[r], sb = this.set.b[r];
    if (!(c.separation <= this.margin)) {
      // Apart: the clearance, less a part in 1e9 of its reach for the answer's tolerance, plus the travel
      // now, less the threshold's own rounding.
      const reach = B.shapes[sa]!.boundingRadius + B.shapes[sb]!.boundingRadius + c.separation;
      const clearance = c.separation - this.margin - CLEARANCE_SLACK * reach, travel = B.travel[sa] + B.travel[sb];
      this.skipUntil[r] = clearance + travel - THRESHOLD_ROUNDING * (Math.abs(clearance) + travel);
      if (this.rowOf[r] >= 0) this.freeRow(r);
      return false;
    }
    let row = this.rowOf[r];
    const began = row < 0;
    if (began) row = this.takeRow(r);
    const w = this.rows, o = CONTACT_ROW * row;
    w[o] = c.separation; w[o + 1] = c.normal.x; w[o + 2] = c.normal.y; w[o + 3] = c.pointA.x; w[o + 4] = c.pointA.y; w[o + 5] = c.pointB.x; w[o + 6] = c.pointB.y;
    this.rowStatus[row] = (c.status === 'converged' ? 0 : c.status === 'max-iterations' ? 1 : 2) | (began ? BEGAN : 0);
    this.rowIterations[row] = c.iterations;
    return true;
  }

  /** A row for record r (the next one at the end). */
  private takeRow(r: number): number {
    if (this.rowCount === this.rowOwner.length) {
      const n = Math.ceil(1.5 * this.rowOwner.length);
      this.rows = grown(this.rows, CONTACT_ROW * n); this.rowStatus = grown(this.rowStatus, n);
      this.rowIterations = grown(this.rowIterations, n); this.rowOwner = grown(this.rowOwner, n);
    }
    const row = this.rowCount++;
    this.rowOwner[row] = r; this.rowOf[r] = row;
    return row;
  }

  /** Frees record r's row: the last row moves into its place (its owner told). */
  private freeRow(r: number): void {
    const row = this.rowOf[r], last = --this.rowCount;
    this.rowOf[r] = -1;
    if (row === last) return;
    this.rows.copyWithin(CONTACT_ROW * row, CONTACT_ROW * last, CONTACT_ROW * last + CONTACT_ROW);
    this.rowStatus[row] = this.rowStatus[last]; this.rowIterations[row] = this.rowIterations[last];
    const owner = this.rowOwner[last];
    this.rowOwner[row] = owner; this.rowOf[owner] = row;
  }

  /** Whether row i's pair began touching at the last update. */
  began(row: number): boolean {
    return (this.rowStatus[row] & BEGAN) !== 0;
  }

  /** The pair set moved record `from` into `to`: its state moves with it (its row learns its new owner). */
  private move(from: number, to: number): void {
    const row = this.rowOf[from];
    this.rowOf[to] = row; this.skipUntil[to] = this.skipUntil[from];
    if (row >= 0) this.rowOwner[row] = to;
    if (this.kept !== null) this.kept.move(from, to);
  }

  /** Record r's contact into `out` (its handles from its slots). */
  read(r: number, out: WorldContact2): WorldContact2 {
    const B = this.bodies, row = this.rowOf[r], w = this.rows, o = CONTACT_ROW * row;
    out.a = B.handles[this.set.a[r]]; out.b = B.handles[this.set.b[r]];
    out.separation = w[o]; out.normal.x = w[o + 1]; out.normal.y = w[o + 2];
    out.pointA.x = w[o + 3]; out.pointA.y = w[o + 4]; out.pointB.x = w[o + 5]; out.pointB.y = w[o + 6];
    out.status = STATUSES[this.rowStatus[row] & 3]; out.iterations = this.rowIterations[row];
    return out;
  }
}

/** Body `slot`'s pose into `out`. */
export function poseOf(B: Bodies2, slot: number, out: Pose2Like): Pose2Like {
  const p = B.pose, pos = out.position as { x: number; y: number };
  pos.x = p[3 * slot]; pos.y = p[3 * slot + 1];
  (out as { angle: number }).angle = p[3 * slot + 2];
  return out;
}
