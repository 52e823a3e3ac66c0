/**
 * The part pairs a concave query tests, and a case that times those pairs as convex queries of their own
 * (bench/mesh.bench.ts: "tested pairs alone"), for the issue's "convex–compound queries within 2× of the
 * sum of the part pairs actually tested".
 */
import { BvhNearest, nearestBvh } from '../../src/bvh/bvh-traversal.js';
import {
  closestPoints, computeAabb, contact, createAabb, createClosestPointsResult, createContactResult, distance, tolerance,
  type Box, type Compound, type ContactOptions, type ConvexShape, type TriangleMesh,
} from '../../src/index.js';
import type { Case } from '../harness.js';

type V = { x: number; y: number; z: number };
type Q = { x: number; y: number; z: number; w: number };
export interface PlainPose { position: V; quaternion: Q }
const IDENTITY: PlainPose = { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };

/**
 * The part pairs a concave query tests, found by running its traversal again (bvh/bvh-traversal.ts's
 * `nearestBvh` over the same hierarchy and the same query box, which is what parted-pairs.ts does) with
 * a visitor that records each part and keeps the best answer by the query's own rule (parted-pairs.ts,
 * `betterPart`: a part's answer beyond the best so far is no answer; answers within `tie` of the best tie,
 * and among ties a mesh prefers the answer whose normal is nearest its triangle's face normal, then the
 * lower answer, then the lower part). Also returns the best, to check the replay against the query.
 */
class Replay {
  items: number[] = [];
  value: (item: number) => number = () => NaN;
  /** The tilt of the last answer `value` gave (|n × f| for a mesh triangle's face normal f; 0 for a compound). */
  tilt: (item: number) => number = () => 0;
  tie = 0;
  bestTilt = 0;
  readonly nearest = new BvhNearest();
}

function replayVisit(p: number, r: Replay): void {
  r.items.push(p);
  const d = r.value(p), n = r.nearest;
  if (d > n.distance) return; // (the query's part function proves it beyond the bound and stops)
  const tilt = r.tilt(p);
  const better = n.item < 0 ? true
    : d < n.distance - r.tie ? true
      : tilt !== r.bestTilt ? tilt < r.bestTilt
        : d < n.distance || (d === n.distance && p < n.item);
  if (better) { n.distance = d; n.item = p; r.bestTilt = tilt; }
}

function replay(bvh: TriangleMesh['bvh'], box: Box, pose: PlainPose, bound: number, tie: number, value: (item: number) => number, tilt: (item: number) => number): Replay {
  const aabb = computeAabb(box, pose, createAabb());
  const qbox = new Float64Array([aabb.min.x, aabb.min.y, aabb.min.z, aabb.max.x, aabb.max.y, aabb.max.z]);
  const r = new Replay();
  r.value = value; r.tilt = tilt; r.tie = tie;
  r.nearest.distance = bound;
  nearestBvh(bvh, qbox, replayVisit, r, r.nearest);
  return r;
}

/** The tested part pairs of every query, flattened: query i's are [offset[i], offset[i + 1]). */
export interface TestedPairs { offset: Int32Array; shapes: ConvexShape[]; poses: PlainPose[]; mismatches: number; ties: number; mean: number }

/**
 * Replays the traversal of every query of a contact (`maxDistance` given) or distance (undefined) query
 * of a box against a concave shape at the identity pose (its frame is then the world frame: the query box
 * is the box's world box). `part(p)` is hierarchy item p as a convex shape and its pose. Checks each
 * replay's best against the query's answer and part: `mismatches` counts those that differ, `ties` those
 * that end on another triangle whose answer is within the tie of the query's (the tilt the replay reads
 * from the public query's normal can differ from the query's own in the last bits).
 */
