/**
 * The ray-cast JSON format (docs/formats.md, "Ray document"): `{"rays": [{"id", "shape", "pose",
 * "origin", "direction", "maxT", "solid"}, ...]}`, answered with {@link rayCast} into
 * `{"results": [{"id", "hit": true, "t", "point", "normal"} | {"id", "hit": false}, ...]}`. One bad ray
 * gets `{"id", "error"}`; the others are still answered.
 */
import { createRayHit, InvalidJsonError, rayCast } from '../../index.js';
import { readPoseJson, readShapeField, type PairId } from '../../format/pair-document.js';
import { describe, readNumbers } from '../../format/read-json.js';
import { allFinite, answerItem, answerItemsText, internalFailure, requireIndex, requireOutcome, writeOutcome, toArray, type AnsweredDocument, type PairFailure } from './pair.js';

/** The answer for one ray. */
export type RayOutcome =
  | { readonly id: PairId; readonly hit: true; readonly t: number; readonly point: [number, number, number]; readonly normal: [number, number, number] }
  | { readonly id: PairId; readonly hit: false }
  | PairFailure;

const _hit = /* @__PURE__ */ createRayHit();

/** Reads and answers `rays[index]`. Never throws. */
export function answerRayJson(json: unknown, index: number): RayOutcome {
  requireIndex(index);
  const field = `rays[${index}]`;
  return answerItem(json, field, 'a ray object {"id", "shape", "pose", "origin", "direction"}', (item, id) => {
    const shape = readShapeField(item.shape, `${field}.shape`);
    const pose = readPoseJson(item.pose, `${field}.pose`);
    const [ox, oy, oz] = readNumbers(item.origin, `${field}.origin`, 3, '[x, y, z]');
    const [dx, dy, dz] = readNumbers(item.direction, `${field}.direction`, 3, '[x, y, z]');
    const maxT = item.maxT;
    if (maxT !== undefined && !(typeof maxT === 'number' && maxT >= 0)) {
      throw new InvalidJsonError(`${field}.maxT`, `is ${describe(maxT)}; expected a number >= 0`);
    }
    const solid = item.solid;
    if (solid !== undefined && typeof solid !== 'boolean') throw new InvalidJsonError(`${field}.solid`, `is ${describe(solid)}; expected true or false`);
    if (dx === 0 && dy === 0 && dz === 0) throw new InvalidJsonError(`${field}.direction`, 'is the zero vector; expected a non-zero direction');
    const r = rayCast(shape, pose, { x: ox, y: oy, z: oz }, { x: dx, y: dy, z: dz }, _hit, { maxT: maxT as number | undefined, solid: solid as boolean | undefined });
    if (r === null) return { id, hit: false };
    const point = toArray(r.point), normal = toArray(r.normal);
    if (!Number.isFinite(r.t) || !allFinite(point) || !allFinite(normal)) return internalFailure(id, 'the ray cast produced a non-finite answer');
    return { id, hit: true, t: r.t, point, normal };
  });
}

export function formatRayResult(r: RayOutcome): string {
  requireOutcome(r, 'answerRayJson');
  if ('error' in r) return writeOutcome({ id: r.id, error: r.error }, 'answerRayJson');
  return writeOutcome(r.hit ? { id: r.id, hit: true, t: r.t, point: r.point, normal: r.normal } : { id: r.id, hit: false }, 'answerRayJson');
}

/**
 * Reads, answers and writes a ray document from its text.
 * @throws InvalidJsonError when the text is not JSON, is not an object, or has no `rays` array.
 */
export function answerRayQueryText(text: string): AnsweredDocument {
  return answerItemsText(text, 'rays', 'ray objects {"id", "shape", "pose", "origin", "direction"}', (json, i) => {
    const outcome = answerRayJson(json, i);
    return { line: formatRayResult(outcome), failed: 'error' in outcome };
  });
}
