/**
 * `convex-collide decompose FILE`: a closed mesh (a Wavefront OBJ file, or `{"positions": [...], "indices":
 * [...]}`) cut into convex parts by `decomposeToHulls`, each part written as its hull.
 *
 * `--format json` (the default) writes `{"parts": [{"vertices": [[x, y, z], ...], "faces": [[i, j, k, ...],
 * ...]}, ...], "concavity", "cuts", "merges"}`, faces counter-clockwise seen from outside as the `hull`
 * command writes them. `--format three` writes an array with a three.js BufferGeometry JSON for each part
 * (the format BufferGeometryLoader.parse reads, as BufferGeometry.toJSON writes it), its faces fanned into
 * triangles. One part a line in both, so a file of many parts stays readable and diffable.
 */
import { buildHull, CollisionError, decomposeToHulls, InvalidArgumentError, type DecomposeOptions, type Hull } from '../../index.js';
import { readObj } from './obj.js';

/** Exit status and text to print. 0: parts written; 2: a bad flag value, or input unreadable or not a closed mesh. */
export interface DecomposeCommandResult {
  output: string;
  exitCode: number;
}

/** The command's options: each flag's value as written on the command line (absent: not given), and the progress callback. */
export interface DecomposeCommandOptions {
  /** `--concavity`: the largest concavity a part may keep, a fraction of the mesh's diagonal. */
  concavity?: string;
  /** `--max-parts`: at most this many parts. */
  maxParts?: string;
  /** `--effort`: fast, balanced or thorough. */
  effort?: string;
  /** `--seed`: the seed of the measures' sample placement. */
  seed?: string;
  /** `--format`: json or three. */
  format?: string;
  /** Called with the fraction of the work done (the CLI draws its progress bar with it). */
  onProgress?: ((fraction: number) => void) | null;
}

type Effort = NonNullable<DecomposeOptions['effort']>;
/** The library's effort presets (typed: a name it does not take fails the type check). */
const EFFORTS: readonly Effort[] = ['fast', 'balanced', 'thorough'];
const FORMATS = ['json', 'three'] as const;

/** Each numeric option of the library and the flag that sets it: the library's range errors are reported under the flag's name. */
const FLAG_OF: Readonly<Record<string, string>> = {
  concavity: '--concavity', maxParts: '--max-parts', seed: '--seed', effort: '--effort',
};

/** A decimal number as a flag's value (not hex, Infinity or the empty string, which Number() also takes); as obj.ts reads one. */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

const ACCEPTED = 'expected a Wavefront OBJ file (v and f lines) or {"positions": [x, y, z, ...], "indices": [i, j, k, ...]}';

/** Longest piece of the input quoted in a message. */
const MAX_QUOTE = 40;

