/**
 * Pair dispatch: each query family (intersects, distance, closest points, contact) has a table that
 * sends a pair by `(kindA, kindB)` to a specialised pair function when one is registered, and every
 * other pair of convex shapes to the general GJK/EPA path (distance/convex-distance.ts,
 * contact/convex-contact.ts). The scheme is Jolt's CollisionDispatch and parry's QueryDispatcher: one function per unordered pair of kinds, stored in
 * the canonical order of SHAPE_KINDS, and the reversed pair served by one swap wrapper per family
 * (swap the inputs, then flip the answer: negate the normal, swap the points), never by a second copy.
 *
 * Pair functions take the two shapes with their world transforms (already read from the caller's
 * poses and checked), so a function for a compound can call the table again for each of its parts.
 *
 * A shape of a kind no table knows (not a built-in kind, not a support map) ends in
 * UnsupportedPairError naming the query and both kinds; a value that is not a shape at all, in
 * InvalidShapeError naming the argument.
 */
import { describeValue, InvalidShapeError, UnsupportedPairError } from '../../errors.js';
import type { Transform } from '../../math/transform.js';
import type { Vec3Like } from '../../math/types.js';
import { BUILT_IN_KINDS, isLength, isPlaneShape, KIND_INDEX, throwPlaneShape, type ConvexShape, type CustomShape, type Shape, type ShapeKind } from '../../shapes/shape.js';
import { contactConvex } from '../contact/convex-contact.js';
import { closestPointsConvex, distanceConvex, intersectsConvex } from '../distance/convex-distance.js';
import type { EpaOptions } from '../epa/epa.js';
import type { GjkOptions } from '../gjk/gjk.js';
import { closestPointsFamily, contactFamily, distanceFamily, intersectsFamily, type ClosedForm } from '../pairs/closed-form-families.js';
import { contactBoxBox } from '../pairs/contact-box-box.js';
import { contactBoxHull } from '../pairs/contact-box-hull.js';
import { contactCapsuleHull } from '../pairs/contact-capsule-hull.js';
import { contactHullHull } from '../pairs/contact-hull-hull.js';
import { intersectsBoxBox } from '../pairs/intersects-box-box.js';
import { contactPolytopes } from '../pairs/contact-polytopes.js';
import { CLOSED_FORMS } from '../pairs/closed-forms.js';
import { enterUserCode, leaveUserCode, type ContactAnswer, type QueryWork } from './query-work.js';
import type { ClosestPointsResult } from './results.js';

/** Every kind a pair table knows, in canonical order: a pair function is registered for (kindA, kindB) with kindA first. */
export const SHAPE_KINDS: readonly ShapeKind[] = [...BUILT_IN_KINDS, 'custom', 'compound', 'mesh', 'heightField', 'halfSpace'];

/** The convex kinds: the built-in ones and 'custom'. */
const KINDS = BUILT_IN_KINDS.length + 1;
/** Index of a kind no table knows: its row and column hold no function. */
const UNKNOWN = KINDS + 4;
const STRIDE = UNKNOWN + 1;

/**
 * The index of `shape`'s kind in SHAPE_KINDS; UNKNOWN for anything no table knows (a value that is not
 * an object, or an object without a support method). A built-in shape carries its index
 * (KIND_INDEX, shapes/shape.ts): one property load. Kept small, with the rare cases in a function of
 * their own: every public query inlines it twice, and a query that grows past V8's inlining budget is
 * no longer inlined into its caller, which then receives `distance`'s answer as a boxed number (16 bytes
 * per query; CONTRIBUTING.md, "V8 rules", rule 2).
 */
export function kindIndex(shape: Shape): number {
  // `!= null`: reading a symbol off any other primitive gives undefined, as off an object without it.
  const i = shape != null ? (shape as { [KIND_INDEX]?: number })[KIND_INDEX] : undefined;
  return i !== undefined ? i : otherKindIndex(shape);
}

/**
 * kindIndex of anything but a built-in shape: a user's own support map (any object with a support
 * method, whatever its `kind` says: a shape of another copy of this library is one too) is custom; an
 * object without one is of a kind no table knows; anything else is not a shape.
 */
