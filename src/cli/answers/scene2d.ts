/**
 * The 2D scene format (docs/formats.md, "Many bodies in the plane"; ../conformance's README): bodies in
 * the plane (static ones too), a margin, rays, boxes and steps (removals, additions and moves between
 * updates), answered by a CollisionWorld2 (2d/world/collision-world2.ts) into
 *
 *   {"contacts": [{"a", "b", "separation", "normal", "pointA", "pointB"}, ...], "rayHits": [...],
 *    "aabbHits": [{"id", "bodies": [id, ...]}, ...], "steps": [{"contacts", "began", "ended", "rayHits", "aabbHits"}, ...]}
 *
 * Every pair within the margin once, `a` the body earlier in the input, sorted by the input positions of
 * `a` then `b`; `began` and `ended` the differences between successive listings; `aabbHits` present when the
 * input has boxes, `steps` when it has steps. A bad field fails the whole document with an error naming it.
 */
import { CollisionError, InvalidJsonError } from '../../index.js';
import { CollisionWorld2, type WorldRayHit2 } from '../../2d/index.js';
import { readPose2Json, shape2FromJSON } from '../../format/shape2-json.js';
import { describe, isPlainObject, readNumbers } from '../../format/read-json.js';
import type { PairId } from '../../format/pair-document.js';
import type { SceneAnswer } from './scene.js';

/** Reads and answers a 2D scene document from its text. Never throws for bad input (the error is returned). */
export function answerScene2dText(text: string): SceneAnswer {
  let doc: unknown;
  try {
    doc = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    return { text: null, error: `input is not valid JSON (${(e as Error).message}); expected {"bodies": [{"id", "shape", "pose"}, ...]}`, failed: 0 };
  }
  try {
    return { text: JSON.stringify(answerScene2d(doc)), error: null, failed: 0 };
  } catch (e) {
    if (e instanceof CollisionError) return { text: null, error: e.message, failed: 0 };
    throw e;
  }
}

function readId(v: unknown, field: string): PairId {
  if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) return v;
  throw new InvalidJsonError(field, `is ${describe(v)}; expected a string or a finite number`);
}

function list(v: unknown, field: string, form: string): unknown[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new InvalidJsonError(field, `is ${describe(v)}; expected an array of ${form}`);
  return v;
}

type Contact = { a: PairId; b: PairId; separation: number; intersecting: boolean; normal: number[]; pointA: number[]; pointB: number[] };

