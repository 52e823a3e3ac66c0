// The shape menu: for each kind of the library's shapes, the fields the panel shows and a default.
// The panel edits a shape through its JSON form (the pair-query file's SHAPE format) and builds it with
// the library's own `shapeFromJSON`, so whatever a file can hold, the menu can edit.
import type { ShapeKind } from 'convex-collide';
import type { ShapeJSON } from 'convex-collide/format';

/** One editable field of a shape's JSON form. */
export type Field =
  | { readonly key: string; readonly label: string; readonly type: 'number'; readonly min?: number }
  | { readonly key: string; readonly label: string; readonly type: 'vec3'; readonly min?: number }
  | { readonly key: string; readonly label: string; readonly type: 'json' };

export interface ShapeMenuEntry {
  readonly kind: ShapeKind;
  readonly label: string;
  readonly fields: readonly Field[];
  readonly defaults: ShapeJSON;
}

export const SHAPE_MENU: readonly ShapeMenuEntry[] = [
  { kind: 'point', label: 'Point', fields: [], defaults: { type: 'point' } },
  {
    kind: 'segment', label: 'Segment',
    fields: [{ key: 'a', label: 'a', type: 'vec3' }, { key: 'b', label: 'b', type: 'vec3' }],
    defaults: { type: 'segment', a: [-0.5, -0.2, 0], b: [0.5, 0.2, 0] },
  },
  {
    kind: 'triangle', label: 'Triangle',
    fields: [{ key: 'a', label: 'a', type: 'vec3' }, { key: 'b', label: 'b', type: 'vec3' }, { key: 'c', label: 'c', type: 'vec3' }],
    defaults: { type: 'triangle', a: [-0.5, -0.4, 0], b: [0.5, -0.4, 0.1], c: [0, 0.5, -0.1] },
  },
  {
    kind: 'sphere', label: 'Sphere',
    fields: [{ key: 'radius', label: 'radius', type: 'number', min: 0 }],
    defaults: { type: 'sphere', radius: 0.5 },
  },
  {
    kind: 'box', label: 'Box',
    fields: [{ key: 'halfExtents', label: 'half extents', type: 'vec3', min: 0 }],
    defaults: { type: 'box', halfExtents: [0.5, 0.5, 0.5] },
  },
  {
    kind: 'capsule', label: 'Capsule',
    fields: [{ key: 'halfHeight', label: 'half height', type: 'number', min: 0 }, { key: 'radius', label: 'radius', type: 'number', min: 0 }],
    defaults: { type: 'capsule', halfHeight: 0.4, radius: 0.3 },
  },
  {
    kind: 'cylinder', label: 'Cylinder',
    fields: [{ key: 'halfHeight', label: 'half height', type: 'number', min: 0 }, { key: 'radius', label: 'radius', type: 'number', min: 0 }],
    defaults: { type: 'cylinder', halfHeight: 0.4, radius: 0.4 },
  },
  {
    kind: 'cone', label: 'Cone',
    fields: [{ key: 'halfHeight', label: 'half height', type: 'number', min: 0 }, { key: 'radius', label: 'radius', type: 'number', min: 0 }],
    defaults: { type: 'cone', halfHeight: 0.5, radius: 0.4 },
  },
  {
    kind: 'ellipsoid', label: 'Ellipsoid',
    fields: [{ key: 'radii', label: 'radii', type: 'vec3', min: 0 }],
    defaults: { type: 'ellipsoid', radii: [0.6, 0.4, 0.3] },
  },
  {
    kind: 'convexHull', label: 'Convex hull',
    fields: [{ key: 'points', label: 'points', type: 'json' }],
    defaults: {
      type: 'convexHull',
      points: [[0.5, 0, 0], [-0.4, 0.1, 0.1], [0, 0.55, 0], [0.1, -0.45, 0.2], [0.1, 0, 0.5], [0, 0.1, -0.5], [-0.2, -0.3, -0.3]],
    },
  },
  {
    kind: 'rounded', label: 'Rounded',
    fields: [{ key: 'shape', label: 'shape', type: 'json' }, { key: 'radius', label: 'radius', type: 'number', min: 0 }],
    defaults: { type: 'rounded', shape: { type: 'box', halfExtents: [0.35, 0.2, 0.2] }, radius: 0.15 },
  },
  {
    kind: 'minkowskiSum', label: 'Minkowski sum',
    fields: [{ key: 'a', label: 'a', type: 'json' }, { key: 'b', label: 'b', type: 'json' }],
    defaults: {
      type: 'minkowskiSum',
      a: { type: 'cone', halfHeight: 0.35, radius: 0.3 },
      b: { type: 'segment', a: [-0.25, 0, 0], b: [0.25, 0, 0] },
    },
  },
];

export function menuEntry(kind: string): ShapeMenuEntry | undefined {
  return SHAPE_MENU.find((e) => e.kind === kind);
}
