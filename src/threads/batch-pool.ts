/**
 * A pool of worker threads for batch queries (issue 21): Node's worker_threads, or a browser's module Web
 * Workers. The shapes go to every worker once (`setShapes`); each batch sends the poses and a share of the
 * pairs to each worker, which answers its share with the batch queries, and the shares come back into one
 * answer array, every pair answered bit for bit as the single-pair query answers it.
 *
 * A batch call allocates (messages, and the answer array unless `out` is given): the pool is for batches
 * of thousands of pairs, where a few allocations a call are nothing beside the work.
 */
import { checkBatch, CONTACT_BATCH_STRIDE } from '../batch/batch-queries.js';
import { checkKnownKeys, CollisionError, describeValue, InvalidArgumentError, knownKeys, type CollisionErrorCode } from '../errors.js';
import { Transform, transformFromArray } from '../math/transform.js';
import type { Shape } from '../shapes/shape.js';
import type { WorldJob, WorldThreads } from '../work-sharing.js';
import { isNode, nodeWorker } from './node-worker.js';
import type { WorkerReply, WorkerRequest } from './batch-worker.js';
import { shape2ToTransfer, shapeToTransfer, type Shape2Transfer, type ShapeTransfer } from './shape-transfer.js';
import { checkBatch2, CONTACT_BATCH2_STRIDE } from '../2d/batch2.js';
import type { Shape2 } from '../2d/shapes/shape2.js';

/** Options of {@link BatchPool.create}. */
export interface BatchPoolOptions {
  /** Worker threads (an integer from 1 to 64; default: the machine's cores less one, at least 1, at most 8). */
  threads?: number;
}

const POOL_OPTION_KEYS = /* @__PURE__ */ knownKeys(['threads']);

/** What the pool needs of a worker, whichever kind. */
interface WorkerHandle {
  post(message: WorkerRequest): void;
  terminate(): Promise<void>;
  /** Whether the worker keeps the process alive (Node: while a batch waits on it, not when idle). */
  hold(on: boolean): void;
}

type Query = 'distance' | 'intersects' | 'contact' | 'distance2' | 'intersects2' | 'contact2';

/** Pairs below this many a thread go to fewer threads (a message costs tens of microseconds). */
const MIN_PAIRS_PER_THREAD = 256;

interface Pending { resolve(reply: WorkerReply): void }

/** What the pool keeps of a world whose narrow phase it runs: its id on the workers, and its shapes there. */
interface WorldState {
  readonly id: number;
  /** Each distinct shape sent (3D shapes, or 2D ones for a plane world), and its index on the workers. */
  readonly index: Map<unknown, number>;
  /** The bodies' shapes version the workers hold. */
  version: number;
  /**
   * With shared memory, the arrays each worker last got for this world (frames, pairs, rows, manifold
   * rows): a run whose arrays are the same sends none. Posting a message that holds shared arrays cost
   * 1–2 ms an update (a 10,000-body plane world's whole narrow phase is 3), the arrays themselves nothing.
   */
  sent: (readonly unknown[] | null)[];
}

export class BatchPool implements WorldThreads {
  /** Number of worker threads. */
  readonly threads: number;
  private readonly workers: WorkerHandle[];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private shapes: readonly Shape[] | null = null;
  /** The 2D bodies' shapes (setShapes2), for the 2D batches. */
  private shapes2: readonly Shape2[] | null = null;
  private terminated = false;
  private readonly scratch = new Transform();
  /**
   * Shared memory for the poses, pairs and answers of a batch (where SharedArrayBuffer exists: Node, and
   * cross-origin isolated pages): the workers read and write it in place, so a call copies the poses and
   * pairs in once and the answers out once, instead of each worker being sent a copy of every pose.
   */
  private readonly shared = typeof SharedArrayBuffer === 'function' && (typeof crossOriginIsolated !== 'boolean' || crossOriginIsolated);