/** Runs the `decompose` command on the text of the input file (the caller reads the file or stdin). Never throws on bad input. */
export function runDecomposeCommand(inputText: string, options: DecomposeCommandOptions = {}): DecomposeCommandResult {
  // The flags' form first, before a long read of the mesh. Their ranges are the library's to check (the one
  // place they are written): decomposeToHulls checks its options before it reads the mesh, so an
  // out-of-range flag is still reported before the weld and the cuts, though after the file is parsed.
  const lib: DecomposeOptions = { onProgress: options.onProgress ?? null };
  for (const [key, flag, whole] of [['concavity', '--concavity', false], ['maxParts', '--max-parts', true], ['seed', '--seed', true]] as const) {
    const text = options[key];
    if (text === undefined) continue;
    const value = NUMBER.test(text) ? Number(text) : NaN;
    if (!Number.isFinite(value)) return fail(`${flag} is ${quote(text)}; expected ${whole ? 'a whole number' : 'a decimal number'} (see convex-collide help decompose)`);
    lib[key] = value;
  }
  if (options.effort !== undefined) {
    if (!(EFFORTS as readonly string[]).includes(options.effort)) return fail(`--effort is ${quote(options.effort)}; expected fast, balanced or thorough`);
    lib.effort = options.effort as Effort;
  }
  const format = options.format ?? 'json';
  if (!(FORMATS as readonly string[]).includes(format)) return fail(`--format is ${quote(format)}; expected ${FORMATS.join(' or ')}`);

  const text = inputText.charCodeAt(0) === 0xfeff ? inputText.slice(1) : inputText;
  try {
    const mesh = /^\s*\{/.test(text) ? readJsonMesh(text) : readObj(text);
    if (typeof mesh === 'string') return fail(mesh);
    const d = decomposeToHulls(mesh as { positions: ArrayLike<number>; indices: ArrayLike<number> | null }, lib);
    const hulls = d.hulls.map((h) => buildHull(h));
    if (format === 'three') return { output: `[\n${hulls.map((h) => JSON.stringify(threeGeometry(h))).join(',\n')}\n]\n`, exitCode: 0 };
    const parts = hulls.map((h) => {
      const vertices: number[][] = [];
      for (let v = 0; v < h.vertexCount; v++) vertices.push([h.vertices[3 * v], h.vertices[3 * v + 1], h.vertices[3 * v + 2]]);
      return JSON.stringify({ vertices, faces: h.faces });
    });
    return { output: `{"parts": [\n${parts.join(',\n')}\n], "concavity": ${d.concavity}, "cuts": ${d.cuts}, "merges": ${d.merges}}\n`, exitCode: 0 };
  } catch (e) {
    if (!(e instanceof CollisionError)) throw e;
    // An option's range: the library names `options.<key>`; the user wrote the flag.
    if (e instanceof InvalidArgumentError && e.field.startsWith('options.') && Object.hasOwn(FLAG_OF, e.field.slice(8))) {
      return fail(`${FLAG_OF[e.field.slice(8)]}${e.message.slice(e.field.length)}`);
    }
    return fail(e.message);
  }
}

/** `{"positions": [...], "indices": [...]}` read, or a message. The arrays' numbers are checked by decomposeToHulls (naming `positions[i]`, `indices[i]`). */
function readJsonMesh(text: string): { positions: unknown[]; indices: unknown[] | null } | string {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return `input is not valid JSON (${(e as Error).message}); ${ACCEPTED}`;
  }
  // (The text starts with `{`: an object, or invalid JSON above.)
  const { positions, indices } = doc as { positions?: unknown; indices?: unknown };
  if (!Array.isArray(positions)) return `field "positions" is ${describeJson(positions)}; ${ACCEPTED}`;
  if (indices !== undefined && indices !== null && !Array.isArray(indices)) return `field "indices" is ${describeJson(indices)}; ${ACCEPTED} (or no "indices": every 3 vertices a triangle)`;
  return { positions, indices: indices ?? null };
}

/**
 * A part's hull as three.js BufferGeometry JSON: `type`, `metadata` and `data.attributes.position` and
 * `data.index` as BufferGeometry.toJSON writes them (three r187: src/core/BufferGeometry.js). Version 4.6:
 * BufferGeometryLoader reads no version, and 4.6 is what the three releases of this package's peer range
 * (0.150 on) all read. No normals: vertices are shared between faces, so smooth normals would round the
 * box's corners; a flat-shaded material (or toNonIndexed() and computeVertexNormals()) shows the faces.
 */
function threeGeometry(h: Hull): object {
  const index: number[] = [];
  // A hull's faces are convex polygons, counter-clockwise from outside: a fan from the first corner keeps
  // both, and three's front faces are counter-clockwise too.
  for (const face of h.faces) for (let k = 1; k + 1 < face.length; k++) index.push(face[0], face[k], face[k + 1]);
  return {
    metadata: { version: 4.6, type: 'BufferGeometry', generator: 'convex-collide' },
    type: 'BufferGeometry',
    data: {
      attributes: { position: { itemSize: 3, type: 'Float32Array', array: Array.from(h.vertices), normalized: false } },
      index: { type: 'Uint32Array', array: index },
    },
  };
}

/** A JSON value described for a message without walking into it or quoting more than MAX_QUOTE characters. */
function describeJson(v: unknown): string {
  if (v === undefined) return 'missing';
  if (Array.isArray(v)) return `an array of length ${v.length}`;
  if (v === null) return 'null';
  if (typeof v === 'object') return 'an object';
  return typeof v === 'string' ? `the string ${quote(v)}` : String(v);
}

function quote(text: string): string {
  return JSON.stringify(text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE)}…` : text);
}

function fail(message: string): DecomposeCommandResult {
  return { output: `convex-collide decompose: ${message}\n`, exitCode: 2 };
}
