// Reading a pair-query file ({"pairs": [{id, a, poseA, b, poseB}, ...]}, the format the CLI reads).
// Each pair is parsed on its own, so one bad pair shows its error and the rest still load.
import { shapeFromJSON } from 'convex-collide';
import type { Shape } from 'convex-collide';

export interface Pose {
  position: { x: number; y: number; z: number };
  quaternion: { x: number; y: number; z: number; w: number };
}

export interface FilePair {
  readonly id: string;
  readonly category: string | null;
  /** The file's own reference separation, when it has one (`expect.separation`); shown for comparison. */
  readonly expected: number | null;
  readonly a: Shape | null;
  readonly b: Shape | null;
  readonly poseA: Pose | null;
  readonly poseB: Pose | null;
  /** Why the pair cannot be shown, naming the field. */
  readonly error: string | null;
}

/** Parses the file's text. Throws (with a message for the user) only when the file as a whole is unreadable. */
export function parsePairFile(text: string): FilePair[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new Error(`not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const pairs = (doc as { pairs?: unknown } | null)?.pairs;
  if (!Array.isArray(pairs)) throw new Error('expected an object {"pairs": [...]}; found no "pairs" array');
  return pairs.map((raw, index) => parsePair(raw, index));
}

function parsePair(raw: unknown, index: number): FilePair {
  const p = (raw ?? {}) as Record<string, unknown>;
  const id = typeof p.id === 'string' || typeof p.id === 'number' ? String(p.id) : `#${index}`;
  const category = typeof p.category === 'string' ? p.category : null;
  const expect = p.expect as { separation?: unknown } | undefined;
  const expected = typeof expect?.separation === 'number' ? expect.separation : null;
  const base = { id, category, expected };
  try {
    const a = shapeFromJSON(p.a, `pairs[${index}].a`);
    const b = shapeFromJSON(p.b, `pairs[${index}].b`);
    const poseA = parsePose(p.poseA, `pairs[${index}].poseA`);
    const poseB = parsePose(p.poseB, `pairs[${index}].poseB`);
    return { ...base, a, b, poseA, poseB, error: null };
  } catch (e) {
    return { ...base, a: null, b: null, poseA: null, poseB: null, error: e instanceof Error ? e.message : String(e) };
  }
}

/** POSE: {"position": [x,y,z], "quaternion": [x,y,z,w]}; a quaternion within 1e-6 of unit length is normalised. */
function parsePose(raw: unknown, field: string): Pose {
  const r = raw as { position?: unknown; quaternion?: unknown } | null;
  if (!r || typeof r !== 'object') throw new Error(`${field} is missing; expected {"position": [x,y,z], "quaternion": [x,y,z,w]}`);
  const pos = numbers(r.position, 3, `${field}.position`);
  const q = numbers(r.quaternion, 4, `${field}.quaternion`);
  const len = Math.hypot(q[0], q[1], q[2], q[3]);
  if (!(Math.abs(len - 1) <= 1e-6)) throw new Error(`${field}.quaternion has length ${len}; expected a unit quaternion (length within 1e-6 of 1)`);
  return {
    position: { x: pos[0], y: pos[1], z: pos[2] },
    quaternion: { x: q[0] / len, y: q[1] / len, z: q[2] / len, w: q[3] / len },
  };
}

function numbers(v: unknown, n: number, field: string): number[] {
  if (!Array.isArray(v) || v.length !== n) throw new Error(`${field} is ${JSON.stringify(v)}; expected an array of ${n} numbers`);
  v.forEach((x, i) => {
    if (typeof x !== 'number' || !Number.isFinite(x)) throw new Error(`${field}[${i}] is ${JSON.stringify(x)}; expected a finite number`);
  });
  return v as number[];
}
