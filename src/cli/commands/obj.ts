/**
 * A Wavefront OBJ reader for the `decompose` command: the polygon mesh of an OBJ file as flat arrays.
 *
 * After the OBJ format of the Advanced Visualizer manual (Wavefront, appendix B1), reduced to what a solid
 * needs: `v x y z [w]` vertices and `f` faces whose corners are `i`, `i/t`, `i//n` or `i/t/n`, an index
 * counting from 1 or, negative, back from the last vertex read. Departures, each because files in the wild
 * do it: `v x y z r g b` (the vertex colours MeshLab and others write) is read as x y z; `#` starts a
 * comment anywhere on a line, not only at its start; a line ending in `\` continues on the next. `w` is the
 * weight of a rational curve or surface, nothing to a polygon, so it is read and ignored. Every other
 * statement (vn, vt, o, g, s, usemtl, mtllib, l, p, curves and surfaces) names no polygon and is skipped.
 * Texture and normal indices are checked for form but not resolved: a solid needs only positions.
 *
 * A face of n corners is ear-clipped in its plane (triangulateFace, below), so a non-convex face comes out
 * right whatever its first corner (a fan from a corner that does not see the whole face makes triangles
 * that overlap, and a self-intersecting surface); fanned from its first corner only when its loop crosses
 * itself.
 */
import { InvalidShapeError } from '../../index.js';
import { triangulatePolygon } from '../../decompose/polygon-triangulate.js';

/** An OBJ file's polygons as triangles. */
export interface ObjMesh {
  /** Vertices, x, y, z each, in file order (every `v`, used by a face or not). */
  positions: Float64Array;
  /** Triangles, three 0-based vertex indices each, in the order the faces' corners are written. */
  indices: Int32Array;
}

/**
 * A decimal number as OBJ writers print it (not hex, `Infinity` or the empty string, which Number() also
 * takes). Each digit can match one way only: `\d+\.?\d*` backtracked quadratically, 4.6 s on a line of
 * 100,000 digits and a letter (test/cli/decompose.test.ts, "quotes at most a little of a huge line").
 */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** A face corner: a vertex index, then optionally a texture and a normal index (`i`, `i/t`, `i//n`, `i/t/n`). */
const CORNER = /^([+-]?\d+)(?:\/([+-]?\d+)?(?:\/([+-]?\d+))?)?$/;
/** Longest piece of a line quoted in a message. */
const MAX_QUOTE = 40;

/**
 * Reads the text of an OBJ file (read, not kept). Line endings `\n`, `\r\n` or `\r`; a leading byte-order
 * mark is skipped.
 * @returns the vertices and the faces fanned into triangles. Vertices no face uses are kept: the caller
 *   (decompose) welds and checks the solid as a whole.
 * @throws InvalidShapeError with `field` `"line N"` (N counting from 1) for a `v` line without 3, 4 or 6
 *   finite numbers, an `f` line with fewer than 3 corners, a corner that is not `i`, `i/t`, `i//n` or
 *   `i/t/n`, or a vertex index that is 0 or names no vertex read so far; with `field` `"input"` when the
 *   file has no face.
 */
export function readObj(text: string): ObjMesh {
  const positions: number[] = [];
  const indices: number[] = [];
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r\n|\n|\r/);
  let vertexCount = 0;
  let faceCount = 0;
  const corners: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    // A statement's number is that of its first line (where an editor shows it), continuations included.
    const lineNumber = i + 1;
    let line = stripComment(lines[i]).trimEnd();
    if (line.endsWith('\\')) {
      // Joined once at the end: appending line by line copied the statement so far each time (quadratic:
      // 21 s for 200,000 continued lines).
      const pieces: string[] = [];
      while (line.endsWith('\\') && i + 1 < lines.length) {
        pieces.push(line.slice(0, -1));
        line = stripComment(lines[++i]).trimEnd();
      }
      pieces.push(line);
      line = pieces.join(' ');
    }
    const tokens = line.trim().split(/\s+/);
    const keyword = tokens[0];
    if (keyword === 'v') {
      const n = tokens.length - 1;
      if (n !== 3 && n !== 4 && n !== 6) {
        throw new InvalidShapeError(`line ${lineNumber}`, `is a vertex with ${n} number${n === 1 ? '' : 's'} (${quote(line)}); expected v x y z, v x y z w or v x y z r g b`);
      }
      for (let k = 1; k <= n; k++) {
        const value = readNumber(tokens[k]);
        if (value === null) {
          const what = k <= 3 ? `${'xyz'[k - 1]} coordinate` : n === 4 ? 'w' : 'colour component';
          throw new InvalidShapeError(`line ${lineNumber}`, `has ${quote(tokens[k])} as the vertex's ${what}; expected a finite decimal number`);
        }
        if (k <= 3) positions.push(value);
      }
      vertexCount++;
    } else if (keyword === 'f') {
      const n = tokens.length - 1;
      if (n < 3) {
        throw new InvalidShapeError(`line ${lineNumber}`, `is a face with ${n} corner${n === 1 ? '' : 's'} (${quote(line)}); expected at least 3 (f i j k ...)`);
      }
      corners.length = 0;
      for (let k = 1; k <= n; k++) corners.push(readCorner(tokens[k], k, vertexCount, lineNumber));
      triangulateFace(positions, corners, indices);
      faceCount++;
    }
    // Anything else (vn, vt, o, g, s, usemtl, ...) holds no polygon: skipped, see the file header.
  }
  if (faceCount === 0) {
    throw new InvalidShapeError('input', `has no faces (f lines), and ${vertexCount} vertices; expected an OBJ mesh of a closed solid`);
  }
  return { positions: Float64Array.from(positions), indices: Int32Array.from(indices) };
}

