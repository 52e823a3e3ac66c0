/**
 * One pair's exact contact in the world's narrow phase, as a row of numbers: what the world's own thread
 * and its worker threads (`updateAsync` with a BatchPool) both run, so that a pair's answer is the same
 * bits on any thread. A row holds the pair's warm start going in and its answer coming out; the world
 * settles the rows in one order whichever thread filled them (narrow-phase.ts).
 */
import { Transform } from '../math/transform.js';
import { GjkCache } from '../query/gjk/gjk.js';
import { ManifoldWork, manifoldConvex } from '../query/manifold/convex-manifold.js';
import { ManifoldCache } from '../query/manifold/manifold-cache.js';
import { createManifold } from '../query/manifold/manifold-result.js';
import { CONTACT, isConvexShape } from '../query/pair/dispatch.js';
import { acquireWork, type ContactAnswer } from '../query/pair/query-work.js';
import type { QueryStatus } from '../query/pair/results.js';
import type { Shape } from '../shapes/shape.js';
import { frameTransform } from './bodies.js';
import { manifoldRowLength, writeManifoldRow } from './manifold-row.js';

/**
 * Numbers of a pair's row: [0] whether it touches (TOUCHING) or is apart (APART); [1] apart, a lower bound
 * on its separation (or the margin when the path proved it apart without one); [2..11] touching, its
 * separation, normal, pointA and pointB; [12..14] iterations, partA, partB; [15] its status as an index
 * into STATUSES; [16..19] the pair's warm start (a GjkCache's direction, and 1 when it holds one), read
 * before the query and written after it.
 */
export const ROW = 20;
export const TOUCHING = 1;
export const APART = 0;
/** Where a row's warm start begins. */
export const ROW_CACHE = 16;
/** The statuses a row stores as an index. */
export const STATUSES: readonly QueryStatus[] = ['converged', 'max-iterations', 'degenerate'];

export class PairKernel {
  private readonly cache = new GjkCache();
  /** The options of the pairs' contact queries (one record, re-pointed per pair). */
  private readonly options: { cache: GjkCache | undefined } = { cache: undefined };
  /** The transforms of the last pair's bodies (the world's manifolds read them). */
  readonly transformA = new Transform();
  readonly transformB = new Transform();

  /** Numbers of a manifold row (manifold-row.ts), 0 when the world keeps no manifolds. */
  readonly manifoldRow: number;
  private readonly manifoldWork = new ManifoldWork();
  private readonly manifold = createManifold();
  /** The pair's reference face goes through this (manifoldConvex reads and writes only that of a cache). */
  private readonly manifoldCache = new ManifoldCache();

  /**
   * @param margin the world's contact margin: pairs farther apart are not contacts.
   * @param maxPoints with manifolds, at most this many points per manifold; 0 without.
   */
  constructor(private readonly margin: number, private readonly maxPoints: number) {
    this.manifoldRow = maxPoints > 0 ? manifoldRowLength(maxPoints) : 0;
    this.manifoldWork.margin = margin;
  }

  /**
   * `run`, then for a touching convex pair its manifold from the same contact (as the world's manifolds
   * are kept: manifold-slots.ts) into manifold row `mo` of `manifoldRows`, from the reference face
   * there; other pairs' rows say they hold none (a compound's or mesh's manifolds are built by the world).
   */
  runWithManifold(sa: Shape, sb: Shape, frames: Float64Array, a: number, b: number, rows: Float64Array, o: number, manifoldRows: Float64Array, mo: number): void {
    this.run(sa, sb, frames, a, b, rows, o);
    manifoldRows[mo + 1] = 0;
    if (rows[o] !== TOUCHING || !isConvexShape(sa) || !isConvexShape(sb)) return;
    const work = acquireWork(false), cache = this.manifoldCache, m = this.manifold;
    cache.reference = manifoldRows[mo];
    manifoldConvex(this.manifoldWork, work.contact, sa, this.transformA, sb, this.transformB, m, this.maxPoints, cache);
    manifoldRows[mo] = cache.reference;
    writeManifoldRow(manifoldRows, mo, m);
  }

  /**
   * The contact of bodies `a` and `b` (shapes `sa`, `sb`, transforms in `frames`, Bodies' layout) up to the
   * margin, into row `o` of `rows` (from its warm start there).
   */
  run(sa: Shape, sb: Shape, frames: Float64Array, a: number, b: number, rows: Float64Array, o: number): void {
    const work = acquireWork(false);
    work.touchingOnly = false;
    work.wantBounds = false;
    work.maxSeparation = this.margin;
    work.contact.partA = 0; work.contact.partB = 0;
    // Paths that prove the pair apart without a bound (compounds, meshes) leave this: no clearance.
    work.separationBound = this.margin;
    const cache = this.cache, k = o + ROW_CACHE;
    cache.x = rows[k]; cache.y = rows[k + 1]; cache.z = rows[k + 2]; cache.valid = rows[k + 3] === 1;
    const options = this.options;
    options.cache = cache;
    const ta = frameTransform(this.transformA, frames, a), tb = frameTransform(this.transformB, frames, b);
    const found = CONTACT.find(sa, sb)(work, sa, ta, sb, tb, options);
    rows[k] = cache.x; rows[k + 1] = cache.y; rows[k + 2] = cache.z; rows[k + 3] = cache.valid ? 1 : 0;
    const c = work.contact;
    if (!found || c.separation > this.margin) {
      rows[o] = APART;
      rows[o + 1] = found ? c.separation : work.separationBound;
      return;
    }
    rows[o] = TOUCHING;
    rows[o + 2] = c.separation;
    rows[o + 3] = c.normal.x; rows[o + 4] = c.normal.y; rows[o + 5] = c.normal.z;
    rows[o + 6] = c.pointA.x; rows[o + 7] = c.pointA.y; rows[o + 8] = c.pointA.z;
    rows[o + 9] = c.pointB.x; rows[o + 10] = c.pointB.y; rows[o + 11] = c.pointB.z;
    rows[o + 12] = c.iterations; rows[o + 13] = c.partA; rows[o + 14] = c.partB;
    rows[o + 15] = c.status === 'converged' ? 0 : c.status === 'max-iterations' ? 1 : 2;
  }
}

/** A touching row's contact into `out` (what the manifolds are built from). */
export function rowContact(out: ContactAnswer, rows: Float64Array, o: number): ContactAnswer {
  out.separation = rows[o + 2];
  out.normal.x = rows[o + 3]; out.normal.y = rows[o + 4]; out.normal.z = rows[o + 5];
  out.pointA.x = rows[o + 6]; out.pointA.y = rows[o + 7]; out.pointA.z = rows[o + 8];
  out.pointB.x = rows[o + 9]; out.pointB.y = rows[o + 10]; out.pointB.z = rows[o + 11];
  // (`| 0`: integers as small integers, not doubles, which would box in fields and keys: V8 rules, CONTRIBUTING.md.)
  out.iterations = rows[o + 12] | 0; out.partA = rows[o + 13] | 0; out.partB = rows[o + 14] | 0;
  out.status = STATUSES[rows[o + 15] | 0];
  return out;
}
