/**
 * A part being decomposed and its measure (decompose/): its mesh hulled, samples of its own surface (the
 * input's, not a cut's caps), its concavity as the largest of the three measures (concavity.ts, the inside
 * depth and CoACD's volume term; hull-overhang.ts, the hull's overhang out of the solid), and the points a
 * cut through which may help: the deepest sample, the farthest hull point out, and the box's middle.
 */
import { insideDepth, surfaceSamples, volumeTerm } from './concavity.js';
import { hullOverhang } from './hull-overhang.js';
import { hullPart, type HulledPart } from './part-hull.js';
import type { PartMesh } from './part-mesh.js';
import type { SolidDistance } from './solid-distance.js';

/** A part with its hull, samples, box (min xyz, max xyz), concavity, whether no cut improves it, and the points of {@link measurePiece}. */
export interface Piece { hp: HulledPart; samples: Float64Array; box: Float64Array; c: number; final: boolean; through: Float64Array[] }

/** How finely a part is measured: samples of its own surface, and of its hull's faces. */
export interface MeasureCounts { samples: number; hullSamples: number }

/** `m` hulled and measured, with samples placed from `seed`. */
export function measurePiece(m: PartMesh, outside: SolidDistance, counts: MeasureCounts, seed: number): Piece {
  const hp = hullPart(m), samples = surfaceSamples(hp, counts.samples, seed), box = m.bounds(new Float64Array(6));
  const deepest = new Float64Array(3), farthest = new Float64Array(3);
  const middle = Float64Array.of(0.5 * box[0] + 0.5 * box[3], 0.5 * box[1] + 0.5 * box[4], 0.5 * box[2] + 0.5 * box[5]);
  const depth = insideDepth(hp, samples, deepest);
  const overhang = hp.hull === null ? 0 : hullOverhang(hp.hull, outside, counts.hullSamples, seed + 1, Infinity, farthest);
  const through = [middle];
  if (depth > 0) through.push(deepest);
  if (overhang > 0) through.push(farthest);
  return { hp, samples, box, c: Math.max(depth, overhang, volumeTerm(hp)), final: false, through };
}

/** The vertices its triangles use, 3 numbers each (a flat part's points: it has no hull). */
export function usedVertices(m: PartMesh): Float64Array {
  const used = new Uint8Array(m.count), t = m.indices, p = m.positions, out: number[] = [];
  for (let k = 0; k < 3 * m.triangles; k++) {
    const i = t[k];
    if (used[i] === 1) continue;
    used[i] = 1; out.push(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
  }
  return Float64Array.from(out);
}
