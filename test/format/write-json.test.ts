/**
 * Writing documents (format/write-json.ts): a pair-query document written from parsed pairs reads back to
 * the same shapes and poses, so `contact` answers every pair to the bit; poses are checked as the queries
 * check them; a shape of your own has no JSON form.
 */
import { describe, expect, it } from 'vitest';
import { isPairParseError, pairQueryToJSON, parsePairQueryDocument, poseToJSON, type ParsedPair } from '../../src/format/index.js';
import { Box, Compound, contact, InvalidArgumentError, InvalidQuaternionError, InvalidShapeError, Sphere, TriangleMesh } from '../../src/index.js';

const at = (x: number, y: number, z: number) => ({ position: { x, y, z }, quaternion: { x: 0, y: 0.6, z: 0, w: 0.8 } });

function parsed(text: string): ParsedPair[] {
  return parsePairQueryDocument(text).entries.map((e) => {
    if (isPairParseError(e)) throw e.error;
    return e;
  });
}

describe('pairQueryToJSON', () => {
  it('reads back to the same answers, bit for bit: convex shapes, a compound, a mesh with a degenerate triangle', () => {
    const chair = new Compound([
      { shape: new Box(0.5, 0.05, 0.5), pose: at(0, 0.5, 0) },
      { shape: new Sphere(0.3), pose: { position: { x: 0.1, y: 1, z: -0.45 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } } },
    ]);
    // Triangle 1 is degenerate (left out); the others are kept, in the hierarchy's order.
    const floor = new TriangleMesh([-9, 0, -9, 9, 0, -9, 9, 0, 9, -9, 0, 9, 0, 0, 0], [0, 2, 1, 4, 4, 4, 0, 3, 2]);
    const pairs = [
      { id: 'convex', a: new Box(1, 2, 3), poseA: at(0, 0, 0), b: new Sphere(0.7), poseB: at(1.3, 2.1, 0.2) },
      { id: 7, a: chair, poseA: at(0.2, 0, 0), b: new Sphere(0.2), poseB: at(0, 1, -0.1) },
      { id: 'mesh', a: floor, poseA: at(0, 0, 0), b: new Box(0.5, 0.5, 0.5), poseB: at(1, 0.49, 2) },
    ];
    const back = parsed(JSON.stringify(pairQueryToJSON(pairs)));
    expect(back.map((p) => p.id)).toEqual(['convex', 7, 'mesh']);
    expect(back[1].a.kind).toBe('compound');
    expect((back[2].a as TriangleMesh).triangleCount).toBe(2);
    for (let i = 0; i < pairs.length; i++) {
      expect(contact(back[i].a, back[i].poseA, back[i].b, back[i].poseB)).toEqual(contact(pairs[i].a, pairs[i].poseA, pairs[i].b, pairs[i].poseB));
    }
    // And written again from what was read: the same document.
    expect(pairQueryToJSON(back)).toEqual(pairQueryToJSON(pairs));
  });

  it('names what it cannot write', () => {
    const mine = { sweptRadius: 0, boundingRadius: 1, support: (out: { x: number }) => out };
    const pose = at(0, 0, 0);
    expect(() => pairQueryToJSON([{ id: 1, a: mine as never, poseA: pose, b: new Sphere(1), poseB: pose }])).toThrow(InvalidShapeError);
    expect(() => pairQueryToJSON([{ id: 1, a: mine as never, poseA: pose, b: new Sphere(1), poseB: pose }])).toThrow(/^pairs\[0\]\.a /);
    expect(() => pairQueryToJSON([{ id: Infinity, a: new Sphere(1), poseA: pose, b: new Sphere(1), poseB: pose }])).toThrow(/^pairs\[0\]\.id is number Infinity/);
    expect(() => pairQueryToJSON('x' as never)).toThrow(InvalidArgumentError);
    expect(() => pairQueryToJSON([null as never])).toThrow(/^pairs\[0\] is null/);
  });
});

describe('poseToJSON', () => {
  it('writes the numbers as given, and refuses a pose the queries refuse, naming the field', () => {
    expect(poseToJSON(at(1, 2, 3))).toEqual({ position: [1, 2, 3], quaternion: [0, 0.6, 0, 0.8] });
    expect(() => poseToJSON({ position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 2 } }, 'body.pose')).toThrow(InvalidQuaternionError);
    expect(() => poseToJSON({ position: { x: NaN, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } }, 'body.pose')).toThrow(/^body\.pose\.position\.x/);
  });
});
