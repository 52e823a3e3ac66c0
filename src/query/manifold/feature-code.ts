/**
 * Feature codes: which vertex, edge or face of a shape a contact point comes from, packed in one integer
 * so that a manifold point's id is a number and nothing is allocated to name a feature.
 *
 *   code = index · 8 + type + (CURVED if the feature is on a rounded or curved surface)
 *
 * `type` is VERTEX, EDGE or FACE (NONE for a shape without such features). A feature of the core of a
 * rounded shape (a capsule's segment, a rounded box's edges and corners) keeps its core type and index,
 * so that the id still tells two points apart and stays stable from frame to frame, but carries CURVED:
 * the surface there is round, and the public feature says `'none'`. A rounded shape's flat faces stay
 * faces. Indices are counted within the shape: see docs/manifolds.md for each kind's numbering.
 */

export const NONE = 0;
export const VERTEX = 1;
export const EDGE = 2;
export const FACE = 3;
/** Added to a code whose feature lies on a curved surface (reported as 'none'). */
export const CURVED = 4;

/** The type names of the public Feature record, by type. */
export type FeatureType = 'none' | 'vertex' | 'edge' | 'face';
const TYPE_NAMES: readonly FeatureType[] = ['none', 'vertex', 'edge', 'face'];
const LETTERS = ['', 'v', 'e', 'f'];

export function featureCode(type: number, index: number): number {
  return index * 8 + type;
}

export function curvedCode(type: number, index: number): number {
  return index * 8 + type + CURVED;
}

/** The code with CURVED added: the same feature of a core, now under a radius. */
export function curved(code: number): number {
  return (code & CURVED) !== 0 ? code : code + CURVED;
}

/** The public type of a code: 'none' for curved features. */
export function codeType(code: number): FeatureType {
  return (code & CURVED) !== 0 ? 'none' : TYPE_NAMES[code & 3];
}

/** The public index of a code: −1 for 'none'. */
export function codeIndex(code: number): number {
  return (code & CURVED) !== 0 || (code & 3) === NONE ? -1 : Math.floor(code / 8);
}

/** The conformance format's name of a code: "v3", "e5", "f2", or "" for none. */
export function codeName(code: number): string {
  const t = (code & CURVED) !== 0 ? NONE : code & 3;
  return t === NONE ? '' : LETTERS[t] + String(Math.floor(code / 8));
}

/**
 * The id of a point from the feature pair: exact for codes below 2^26 (indices below 2^23, about 8
 * million features per shape; above that two ids may coincide, which only costs a warm start).
 */
export function pairId(codeA: number, codeB: number): number {
  return (codeA % 0x4000000) * 0x4000000 + (codeB % 0x4000000);
}
