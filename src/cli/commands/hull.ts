/**
 * `convex-collide hull FILE`: reads `{"points": [[x, y, z], ...]}` and writes
 * `{"vertices": [[x, y, z], ...], "faces": [[i, j, k, ...], ...], "normals": [[x, y, z], ...]}`.
 * Face indices point into `vertices` and run counter-clockwise seen from outside; `normals[f]` is
 * face f's outward unit normal. A flat hull writes its polygon once per side; a segment or a point
 * writes its vertices and no faces.
 */
import { buildHull, CollisionError } from '../../index.js';

/** Exit status and text to print. 0: hull written; 2: input not JSON, malformed, or points unusable. */
export interface HullCommandResult {
  output: string;
  exitCode: number;
}

const ACCEPTED = 'expected {"points": [[x, y, z], ...]} with at least one point of three finite numbers';

/** Runs the `hull` command on the text of the input file (the caller reads the file or stdin). Never throws. */
export function runHullCommand(inputText: string): HullCommandResult {
  let doc: unknown;
  try {
    // A leading byte-order mark is encoding, not content (as the query command reads it).
    doc = JSON.parse(inputText.charCodeAt(0) === 0xfeff ? inputText.slice(1) : inputText);
  } catch (e) {
    return fail(`convex-collide hull: input is not valid JSON (${(e as Error).message}); ${ACCEPTED}`);
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    return fail(`convex-collide hull: input is ${Array.isArray(doc) ? 'an array' : doc === null ? 'null' : typeof doc}; ${ACCEPTED}`);
  }
  const pts = (doc as { points?: unknown }).points;
  if (!Array.isArray(pts)) {
    return fail(`convex-collide hull: field "points" is ${pts === undefined ? 'missing' : typeof pts}; ${ACCEPTED}`);
  }
  if (pts.length === 0) return fail(`convex-collide hull: field "points" is empty; ${ACCEPTED}`);
  const coords = new Float64Array(3 * pts.length);
  for (let i = 0; i < pts.length; i++) {
    const q = pts[i];
    if (!Array.isArray(q) || q.length !== 3) {
      return fail(`convex-collide hull: points[${i}] is ${describeJson(q)}; expected [x, y, z] (three finite numbers)`);
    }
    for (let k = 0; k < 3; k++) {
      const c = q[k];
      if (typeof c !== 'number' || !Number.isFinite(c)) {
        return fail(`convex-collide hull: points[${i}][${k}] is ${describeJson(c)}; expected a finite number`);
      }
      coords[3 * i + k] = c;
    }
  }
  try {
    const hull = buildHull(coords);
    const vs = hull.vertices;
    const vertices: number[][] = [];
    for (let v = 0; v < hull.vertexCount; v++) vertices.push([vs[3 * v], vs[3 * v + 1], vs[3 * v + 2]]);
    const normals: number[][] = [];
    const fn = hull.faceNormals;
    for (let f = 0; f < hull.faceCount; f++) normals.push([fn[3 * f], fn[3 * f + 1], fn[3 * f + 2]]);
    return { output: JSON.stringify({ vertices, faces: hull.faces, normals }) + '\n', exitCode: 0 };
  } catch (e) {
    if (e instanceof CollisionError) return fail(`convex-collide hull: ${e.message}`);
    throw e;
  }
}

/** Longest piece of the input quoted in a message. */
const MAX_QUOTE = 40;

/**
 * A JSON value described for a message without walking into it (a point nested 100,000 deep made
 * JSON.stringify overflow the stack) and without quoting more than MAX_QUOTE characters of it.
 */
function describeJson(v: unknown): string {
  if (Array.isArray(v)) return `an array of length ${v.length}`;
  if (v === null) return 'null';
  if (typeof v === 'object') return 'an object';
  const text = JSON.stringify(v) ?? String(v);
  return text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE)}…` : text;
}

function fail(message: string): HullCommandResult {
  return { output: message + '\n', exitCode: 2 };
}