function otherKindIndex(shape: Shape): number {
  if (typeof shape !== 'object' || shape === null) return UNKNOWN;
  const map = shape as Partial<CustomShape>;
  if (typeof map.support !== 'function' || isPlaneShape(shape)) return UNKNOWN;
  // A user's radii are read by every query: a string would concatenate, a NaN poison the answer.
  return isLength(map.sweptRadius) && isLength(map.boundingRadius) ? KINDS - 1 : UNKNOWN;
}

/**
 * Throws the InvalidShapeError that says why `value` (named `field`) is not a shape the queries take,
 * when it is not: not an object, or a support map with a bad radius. Returns when it is an object that
 * is simply of a kind no table knows.
 */
export function explainNotShape(field: string, value: unknown): void {
  if (typeof value !== 'object' || value === null) {
    throw new InvalidShapeError(field, `is ${value === null ? 'null' : typeof value}; expected a shape object`);
  }
  const s = value as Partial<CustomShape>;
  if (isPlaneShape(value)) throwPlaneShape(field, value);
  if (typeof s.support === 'function' && (s as { [KIND_INDEX]?: number })[KIND_INDEX] === undefined) {
    for (const key of ['sweptRadius', 'boundingRadius'] as const) {
      const r: unknown = s[key];
      if (!isLength(r)) {
        throw new InvalidShapeError(`${field}.${key}`, `is ${describeValue(r)}; expected a finite number >= 0`);
      }
    }
  }
}


/** Whether `shape` is a convex shape the queries know: a built-in one, or a user's own support map. */
export function isConvexShape(shape: Shape): shape is ConvexShape {
  return kindIndex(shape) < KINDS;
}

/**
 * A pair table of one query family. `F` is the family's pair function type; `swap` turns a function for
 * (kindA, kindB) into one for (kindB, kindA).
 */
export class PairTable<F> {
  private readonly fns: (F | undefined)[];

  /**
   * @param query the public query's name, for messages.
   * @param convex the general function every pair of convex kinds falls back to.
   * @param swap the family's swap wrapper.
   */
  constructor(readonly query: string, private readonly convex: F, private readonly swap: (fn: F, general?: F) => F, guard: (fn: F) => F) {
    this.fns = new Array<F | undefined>(STRIDE * STRIDE).fill(undefined);
    // Pairs with a shape of the user's own run user code, which may query: their entries are guarded
    // (query-work.ts, enterUserCode).
    const guarded = guard(convex);
    for (let i = 0; i < KINDS; i++) {
      for (let j = 0; j < KINDS; j++) this.fns[i * STRIDE + j] = i === KINDS - 1 || j === KINDS - 1 ? guarded : convex;
    }
  }

  /**
   * Registers `fn` for the pair (kindA, kindB), which must be in canonical order (kindA not after kindB
   * in SHAPE_KINDS); the reversed pair gets the swap wrapper of `fn` (for two convex kinds, a traced query
   * there runs the general function in the order asked, so that its steps are those of A − B as given).
   * @throws RangeError for an unknown kind or a pair out of canonical order (a programming error).
   */
  register(kindA: ShapeKind, kindB: ShapeKind, fn: F): void {
    const i = SHAPE_KINDS.indexOf(kindA), j = SHAPE_KINDS.indexOf(kindB);
    if (i < 0 || j < 0) throw new RangeError(`${this.query}: unknown kind in (${kindA}, ${kindB})`);
    if (i > j) throw new RangeError(`${this.query}: register (${kindB}, ${kindA}) in canonical order, not (${kindA}, ${kindB})`);
    this.fns[i * STRIDE + j] = fn;
    // (The general function takes convex shapes only: a compound's or mesh's pair keeps its own either way.)
    if (i !== j) this.fns[j * STRIDE + i] = i < KINDS && j < KINDS ? this.swap(fn, this.convex) : this.swap(fn);
  }

  /**
   * The pair function for `a` and `b` (`a` first).
   * @throws InvalidShapeError when `a` or `b` is not an object.
   * @throws UnsupportedPairError when no function answers this pair of kinds.
   */
  find(a: Shape, b: Shape): F {
    const fn = this.fns[kindIndex(a) * STRIDE + kindIndex(b)];
    if (fn === undefined) throwNoPairFunction(this.query, a, b);
    return fn;
  }
}