  /** Whether the workers share memory with this thread (SharedArrayBuffer: Node, cross-origin isolated pages); else they get copies. */
  get sharesMemory(): boolean {
    return this.shared;
  }
  private sharedPoses: Float64Array<ArrayBufferLike> = new Float64Array(0);
  private sharedPairs: Int32Array<ArrayBufferLike> = new Int32Array(0);
  private sharedNumbers: Float64Array<ArrayBufferLike> = new Float64Array(0);
  private sharedBytes: Uint8Array<ArrayBufferLike> = new Uint8Array(0);
  /** Batches under way (a batch started beside another does not reuse the shared arrays). */
  private inFlight = 0;
  /** The worlds whose narrow phase this pool has run, by their job (CollisionWorld's `threads` option). */
  private readonly worlds = new WeakMap<WorldJob, WorldState>();
  private nextWorld = 0;
  private sharedFrames: Float64Array<ArrayBufferLike> = new Float64Array(0);

  /** Why a worker failed (it could not load, or it died), once one has: every later call throws it. */
  private failure: string | null = null;

  private constructor(threads: number, make: (onReply: (reply: WorkerReply) => void, onFailure: (why: string) => void) => WorkerHandle) {
    this.threads = threads;
    const onReply = (reply: WorkerReply): void => {
      const p = this.pending.get(reply.id);
      if (p !== undefined) { this.pending.delete(reply.id); p.resolve(reply); }
    };
    // A worker that fails answers nothing more: the batches waiting on any worker reject, not hang.
    const onFailure = (why: string): void => {
      if (this.failure === null) this.failure = why;
      for (const [id, p] of this.pending) p.resolve({ id, ok: false, code: 'INVALID_ARGUMENT', message: `BatchPool: a worker thread failed (${why})` });
      this.pending.clear();
    };
    this.workers = Array.from({ length: threads }, () => make(onReply, onFailure));
  }

  /**
   * Starts a pool of `options.threads` workers (Node: worker_threads; browsers: module Web Workers).
   * @throws InvalidArgumentError (as a rejected promise) for a bad thread count, or where neither kind of worker exists.
   */
  static async create(options?: BatchPoolOptions | null): Promise<BatchPool> {
    if (options != null && typeof options !== 'object') throw new InvalidArgumentError('options', `is ${describeValue(options)}; expected an object`);
    if (options != null) checkKnownKeys(options, POOL_OPTION_KEYS, 'options');
    const t = options?.threads;
    if (t !== undefined && !(typeof t === 'number' && Number.isInteger(t) && t >= 1 && t <= 64)) {
      throw new InvalidArgumentError('options.threads', `is ${describeValue(t)}; expected an integer from 1 to 64`);
    }
    if (isNode()) {
      const { availableParallelism } = await import('node:os');
      const threads = t ?? Math.min(8, Math.max(1, availableParallelism() - 1));
      const workers = await Promise.all(Array.from({ length: threads }, () => nodeWorker('batch-worker')));
      return new BatchPool(threads, (onReply, onFailure) => {
        const w = workers.pop()!;
        w.on('message', onReply);
        w.on('error', (e: Error) => onFailure(e.message));
        w.on('exit', (code: number) => onFailure(`it exited with code ${code}`));
        w.unref(); // an idle pool does not keep the process alive (a batch waiting does: hold)
        return { post: (m) => w.postMessage(m), terminate: async () => { await w.terminate(); }, hold: (on) => { if (on) w.ref(); else w.unref(); } };
      });
    }
    if (typeof Worker !== 'function') throw new InvalidArgumentError('BatchPool', 'needs worker threads: Node\'s worker_threads or a browser\'s Web Workers, and this environment has neither');
    const cores = typeof navigator === 'object' && navigator !== null && typeof navigator.hardwareConcurrency === 'number' ? navigator.hardwareConcurrency : 2;
    const threads = t ?? Math.min(8, Math.max(1, cores - 1));
    return new BatchPool(threads, (onReply, onFailure) => {
      // (Written out so that bundlers see the worker: new Worker(new URL(…, import.meta.url)).)
      const w = new Worker(new URL('./batch-worker.js', import.meta.url), { type: 'module' });
      w.onmessage = (e: MessageEvent<WorkerReply>) => onReply(e.data);
      w.onerror = (e: ErrorEvent) => onFailure(e.message);
      return { post: (m) => w.postMessage(m), terminate: async () => { w.terminate(); }, hold: () => undefined };
    });
  }