export function testedPairs(
  shape: TriangleMesh | Compound, boxes: Box[], poses: PlainPose[], maxDistance: number | undefined,
  part: (p: number) => { shape: ConvexShape; pose: PlainPose }, reported: (p: number) => number,
): TestedPairs {
  const n = boxes.length, offset = new Int32Array(n + 1), shapes: ConvexShape[] = [], partPoses: PlainPose[] = [];
  const cout = createContactResult(), pout = createContactResult(), cpo = createClosestPointsResult();
  const mesh = shape.kind === 'mesh' ? shape : null;
  // |n × f| / (|n| |f|) for the last answer's normal n and triangle p's face normal f (the mesh at the identity).
  const tilt = (p: number): number => {
    if (!mesh) return 0;
    const v = mesh.vertices, t = mesh.triangles, a = 3 * t[3 * p], b = 3 * t[3 * p + 1], c = 3 * t[3 * p + 2];
    const ux = v[b] - v[a], uy = v[b + 1] - v[a + 1], uz = v[b + 2] - v[a + 2], wx = v[c] - v[a], wy = v[c + 1] - v[a + 1], wz = v[c + 2] - v[a + 2];
    const fx = uy * wz - uz * wy, fy = uz * wx - ux * wz, fz = ux * wy - uy * wx, m = pout.normal;
    const cx = fy * m.z - fz * m.y, cy = fz * m.x - fx * m.z, cz = fx * m.y - fy * m.x;
    const fl = Math.hypot(fx, fy, fz), nl = Math.hypot(m.x, m.y, m.z);
    return fl > 0 && nl > 0 ? Math.hypot(cx, cy, cz) / (fl * nl) : 1;
  };
  let mismatches = 0, ties = 0;
  for (let i = 0; i < n; i++) {
    const value = maxDistance === undefined
      ? (p: number): number => { const x = part(p); return distance(boxes[i], poses[i], x.shape, x.pose); }
      : (p: number): number => { const x = part(p); return contact(boxes[i], poses[i], x.shape, x.pose, pout)!.separation; };
    const c = poses[i].position;
    // parted-pairs.ts's tie: CONTACT_RELATIVE_TOLERANCE of the pair's size (the concave shape at the identity).
    const tie = tolerance.CONTACT_RELATIVE_TOLERANCE * (shape.boundingRadius + boxes[i].boundingRadius + Math.hypot(c.x, c.y, c.z));
    const r = replay(shape.bvh, boxes[i], poses[i], maxDistance ?? Infinity, maxDistance === undefined ? 0 : tie, value, maxDistance === undefined ? () => 0 : tilt);
    offset[i] = shapes.length;
    for (const p of r.items) { const x = part(p); shapes.push(x.shape); partPoses.push(x.pose); }
    if (maxDistance === undefined) {
      // (The part from closestPoints, which reports it; the distance from distance(), the query timed.)
      const d = distance(boxes[i], poses[i], shape, IDENTITY), part = closestPoints(boxes[i], poses[i], shape, IDENTITY, cpo).partB;
      if (d !== (r.nearest.item < 0 ? Infinity : r.nearest.distance) || (r.nearest.item >= 0 && part !== reported(r.nearest.item))) mismatches++;
    } else {
      const res = contact(boxes[i], poses[i], shape, IDENTITY, cout, { maxDistance });
      const same = res === null ? r.nearest.item < 0 : r.nearest.item >= 0 && res.separation === r.nearest.distance && res.partB === reported(r.nearest.item);
      // (A replay that ends on a neighbouring triangle whose answer ties with the query's within `tie`
      // tested the same pairs up to that tie: counted apart.)
      if (!same && res !== null && r.nearest.item >= 0 && Math.abs(res.separation - r.nearest.distance) <= tie) ties++;
      else if (!same) mismatches++;
    }
  }
  offset[n] = shapes.length;
  return { offset, shapes, poses: partPoses, mismatches, ties, mean: shapes.length / n };
}

/** The tested pairs alone: each part pair of a query as a convex query of its own (same options). */
export function testedPairsCase(group: string, t: TestedPairs, boxes: Box[], poses: PlainPose[], maxDistance: number | undefined, what: string): Case {
  const n = boxes.length, off = t.offset, shapes = t.shapes, partPoses = t.poses, out = createContactResult();
  const note = `the same convex query on each ${what} pair the traversal tests (${t.mean.toFixed(1)} a query on average), one after the other: ${maxDistance === undefined ? 'distance(box, pose, part, partPose)' : `contact(box, pose, part, partPose, out, { maxDistance: ${maxDistance} })`}; replays that end on another answer than the query's: ${t.mismatches}${t.ties ? `, and ${t.ties} on a neighbouring triangle whose answer ties with the query's (within an ulp or two)` : ''}`;
  if (maxDistance === undefined) {
    const run = (i: number): number => {
      let s = 0;
      for (let j = off[i]; j < off[i + 1]; j++) s += distance(boxes[i], poses[i], shapes[j], partPoses[j]);
      return s;
    };
    return {
      group, lib: `convex-collide: tested ${what} pairs alone`, cycle: n, note,
      batch(start, count) {
        let sum = 0, k = start % n;
        for (let c = 0; c < count; c++) { sum += run(k); if (++k === n) k = 0; }
        return sum;
      },
    };
  }
  const options: ContactOptions = { maxDistance };
  const run = (i: number): number => {
    let s = 0;
    for (let j = off[i]; j < off[i + 1]; j++) { const r = contact(boxes[i], poses[i], shapes[j], partPoses[j], out, options); if (r !== null) s += r.separation; }
    return s;
  };
  return {
    group, lib: `convex-collide: tested ${what} pairs alone`, cycle: n, note,
    batch(start, count) {
      let sum = 0, k = start % n;
      for (let c = 0; c < count; c++) { sum += run(k); if (++k === n) k = 0; }
      return sum;
    },
  };
}
