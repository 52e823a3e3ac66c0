/**
 * The closed-form pairs every family's table starts with (dispatch.ts registers them, each family's
 * function built by closed-form-families.ts): exact closed forms for the pairs users have most, one file
 * per pair of kinds (or family of kinds) holding its kernel. Every other pair of convex kinds takes the
 * general GJK/EPA path, which is also the oracle these are tested against.
 */
import type { ClosedForm } from './closed-form-families.js';
import { SEGMENT_BOX } from './segment-box.js';
import { SEGMENT_TRIANGLE } from './segment-triangle.js';
import { SPHERE_BOX } from './sphere-box.js';
import { SPHERE_HULL } from './sphere-hull.js';
import { SWEPT_SEGMENTS } from './swept-segments.js';

export const CLOSED_FORMS: readonly ClosedForm[] = [...SWEPT_SEGMENTS, ...SPHERE_BOX, ...SPHERE_HULL, ...SEGMENT_BOX, ...SEGMENT_TRIANGLE];