  /**
   * Sends the bodies' shapes to every worker (each distinct shape object once): what later batches index
   * with their pairs, as `shapes` is for `distanceBatch`. Call again when the shapes change.
   * @throws InvalidShapeError naming `shapes[i]` for a shape a worker cannot rebuild (a support map of
   *   your own); InvalidArgumentError for a terminated pool or a value that is not an array.
   */
  setShapes(shapes: readonly Shape[]): void {
    this.checkLive();
    if (!Array.isArray(shapes)) throw new InvalidArgumentError('shapes', `is ${describeValue(shapes)}; expected an array of shapes, one per body`);
    const { distinct, table } = distinctShapes(shapes, shapeToTransfer);
    for (const w of this.workers) w.post({ op: 'shapes', distinct, table });
    this.shapes = shapes.slice();
  }

  /**
   * `distanceBatch` across the pool: one distance per pair, into `out` or a new array; with `bounds`, each
   * pair's certified bounds too (two numbers a pair), as `distanceBatch`'s.
   */
  distance(poses: Float64Array, pairs: Int32Array, out?: Float64Array | null, bounds?: Float64Array | null): Promise<Float64Array> {
    return this.run('distance', poses, pairs, out, 1, bounds) as Promise<Float64Array>;
  }

  /** `intersectsBatch` across the pool: 1 or 0 per pair. */
  intersects(poses: Float64Array, pairs: Int32Array, out?: Uint8Array | null): Promise<Uint8Array> {
    return this.run('intersects', poses, pairs, out, 1) as Promise<Uint8Array>;
  }

  /**
   * `contactBatch` across the pool: CONTACT_BATCH_STRIDE (10) numbers per pair; with `bounds`, each pair's
   * certified bounds too (two numbers a pair), as `contactBatch`'s.
   */
  contact(poses: Float64Array, pairs: Int32Array, out?: Float64Array | null, bounds?: Float64Array | null): Promise<Float64Array> {
    return this.run('contact', poses, pairs, out, CONTACT_BATCH_STRIDE, bounds) as Promise<Float64Array>;
  }

  /**
   * Sends the 2D bodies' shapes to every worker (each distinct shape object once): what the 2D batches
   * (`distance2`, `intersects2`, `contact2`) index with their pairs. Independent of `setShapes`.
   * @throws InvalidShapeError naming `shapes[i]` for a value that is not a 2D shape; InvalidArgumentError
   *   for a terminated pool or a value that is not an array.
   */
  setShapes2(shapes: readonly Shape2[]): void {
    this.checkLive();
    if (!Array.isArray(shapes)) throw new InvalidArgumentError('shapes', `is ${describeValue(shapes)}; expected an array of 2D shapes, one per body`);
    const { distinct, table } = distinctShapes(shapes, shape2ToTransfer);
    for (const w of this.workers) w.post({ op: 'shapes2', distinct, table });
    this.shapes2 = shapes.slice();
  }

  /** `distanceBatch2` (convex-collide/2d) across the pool: poses 3 numbers a body (x, y, angle), one distance per pair. */
  distance2(poses: Float64Array, pairs: Int32Array, out?: Float64Array | null): Promise<Float64Array> {
    return this.run('distance2', poses, pairs, out, 1) as Promise<Float64Array>;
  }

  /** `intersectsBatch2` across the pool: 1 or 0 per pair. */
  intersects2(poses: Float64Array, pairs: Int32Array, out?: Uint8Array | null): Promise<Uint8Array> {
    return this.run('intersects2', poses, pairs, out, 1) as Promise<Uint8Array>;
  }

  /** `contactBatch2` across the pool: CONTACT_BATCH2_STRIDE (7) numbers per pair. */
  contact2(poses: Float64Array, pairs: Int32Array, out?: Float64Array | null): Promise<Float64Array> {
    return this.run('contact2', poses, pairs, out, CONTACT_BATCH2_STRIDE) as Promise<Float64Array>;
  }

