/**
 * The scene JSON format (docs/formats.md, "Scene document"): many bodies, a margin, and rays,
 *
 *   {"bodies": [{"id", "shape", "pose"}, ...], "margin": number, "rays": [{"id", "origin", "direction", "maxT"}, ...]}
 *
 * answered by a CollisionWorld (world/collision-world.ts) into
 *
 *   {"contacts": [{"a", "b", "separation", "normal", "pointA", "pointB"}, ...],
 *    "rayHits": [{"id", "hit": true, "body", "t", "point", "normal"} | {"id", "hit": false}, ...]}
 *
 * Every pair within the margin once, `a` the body earlier in the input, sorted by the input positions of
 * `a` then `b`; one ray hit per ray (solid: the first body it meets). A bad field fails the whole document
 * with an error naming it (there is no per-item answer to keep).
 */
import { CollisionError, CollisionWorld, createWorldRayHit, InvalidArgumentError, InvalidJsonError } from '../../index.js';
import { readPoseJson, readShapeField, type PairId } from '../../format/pair-document.js';
import { describe, isPlainObject, readNumbers } from '../../format/read-json.js';
import { toArray } from './pair.js';

/**
 * The answer of a scene document: its JSON text (one line), or the error that stopped it. For a list of
 * scenes, `failed` counts the scenes answered `{"id", "error"}` (else 0).
 */
export type SceneAnswer = { readonly text: string; readonly error: null; readonly failed: number } | { readonly text: null; readonly error: string; readonly failed: 0 };

/** Reads and answers a scene document from its text. Never throws for bad input (the error is returned). */
export function answerSceneQueryText(text: string): SceneAnswer {
  if (typeof text !== 'string') throw new InvalidArgumentError('text', `is ${describe(text)}; expected a scene document's JSON text`);
  let doc: unknown;
  try {
    doc = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    return { text: null, error: `input is not valid JSON (${(e as Error).message}); expected {"bodies": [{"id", "shape", "pose"}, ...]}`, failed: 0 };
  }
  // A list of scenes (the conformance set's document): each answered on its own.
  if (isPlainObject(doc) && doc.bodies === undefined && Array.isArray(doc.scenes)) return answerSceneList(doc.scenes);
  try {
    return { text: JSON.stringify(answerScene(doc)), error: null, failed: 0 };
  } catch (e) {
    if (e instanceof CollisionError) return { text: null, error: e.message, failed: 0 };
    throw e;
  }
}

/**
 * A list of scenes, {"scenes": [{"id", "scene": {...}}, ...]} (other fields of an entry ignored: the
 * conformance set's "category" and "expect"), answered as {"results": [{"id", "contacts", "rayHits"} |
 * {"id", "error"}, ...]}: a scene with a bad field is that entry's error, the others are answered.
 */
function answerSceneList(list: unknown[]): SceneAnswer {
  let failed = 0;
  const results = list.map((entry: unknown, i) => {
    const field = `scenes[${i}]`;
    let id: PairId | null = null;
    try {
      if (!isPlainObject(entry)) throw new InvalidJsonError(field, `is ${describe(entry)}; expected {"id", "scene": {"bodies": [...]}}`);
      id = readId(entry.id, `${field}.id`);
    } catch (e) {
      if (!(e instanceof CollisionError)) throw e;
      failed++;
      return { id, error: e.message };
    }
    try {
      return { id, ...answerScene((entry as { scene?: unknown }).scene) };
    } catch (e) {
      if (!(e instanceof CollisionError)) throw e;
      failed++;
      // (The scene's own messages name its fields: bodies[0].shape…)
      return { id, error: `${field}.scene: ${e.message}` };
    }
  });
  return { text: JSON.stringify({ results }), error: null, failed };
}

function readId(v: unknown, field: string): PairId {
  if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) return v;
  throw new InvalidJsonError(field, `is ${describe(v)}; expected a string or a finite number`);
}

