import { describe, expect, it } from 'vitest';
import {
  DegenerateHullError, InvalidJsonError, InvalidNumberError, InvalidQuaternionError, InvalidRadiusError,
  InvalidShapeError,
} from '../../src/errors.js';
import { isPairParseError, parsePairQueryDocument, readPairQuery, readPoseJson, type PairParseError, type ParsedPair } from '../../src/format/pair-document.js';
import { MAX_ERROR_MESSAGE_LENGTH } from '../../src/format/read-json.js';
import { answerPair, answerPairQuery, answerPairQueryText, formatResults, isPairFailure } from '../../src/cli/answers/pair.js';

const IDENTITY = { position: [0, 0, 0], quaternion: [0, 0, 0, 1] };
const UNIT_BOX = { type: 'box', halfExtents: [0.5, 0.5, 0.5] };

/** A valid pair with `overrides` applied (a key set to undefined is removed). */
function pair(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const p: Record<string, unknown> = {
    id: 'p', a: UNIT_BOX, poseA: IDENTITY, b: UNIT_BOX, poseB: { position: [2, 0, 0], quaternion: [0, 0, 0, 1] },
    ...overrides,
  };
  for (const k of Object.keys(p)) if (p[k] === undefined) delete p[k];
  return p;
}

/** Reads a one-pair document and returns that pair's parse error (failing the test if it parsed). */
function errorOf(p: unknown): PairParseError {
  const [entry] = readPairQuery({ pairs: [p] }).entries;
  if (!isPairParseError(entry)) throw new Error('expected the pair to be rejected');
  return entry;
}

function parsed(p: unknown): ParsedPair {
  const [entry] = readPairQuery({ pairs: [p] }).entries;
  if (isPairParseError(entry)) throw entry.error;
  return entry;
}

