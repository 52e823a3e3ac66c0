// The compounds and meshes the shape menu offers, as plain data: each compound's parts (in the JSON SHAPE
// format, with a pose in the compound's frame and a name for the panel) and the two meshes' parameters.
// No imports, so that the explorer's end-to-end test (test/e2e/explorer-concave.e2e.ts) builds the very
// same shapes in its own process and compares the page's answers with the library's there.
//
// Sizes suit the default scene (a unit cube and a sphere of radius 0.5): each preset spans about one unit,
// except the terrain, which is a floor to put things on.

/** A convex part's shape, in the JSON SHAPE format (a subset of ShapeJSON). */
export type PartShapeJSON =
  | { type: 'box'; halfExtents: [number, number, number] }
  | { type: 'cylinder'; halfHeight: number; radius: number };

export interface PartSpec {
  /** What the panel calls the part ("leg 3"). */
  readonly name: string;
  readonly shape: PartShapeJSON;
  /** The part's pose in the compound's frame. */
  readonly position: readonly [number, number, number];
  readonly quaternion: readonly [number, number, number, number];
}

export interface CompoundPreset {
  readonly kind: 'compound';
  readonly id: string;
  readonly label: string;
  readonly parts: readonly PartSpec[];
}

/** three.js's TorusKnotGeometry, with these arguments. */
export interface TorusKnotPreset {
  readonly kind: 'mesh';
  readonly id: 'torus-knot';
  readonly label: string;
  readonly knot: { readonly radius: number; readonly tube: number; readonly tubularSegments: number; readonly radialSegments: number; readonly p: number; readonly q: number };
}

/** A height field over a square grid in the xz plane, centred on the origin: see `terrainGrid`. */
export interface TerrainPreset {
  readonly kind: 'mesh';
  readonly id: 'terrain';
  readonly label: string;
  /** Side of the square (length) and cells along each side (two triangles a cell). */
  readonly size: number;
  readonly cells: number;
}

export type ConcavePreset = CompoundPreset | TorusKnotPreset | TerrainPreset;

const IDENTITY = [0, 0, 0, 1] as const;
/** The rotation by `degrees` about x, as [x, y, z, w]. */
const aboutX = (degrees: number): [number, number, number, number] => {
  const h = (degrees * Math.PI) / 360;
  return [Math.sin(h), 0, 0, Math.cos(h)];
};

const box = (hx: number, hy: number, hz: number): PartShapeJSON => ({ type: 'box', halfExtents: [hx, hy, hz] });

/** A table: a top on four square legs, standing on y = −0.5. */
const TABLE: CompoundPreset = {
  kind: 'compound', id: 'table', label: 'Table (5 boxes)',
  parts: [
    { name: 'top', shape: box(0.6, 0.04, 0.4), position: [0, 0.26, 0], quaternion: IDENTITY },
    ...([[1, 1], [-1, 1], [-1, -1], [1, -1]] as const).map(([sx, sz], i): PartSpec => ({
      name: `leg ${i + 1}`, shape: box(0.04, 0.36, 0.04), position: [0.52 * sx, -0.14, 0.32 * sz], quaternion: IDENTITY,
    })),
  ],
};

/** An L: a foot along x and an upright at its −x end, touching along a face. */
const L_SHAPE: CompoundPreset = {
  kind: 'compound', id: 'l-shape', label: 'L-shape (2 boxes)',
  parts: [
    { name: 'foot', shape: box(0.5, 0.15, 0.3), position: [0, -0.35, 0], quaternion: IDENTITY },
    { name: 'upright', shape: box(0.15, 0.35, 0.3), position: [-0.35, 0.15, 0], quaternion: IDENTITY },
  ],
};

/** A chair: a seat on four round legs, and a back leaning 10° backwards (towards −z). */
const CHAIR: CompoundPreset = {
  kind: 'compound', id: 'chair', label: 'Chair (boxes, cylinders)',
  parts: [
    { name: 'seat', shape: box(0.3, 0.04, 0.3), position: [0, 0, 0], quaternion: IDENTITY },
    ...([[1, 1], [-1, 1], [-1, -1], [1, -1]] as const).map(([sx, sz], i): PartSpec => ({
      name: `leg ${i + 1}`, shape: { type: 'cylinder', halfHeight: 0.23, radius: 0.035 }, position: [0.25 * sx, -0.27, 0.25 * sz], quaternion: IDENTITY,
    })),
    { name: 'back', shape: box(0.3, 0.28, 0.03), position: [0, 0.31, -0.3], quaternion: aboutX(-10) },
  ],
};

/** 128 × 12 × 2 = 3,072 triangles: a few thousand, and still a smooth drag in a software renderer. */
const TORUS_KNOT: TorusKnotPreset = {
  kind: 'mesh', id: 'torus-knot', label: 'Torus knot (3,072 triangles)',
  knot: { radius: 0.45, tube: 0.14, tubularSegments: 128, radialSegments: 12, p: 2, q: 3 },
};

/** 32 × 32 cells × 2 = 2,048 triangles over a 3.2-wide square. */
const TERRAIN: TerrainPreset = { kind: 'mesh', id: 'terrain', label: 'Terrain (2,048 triangles)', size: 3.2, cells: 32 };

export const CONCAVE_PRESETS: readonly ConcavePreset[] = [TABLE, L_SHAPE, CHAIR, TORUS_KNOT, TERRAIN];

export function concavePreset(id: string): ConcavePreset | undefined {
  return CONCAVE_PRESETS.find((p) => p.id === id);
}

/** The terrain's height at (x, z): two gentle waves and a ripple, within ±0.4 of y = 0. */
export function terrainHeight(x: number, z: number): number {
  return 0.22 * Math.sin(1.6 * x + 0.3) * Math.cos(1.2 * z) + 0.1 * Math.sin(2.3 * z - 1.1 * x) + 0.05 * Math.cos(4.1 * x + 3.7 * z);
}

/**
 * The terrain's vertices (x, y, z flat) and triangles (three indices each): (cells + 1)² grid points at
 * their heights, each cell cut into two triangles along its diagonal, counter-clockwise seen from above.
 */
export function terrainGrid(preset: TerrainPreset): { vertices: number[]; indices: number[] } {
  const n = preset.cells, step = preset.size / n, half = preset.size / 2;
  const vertices: number[] = [], indices: number[] = [];
  for (let j = 0; j <= n; j++) {
    for (let i = 0; i <= n; i++) {
      const x = -half + i * step, z = -half + j * step;
      vertices.push(x, terrainHeight(x, z), z);
    }
  }
  const at = (i: number, j: number) => j * (n + 1) + i;
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      // Seen from +y with x to the right and z towards the viewer, (i, j) → (i, j + 1) → (i + 1, j) turns
      // counter-clockwise, so the face normals point up.
      indices.push(at(i, j), at(i, j + 1), at(i + 1, j), at(i + 1, j), at(i, j + 1), at(i + 1, j + 1));
    }
  }
  return { vertices, indices };
}
