/**
 * The plane world's kept manifolds (`new CollisionWorld2({ manifolds: true })`): a manifold record and a
 * ManifoldCache (manifold-cache2.ts: the last answer, a stable reference edge) per pair record, refreshed
 * with the pair's contact by each update that queries it. The objects belong to record positions, not
 * pairs: when the pair set moves its last record into a removed one's place, the two positions swap
 * objects, so the removed pair's objects wait past the end for the next new record (which resets its
 * cache). Objects are made once per position: an update allocates nothing once the pairs have grown.
 */
import { contactAndManifoldFrom, createManifold, type Manifold } from '../manifold2.js';
import type { ContactResult } from '../results2.js';
import { ManifoldCache } from '../manifold-cache2.js';
import type { Pose2Like } from '../types.js';
import type { Shape2 } from '../shapes/shape2.js';

export class KeptManifolds2 {
  private readonly records: Manifold[] = [];
  private readonly caches: ManifoldCache[] = [];
  /** Whether a record position holds this pair's manifold (0: none within the margin). */
  private has = new Uint8Array(64);
  constructor(private readonly margin: number) {}

  /** Record r is a new pair: its position's cache (if any) forgets the last pair. */
  reset(r: number): void {
    if (r < this.caches.length) this.caches[r].reset();
    if (r < this.has.length) this.has[r] = 0;
  }

  /**
   * Record r's contact into `contactOut` (contactFrom's answer, the bodies' transforms in pairWork()) and,
   * within the margin, its manifold: the 2D `contactManifold` with the pair's cache and a cold GJK start,
   * built on that contact (manifold2.ts, contactAndManifoldFrom: no second contact query).
   */
  contact(r: number, a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, contactOut: ContactResult): ContactResult {
    while (this.records.length <= r) { this.records.push(createManifold()); this.caches.push(new ManifoldCache()); }
    if (r >= this.has.length) { const h = new Uint8Array(Math.max(r + 1, 2 * this.has.length)); h.set(this.has); this.has = h; }
    this.has[r] = contactAndManifoldFrom(a, poseA, b, poseB, contactOut, this.records[r], this.margin, this.caches[r]) ? 1 : 0;
    return contactOut;
  }

  /** Record r's pair is beyond the margin (answered without `contact`): it has no manifold. */
  clear(r: number): void {
    if (r < this.has.length) this.has[r] = 0;
  }

  /** Record r's manifold copied into `out`, or null when its pair has none within the margin. */
  read(r: number, out: Manifold): Manifold | null {
    if (r >= this.has.length || this.has[r] === 0) return null;
    return copyManifold2(this.records[r], out);
  }

  /** The pair set moved record `from` into `to`: the positions swap their objects. */
  move(from: number, to: number): void {
    // Positions fill from 0 and to < from, so `to` has objects whenever `from` has.
    if (from >= this.records.length) return;
    const m = this.records[to]; this.records[to] = this.records[from]; this.records[from] = m;
    const c = this.caches[to]; this.caches[to] = this.caches[from]; this.caches[from] = c;
    this.has[to] = this.has[from];
  }
}

/** A 2D manifold copied into `out` (its feature records' fields, not the records). */
export function copyManifold2(m: Manifold, out: Manifold): Manifold {
  out.normal.x = m.normal.x; out.normal.y = m.normal.y;
  out.count = m.count; out.status = m.status; out.iterations = m.iterations;
  for (let i = 0; i < m.count; i++) {
    const p = m.points[i], q = out.points[i];
    q.pointA.x = p.pointA.x; q.pointA.y = p.pointA.y; q.pointB.x = p.pointB.x; q.pointB.y = p.pointB.y;
    q.separation = p.separation; q.id = p.id;
    q.featureA.type = p.featureA.type; q.featureA.index = p.featureA.index;
    q.featureB.type = p.featureB.type; q.featureB.index = p.featureB.index;
  }
  return out;
}
