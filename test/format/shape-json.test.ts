/**
 * The JSON SHAPE format both ways (src/format/shape-json.ts): `shapeToJSON` is the inverse of
 * `shapeFromJSON` on every kind (a hull writes its vertices), the shape it writes back answers queries
 * bit for bit like the original, and a shape with no JSON form is refused by name.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shapeFromJSON, shapeToJSON, type ShapeJSON } from '../../src/format/index.js';
import { describeShape } from '../../src/cli/answers/pair.js';
import { Box, contact, ConvexHull, InvalidShapeError, MinkowskiSum, Rounded, Sphere, type Shape } from '../../src/index.js';
import * as A from '../arbitraries.js';
import * as O from '../oracles.js';
import { runs, seed } from '../runs.js';

const custom: Shape = { sweptRadius: 0, boundingRadius: 1, support: (out) => { out.x = 0; out.y = 0; out.z = 0; return out; } };

describe('shapeToJSON', () => {
  it('writes back what shapeFromJSON read, for every kind (a hull as its vertices), and the copy answers alike', () => {
    fc.assert(fc.property(A.anyShape, A.pose(2), (j, pose) => {
      const shape = shapeFromJSON(j);
      const written = shapeToJSON(shape);
      const again = shapeFromJSON(written);
      expect(shapeToJSON(again)).toEqual(written);
      if (j.type !== 'convexHull' && !JSON.stringify(j).includes('convexHull')) expect(written).toEqual(j);
      const probe = new Box(0.3, 0.2, 0.4), p = O.poseObj(pose), q = O.poseObj(O.at(0.5, 0.1, 0));
      expect(contact(again, p, probe, q)).toEqual(contact(shape, p, probe, q));
    }), { seed: seed(1421), numRuns: runs(300) });
  });

  it('a hull writes its vertices only', () => {
    const h = new ConvexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0.1, 0.1, 0.1]);
    expect(shapeToJSON(h)).toEqual({ type: 'convexHull', points: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]] });
  });

  it('a user support map has no JSON form: InvalidShapeError naming the field, also inside a wrapper', () => {
    expect(() => shapeToJSON(custom)).toThrow(InvalidShapeError);
    expect(() => shapeToJSON(custom)).toThrow(/^shape is a shape of kind "custom", which has no JSON form/);
    expect(() => shapeToJSON(new Rounded(custom, 1), 'pairs[2].a')).toThrow(/^pairs\[2\]\.a\.shape is a shape of kind "custom"/);
    expect(() => shapeToJSON(null as unknown as Shape)).toThrow(/^shape is null/);
  });
});

describe('describeShape', () => {
  it('names the kind, wrappers around their shapes, hulls by vertex count, user shapes as custom', () => {
    const cases: [Shape, string][] = [
      [new Sphere(1), 'sphere'],
      [new Rounded(new Box(1, 1, 1), 0.1), 'rounded box'],
      [new MinkowskiSum(new Sphere(1), new Box(1, 1, 1)), '(sphere + box)'],
      [new ConvexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]), 'hull(4)'],
      [custom, 'custom'],
    ];
    for (const [s, name] of cases) expect(describeShape(s)).toBe(name);
    const deep = [1, 2, 3, 4, 5].reduce<ShapeJSON>((inner) => ({ type: 'rounded', shape: inner, radius: 0.1 }), { type: 'point' });
    expect(describeShape(shapeFromJSON(deep))).toBe('rounded rounded rounded rounded …');
  });
});

describe('shapeFromJSON messages', () => {
  it('quote a short type, and give a long one by its length (never the whole string)', () => {
    expect(() => shapeFromJSON({ type: 'teapot' })).toThrow(/^shape\.type is "teapot"; expected one of point/);
    expect(() => shapeFromJSON({ type: 'x'.repeat(100_000) })).toThrow(/^shape\.type is a string of length 100000; expected one of point/);
  });
});