/** The answer object of a parsed 2D scene document. @throws CollisionError naming the bad field. */
export function answerScene2d(doc: unknown): Record<string, unknown> {
  if (!isPlainObject(doc)) throw new InvalidJsonError('scene', `is ${describe(doc)}; expected {"bodies": [{"id", "shape", "pose"}, ...]}`);
  const margin = doc.margin ?? 0;
  if (!(typeof margin === 'number' && margin >= 0 && margin < Infinity)) throw new InvalidJsonError('margin', `is ${describe(margin)}; expected a finite number >= 0`);
  const world = new CollisionWorld2({ margin });
  /** Each id's input position, each handle's, each input position's id, and the live bodies' handles by id. */
  const positionOfId = new Map<PairId, number>(), positionOfHandle = new Map<number, number>(), ids: PairId[] = [], live = new Map<PairId, number>();
  const statics = new Set<PairId>();

  const addBody = (body: unknown, field: string): void => {
    if (!isPlainObject(body)) throw new InvalidJsonError(field, `is ${describe(body)}; expected {"id", "shape", "pose", "static"?}`);
    const id = readId(body.id, `${field}.id`);
    if (positionOfId.has(id)) throw new InvalidJsonError(`${field}.id`, `is ${JSON.stringify(id)}, an id already used; expected an id of its own`);
    const isStatic = body.static ?? false;
    if (typeof isStatic !== 'boolean') throw new InvalidJsonError(`${field}.static`, `is ${describe(isStatic)}; expected true or false`);
    const shape = shape2FromJSON(body.shape, `${field}.shape`), pose = readPose2Json(body.pose, `${field}.pose`);
    const handle = world.add(shape, pose, { static: isStatic });
    positionOfId.set(id, ids.length); positionOfHandle.set(handle, ids.length); ids.push(id); live.set(id, handle);
    if (isStatic) statics.add(id);
  };

  const listing = (): Contact[] => {
    const found: { ia: number; ib: number; entry: Contact }[] = [];
    for (let i = 0; i < world.contactCount; i++) {
      const c = world.contact(i);
      let ia = positionOfHandle.get(c.a)!, ib = positionOfHandle.get(c.b)!;
      let normal = [c.normal.x, c.normal.y], pointA = [c.pointA.x, c.pointA.y], pointB = [c.pointB.x, c.pointB.y];
      if (ia > ib) { [ia, ib] = [ib, ia]; [pointA, pointB] = [pointB, pointA]; normal = [-normal[0], -normal[1]]; }
      found.push({ ia, ib, entry: { a: ids[ia], b: ids[ib], separation: c.separation, intersecting: c.separation < 0, normal, pointA, pointB } });
    }
    found.sort((x, y) => x.ia - y.ia || x.ib - y.ib);
    return found.map((f) => f.entry);
  };

  const hit: WorldRayHit2 = { body: 0, t: 0, point: { x: 0, y: 0 }, normal: { x: 0, y: 0 } };
  const rayHits = (rays: unknown[], field: string): unknown[] => rays.map((ray, i) => {
    const f = `${field}[${i}]`;
    if (!isPlainObject(ray)) throw new InvalidJsonError(f, `is ${describe(ray)}; expected {"id", "origin", "direction", "maxT"}`);
    const id = readId(ray.id, `${f}.id`);
    const [ox, oy] = readNumbers(ray.origin, `${f}.origin`, 2, '[x, y]');
    const [dx, dy] = readNumbers(ray.direction, `${f}.direction`, 2, '[x, y]');
    if (dx === 0 && dy === 0) throw new InvalidJsonError(`${f}.direction`, 'is the zero vector; expected a non-zero direction');
    const maxT = ray.maxT ?? Infinity;
    if (!(typeof maxT === 'number' && maxT >= 0)) throw new InvalidJsonError(`${f}.maxT`, `is ${describe(maxT)}; expected a number >= 0`);
    const r = world.rayCast({ x: ox, y: oy }, { x: dx, y: dy }, { maxT }, hit);
    if (r === null) return { id, hit: false };
    return { id, hit: true, body: ids[positionOfHandle.get(r.body)!], t: r.t, point: [r.point.x, r.point.y], normal: [r.normal.x, r.normal.y] };
  });

  const aabbHits = (boxes: unknown[], field: string): unknown[] => boxes.map((box, i) => {
    const f = `${field}[${i}]`;
    if (!isPlainObject(box)) throw new InvalidJsonError(f, `is ${describe(box)}; expected {"id", "min", "max"}`);
    const id = readId(box.id, `${f}.id`);
    const [x0, y0] = readNumbers(box.min, `${f}.min`, 2, '[x, y]');
    const [x1, y1] = readNumbers(box.max, `${f}.max`, 2, '[x, y]');
    if (x0 > x1 || y0 > y1) throw new InvalidJsonError(`${f}.max`, `is [${x1}, ${y1}], below min [${x0}, ${y0}]; expected max ≥ min on each axis`);
    const handles: number[] = [];
    world.queryAabb({ x: x0, y: y0 }, { x: x1, y: y1 }, (h) => { handles.push(h); });
    // (Handles grow with the input positions: their order is the input's.)
    handles.sort((p, q) => positionOfHandle.get(p)! - positionOfHandle.get(q)!);
    return { id, bodies: handles.map((h) => ids[positionOfHandle.get(h)!]) };
  });

  list(doc.bodies, 'bodies', '{"id", "shape", "pose"}').forEach((body, i) => addBody(body, `bodies[${i}]`));
  const rays = list(doc.rays, 'rays', '{"id", "origin", "direction", "maxT"}'), boxes = list(doc.aabbs, 'aabbs', '{"id", "min", "max"}');
  world.update();
  let last = listing();
  const answer: Record<string, unknown> = { contacts: last, rayHits: rayHits(rays, 'rays') };
  if (doc.aabbs !== undefined) answer.aabbHits = aabbHits(boxes, 'aabbs');

  if (doc.steps !== undefined) {
    answer.steps = list(doc.steps, 'steps', 'steps {"remove", "add", "poses", "rays", "aabbs"}').map((step, s) => {
      const field = `steps[${s}]`;
      if (!isPlainObject(step)) throw new InvalidJsonError(field, `is ${describe(step)}; expected {"remove", "add", "poses", "rays", "aabbs"}`);
      list(step.remove, `${field}.remove`, 'ids').forEach((v, i) => {
        const id = readId(v, `${field}.remove[${i}]`), handle = live.get(id);
        if (handle === undefined) throw new InvalidJsonError(`${field}.remove[${i}]`, `is ${JSON.stringify(id)}, ${positionOfId.has(id) ? 'a body already removed' : 'no body\'s id'}; expected the id of a body in the scene`);
        world.remove(handle); live.delete(id);
      });
      list(step.add, `${field}.add`, 'bodies {"id", "shape", "pose"}').forEach((body, i) => addBody(body, `${field}.add[${i}]`));
      list(step.poses, `${field}.poses`, '{"id", "pose"}').forEach((entry, i) => {
        const f = `${field}.poses[${i}]`;
        if (!isPlainObject(entry)) throw new InvalidJsonError(f, `is ${describe(entry)}; expected {"id", "pose"}`);
        const id = readId(entry.id, `${f}.id`), handle = live.get(id);
        if (handle === undefined) throw new InvalidJsonError(`${f}.id`, `is ${JSON.stringify(id)}, ${positionOfId.has(id) ? 'a body already removed' : 'no body\'s id'}; expected the id of a body in the scene`);
        if (statics.has(id)) throw new InvalidJsonError(`${f}.id`, `is ${JSON.stringify(id)}, a static body; a static body does not move`);
        world.setPose(handle, readPose2Json(entry.pose, `${f}.pose`));
      });
      world.update();
      const now = listing(), key = (c: { a: PairId; b: PairId }) => `${positionOfId.get(c.a)},${positionOfId.get(c.b)}`;
      const before = new Set(last.map(key)), after = new Set(now.map(key));
      const began = now.filter((c) => !before.has(key(c))).map((c) => ({ a: c.a, b: c.b }));
      const ended = last.filter((c) => !after.has(key(c))).map((c) => ({ a: c.a, b: c.b }));
      last = now;
      const out: Record<string, unknown> = { contacts: now, began, ended, rayHits: rayHits(list(step.rays, `${field}.rays`, '{"id", "origin", "direction", "maxT"}'), `${field}.rays`) };
      if (step.aabbs !== undefined) out.aabbHits = aabbHits(list(step.aabbs, `${field}.aabbs`, '{"id", "min", "max"}'), `${field}.aabbs`);
      return out;
    });
  }
  return answer;
}