/** The line without its comment (from `#` on). */
function stripComment(line: string): string {
  const hash = line.indexOf('#');
  return hash < 0 ? line : line.slice(0, hash);
}

/** A finite decimal number, or null. */
function readNumber(token: string): number | null {
  if (!NUMBER.test(token)) return null;
  const value = Number(token);
  // (1e999 has the form of a number and reads as Infinity.)
  return Number.isFinite(value) ? value : null;
}

/** The 0-based vertex index of face corner `k` (1-based, for the message), from `vertexCount` vertices read so far. */
function readCorner(token: string, k: number, vertexCount: number, lineNumber: number): number {
  const m = CORNER.exec(token);
  if (m === null) {
    throw new InvalidShapeError(`line ${lineNumber}`, `has ${quote(token)} as face corner ${k}; expected i, i/t, i//n or i/t/n with whole-number indices`);
  }
  const index = Number(m[1]);
  if (index === 0) {
    throw new InvalidShapeError(`line ${lineNumber}`, `has vertex index 0 at face corner ${k}; expected 1 to ${vertexCount} (OBJ counts from 1) or -1 to -${vertexCount} (back from the last vertex)`);
  }
  // Positive: 1 is the first vertex of the file. Negative: -1 is the last vertex read before this line.
  const resolved = index > 0 ? index - 1 : vertexCount + index;
  if (resolved < 0 || resolved >= vertexCount) {
    const range = vertexCount === 0 ? 'no vertex is defined before this line' : `expected 1 to ${vertexCount} or -1 to -${vertexCount} (the vertices defined before this line)`;
    throw new InvalidShapeError(`line ${lineNumber}`, `has vertex index ${m[1].length > MAX_QUOTE ? `${m[1].slice(0, MAX_QUOTE)}…` : m[1]} at face corner ${k}, out of range; ${range}`);
  }
  return resolved;
}

/** A piece of the input for a message: quoted, and cut at MAX_QUOTE characters. */
function quote(text: string): string {
  const t = text.trim();
  return JSON.stringify(t.length > MAX_QUOTE ? `${t.slice(0, MAX_QUOTE)}…` : t);
}

const _xy: number[] = [];
const _triangles: number[] = [];

/**
 * A face's corners as triangles appended to `indices`: a triangle as it is; a polygon projected onto the
 * plane across its Newell normal (Newell's method: the normal of a non-planar or non-convex loop, from its
 * edges), orientation kept, and ear-clipped with exact signs (decompose/polygon-triangulate.ts), so a
 * non-convex face (an L, a star) comes out right whatever its first corner; fanned from its first corner
 * when the projected loop is not simple (it crosses itself, or folds flat).
 */
function triangulateFace(positions: readonly number[], corners: readonly number[], indices: number[]): void {
  const n = corners.length;
  if (n > 3) {
    let nx = 0, ny = 0, nz = 0;
    for (let k = 0; k < n; k++) {
      const a = 3 * corners[k], b = 3 * corners[(k + 1) % n];
      nx += (positions[a + 1] - positions[b + 1]) * (positions[a + 2] + positions[b + 2]);
      ny += (positions[a + 2] - positions[b + 2]) * (positions[a] + positions[b]);
      nz += (positions[a] - positions[b]) * (positions[a + 1] + positions[b + 1]);
    }
    // Drop the normal's largest axis; the two kept, in cyclic order, swapped when it points down that axis.
    const ax = Math.abs(nx), ay = Math.abs(ny), az = Math.abs(nz);
    const drop = ax >= ay && ax >= az ? 0 : ay >= az ? 1 : 2, sign = [nx, ny, nz][drop];
    let u = (drop + 1) % 3, v = (drop + 2) % 3;
    if (sign < 0) { const t = u; u = v; v = t; }
    _xy.length = 0;
    for (let k = 0; k < n; k++) _xy.push(positions[3 * corners[k] + u], positions[3 * corners[k] + v]);
    _triangles.length = 0;
    if (sign !== 0 && triangulatePolygon(Float64Array.from(_xy), Int32Array.from({ length: n }, (_, k) => k), [], _triangles)) {
      for (const k of _triangles) indices.push(corners[k]);
      return;
    }
  }
  for (let k = 1; k + 1 < n; k++) indices.push(corners[0], corners[k], corners[k + 1]);
}
