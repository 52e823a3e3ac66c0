// Compounds and triangle meshes in the explorer: building the menu's presets (concave-presets.ts) with the
// library's `Compound` and `TriangleMesh`, remembering what the library keeps to itself (a compound's part
// poses, for drawing; the parts' names, for the panel), and naming the part an answer is about.
import * as THREE from 'three';
import { Compound, TriangleMesh } from 'convex-collide';
import type { CompoundPart, ConvexShape, PoseLike, Shape } from 'convex-collide';
import { shapeFromJSON } from 'convex-collide/format';
import { concavePreset, terrainGrid } from './concave-presets.js';

/** A compound's parts as given (the library keeps their poses as internal transforms), and their names. */
export interface CompoundInfo {
  readonly poses: readonly PoseLike[];
  readonly names: readonly string[];
}

const compoundInfo = new WeakMap<Compound, CompoundInfo>();

/** Whether `shape` is a compound or a mesh (not a support map: the Minkowski view and casts skip it). */
export function isConcave(shape: Shape): shape is Compound | TriangleMesh {
  const kind = (shape as { kind?: string }).kind;
  return kind === 'compound' || kind === 'mesh';
}

/** Whether `shape` is a convex shape (a support map), not a compound or mesh. */
export function isConvex(shape: Shape): shape is ConvexShape {
  return !isConcave(shape);
}

/** A compound of `parts`, remembering their poses and names (by default "part i"). */
export function makeCompound(parts: readonly CompoundPart[], names?: readonly string[]): Compound {
  const compound = new Compound(parts);
  rememberCompound(compound, parts.map((p) => p.pose), names);
  return compound;
}

/** Records the part poses of a compound built elsewhere (by the pair-file reader). */
export function rememberCompound(compound: Compound, poses: readonly PoseLike[], names?: readonly string[]): void {
  compoundInfo.set(compound, { poses, names: names ?? poses.map((_, i) => `part ${i}`) });
}

/** The part poses and names of a compound the explorer made or read; null for one it did not. */
export function compoundParts(compound: Compound): CompoundInfo | null {
  return compoundInfo.get(compound) ?? null;
}

/** Builds a preset by its menu id; throws for an unknown id. */
export function buildPreset(id: string): Compound | TriangleMesh {
  const preset = concavePreset(id);
  if (!preset) throw new Error(`explorer: no compound or mesh called ${id}`);
  if (preset.kind === 'compound') {
    return makeCompound(
      preset.parts.map((p) => ({
        shape: shapeFromJSON(p.shape),
        pose: {
          position: { x: p.position[0], y: p.position[1], z: p.position[2] },
          quaternion: { x: p.quaternion[0], y: p.quaternion[1], z: p.quaternion[2], w: p.quaternion[3] },
        },
      })),
      preset.parts.map((p) => p.name),
    );
  }
  if (preset.id === 'torus-knot') {
    const k = preset.knot;
    const geometry = new THREE.TorusKnotGeometry(k.radius, k.tube, k.tubularSegments, k.radialSegments, k.p, k.q);
    // The library reads the geometry's arrays as they are; the three.js object is not needed after.
    const mesh = TriangleMesh.fromGeometry(geometry);
    geometry.dispose();
    return mesh;
  }
  const { vertices, indices } = terrainGrid(preset);
  return new TriangleMesh(vertices, indices);
}

/** A line for the editor: what the shape is made of. */
export function describeConcave(shape: Compound | TriangleMesh): string {
  if (shape.kind === 'mesh') {
    const skipped = shape.degenerateCount ? ` (${shape.degenerateCount} degenerate ones left out)` : '';
    return `${shape.triangleCount.toLocaleString('en')} triangles${skipped}, ${(shape.vertices.length / 3).toLocaleString('en')} vertices. `
      + 'A mesh is a surface: two-sided, with no inside.';
  }
  const names = compoundParts(shape)?.names;
  const parts = shape.shapes.map((s, i) => `${names ? names[i] : `part ${i}`} (${s.kind ?? 'custom'})`);
  return `${shape.partCount} convex parts: ${parts.join(', ')}.`;
}

/** What the answer's part index means for `shape`: "part 2, leg 2 (box)", "triangle 1,234"; null for a convex shape. */
export function describePart(shape: Shape, index: number): string | null {
  if (!isConcave(shape)) return null;
  if (shape.kind === 'mesh') return `triangle ${index}`;
  const name = compoundParts(shape)?.names[index];
  const kind = shape.shapes[index]?.kind ?? 'custom';
  return name && name !== `part ${index}` ? `part ${index}, ${name} (${kind})` : `part ${index} (${kind})`;
}