/** Why `find` has no function: `a` or `b` is not an object, or no function answers their kinds. */
export function throwNoPairFunction(query: string, a: Shape, b: Shape): never {
  explainNotShape('a', a);
  explainNotShape('b', b);
  const kindOf = (s: Shape): string => {
    const k: unknown = (s as { kind?: unknown }).kind;
    return typeof k === 'string' ? `"${k.length > 40 ? `${k.slice(0, 40)}…` : k}"` : k === undefined ? 'custom' : typeof k;
  };
  // Two kinds the dispatcher knows (a compound, say) that this query does not take yet, or a kind unknown.
  if (kindIndex(a) < UNKNOWN && kindIndex(b) < UNKNOWN) {
    throw new UnsupportedPairError(`${query}: no pair function for kinds ${kindOf(a)} and ${kindOf(b)}; ${query} takes convex shapes only (so far)`);
  }
  throw new UnsupportedPairError(
    `${query}: no pair function for kinds ${kindOf(a)} and ${kindOf(b)}; expected built-in shapes (${SHAPE_KINDS.filter((k) => k !== 'custom').join(', ')}) `
    + 'or a convex shape of your own (kind "custom" or none, with a support method)',
  );
}

// ---------------------------------------------------------------------------------------------------
// The families: their pair function types, swap wrappers and tables.

/** Do `a` at `tA` and `b` at `tB` share a point? */
export type IntersectsPairFunction =
  (work: QueryWork, a: Shape, tA: Transform, b: Shape, tB: Transform, options: GjkOptions | undefined) => boolean;
/** Their distance into `work.distance` (0 when touching or overlapping). */
export type DistancePairFunction =
  (work: QueryWork, a: Shape, tA: Transform, b: Shape, tB: Transform, options: GjkOptions | undefined) => void;
/** Distance, closest points and normal (A to B) into `out`, world space. */
export type ClosestPointsPairFunction =
  (work: QueryWork, a: Shape, tA: Transform, b: Shape, tB: Transform, out: ClosestPointsResult, options: GjkOptions | undefined) => void;
/**
 * Signed contact into `work.contact`, world space, normal from A to B, for pairs within
 * `work.maxSeparation` (or touching, with `work.touchingOnly`); false when proved beyond it.
 */
export type ContactPairFunction =
  (work: QueryWork, a: Shape, tA: Transform, b: Shape, tB: Transform, options: (GjkOptions & EpaOptions) | undefined) => boolean;

/**
 * Swaps the two points and negates the normal: an answer for (B, A) made one for (A, B). Negated as
 * 0 − x, which is −x for every other x but gives +0 for a zero component, never −0: the answer for
 * (A, B) does not depend on which order the table's function takes its kinds in.
 */
function flipAnswer(pointA: Vec3Like, pointB: Vec3Like, normal: Vec3Like): void {
  const x = pointA.x, y = pointA.y, z = pointA.z;
  pointA.x = pointB.x; pointA.y = pointB.y; pointA.z = pointB.z;
  pointB.x = x; pointB.y = y; pointB.z = z;
  normal.x = 0 - normal.x; normal.y = 0 - normal.y; normal.z = 0 - normal.z;
}

export const swapIntersects = (fn: IntersectsPairFunction, general?: IntersectsPairFunction): IntersectsPairFunction =>
  (work, a, tA, b, tB, options) => (options?.trace !== undefined && general !== undefined ? general(work, a, tA, b, tB, options) : fn(work, b, tB, a, tA, options));

export const swapDistance = (fn: DistancePairFunction, general?: DistancePairFunction): DistancePairFunction =>
  (work, a, tA, b, tB, options) => {
    if (options?.trace !== undefined && general !== undefined) { general(work, a, tA, b, tB, options); return; }
    fn(work, b, tB, a, tA, options);
    const p = work.distancePartA; work.distancePartA = work.distancePartB; work.distancePartB = p;
  };

export const swapClosestPoints = (fn: ClosestPointsPairFunction, general?: ClosestPointsPairFunction): ClosestPointsPairFunction =>
  (work, a, tA, b, tB, out, options) => {
    if (options?.trace !== undefined && general !== undefined) { general(work, a, tA, b, tB, out, options); return; }
    fn(work, b, tB, a, tA, out, options);
    flipAnswer(out.pointA, out.pointB, out.normal);
    const p = work.distancePartA; work.distancePartA = work.distancePartB; work.distancePartB = p;
  };

