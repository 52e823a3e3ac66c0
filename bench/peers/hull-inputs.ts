/** The hull-building peers' own input formats, made from packed xyz coordinates outside any timing. */
import { Vector3 } from 'three';

export interface PeerHullInputs {
  /** quickhull3d: `number[][]`. */
  arrays: number[][];
  /** three.js ConvexHull: `Vector3[]`. */
  vectors: Vector3[];
  /** rapier: packed float32. */
  f32: Float32Array;
}

export function peerHullInputs(coords: Float64Array): PeerHullInputs {
  const n = coords.length / 3;
  const arrays: number[][] = [];
  const vectors: Vector3[] = [];
  for (let i = 0; i < n; i++) {
    arrays.push([coords[3 * i], coords[3 * i + 1], coords[3 * i + 2]]);
    vectors.push(new Vector3(coords[3 * i], coords[3 * i + 1], coords[3 * i + 2]));
  }
  return { arrays, vectors, f32: new Float32Array(coords) };
}