  /**
   * @internal
   * Runs shares 1 to `job.shares − 1` of a world's narrow phase on the workers (share s on worker s − 1),
   * sending the world's shapes first when they changed; resolves once their rows are in `job.rows`. Posts
   * before it returns. Called by `CollisionWorld.updateAsync` (and the plane's `CollisionWorld2.updateAsync`)
   * for a world made with `{ threads: pool }`.
   * @throws InvalidArgumentError for a terminated or failed pool, or more shares than workers + 1.
   */
  narrowPhase(job: WorldJob): Promise<void> {
    this.checkLive();
    if (job === null || typeof job !== 'object' || typeof job.shares !== 'number') {
      throw new InvalidArgumentError('job', `is ${describeValue(job)}; expected a world's narrow-phase job (CollisionWorld.updateAsync makes them)`);
    }
    if (job.shares - 1 > this.threads) throw new InvalidArgumentError('job.shares', `is ${job.shares}; expected at most ${this.threads + 1}`);
    let world = this.worlds.get(job);
    if (world === undefined) this.worlds.set(job, world = { id: this.nextWorld++, index: new Map(), version: -1, sent: [] });
    if (world.version !== job.shapesVersion) this.sendShapes(world, job);
    const replies: Promise<WorkerReply>[] = [];
    const post = (s: number, share: {
      frames: Float64Array<ArrayBufferLike>; pairs: Int32Array<ArrayBufferLike>; rows: Float64Array<ArrayBufferLike>; manifoldRows: Float64Array<ArrayBufferLike>;
      claim: Int32Array<ArrayBufferLike> | null; from: number; to: number;
    }): void => {
      const id = this.nextId++;
      replies.push(new Promise<WorkerReply>((resolve) => this.pending.set(id, { resolve })));
      this.workers[s].post({ op: 'world-run', id, world: world.id, plane: job.plane, margin: job.margin, maxPoints: job.maxPoints, ...share });
    };
    if (job.claim !== null) {
      // Shared memory: the job's pairs and rows are shared already; the frames are copied in once (into
      // the pool's array, or one of this call's own when another call is under way).
      const frames = fit(this.inFlight > 0 ? new Float64Array(0) : this.sharedFrames, job.frameLength, Float64Array);
      if (this.inFlight === 0) this.sharedFrames = frames;
      frames.set(job.frames.subarray(0, job.frameLength));
      for (let s = 1; s < job.shares; s++) {
        const last = world.sent[s - 1], now = [frames, job.pairs, job.rows, job.manifoldRows, job.claim];
        if (last != null && last.every((a, k) => a === now[k])) {
          const id = this.nextId++;
          replies.push(new Promise<WorkerReply>((resolve) => this.pending.set(id, { resolve })));
          this.workers[s - 1].post({ op: 'world-run', id, world: world.id, plane: job.plane, margin: job.margin, maxPoints: job.maxPoints, from: 0, to: job.claimable });
        } else {
          world.sent[s - 1] = now;
          post(s - 1, { frames, pairs: job.pairs, rows: job.rows, manifoldRows: job.manifoldRows, claim: job.claim, from: 0, to: job.claimable });
        }
      }
      return this.collect(replies, () => undefined);
    }
    // Without it: each worker gets copies of the frames and of its share's pairs and rows, and sends its rows back.
    const frames = job.frames.slice(0, job.frameLength), mr = job.manifoldRow, ROW = job.rowWidth;
    for (let s = 1; s < job.shares; s++) {
      const from = job.shareStart[s], to = job.shareStart[s + 1];
      post(s - 1, {
        frames, pairs: job.pairs.slice(2 * from, 2 * to), rows: job.rows.slice(ROW * from, ROW * to), manifoldRows: job.manifoldRows.slice(mr * from, mr * to),
        claim: null, from: 0, to: to - from,
      });
    }
    return this.collect(replies, (s, reply) => {
      const from = job.shareStart[s + 1];
      if (reply.result !== null) job.rows.set(reply.result as Float64Array, ROW * from);
      if (reply.manifolds !== undefined) job.manifoldRows.set(reply.manifolds, mr * from);
    });
  }

  /** The world's bodies' shapes to every worker: the distinct ones not sent yet, and each slot's index. */
  private sendShapes(world: WorldState, job: WorldJob): void {
    const shapes = job.shapes, index = world.index, table = new Int32Array(shapes.length).fill(-1);
    // Shapes of bodies long gone would pile up on the workers: past twice the live ones, start afresh.
    let live = 0;
    const seen = new Set<unknown>();
    for (const s of shapes) if (s !== null && !seen.has(s)) { seen.add(s); live++; }
    const reset = index.size > 2 * live + 64;
    if (reset) index.clear();
    const distinct: (ShapeTransfer | Shape2Transfer)[] = [];
    for (let i = 0; i < shapes.length; i++) {
      const s = shapes[i];
      if (s == null || job.local[i] === 1) continue; // (a shape of the user's own code stays here)
      let k = index.get(s);
      if (k === undefined) {
        k = index.size;
        distinct.push(job.plane ? shape2ToTransfer(s as Shape2, `shapes[${i}]`) : shapeToTransfer(s as Shape, `shapes[${i}]`));
        index.set(s, k);
      }
      table[i] = k;
    }
    for (const w of this.workers) w.post({ op: 'world-shapes', world: world.id, plane: job.plane, reset, distinct, table });
    world.version = job.shapesVersion;
  }