describe('parsePairQueryDocument: the document as a whole', () => {
  it('rejects text that is not JSON, naming the input and the expected form', () => {
    expect(() => parsePairQueryDocument('{"pairs": [')).toThrow(InvalidJsonError);
    expect(() => parsePairQueryDocument('')).toThrow(/^input is not valid JSON .*expected \{"pairs"/);
  });

  it('rejects a document that is not an object or has no pairs array', () => {
    expect(() => parsePairQueryDocument('[]')).toThrow(/^input is an array of length 0; expected an object/);
    expect(() => parsePairQueryDocument('null')).toThrow(/^input is null/);
    expect(() => parsePairQueryDocument('{}')).toThrow(/^pairs is missing; expected an array of pair objects/);
    expect(() => parsePairQueryDocument('{"pairs": {"id": 1}}')).toThrow(/^pairs is an object; expected an array/);
  });

  it('accepts an empty pairs array and a leading byte-order mark', () => {
    expect(parsePairQueryDocument('{"pairs": []}').entries).toEqual([]);
    expect(parsePairQueryDocument(`\ufeff${JSON.stringify({ pairs: [pair()] })}`).entries).toHaveLength(1);
  });

  it('ignores keys it does not know, on the document and on a pair', () => {
    const doc = readPairQuery({ note: 'x', pairs: [pair({ category: 'golden', expect: { separation: 1 } })] });
    expect(isPairParseError(doc.entries[0])).toBe(false);
  });
});

describe('per-pair errors', () => {
  it('do not stop the other pairs', () => {
    const doc = readPairQuery({ pairs: [pair({ id: 'good-1' }), pair({ id: 'bad', a: { type: 'sphere', radius: -1 } }), pair({ id: 'good-2' })] });
    const results = answerPairQuery(doc);
    expect(results.map((r) => r.id)).toEqual(['good-1', 'bad', 'good-2']);
    expect(results.map(isPairFailure)).toEqual([false, true, false]);
  });

  it('reject a pair that is not an object', () => {
    const e = errorOf(42);
    expect(e.id).toBeNull();
    expect(e.error).toBeInstanceOf(InvalidJsonError);
    expect(e.error.message).toBe('pairs[0] is number 42; expected a pair object {"id", "a", "poseA", "b", "poseB"}');
  });

  it('reject a bad quaternion with the field and the accepted range', () => {
    const e = errorOf(pair({ poseA: { position: [0, 0, 0], quaternion: [0, 0, 0, 1.2] } }));
    expect(e.error).toBeInstanceOf(InvalidQuaternionError);
    expect(e.error.message).toBe('pairs[0].poseA.quaternion has length 1.2; expected a unit quaternion (length within 1e-6 of 1)');
    expect(errorOf(pair({ poseB: { position: [0, 0, 0], quaternion: [0, 0, 0, 0] } })).error.message)
      .toMatch(/^pairs\[0\]\.poseB\.quaternion has length 0; expected a unit quaternion/);
  });

  it('reject Infinity (JSON 1e999), NaN and numbers written as strings, naming the component', () => {
    const text = '{"pairs": [{"id": "p", "a": {"type": "point"}, "poseA": {"position": [0, 0, 0], "quaternion": [0, 0, 0, 1]},'
      + ' "b": {"type": "point"}, "poseB": {"position": [0, 1e999, 0], "quaternion": [0, 0, 0, 1]}}]}';
    const [entry] = parsePairQueryDocument(text).entries;
    expect(isPairParseError(entry) && entry.error).toBeInstanceOf(InvalidNumberError);
    expect(isPairParseError(entry) && entry.error.message).toMatch(/^pairs\[0\]\.poseB\.position\[1\] is Infinity; expected a finite number/);

    const nan = errorOf(pair({ poseA: { position: [0, 0, 0], quaternion: [0, 0, 'NaN', 1] } }));
    expect(nan.error).toBeInstanceOf(InvalidNumberError);
    expect(nan.error.message).toBe('pairs[0].poseA.quaternion[2] is string "NaN"; expected a finite number (a JSON number, not a string)');

    expect(errorOf(pair({ poseA: { position: [NaN, 0, 0], quaternion: [0, 0, 0, 1] } })).error.message)
      .toMatch(/^pairs\[0\]\.poseA\.position\[0\] is NaN/);
    expect(errorOf(pair({ a: { type: 'sphere', radius: 'Infinity' } })).error.message).toMatch(/^pairs\[0\]\.a\.radius is string "Infinity"/);
  });

  it('reject wrong types and shapes of the pose fields', () => {
    expect(errorOf(pair({ poseA: undefined })).error.message).toMatch(/^pairs\[0\]\.poseA is missing; expected a pose/);
    expect(errorOf(pair({ poseA: { position: { x: 0, y: 0, z: 0 }, quaternion: [0, 0, 0, 1] } })).error.message)
      .toBe('pairs[0].poseA.position is an object; expected an array of 3 finite numbers [x, y, z]');
    expect(errorOf(pair({ poseB: { position: [0, 0], quaternion: [0, 0, 0, 1] } })).error.message)
      .toMatch(/^pairs\[0\]\.poseB\.position is an array of length 2; expected an array of 3/);
    expect(errorOf(pair({ poseB: { position: [0, 0, 0], quaternion: [0, 0, 1] } })).error.message)
      .toMatch(/^pairs\[0\]\.poseB\.quaternion is an array of length 3; expected an array of 4/);
    expect(errorOf(pair({ poseB: { position: [0, null, 0], quaternion: [0, 0, 0, 1] } })).error.message)
      .toBe('pairs[0].poseB.position[1] is null; expected a finite number');
  });

  it('reject bad shapes with the shape reader\'s typed errors, naming the field', () => {
    const unknown = errorOf(pair({ b: { type: 'torus' } }));
    expect(unknown.error).toBeInstanceOf(InvalidShapeError);
    expect(unknown.error.message).toMatch(/^pairs\[0\]\.b\.type is "torus"; expected one of point, segment/);

    const radius = errorOf(pair({ a: { type: 'capsule', halfHeight: 1, radius: -0.5 } }));
    expect(radius.error).toBeInstanceOf(InvalidRadiusError);
    expect(radius.error.message).toBe('pairs[0].a.radius is -0.5; expected a finite number >= 0');

    expect(errorOf(pair({ a: undefined })).error.message).toMatch(/^pairs\[0\]\.a is missing; expected a shape object/);
  });

  it('name the shape when the hull builder rejects an empty point list', () => {
    const e = errorOf(pair({ a: { type: 'convexHull', points: [] } }));
    expect(e.error).toBeInstanceOf(DegenerateHullError);
    expect(e.error.message).toMatch(/^pairs\[0\]\.a/);
    expect(e.error.message).toMatch(/empty/);
  });
});

describe('ids', () => {
  it('keeps strings and numbers as they are', () => {
    expect(parsed(pair({ id: 'the first pair' })).id).toBe('the first pair');
    expect(parsed(pair({ id: 7 })).id).toBe(7);
    expect(parsed(pair({ id: '' })).id).toBe('');
  });

  it('rejects a missing or non-scalar id, reporting the pair with a null id', () => {
    const missing = errorOf(pair({ id: undefined }));
    expect(missing.id).toBeNull();
    expect(missing.error.message).toBe('pairs[0].id is missing; expected a string or a finite number');
    expect(errorOf(pair({ id: ['a'] })).error.message).toMatch(/^pairs\[0\]\.id is an array of length 1/);
    expect(errorOf(pair({ id: Infinity })).error).toBeInstanceOf(InvalidNumberError);
  });

  it('keeps the id of a pair rejected for another reason', () => {
    expect(errorOf(pair({ id: 'x', a: { type: 'torus' } })).id).toBe('x');
  });
});

describe('readPoseJson', () => {
  it('normalises a quaternion within 1e-6 of unit length', () => {
    const pose = readPoseJson({ position: [1, 2, 3], quaternion: [0, 0, 0, 1 + 5e-7] }, 'pose');
    expect(pose.quaternion).toEqual({ x: 0, y: 0, z: 0, w: 1 });
    expect(pose.position).toEqual({ x: 1, y: 2, z: 3 });
    const q = readPoseJson({ position: [0, 0, 0], quaternion: [0.5, 0.5, 0.5, 0.5000009] }, 'pose').quaternion;
    expect(Math.hypot(q.x, q.y, q.z, q.w)).toBeCloseTo(1, 15);
  });

  it('rejects just outside the tolerance rather than clamping', () => {
    expect(() => readPoseJson({ position: [0, 0, 0], quaternion: [0, 0, 0, 1 + 2e-6] }, 'pose')).toThrow(InvalidQuaternionError);
    expect(() => readPoseJson({ position: [0, 0, 0], quaternion: [1e200, 0, 0, 1e200] }, 'pose')).toThrow(/has length 1\.41\d*e\+200/);
  });
});

describe('hostile input ends as a message, never a crash, hang or a huge message', () => {
  it('deeply nested arrays', () => {
    const depth = 100_000;
    const text = `{"pairs": [{"id": "deep", "a": {"type": "point"}, "poseA": {"position": ${'['.repeat(depth)}${']'.repeat(depth)}, "quaternion": [0, 0, 0, 1]}, "b": {"type": "point"}, "poseB": {"position": [0, 0, 0], "quaternion": [0, 0, 0, 1]}}]}`;
    const [entry] = parsePairQueryDocument(text).entries;
    expect(isPairParseError(entry) && entry.error.message).toBe('pairs[0].poseA.position is an array of length 1; expected an array of 3 finite numbers [x, y, z]');
  });

  it('deeply nested shapes', () => {
    let shape: unknown = { type: 'point' };
    for (let i = 0; i < 10_000; i++) shape = { type: 'rounded', shape, radius: 0 };
    expect(errorOf(pair({ a: shape })).error).toBeInstanceOf(InvalidShapeError);
  });

  it('huge arrays where a vector belongs', () => {
    const huge = new Array(1_000_000).fill(1);
    expect(errorOf(pair({ poseA: { position: huge, quaternion: [0, 0, 0, 1] } })).error.message)
      .toBe('pairs[0].poseA.position is an array of length 1000000; expected an array of 3 finite numbers [x, y, z]');
    // The typed errors describe a bad value in bounded length at the source (an array by its length).
    const doc = readPairQuery({ pairs: [pair({ a: { type: 'segment', a: [huge, 0, 0], b: [0, 0, 0] } })] });
    const [result] = answerPairQuery(doc);
    expect(isPairFailure(result) && result.error.length).toBeLessThan(MAX_ERROR_MESSAGE_LENGTH + 100);
    expect(isPairFailure(result) && result.error).toBe('pairs[0].a.a[0] is an array of length 1000000; expected a finite number');
  });

  it('long strings where a number belongs are summarised', () => {
    expect(errorOf(pair({ poseA: { position: ['x'.repeat(10_000), 0, 0], quaternion: [0, 0, 0, 1] } })).error.message)
      .toBe('pairs[0].poseA.position[0] is a string of length 10000; expected a finite number');
  });
});

describe('answerPair', () => {
  it('answers in world space with the normal from A to B', () => {
    const r = answerPair(parsed(pair({ poseB: { position: [0, 0, 3], quaternion: [0, 0, 0, 1] } })));
    expect(isPairFailure(r)).toBe(false);
    if (isPairFailure(r)) return;
    expect(r.separation).toBeCloseTo(2, 12);
    expect(r.intersecting).toBe(false);
    expect(r.normal[2]).toBeCloseTo(1, 12);
    expect(r.pointB[2] - r.pointA[2]).toBeCloseTo(2, 12);
  });

  it('reports touching as intersecting with separation 0', () => {
    const r = answerPair(parsed(pair({ poseB: { position: [1, 0, 0], quaternion: [0, 0, 0, 1] } })));
    expect(!isPairFailure(r) && r.separation).toBe(0);
    expect(!isPairFailure(r) && r.intersecting).toBe(true);
  });

  it('uses the normalised quaternion: a slightly long quaternion gives the same answer as the unit one', () => {
    const s = Math.SQRT1_2;
    const at = (k: number) => answerPair(parsed(pair({ poseB: { position: [1.2, 0.3, 0], quaternion: [0, 0, s * k, s * k] } })));
    const exact = at(1), long = at(1 + 9e-7);
    expect(!isPairFailure(exact) && !isPairFailure(long) && Math.abs(exact.separation - long.separation)).toBeLessThan(1e-15);
  });
});

describe('formatResults', () => {
  it('writes exactly the README fields, in order, and {id, error} for a failure', () => {
    const doc = readPairQuery({ pairs: [pair({ id: 1 }), pair({ id: 'two', b: { type: 'torus' } })] });
    const text = formatResults(answerPairQuery(doc));
    const json = JSON.parse(text) as { results: Record<string, unknown>[] };
    expect(Object.keys(json)).toEqual(['results']);
    expect(Object.keys(json.results[0])).toEqual(['id', 'intersecting', 'separation', 'normal', 'pointA', 'pointB']);
    expect(json.results[0].id).toBe(1);
    expect(json.results[0]).toMatchObject({ intersecting: false, separation: 1, normal: [1, 0, 0], pointA: [0.5, expect.any(Number), expect.any(Number)] });
    expect(json.results[1]).toEqual({ id: 'two', error: expect.stringMatching(/^pairs\[1\]\.b\.type is "torus"/) });
    expect(text.endsWith('\n')).toBe(true);
  });

  it('writes numbers that read back to the same float64', () => {
    const doc = readPairQuery({ pairs: [pair({ poseB: { position: [1 + 1 / 3, 0.1, 0], quaternion: [0, 0, 0, 1] } })] });
    const [r] = answerPairQuery(doc);
    const back = (JSON.parse(formatResults([r])) as { results: { separation: number }[] }).results[0];
    expect(!isPairFailure(r) && back.separation).toBe(!isPairFailure(r) && r.separation);
  });

  it('writes an empty results array', () => {
    expect(JSON.parse(formatResults([]))).toEqual({ results: [] });
  });
});

describe('answerPairQueryText', () => {
  it('writes exactly what formatResults(answerPairQuery(parsePairQueryDocument(text))) writes, with the counts', () => {
    const box = { type: 'box', halfExtents: [0.5, 0.5, 0.5] }, pose = (x: number) => ({ position: [x, 0.1, 0], quaternion: [0, 0, 0.3826834, 0.9238795] });
    const pairs: unknown[] = Array.from({ length: 50 }, (_, i) => ({ id: i, a: box, poseA: pose(0), b: { type: 'sphere', radius: 0.3 }, poseB: pose(0.2 + i / 20) }));
    pairs.push({ id: 'bad', a: { type: 'teapot' }, poseA: pose(0), b: box, poseB: pose(1) }, 'not a pair', { id: 7, a: box });
    const text = JSON.stringify({ pairs });
    const answered = answerPairQueryText(text);
    expect(answered.results).toBe(formatResults(answerPairQuery(parsePairQueryDocument(text))));
    expect([answered.total, answered.failed]).toEqual([53, 3]);
    expect(answerPairQueryText('{"pairs": []}').results).toBe('{"results": []}\n');
    expect(() => answerPairQueryText('{"pairs": 3}')).toThrow(/^pairs is/);
  });
});
