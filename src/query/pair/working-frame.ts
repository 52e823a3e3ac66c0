/**
 * The frame a pair's general path (GJK, EPA) runs in. Every pairwise algorithm runs in one shape's local
 * frame (STYLE §4), into which the other shape's points are carried by a rotation and a translation, each
 * rounded to ε of its magnitude. A shape 10^9 long carried into a small shape's frame has its vertices
 * moved by 10^-7 of rounding, and its faces' planes, read 10^9 from their corners, tilted far enough to
 * move a contact by 0.1 (test/query/long-shapes.test.ts); in its own frame its vertices are exact, and only
 * the small shape's points are rounded, at its own size. So the general path runs in the larger shape's
 * frame: B's, when B's bounding radius is more than LARGER_FRAME_RATIO times A's, the answer turned back
 * (normal negated, witnesses exchanged), the warm-start cache carried across, and a traced query's steps
 * turned into A's frame, the one they are documented in (trace.ts).
 */
import type { Transform } from '../../math/transform.js';
import type { Vec3Like } from '../../math/types.js';
import type { ConvexShape } from '../../shapes/shape.js';
import { LARGER_FRAME_RATIO } from '../../tolerance.js';
import type { GjkCache, GjkOptions } from '../gjk/gjk.js';
import type { TraceCallback, TraceStep } from './trace.js';

/** (tolerance.ts says why its value; copied: V8 rule 4, CONTRIBUTING.md.) */
const RATIO = LARGER_FRAME_RATIO;

/**
 * Whether the pair's general path runs in B's frame (the pair exchanged). (Only the radii: this is inlined
 * into every general query, whose inlined size V8 bounds; CONTRIBUTING.md, "V8 rules".)
 */
export function runsInB(a: ConvexShape, b: ConvexShape): boolean {
  return b.boundingRadius > RATIO * a.boundingRadius;
}

/**
 * The warm-start cache's direction, GJK's closest point of A − B in A's frame (at `from`), as the exchanged
 * pair's, B − A in B's frame (at `to`); the same call with the transforms exchanged carries it back.
 */
export function carryCache(options: GjkOptions | undefined, from: Transform, to: Transform): void {
  const cache: GjkCache | undefined = options?.cache;
  if (cache !== undefined && cache.valid) exchangeVector(cache, from, to);
}

/**
 * A difference vector of one pair (a Minkowski point A − B, or a direction of it) in the frame at `from`, as
 * the exchanged pair's (B − A) in the frame at `to`, in place: −R_toᵀ·R_from·v.
 */
function exchangeVector(v: Vec3Like, from: Transform, to: Transform): void {
  const x = v.x, y = v.y, z = v.z;
  const wx = from.m00 * x + from.m01 * y + from.m02 * z;
  const wy = from.m10 * x + from.m11 * y + from.m12 * z;
  const wz = from.m20 * x + from.m21 * y + from.m22 * z;
  v.x = -(to.m00 * wx + to.m10 * wy + to.m20 * wz);
  v.y = -(to.m01 * wx + to.m11 * wy + to.m21 * wz);
  v.z = -(to.m02 * wx + to.m12 * wy + to.m22 * wz);
}

/** An exchanged pair's answer turned back: its witnesses exchanged, its normal (from its A into its B) negated. */
export function exchangeWitnesses(pointA: Vec3Like, pointB: Vec3Like, normal: Vec3Like): void {
  const x = pointA.x, y = pointA.y, z = pointA.z;
  pointA.x = pointB.x; pointA.y = pointB.y; pointA.z = pointB.z;
  pointB.x = x; pointB.y = y; pointB.z = z;
  normal.x = 0 - normal.x; normal.y = 0 - normal.y; normal.z = 0 - normal.z;
}

/**
 * The options of the exchanged pair's query: `options` itself, or for a traced query a copy whose trace
 * turns each step back into A's frame (the exchanged pair's Minkowski points are B − A in B's frame: A − B in
 * A's is their negation turned by R_Aᵀ·R_B; a face's corners are listed in reverse, the negation being a
 * reflection) before the caller's callback sees it. Only traced queries allocate.
 */
export function exchangedOptions<O extends GjkOptions>(options: O | undefined, tA: Transform, tB: Transform): O | undefined {
  // (The closures in a function of their own: V8 makes a function's closure context on entry, 40 bytes a
  // query even untraced.)
  return options?.trace === undefined ? options : tracedInA(options, options.trace, tA, tB);
}

/** exchangedOptions of a traced query. */
function tracedInA<O extends GjkOptions>(options: O, trace: TraceCallback, tA: Transform, tB: Transform): O {
  const turn = (v: Vec3Like): void => exchangeVector(v, tB, tA);
  return {
    ...options,
    trace(step: TraceStep): void { // (O's own fields, with `trace` replaced: still an O)
      turn(step.support);
      if (step.algorithm === 'gjk') {
        turn(step.direction); turn(step.closest);
        for (const p of step.simplex) turn(p);
      } else {
        turn(step.normal);
        for (const f of step.faces) { turn(f[0]); turn(f[1]); turn(f[2]); const c = f[1]; f[1] = f[2]; f[2] = c; }
      }
      trace(step);
    },
  } as O;
}