  /** Stops the workers; later calls throw. Batches under way reject. */
  async terminate(): Promise<void> {
    if (this.terminated) return;
    this.terminated = true;
    for (const [id, p] of this.pending) p.resolve({ id, ok: false, code: 'INVALID_ARGUMENT', message: 'BatchPool was terminated before this batch was answered' });
    this.pending.clear();
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private async run(
    query: Query, poses: Float64Array, pairs: Int32Array, out: Float64Array | Uint8Array | null | undefined, stride: number, bounds?: Float64Array | null,
    wire = false,
  ): Promise<Float64Array | Uint8Array> {
    this.checkLive();
    const plane = query === 'distance2' || query === 'intersects2' || query === 'contact2';
    const shapes = plane ? this.shapes2 : this.shapes;
    if (shapes === null) throw new InvalidArgumentError('BatchPool', `has no ${plane ? '2D ' : ''}shapes; call ${plane ? 'setShapes2' : 'setShapes'}(shapes) before a batch`);
    // (The 2D check reads every body's shape and pose, naming a bad one; the 3D poses are read below.)
    const n = plane ? checkBatch2(shapes as readonly Shape2[], poses, pairs) : checkBatch(shapes as readonly Shape[], poses, pairs);
    const isBytes = query === 'intersects' || query === 'intersects2';
    // (ArrayBuffer.isView too: a Proxy of a typed array passes instanceof, and its length getter throws.)
    if (out != null && (!(ArrayBuffer.isView(out) && (isBytes ? out instanceof Uint8Array : out instanceof Float64Array)) || out.length < stride * n)) {
      throw new InvalidArgumentError('out', `is ${describeValue(out)}; expected a ${isBytes ? 'Uint8Array' : 'Float64Array'} of at least ${stride * n} numbers (${stride} per pair), or undefined`);
    }
    if (bounds != null && (!(ArrayBuffer.isView(bounds) && bounds instanceof Float64Array) || bounds.length < 2 * n)) {
      throw new InvalidArgumentError('bounds', `is ${describeValue(bounds)}; expected a Float64Array of at least ${2 * n} numbers (2 per pair), or undefined`);
    }
    // Poses are checked here, so that a bad one is named before any worker runs.
    if (!plane) for (let i = 0; i < shapes.length; i++) transformFromArray(this.scratch, poses, i, 'poses');
    const result = out ?? (isBytes ? new Uint8Array(n) : new Float64Array(stride * n));
    if (bounds != null) {
      // Each pair's answer then its bounds on the wire, laid out apart when they come back.
      const wide = await this.run(query, poses, pairs, null, stride + 2, null, true) as Float64Array;
      for (let k = 0; k < n; k++) {
        const o = (stride + 2) * k;
        for (let j = 0; j < stride; j++) (result as Float64Array)[stride * k + j] = wide[o + j];
        bounds[2 * k] = wide[o + stride]; bounds[2 * k + 1] = wide[o + stride + 1];
      }
      return result;
    }
    const perBody = plane ? 3 : 7;
    const shares = Math.max(1, Math.min(this.threads, Math.floor(n / MIN_PAIRS_PER_THREAD)));
    const size = Math.ceil(n / shares);
    let sendPoses: Float64Array<ArrayBufferLike> = poses, sendPairs: Int32Array<ArrayBufferLike> = pairs;
    let into: Float64Array<ArrayBufferLike> | Uint8Array<ArrayBufferLike> | null = null;
    if (this.shared && n > 0) {
      // The pool's shared arrays when no other batch is under way; a batch started beside another gets its own.
      const own = this.inFlight > 0;
      const empty = { f: new Float64Array(0), i: new Int32Array(0), b: new Uint8Array(0) };
      sendPoses = fit(own ? empty.f : this.sharedPoses, perBody * shapes.length, Float64Array);
      sendPoses.set(poses.subarray(0, perBody * shapes.length));
      sendPairs = fit(own ? empty.i : this.sharedPairs, 2 * n, Int32Array);
      sendPairs.set(pairs);
      into = isBytes ? fit(own ? empty.b : this.sharedBytes, n, Uint8Array) : fit(own ? empty.f : this.sharedNumbers, stride * n, Float64Array);
      if (!own) {
        this.sharedPoses = sendPoses; this.sharedPairs = sendPairs;
        if (isBytes) this.sharedBytes = into as Uint8Array; else this.sharedNumbers = into as Float64Array;
      }
    }
    const replies: Promise<WorkerReply>[] = [];
    for (let s = 0, from = 0; from < n; s++, from += size) {
      const to = Math.min(n, from + size);
      const id = this.nextId++;
      replies.push(new Promise<WorkerReply>((resolve) => this.pending.set(id, { resolve })));
      // Without shared memory, each worker gets its own pairs only (the poses it needs are any of them).
      const share = into === null ? { pairs: pairs.slice(2 * from, 2 * to), from: 0, to: to - from } : { pairs: sendPairs, from, to };
      this.workers[s].post({ op: 'run', id, query, bounds: wire, poses: sendPoses, ...share, result: into });
    }
    await this.collect(replies, (s, a) => {
      if (a.result !== null) (result as Float64Array).set(a.result as Float64Array, stride * s * size);
    });
    if (into !== null) (result as Float64Array).set(into.subarray(0, stride * n) as Float64Array);
    return result;
  }

  /**
   * Waits for `replies` (holding the workers meanwhile), then hands each to `take` with its index; throws
   * the first failure as its CollisionError.
   */
  private async collect(replies: Promise<WorkerReply>[], take: (s: number, reply: WorkerReply & { ok: true }) => void): Promise<void> {
    for (const w of this.workers) w.hold(true);
    let answers: WorkerReply[];
    this.inFlight++;
    try {
      answers = await Promise.all(replies);
    } finally {
      this.inFlight--;
      if (this.pending.size === 0 && !this.terminated) for (const w of this.workers) w.hold(false);
    }
    for (const a of answers) if (!a.ok) throw replyError(a.code, a.message);
    for (let s = 0; s < answers.length; s++) take(s, answers[s] as WorkerReply & { ok: true });
  }

  private checkLive(): void {
    if (this.terminated) throw new InvalidArgumentError('BatchPool', 'was terminated; create a new pool');
    if (this.failure !== null) throw new InvalidArgumentError('BatchPool', `has a worker thread that failed (${this.failure}); create a new pool`);
  }
}

/**
 * Each distinct shape object of `shapes` once, in its transfer form (`transfer`, naming `shapes[i]` in
 * errors), and each body's index among them.
 */
function distinctShapes<S, T>(shapes: readonly S[], transfer: (shape: S, field: string) => T): { distinct: T[]; table: Int32Array } {
  const index = new Map<S, number>(), distinct: T[] = [], table = new Int32Array(shapes.length);
  for (let i = 0; i < shapes.length; i++) {
    const s = shapes[i];
    let k = index.get(s);
    if (k === undefined) {
      k = distinct.length;
      distinct.push(transfer(s, `shapes[${i}]`));
      index.set(s, k);
    }
    table[i] = k;
  }
  return { distinct, table };
}

/** `a` when it holds `length` numbers, else a larger array of its type on a new SharedArrayBuffer. */
function fit<T extends Float64Array | Int32Array | Uint8Array>(a: T, length: number, type: { new (buffer: SharedArrayBuffer): T; readonly BYTES_PER_ELEMENT: number }): T {
  if (a.length >= length) return a;
  return new type(new SharedArrayBuffer(type.BYTES_PER_ELEMENT * Math.max(length, 2 * a.length)));
}

/**
 * The error of a worker's failed reply, of the class its code names where the message has the field
 * first ("BatchPool was terminated…", "pairs[3] is 9; …"): a bare CollisionError was thrown for a batch a
 * terminate() rejected, where every other argument error is an InvalidArgumentError.
 */
export function replyError(code: string | null | undefined, message: string): CollisionError {
  const space = message.indexOf(' ');
  if ((code == null || code === 'INVALID_ARGUMENT') && space > 0) return new InvalidArgumentError(message.slice(0, space), message.slice(space + 1));
  return new CollisionError((code ?? 'INVALID_ARGUMENT') as CollisionErrorCode, message);
}
