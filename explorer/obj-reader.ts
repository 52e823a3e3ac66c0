// A Wavefront OBJ file's vertices and faces, for the decomposition page (decompose-page.ts): only `v` and `f`
// lines count (normals, texture coordinates, groups and materials do not change the solid). A face of any
// number of corners is fanned into triangles from its first corner, which is right for the convex polygons
// exporters write; a corner is `i`, `i/t`, `i//n` or `i/t/n`, and a negative `i` counts back from the last
// vertex read so far (the OBJ rule).
import type { MeshArrays } from './decompose-models.js';

/** A line the reader cannot use: its 1-based number, and what is wrong with it. */
export class ObjReadError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(`OBJ line ${line}: ${message}`);
    this.name = 'ObjReadError';
    this.line = line;
  }
}

/**
 * The mesh of OBJ `text`: its vertices' x, y, z and its faces fanned into triangles (indices from 0).
 * @throws ObjReadError naming the line for a coordinate that is not a number, a face with fewer than three
 *   corners or an index out of range, and for a file with no faces.
 */
export function readObj(text: string): MeshArrays {
  const positions: number[] = [];
  const indices: number[] = [];
  const lines = text.split(/\r?\n/);
  const corners: number[] = [];
  for (let n = 0; n < lines.length; n++) {
    let line = lines[n];
    // A backslash at the end joins the next line (the OBJ continuation); the error names the first one.
    const first = n + 1;
    while (line.endsWith('\\') && n + 1 < lines.length) line = line.slice(0, -1) + ' ' + lines[++n];
    const hash = line.indexOf('#');
    const words = (hash >= 0 ? line.slice(0, hash) : line).trim().split(/\s+/);
    if (words[0] === 'v') {
      if (words.length < 4) throw new ObjReadError(first, `a vertex needs x, y and z; found ${words.length - 1} number${words.length === 2 ? '' : 's'}`);
      for (let k = 1; k <= 3; k++) {
        const x = Number(words[k]);
        if (!Number.isFinite(x)) throw new ObjReadError(first, `vertex coordinate "${words[k]}" is not a finite number`);
        positions.push(x);
      }
    } else if (words[0] === 'f') {
      const count = positions.length / 3;
      corners.length = 0;
      for (let k = 1; k < words.length; k++) {
        const word = words[k];
        const slash = word.indexOf('/');
        const i = Number(slash >= 0 ? word.slice(0, slash) : word);
        if (!Number.isInteger(i) || i === 0) throw new ObjReadError(first, `face corner "${word}" does not start with a vertex index (a non-zero integer)`);
        const index = i > 0 ? i - 1 : count + i;
        if (index < 0 || index >= count) throw new ObjReadError(first, `face corner "${word}" refers to vertex ${i}, but ${count === 1 ? '1 vertex is' : `${count} vertices are`} defined above it`);
        corners.push(index);
      }
      if (corners.length < 3) throw new ObjReadError(first, `a face needs at least 3 corners; found ${corners.length}`);
      for (let k = 1; k + 1 < corners.length; k++) indices.push(corners[0], corners[k], corners[k + 1]);
    }
  }
  if (indices.length === 0) throw new ObjReadError(lines.length, `no faces (f lines) in the file; expected a closed mesh of v and f lines`);
  return { positions: Float64Array.from(positions), indices: Uint32Array.from(indices) };
}
