/**
 * The specialised pair functions every family's table starts with (dispatch.ts registers them): exact
 * closed forms for the pairs users have most, each with its four families (intersects, distance,
 * closest points, contact) in one file named for the pair. Every other pair of convex kinds takes the
 * general GJK/EPA path, which is also the oracle these are tested against.
 */
import type { ShapeKind } from '../../shapes/shape.js';
import { SPHERE_BOX } from './sphere-box.js';
import type { PairFunctions } from './closed-form-families.js';
import { SWEPT_SEGMENT_KINDS, SWEPT_SEGMENTS } from './swept-segments.js';

/** (kindA, kindB, functions), kindA not after kindB in the tables' canonical order. */
export const CLOSED_FORMS: readonly (readonly [ShapeKind, ShapeKind, PairFunctions])[] = [
  // Every pair of point, segment, sphere, capsule (listed in canonical order, so i ≤ j is canonical).
  ...SWEPT_SEGMENT_KINDS.flatMap((ka, i) => SWEPT_SEGMENT_KINDS.slice(i).map((kb) => [ka, kb, SWEPT_SEGMENTS] as const)),
  ['point', 'box', SPHERE_BOX],
  ['sphere', 'box', SPHERE_BOX],
];
