/**
 * The plane world's narrow phase across threads (`CollisionWorld2.updateAsync` on a world made with
 * `threads`), as the 3D world's (world/narrow-threads.ts): the pairs an update queues for the exact query
 * are laid out as entries, each a row of numbers that every thread fills with the same function (the 2D
 * `contactFrom` on the bodies' own transforms); with shared memory the threads claim small chunks until
 * none is left, without it each worker gets a share and this thread the first. The world settles the rows
 * in update()'s order, so the answers, their order and every event are update()'s, bit for bit.
 */
import { CLAIM_CHUNK, dealShares, SHARED, sharedFloat64, sharedInt32, type WorldJob, type WorldThreads } from '../../work-sharing.js';
import { contactFrom } from '../pair-queries2.js';
import { pairWork } from '../queries2.js';
import { createContactResult } from '../results2.js';
import type { Shape2 } from '../shapes/shape2.js';
import type { Pose2Like } from '../types.js';
import type { Bodies2 } from './bodies2.js';

/** Numbers of a body's frame: x, y, angle, and the angle's cosine and sine (Bodies2's pose and trig). */
export const FRAME2 = 5;
/** Numbers of an entry's row: separation, normal x y, pointA x y, pointB x y, the status index, the iterations. */
export const ROW2 = 9;
/** The statuses a row's status index names. */
const STATUS_NAMES = ['converged', 'max-iterations', 'degenerate'] as const;

export class NarrowJob2 implements WorldJob {
  readonly plane = true;
  readonly rowWidth = ROW2;
  readonly maxPoints = 0;
  readonly manifoldRow = 0;
  readonly manifoldRows = new Float64Array(0);
  /** (Every 2D shape is the library's: no pair stays on this thread for running code of the user's.) */
  local = new Uint8Array(0);
  /** The bodies' shapes by slot, and a count the world bumps when a slot's shape changes (the pool resends them). */
  shapes: readonly (Shape2 | null)[] = [];
  shapesVersion = 0;
  frames = new Float64Array(FRAME2 * 16);
  frameLength = 0;
  pairs: Int32Array<ArrayBufferLike> = sharedInt32(128);
  rows: Float64Array<ArrayBufferLike> = sharedFloat64(ROW2 * 64);
  /** Entries: the queued records in the world's order (entry i is record records[i]). */
  records = new Int32Array(64);
  count = 0;
  claimable = 0;
  claim: Int32Array<ArrayBufferLike> | null = null;
  private readonly counter: Int32Array<ArrayBufferLike> | null = SHARED ? sharedInt32(1) : null;
  shares = 0;
  shareStart = new Int32Array(10);

  constructor(readonly margin: number) {}

  /** Queues record r (its entry is the next). */
  queue(r: number): void {
    if (this.count === this.records.length) { const a = new Int32Array(2 * this.count); a.set(this.records); this.records = a; }
    this.records[this.count++] = r;
  }

  /**
   * Lays out the queued records (bodies `a[r]`, `b[r]`) as entries for this thread and the workers of
   * `threads`, and the bodies' frames.
   */
  deal(bodies: Bodies2, a: Int32Array, b: Int32Array, threads: WorldThreads): void {
    const count = this.count, slots = bodies.shapes.length;
    if (this.pairs.length < 2 * count) { this.pairs = sharedInt32(4 * count); this.rows = sharedFloat64(2 * ROW2 * count); }
    if (this.frames.length < FRAME2 * slots) this.frames = new Float64Array(FRAME2 * Math.ceil(1.5 * slots));
    const f = this.frames, p = bodies.pose, t = bodies.trig;
    for (let s = 0; s < slots; s++) {
      const o = FRAME2 * s;
      f[o] = p[3 * s]; f[o + 1] = p[3 * s + 1]; f[o + 2] = p[3 * s + 2]; f[o + 3] = t[2 * s]; f[o + 4] = t[2 * s + 1];
    }
    this.frameLength = FRAME2 * slots;
    this.shapes = bodies.shapes;
    const pairs = this.pairs, records = this.records;
    for (let i = 0; i < count; i++) { const r = records[i]; pairs[2 * i] = a[r]; pairs[2 * i + 1] = b[r]; }
    this.claimable = count;
    dealShares(this, count, threads, this.counter);
  }
}

const _poseA: Pose2Like = { position: { x: 0, y: 0 }, angle: 0 };
const _poseB: Pose2Like = { position: { x: 0, y: 0 }, angle: 0 };
const _answer = /* @__PURE__ */ createContactResult();

/**
 * Runs entries on `shapes` (by slot) and the bodies' `frames`, of `pairs` into `rows`: with `claim`,
 * chunks claimed until none below `to` is left; else entries `from` to `to − 1`. The loop every thread
 * runs; each entry is the world's own query (Pairs2.query): the 2D contact on the bodies' transforms.
 */
export function runEntries2(shapes: readonly (Shape2 | null)[], frames: Float64Array<ArrayBufferLike>, pairs: Int32Array<ArrayBufferLike>,
  rows: Float64Array<ArrayBufferLike>, claim: Int32Array<ArrayBufferLike> | null, from: number, to: number): void {
  let start = claim === null ? from : Atomics.add(claim, 0, CLAIM_CHUNK);
  // Each claim takes CLAIM_CHUNK entries; the counter only grows, so the loop ends once it passes `to`.
  while (start < to) {
    const end = claim === null ? to : Math.min(to, start + CLAIM_CHUNK);
    for (let e = start; e < end; e++) {
      const a = pairs[2 * e], b = pairs[2 * e + 1];
      const c = contactFrom(shapes[a]!, frameInto(frames, a, _poseA, 0), shapes[b]!, frameInto(frames, b, _poseB, 1), _answer);
      const w = rows, o = ROW2 * e;
      w[o] = c.separation; w[o + 1] = c.normal.x; w[o + 2] = c.normal.y; w[o + 3] = c.pointA.x; w[o + 4] = c.pointA.y; w[o + 5] = c.pointB.x; w[o + 6] = c.pointB.y;
      w[o + 7] = c.status === 'converged' ? 0 : c.status === 'max-iterations' ? 1 : 2;
      w[o + 8] = c.iterations;
    }
    start = claim === null ? to : Atomics.add(claim, 0, CLAIM_CHUNK);
  }
}

/**
 * Body `slot`'s frame into `pose` and into pairWork()'s transform A (`which` 0) or B (1), as the world's own
 * query sets them (Pairs2.query: the cosine and sine read once a move).
 */
function frameInto(frames: Float64Array<ArrayBufferLike>, slot: number, pose: Pose2Like, which: number): Pose2Like {
  const o = FRAME2 * slot, w = pairWork(), t = which === 0 ? w.tA : w.tB, pos = pose.position as { x: number; y: number };
  t.c = frames[o + 3]; t.s = frames[o + 4]; t.tx = frames[o]; t.ty = frames[o + 1];
  pos.x = frames[o]; pos.y = frames[o + 1];
  (pose as { angle: number }).angle = frames[o + 2];
  return pose;
}

/** A row's answer into `out` (a ContactResult). */
export function readRow2(rows: Float64Array<ArrayBufferLike>, e: number, out: ReturnType<typeof createContactResult>): void {
  const o = ROW2 * e;
  out.separation = rows[o]; out.normal.x = rows[o + 1]; out.normal.y = rows[o + 2];
  out.pointA.x = rows[o + 3]; out.pointA.y = rows[o + 4]; out.pointB.x = rows[o + 5]; out.pointB.y = rows[o + 6];
  out.status = STATUS_NAMES[rows[o + 7]]; out.iterations = rows[o + 8];
}