/** (With `general`, a traced query runs it in the order asked: PairTable.register.) */
export const swapContact = (fn: ContactPairFunction, general?: ContactPairFunction): ContactPairFunction =>
  (work, a, tA, b, tB, options) => {
    if (options?.trace !== undefined && general !== undefined) return general(work, a, tA, b, tB, options);
    if (!fn(work, b, tB, a, tA, options)) return false;
    const c: ContactAnswer = work.contact;
    flipAnswer(c.pointA, c.pointB, c.normal);
    const p = c.partA; c.partA = c.partB; c.partB = p;
    return true;
  };

// The guards of each family: the pair function between enterUserCode and leaveUserCode.
const guardIntersects = (fn: IntersectsPairFunction): IntersectsPairFunction => (work, a, tA, b, tB, options) => {
  enterUserCode();
  try { return fn(work, a, tA, b, tB, options); } finally { leaveUserCode(); }
};
const guardDistance = (fn: DistancePairFunction): DistancePairFunction => (work, a, tA, b, tB, options) => {
  enterUserCode();
  try { fn(work, a, tA, b, tB, options); } finally { leaveUserCode(); }
};
const guardClosestPoints = (fn: ClosestPointsPairFunction): ClosestPointsPairFunction => (work, a, tA, b, tB, out, options) => {
  enterUserCode();
  try { fn(work, a, tA, b, tB, out, options); } finally { leaveUserCode(); }
};
const guardContact = (fn: ContactPairFunction): ContactPairFunction => (work, a, tA, b, tB, options) => {
  enterUserCode();
  try { return fn(work, a, tA, b, tB, options); } finally { leaveUserCode(); }
};

/** `table` with every closed form's function of its family, made by `build` (closed-form-families.ts). */
function withClosedForms<F>(table: PairTable<F>, build: (form: ClosedForm) => F): PairTable<F> {
  for (const form of CLOSED_FORMS) table.register(form.kinds[0], form.kinds[1], build(form));
  return table;
}

// The general functions take convex shapes: the tables send them only pairs of convex kinds.
/** Two boxes by separating axes (pairs/intersects-box-box.ts). */
export const INTERSECTS = /* @__PURE__ */ withIntersectsPairs(/* @__PURE__ */ withClosedForms(/* @__PURE__ */ new PairTable<IntersectsPairFunction>('intersects', intersectsConvex as IntersectsPairFunction, swapIntersects, guardIntersects), intersectsFamily));

function withIntersectsPairs(table: PairTable<IntersectsPairFunction>): PairTable<IntersectsPairFunction> {
  table.register('box', 'box', intersectsBoxBox);
  return table;
}
export const DISTANCE = /* @__PURE__ */ withClosedForms(/* @__PURE__ */ new PairTable<DistancePairFunction>('distance', distanceConvex as DistancePairFunction, swapDistance, guardDistance), distanceFamily);
export const CLOSEST_POINTS = /* @__PURE__ */ withClosedForms(/* @__PURE__ */ new PairTable<ClosestPointsPairFunction>('closestPoints', closestPointsConvex as ClosestPointsPairFunction, swapClosestPoints, guardClosestPoints), closestPointsFamily);
/**
 * Shared by `penetration` and `contact`; two boxes (pairs/contact-box-box.ts), a capsule's core in a hull
 * (pairs/contact-capsule-hull.ts), a box and a hull (pairs/contact-box-hull.ts), two hulls
 * (pairs/contact-hull-hull.ts) and a triangle and a polytope (pairs/contact-polytopes.ts) by separating axes.
 */
export const CONTACT = /* @__PURE__ */ withContactPairs(/* @__PURE__ */ withClosedForms(/* @__PURE__ */ new PairTable<ContactPairFunction>('contact', contactConvex as ContactPairFunction, swapContact, guardContact), contactFamily));

function withContactPairs(table: PairTable<ContactPairFunction>): PairTable<ContactPairFunction> {
  table.register('box', 'box', contactBoxBox);
  table.register('segment', 'convexHull', contactCapsuleHull);
  table.register('capsule', 'convexHull', contactCapsuleHull);
  table.register('triangle', 'box', contactPolytopes);
  table.register('triangle', 'convexHull', contactPolytopes);
  table.register('box', 'convexHull', contactBoxHull);
  table.register('convexHull', 'convexHull', contactHullHull);
  return table;
}