/** The answer object of a parsed scene document. @throws CollisionError naming the bad field. */
export function answerScene(doc: unknown): { contacts: unknown[]; rayHits: unknown[] } {
  if (!isPlainObject(doc)) throw new InvalidJsonError('scene', `is ${describe(doc)}; expected {"bodies": [{"id", "shape", "pose"}, ...]}`);
  const bodies = doc.bodies;
  if (!Array.isArray(bodies)) throw new InvalidJsonError('bodies', `is ${describe(bodies)}; expected an array of {"id", "shape", "pose"}`);
  const margin = doc.margin ?? 0;
  if (!(typeof margin === 'number' && margin >= 0 && margin < Infinity)) throw new InvalidJsonError('margin', `is ${describe(margin)}; expected a finite number >= 0`);
  const rays = doc.rays ?? [];
  if (!Array.isArray(rays)) throw new InvalidJsonError('rays', `is ${describe(rays)}; expected an array of {"id", "origin", "direction", "maxT"}`);

  const world = new CollisionWorld({ margin });
  const ids: PairId[] = [];
  /** The input position of each id (a Map: a scene may hold a million bodies). */
  const firstOf = new Map<PairId, number>();
  /** Input position of each handle. */
  const position = new Map<number, number>();
  bodies.forEach((body: unknown, i) => {
    const field = `bodies[${i}]`;
    if (!isPlainObject(body)) throw new InvalidJsonError(field, `is ${describe(body)}; expected {"id", "shape", "pose"}`);
    const id = readId(body.id, `${field}.id`);
    // (Pairs and hits name bodies by id: two bodies of one id would make an answer that names neither.)
    const first = firstOf.get(id);
    if (first !== undefined) throw new InvalidJsonError(`${field}.id`, `is ${JSON.stringify(id)}, as bodies[${first}].id is; expected an id of its own`);
    firstOf.set(id, i);
    ids.push(id);
    const shape = readShapeField(body.shape, `${field}.shape`);
    const pose = readPoseJson(body.pose, `${field}.pose`);
    // (A half-space is a static body: the world keeps it out of its trees.)
    position.set(world.add(shape, pose, { static: shape.kind === 'halfSpace' }), i);
  });
  world.update();

  const found: { ia: number; ib: number; entry: Record<string, unknown> }[] = [];
  world.forEachContact((c) => {
    let ia = position.get(c.a)!, ib = position.get(c.b)!;
    let normal = toArray(c.normal), pointA = toArray(c.pointA), pointB = toArray(c.pointB);
    if (ia > ib) {
      // `a` is the body earlier in the input: the pair reversed, the normal with it.
      [ia, ib] = [ib, ia];
      [pointA, pointB] = [pointB, pointA];
      normal = [-normal[0], -normal[1], -normal[2]];
    }
    const entry = { a: ids[ia], b: ids[ib], separation: c.separation, intersecting: c.separation < 0, normal, pointA, pointB };
    found.push({ ia, ib, entry });
  });
  found.sort((x, y) => x.ia - y.ia || x.ib - y.ib);

  const hit = createWorldRayHit();
  const rayHits = rays.map((ray: unknown, i) => {
    const field = `rays[${i}]`;
    if (!isPlainObject(ray)) throw new InvalidJsonError(field, `is ${describe(ray)}; expected {"id", "origin", "direction", "maxT"}`);
    const id = readId(ray.id, `${field}.id`);
    const [ox, oy, oz] = readNumbers(ray.origin, `${field}.origin`, 3, '[x, y, z]');
    const [dx, dy, dz] = readNumbers(ray.direction, `${field}.direction`, 3, '[x, y, z]');
    if (dx === 0 && dy === 0 && dz === 0) throw new InvalidJsonError(`${field}.direction`, 'is the zero vector; expected a non-zero direction');
    const maxT = ray.maxT ?? Infinity;
    if (!(typeof maxT === 'number' && maxT >= 0)) throw new InvalidJsonError(`${field}.maxT`, `is ${describe(maxT)}; expected a number >= 0`);
    const r = world.rayCast({ x: ox, y: oy, z: oz }, { x: dx, y: dy, z: dz }, { maxT }, hit);
    if (r === null) return { id, hit: false };
    return { id, hit: true, body: ids[position.get(r.body)!], t: r.t, point: toArray(r.point), normal: toArray(r.normal) };
  });
  return { contacts: found.map((f) => f.entry), rayHits };
}
