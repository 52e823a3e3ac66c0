/**
 * Golden reproducers of the hardening issue (wrong answers found by a hostile probe): each case is the
 * smallest input that showed the bug, with the answer an independent oracle gives (a closed form, worked
 * out in the comment), and each failed before its fix. Pair queries of two convex shapes live in
 * test/golden/*.json instead; these need a mesh, a list or a scale the JSON cases cannot say.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Box, Capsule, Compound, Cone, contact, contactManifolds, ConvexHull, createManifoldList, distance, InvalidShapeError, intersects, MinkowskiSum, Sphere, TriangleMesh,
} from '../../src/index.js';
import type { PoseLike } from '../../src/index.js';
import { formatCastResult } from '../../src/cli/answers/cast.js';
import { formatManifoldResult } from '../../src/cli/answers/manifold.js';
import { formatResult, formatResults } from '../../src/cli/answers/pair.js';
import { formatPair2dResult } from '../../src/cli/answers/pair2d.js';
import { formatRayResult } from '../../src/cli/answers/ray.js';
import { answerSceneQueryText } from '../../src/cli/answers/scene.js';
import { CollisionWorld } from '../../src/world/collision-world.js';
import { Box2, Circle, shapeCast as shapeCast2 } from '../../src/2d/index.js';
import { createAabb, distanceBatch, InvalidArgumentError, InvalidRadiusError } from '../../src/index.js';
import { closestPoints, computeAabb, contactManifold, createManifold, Cylinder, Ellipsoid, Point, rayCast, shapeCast, Rounded, type ConvexShape } from '../../src/index.js';
import * as A from '../arbitraries.js';
import * as O from '../oracles.js';
import { runs, seed } from '../runs.js';

const at = (x: number, y: number, z: number): PoseLike => ({ position: { x, y, z }, quaternion: { x: 0, y: 0, z: 0, w: 1 } });

describe('contactManifolds keeps the deepest manifold at every scale', () => {
  // Sphere(0.5 s) centred at (0.3, 0.4, 0.2)·s over a floor of two triangles split along x = z. Its lowest
  // point, (0.3, −0.1, 0.2)·s, is over the triangle x > z: depth 0.1·s along −y. The other triangle's
  // closest point is on the shared (inner) edge, |(0.3, 0.4, 0.2) − (0.25, 0, 0.25)| = 0.4062 from the centre:
  // its manifold must take the face's normal (and then falls off that triangle), not −0.0938·s along a
  // tilted normal. It did at 2^600 and 2^-900: the face normal and edge tests squared lengths and overflowed.
  for (const e of [0, 600, -900, 1000, -1000]) {
    it(`s = 2^${e}`, () => {
      const s = 2 ** e;
      const floor = new TriangleMesh([-2 * s, 0, -2 * s, 2 * s, 0, -2 * s, 2 * s, 0, 2 * s, -2 * s, 0, 2 * s], [0, 2, 1, 0, 3, 2]);
      const list = contactManifolds(new Sphere(0.5 * s), at(0.3 * s, 0.4 * s, 0.2 * s), floor, at(0, 0, 0), createManifoldList());
      expect(list.count).toBe(1);
      const m = list.manifolds[0];
      expect(m.partB).toBe(0);
      expect(m.normal.y).toBe(-1);
      expect(m.count).toBe(1);
      expect(m.points[0].separation / s).toBeCloseTo(-0.1, 14);
      expect(m.points[0].pointB.y).toBe(0);
    });
  }
});

describe('a sphere against a long box is exact at any aspect ratio', () => {
  // Box(1e15, 0.5, 0.5) at the origin, Sphere(0.5) centred 3 above its top face's middle: the closest
  // points are (0, 0.5, 0) and (0, 2.5, 0), distance 2; 0.8 above the centre it overlaps by 0.2.
  for (const length of [1e6, 1e12, 1e15, 1e300]) {
    it(`half length ${length}`, () => {
      const box = new Box(length, 0.5, 0.5), ball = new Sphere(0.5);
      expect(distance(box, at(0, 0, 0), ball, at(0, 3, 0))).toBe(2);
      expect(intersects(box, at(0, 0, 0), ball, at(0, 3, 0))).toBe(false);
      const c = contact(box, at(0, 0, 0), ball, at(0, 0.8, 0))!;
      expect(c.separation).toBeCloseTo(-0.2, 15);
      expect(c.normal).toEqual({ x: 0, y: 1, z: 0 });
      // And along the box, far from its middle (where the ball's position still holds 2 to a few ulps: the
      // slack keeps POSITION_ULPS ulps of it, tolerance.ts): the same answer.
      const x = Math.min(length / 2, 1e9);
      expect(distance(box, at(0, 0, 0), ball, at(x, 3, 0))).toBe(2);
      expect(contact(ball, at(x, 0.8, 0), box, at(0, 0, 0))!.separation).toBeCloseTo(-0.2, 6);
    });
  }
});

describe('a ball or a capsule over a long box, turned anywhere', () => {
  // The oracle is the construction: in the box's frame the ball's centre (or the capsule's upright axis) is
  // over the top face's rectangle, so the separation is the gap g it was placed at. Before the box closed
  // forms sized their slack by what they round, a box 1e15 long made every gap under about 57 a touch.
  it('the separation is the gap it was placed at, within 1e-9, for boxes up to 1e15 long', () => {
    fc.assert(fc.property(
      fc.integer({ min: 6, max: 15 }), A.num(0.2, 1), A.num(0.2, 1), A.unitQuat, A.vec(3), A.num(0.1, 1), A.num(-3, 3), A.num(-0.9, 0.9), A.num(-0.9, 3), fc.boolean(),
      (e, hy, hz, q, p, r, x0, zf, gf, capsule) => {
        const box = new Box(10 ** e, hy, hz), g = gf * r, hh = 0.3;
        const other = capsule ? new Capsule(hh, r) : new Sphere(r);
        const centre = O.add(p, O.rotate(q, [x0, hy + r + g + (capsule ? hh : 0), zf * hz]));
        const poseBox = O.poseObj({ position: p, quaternion: q }), poseOther = O.poseObj({ position: centre, quaternion: q });
        const c = contact(box, poseBox, other, poseOther, undefined, { maxDistance: 4 })!;
        expect(Math.abs(c.separation - g)).toBeLessThanOrEqual(1e-9);
        expect(Math.abs(distance(other, poseOther, box, poseBox) - Math.max(g, 0))).toBeLessThanOrEqual(1e-9);
        if (Math.abs(g) > 1e-9) expect(intersects(box, poseBox, other, poseOther)).toBe(g < 0);
      }), { seed: seed(3331), numRuns: runs(300) });
  });

  it('a capsule 2 above a box 1e15 long (golden)', () => {
    const box = new Box(1e15, 0.5, 0.5), capsule = new Capsule(0.5, 0.5);
    expect(distance(box, at(0, 0, 0), capsule, at(0, 3, 0))).toBe(1.5);
    expect(contact(box, at(0, 0, 0), capsule, at(0, 0.8, 0))!.separation).toBeCloseTo(-0.7, 15);
  });
});

describe('a ball over a long hull', () => {
  // The hull of a box 1e12 to 3e13 long (longer ones are flat to the hull builder's tolerance, relative to
  // their extent): a ball 1e-3 above its top face is 1e-3 away, not touching; 0.3 above its middle it
  // overlaps by 0.2. With the pair's slack (of the hull's bounding radius) both read 0.
  for (const length of [1e12, 1e13, 3e13]) {
    it(`half length ${length}`, () => {
      const corners = [-1, 1].flatMap((x) => [-1, 1].flatMap((y) => [-1, 1].map((z) => ({ x: x * length, y: 0.5 * y, z: 0.5 * z }))));
      const hull = new ConvexHull(corners), ball = new Sphere(0.5);
      expect(hull.dimension).toBe(3);
      expect(Math.abs(distance(hull, at(0, 0, 0), ball, at(0, 1.001, 0)) - 1e-3)).toBeLessThan(1e-12);
      expect(intersects(hull, at(0, 0, 0), ball, at(0, 1.001, 0))).toBe(false);
      expect(contact(hull, at(0, 0, 0), ball, at(0, 0.8, 0))!.separation).toBeCloseTo(-0.2, 14);
    });
  }
});

describe('a convex shape against a mesh at any magnitude', () => {
  // Cone(0.3 s, 0.2 s) at (0.9, 1.2, 0.3)·s over a pyramid mesh (base 2 s square at y = 0, apex at y = s):
  // its nearest face is the slanted one towards +x, 0.3·√2 = 0.4243·s away, as distance says at every s.
  // contact said 0.90·s at 2^520: the traversal's tie between triangles squared the offset (infinite there).
  for (const e of [0, 520, 530, 1000, -520, -1000]) {
    it(`s = 2^${e}`, () => {
      const s = 2 ** e;
      const mesh = new TriangleMesh([-1, 0, -1, 1, 0, -1, 1, 0, 1, -1, 0, 1, 0, 1, 0].map((x) => x * s), [0, 1, 2, 0, 2, 3, 0, 4, 1, 1, 4, 2, 2, 4, 3, 3, 4, 0]);
      const cone = new Cone(0.3 * s, 0.2 * s), pose = at(0.9 * s, 1.2 * s, 0.3 * s);
      const d = distance(cone, pose, mesh, at(0, 0, 0)) / s;
      expect(d).toBeCloseTo(0.3 * Math.SQRT2, 14);
      expect(contact(cone, pose, mesh, at(0, 0, 0), undefined, { maxDistance: 10 * s })!.separation / s).toBeCloseTo(d, 14);
    });
  }
});

describe('garbage that was accepted is a typed error naming the field', () => {
  const part = { shape: new Sphere(1), pose: at(0, 0, 0) };

  it('a compound given a sparse array (its holes were skipped, the parts renumbered)', () => {
    // eslint-disable-next-line no-sparse-arrays
    expect(() => new Compound([, part] as never)).toThrow(InvalidShapeError);
    // eslint-disable-next-line no-sparse-arrays
    expect(() => new Compound([part, , part] as never)).toThrow(/Compound\.parts\[1\] is a hole/);
  });

  it('a geometry without an index whose vertex count is not a multiple of 3 (the rest was dropped)', () => {
    const geometry = { attributes: { position: { array: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 1]), itemSize: 3 } } };
    expect(() => TriangleMesh.fromGeometry(geometry as never)).toThrow(/position\.array holds 12 numbers \(4 vertices\), not whole triangles/);
    geometry.attributes.position.array = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    expect(TriangleMesh.fromGeometry(geometry as never).triangleCount).toBe(1);
  });

  it('a scene with two bodies of one id (its pairs named bodies ambiguously)', () => {
    const body = (id: number | string) => ({ id, shape: { type: 'sphere', radius: 1 }, pose: { position: [0, 0, 0], quaternion: [0, 0, 0, 1] } });
    const answer = answerSceneQueryText(JSON.stringify({ bodies: [body(1), body('1'), body(1)] }));
    expect(answer.text).toBeNull();
    expect(answer.error).toMatch(/bodies\[2\]\.id is 1, as bodies\[0\]\.id is/);
    expect(answerSceneQueryText(JSON.stringify({ bodies: [body(1), body('1')] })).error).toBeNull();
  });
});

describe('a support function of the user\'s that writes NaN or an infinity is a typed error naming it', () => {
  // It gave distance 0, intersects false, separation NaN and a ray hit at t = 0: GJK's comparisons all
  // fail on NaN, so it stopped with what it had. Bad only along some directions (as a normalisation of a
  // zero vector is), so a single probe would not find it.
  const bad = (value: number): ConvexShape => ({
    sweptRadius: 0, boundingRadius: 1,
    support(out, d) { out.x = d.x >= 0 ? 0.5 : -0.5; out.y = d.y > 0.3 ? value : d.y >= 0 ? 0.5 : -0.5; out.z = d.z >= 0 ? 0.5 : -0.5; return out; },
  });
  for (const value of [NaN, Infinity]) {
    it(`${value}`, () => {
      const shape = bad(value), ball = new Sphere(0.5), message = /custom shape's support returned .* expected a finite point/;
      expect(() => distance(shape, at(0, 0, 0), ball, at(0, 3, 0))).toThrow(message);
      expect(() => intersects(shape, at(0, 0, 0), ball, at(0, 3, 0))).toThrow(InvalidShapeError);
      expect(() => contact(ball, at(0, 3, 0), shape, at(0, 0, 0))).toThrow(InvalidShapeError);
      expect(() => closestPoints(shape, at(0, 0, 0), ball, at(0, 3, 0))).toThrow(InvalidShapeError);
      expect(() => contactManifold(shape, at(0, 0, 0), ball, at(0, 0.9, 0), createManifold())).toThrow(InvalidShapeError);
      expect(() => contact(new Rounded(shape, 0.1), at(0, 0, 0), ball, at(0, 3, 0))).toThrow(InvalidShapeError);
      expect(() => rayCast(shape, at(0, 0, 0), { x: 0, y: 5, z: 0 }, { x: 0, y: -1, z: 0 })).toThrow(InvalidShapeError);
      expect(() => shapeCast(ball, at(0, 5, 0), { linear: { x: 0, y: -1, z: 0 } }, shape, at(0, 0, 0), null)).toThrow(InvalidShapeError);
      expect(() => computeAabb(shape, at(0, 0, 0))).toThrow(InvalidShapeError);
    });
  }
  it('a finite support is answered as before', () => {
    expect(distance(bad(0.5), at(0, 0, 0), new Sphere(0.5), at(0, 3, 0))).toBe(2);
  });
});

describe('what threw a raw TypeError is a typed error naming the argument', () => {
  const box = new Box(0.5, 0.5, 0.5), ball = new Sphere(0.5);
  /** An object whose x, y, z have getters only (as a frozen three.js vector's proxy might). */
  const readOnly = () => { const o = {}; for (const k of ['x', 'y', 'z']) Object.defineProperty(o, k, { get: () => 0 }); return o; };
  const outs: unknown[] = [true, 0, Object.freeze({ t: 0, point: { x: 0, y: 0, z: 0 }, normal: { x: 0, y: 0, z: 0 } }), { t: 0, point: readOnly(), normal: readOnly() }];

  it('rayCast, shapeCast and the world\'s given an out they cannot write', () => {
    const world = new CollisionWorld();
    world.add(box, at(0, 0, 0));
    world.update();
    for (const out of outs) {
      expect(() => rayCast(box, at(0, 0, 0), { x: -5, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, out as never)).toThrow(/^out is not a writable hit record; expected one from createRayHit\(\)/);
      expect(() => world.rayCast({ x: -5, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, undefined, out as never)).toThrow(InvalidArgumentError);
      const castOut = typeof out === 'object' ? { ...(out as object), pointA: (out as { point: unknown }).point, pointB: (out as { point: unknown }).point } : out;
      expect(() => shapeCast(ball, at(-5, 0, 0), { linear: { x: 10, y: 0, z: 0 } }, box, at(0, 0, 0), null, (out === outs[2] ? Object.freeze(castOut) : castOut) as never)).toThrow(InvalidArgumentError);
      expect(() => world.shapeCast(ball, at(-5, 0, 0), { linear: { x: 10, y: 0, z: 0 } }, undefined, (out === outs[2] ? Object.freeze(castOut) : castOut) as never)).toThrow(InvalidArgumentError);
    }
  });

  it('closestPoints, computeAabb and contactManifolds given records with getters only', () => {
    expect(() => closestPoints(box, at(0, 0, 0), ball, at(3, 0, 0), { distance: 0, pointA: readOnly(), pointB: readOnly(), normal: readOnly() } as never)).toThrow(InvalidArgumentError);
    const aabb = createAabb();
    expect(() => computeAabb(box, at(0, 0, 0), { min: readOnly(), max: aabb.max } as never)).toThrow(/^out is not a writable box/);
    const list = { manifolds: [] };
    Object.defineProperty(list, 'count', { get: () => 0 });
    expect(() => contactManifolds(box, at(0, 0, 0), box, at(0.9, 0, 0), list as never)).toThrow(/^out is not a writable manifold list/);
  });

  it('the format functions given no outcome', () => {
    for (const format of [formatResult, formatRayResult, formatCastResult, formatManifoldResult, formatPair2dResult]) {
      expect(() => (format as (r: unknown) => string)(undefined)).toThrow(/^result is missing; expected an outcome from answer/);
    }
    expect(() => formatResults(undefined as never)).toThrow(InvalidArgumentError);
  });

  it('the format functions given an outcome holding a BigInt (JSON.stringify threw a raw TypeError: garbage fuzz, FC_SEED=random)', () => {
    const outcome = { id: 1, intersecting: { 0: 0n }, separation: 1, normal: [1, 0, 0], pointA: [0, 0, 0], pointB: [1, 0, 0] };
    for (const format of [formatResult, formatPair2dResult, formatRayResult, formatCastResult]) {
      expect(() => (format as (r: unknown) => string)({ ...outcome, hit: true, t: 0n, time: 0n })).toThrow(/^result holds a value JSON cannot write .*; expected an outcome from answer/);
    }
    expect(() => formatManifoldResult({ id: 1, manifolds: [{ partA: 1n }] } as never)).toThrow(/^result holds a value JSON cannot write/);
    expect(formatResult({ ...outcome, intersecting: false } as never)).toBe('{"id":1,"intersecting":false,"separation":1,"normal":[1,0,0],"pointA":[0,0,0],"pointB":[1,0,0]}');
  });

  it('a Proxy of a typed array in a batch (it passed instanceof and failed in the typed-array methods)', () => {
    const poses = new Float64Array([0, 0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0, 1]), pairs = new Int32Array([0, 1]);
    expect(() => distanceBatch([box, box], new Proxy(poses, {}), pairs)).toThrow(/^poses is an object; expected a Float64Array/);
    expect(() => distanceBatch([box, box], poses, new Proxy(pairs, {}))).toThrow(/^pairs is an object; expected an Int32Array/);
    expect(() => distanceBatch([box, box], poses, pairs, new Proxy(new Float64Array(1), {}))).toThrow(/^out is an object; expected a Float64Array/);
    expect(distanceBatch([box, box], poses, pairs)[0]).toBe(2);
  });

  it('new Box(1) names its missing half extents as half extents', () => {
    expect(() => new (Box as unknown as new (h: number) => Box)(1)).toThrow(InvalidRadiusError);
    expect(() => new (Box as unknown as new (h: number) => Box)(1)).toThrow(/^Box\.hy is missing; expected a half extent/);
  });
});

describe('a mesh given as a triangle soup smooths its inner edges as the indexed mesh does', () => {
  // A soup (three.js toNonIndexed(), many loaders) repeats every shared vertex, so its triangles had no
  // neighbours, every edge was a boundary, and a capsule across an inner edge got tilted normals (−0.1,
  // 0.995, 0) where the indexed mesh gives the face's. Edges are now matched by their ends' positions.
  /** A 3 × 3 grid of heights, indexed and as a soup. */
  function grids(heights: number[]): [TriangleMesh, TriangleMesh] {
    const verts: number[] = [], idx: number[] = [];
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) verts.push(j - 1, heights[3 * i + j], i - 1);
    for (let i = 0; i < 2; i++) for (let j = 0; j < 2; j++) { const v = 3 * i + j; idx.push(v, v + 3, v + 4, v, v + 4, v + 1); }
    const soup = idx.flatMap((k) => [verts[3 * k], verts[3 * k + 1], verts[3 * k + 2]]);
    return [new TriangleMesh(verts, idx), new TriangleMesh(soup, idx.map((_, i) => i))];
  }
  const s = Math.SQRT1_2, origin = at(0, 0, 0);
  const answers = (mesh: TriangleMesh, shape: ConvexShape, pose: PoseLike) => {
    const l = contactManifolds(shape, pose, mesh, origin, createManifoldList(), { margin: 0.05 });
    return Array.from({ length: l.count }, (_, i) => {
      const m = l.manifolds[i];
      return { part: m.partB, normal: { ...m.normal }, separations: m.points.slice(0, m.count).map((p) => p.separation) };
    });
  };

  it('a capsule lying across the inner edge x = 0 of a flat grid (golden)', () => {
    const [indexed, soup] = grids(new Array(9).fill(0));
    const pose = { position: { x: 0.01, y: -0.1, z: 0.1 }, quaternion: { x: s, y: 0, z: 0, w: s } };
    const got = answers(soup, new Capsule(0.5, 0.2), pose);
    expect(got.length).toBeGreaterThan(0);
    for (const m of got) expect(m.normal).toEqual({ x: 0, y: 1, z: 0 });
    expect(got).toEqual(answers(indexed, new Capsule(0.5, 0.2), pose));
  });

  it('random shapes over random bumpy grids: the soup\'s manifolds are the indexed mesh\'s', () => {
    const shapes: ConvexShape[] = [new Capsule(0.4, 0.2), new Box(0.3, 0.2, 0.25), new Sphere(0.3)];
    fc.assert(fc.property(fc.array(A.num(-0.3, 0.3), { minLength: 9, maxLength: 9 }), fc.nat(2), A.vec(0.8), A.unitQuat, A.num(-0.2, 0.3),
      (heights, k, p, q, y) => {
        const [indexed, soup] = grids(heights);
        const pose = O.poseObj({ position: [p[0], y, p[2]], quaternion: q });
        expect(answers(soup, shapes[k], pose)).toEqual(answers(indexed, shapes[k], pose));
      }), { seed: seed(3333), numRuns: runs(200) });
  });
});

describe('a shape cast\'s time does not depend on maxTime', () => {
  // The cast's tolerance was relative to the whole sweep up to maxTime, so with maxTime 1e9 it stopped a
  // large fraction of a unit early (2D: 0.85 for 0.9, 2.14 for 2.29; 3D turning: 0 for 2.29). Oracles in
  // closed form: two circles of radius 0.5, 10 apart, closing at 10 a unit: 0.9; a circle of radius 1 from
  // (−4, 4) along (1, −1) onto a unit box's corner (−1, 1): √2·(3 − t) = 1, t = 3 − 1/√2.
  const at2 = (x: number, y: number) => ({ position: { x, y }, angle: 0 });
  const corner = 3 - Math.SQRT1_2;
  for (const maxTime of [10, 1e3, 1e6, 1e9]) {
    it(`maxTime ${maxTime}`, () => {
      const circles = shapeCast2(new Circle(0.5), at2(0, 0), { linear: { x: 0, y: 10 } }, new Circle(0.5), at2(0, 10), null, null, { maxTime })!;
      expect(Math.abs(circles.time - 0.9)).toBeLessThan(1e-9);
      const onBox = shapeCast2(new Circle(1), at2(-4, 4), { linear: { x: 1, y: -1 } }, new Box2(1, 1), at2(0, 0), null, null, { maxTime })!;
      expect(Math.abs(onBox.time - corner)).toBeLessThan(1e-9);
      const turning2 = shapeCast2(new Circle(1), at2(-4, 4), { linear: { x: 1, y: -1 }, angular: 0.3 }, new Box2(1, 1), at2(0, 0), null, null, { maxTime })!;
      expect(Math.abs(turning2.time - corner)).toBeLessThan(1e-6);
      const turning3 = shapeCast(new Sphere(1), at(-4, 4, 0), { linear: { x: 1, y: -1, z: 0 }, angular: { x: 0, y: 0, z: 0.3 } }, new Box(1, 1, 1), at(0, 0, 0), null, null, { maxTime })!;
      expect(Math.abs(turning3.time - corner)).toBeLessThan(1e-6);
    });
  }
});

describe('rays at the quadrics and boxes keep their digits at every scale', () => {
  // Outside 2^±200 the ray cast scales the shape to a size near 1; seen through a view with no kind, the
  // quadrics' closed forms were passed over for the GJK ray cast, good to 1e-7: a cone's hit at 2^200 read
  // 2.93529710 for the exact 2.935297196473565 (the root of the quadratic of the ray and the cone's side,
  // worked out to 40 digits).
  for (const e of [0, 200, 400, 600, 1000, -400, -1000]) {
    it(`s = 2^${e}`, () => {
      const s = 2 ** e, origin = { x: -3 * s, y: 0.1 * s, z: 0.05 * s }, direction = { x: 1, y: 0.02, z: 0.01 };
      const hit = rayCast(new Cone(0.5 * s, 0.3 * s), at(0, 0, 0), origin, direction)!;
      expect(Math.abs(hit.t / s - 2.935297196473565) / 2.935297196473565).toBeLessThan(1e-14);
      // And the other closed forms: their hits scale with s to the last digits.
      const shapes = (k: number): ConvexShape[] => [new Sphere(0.4 * k), new Box(0.3 * k, 0.4 * k, 0.2 * k), new Capsule(0.3 * k, 0.2 * k), new Cylinder(0.3 * k, 0.35 * k), new Ellipsoid(0.5 * k, 0.3 * k, 0.4 * k)];
      const ref = shapes(1).map((shape) => rayCast(shape, at(0, 0, 0), { x: -3, y: 0.1, z: 0.05 }, direction)!.t);
      shapes(s).forEach((shape, i) => {
        expect(Math.abs(rayCast(shape, at(0, 0, 0), origin, direction)!.t / s - ref[i]) / ref[i], shape.kind).toBeLessThan(1e-14);
      });
    });
  }
});

describe('a ray from a hair outside a Minkowski sum of hulls (the GJK ray cast)', () => {
  // The GJK ray cast cannot tell an origin nearer a polytope's face than about √ε of the size from one on it:
  // a hollow ray 3e-13 outside a sum of two cubes, going in, was taken for one inside and reported the far
  // side (t ≈ 1), against docs/casts.md's rule (an origin on the surface going in enters at t = 0), and a
  // solid one 1e-9 outside hit at t = 0 where it enters at 1e-9. The origin's contact now decides.
  const cube = (s: number) => new ConvexHull([-s, -s, -s, s, -s, -s, -s, s, -s, s, s, -s, -s, -s, s, s, -s, s, -s, s, s, s, s, s]);
  const sum = new MinkowskiSum(cube(0.25), cube(0.25)), direction = { x: -1, y: 0.05, z: 0 };
  it.each([3e-13, 1e-12, -1e-12])('on the surface (%s): hollow enters at t = 0 with the face normal', (gap) => {
    const hit = rayCast(sum, at(0, 0, 0), { x: 0.5 + gap, y: 0.1, z: 0.2 }, direction, null, { solid: false })!;
    expect(hit.t).toBe(0);
    expect(hit.normal.x).toBeCloseTo(1, 9);
  });
  // (Not yet 1e-7: there the GJK ray cast itself hits, 1e-10 short of the face, the same √ε regime; the
  // hardening issue's notes.)
  it.each([1e-11, 1e-9])('outside by %s: both enter where the ray meets the face', (gap) => {
    for (const solid of [true, false]) {
      const hit = rayCast(sum, at(0, 0, 0), { x: 0.5 + gap, y: 0.1, z: 0.2 }, direction, null, { solid })!;
      expect(Math.abs(hit.t - gap)).toBeLessThan(1e-12);
      expect(hit.normal.x).toBeCloseTo(1, 4);
    }
  });
  it('inside by 1e-9: hollow leaves by the far face, solid hits at t = 0', () => {
    const inside = { x: 0.5 - 1e-9, y: 0.1, z: 0.2 };
    expect(rayCast(sum, at(0, 0, 0), inside, direction, null, { solid: false })!.t).toBeCloseTo(1 - 1e-9, 9);
    expect(rayCast(sum, at(0, 0, 0), inside, direction)!.t).toBe(0);
  });
});

describe('GJK near a long hull: v from the simplex feature, not its weights', () => {
  it('a cylinder overlapping a 2000-long hull box by 1e-7 (golden: +1.8e-6 apart, converged, before)', () => {
    // GJK's v was a barycentric combination of simplex points about 1000 from the origin on a long thin
    // simplex, off by about 1e-6, and its duality gap then certified a wrong lower bound; the same pair on a
    // 2-long hull read −1e-7. The expected depth: the cylinder's lowest rim point, 1e-7 under the face (the
    // oracle's support, FC_SEED=1 of test/query/long-shapes.test.ts's kind).
    const L = 1000, hull = new ConvexHull([-L, -0.5, -0.5, L, -0.5, -0.5, -L, 0.5, -0.5, L, 0.5, -0.5, -L, -0.5, 0.5, L, -0.5, 0.5, -L, 0.5, 0.5, L, 0.5, 0.5]);
    const pA = { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0.09693869487806793, y: -0.6765257855908929, z: 0.6765257918915305, w: 0.274278332668659 } };
    const pB = { position: { x: -0.3177067738759183, y: 0.04164068666625176, z: -0.5453699478361448 }, quaternion: { x: -0.08941649582361867, y: 0.09135928885927198, z: -0.36955943057025487, w: -0.9203716629114252 } };
    const cylinder = new Cylinder(0.12, 0.1);
    expect(Math.abs(contact(hull, pA, cylinder, pB)!.separation - -1.0000000005838672e-7)).toBeLessThan(1e-11);
    expect(distance(hull, pA, cylinder, pB)).toBe(0);
  });
});

describe('every manifold point lies on its shape\'s surface, rounded shapes included', () => {
  // A rounded reference face's points were pushed out by the radius along the contact normal, not along the
  // face's own normal, which may lean from it by up to 0.1 in sine: points of a rounded hull lay inside it
  // by up to r(1 − cos θ), 4e-4 of its size. Oracles: a point is on a rounded shape's surface when its
  // distance to the core is the radius; on a shape without one when its separation from it is 0.
  const cube = (h: number) => new ConvexHull([-1, 1].flatMap((x) => [-1, 1].flatMap((y) => [-1, 1].map((z) => ({ x: x * h, y: y * h, z: z * h })))));
  const onSurface = (p: { x: number; y: number; z: number }, shape: ConvexShape, pose: PoseLike): number => {
    const at0 = { position: p, quaternion: { x: 0, y: 0, z: 0, w: 1 } };
    if (shape instanceof Rounded) return Math.abs(distance(new Point(), at0, shape.shape, pose) - shape.radius);
    return Math.abs(contact(new Point(), at0, shape, pose)!.separation);
  };
  it('a rounded cube on a cube, both turned a little, overlapping by a quarter of their size (golden: 4.2e-4 inside before)', () => {
    const q = (ax: number, ay: number, az: number, angle: number) => {
      const l = Math.hypot(ax, ay, az), sn = Math.sin(angle / 2) / l;
      return { x: ax * sn, y: ay * sn, z: az * sn, w: Math.cos(angle / 2) };
    };
    const rounded = new Rounded(cube(0.4), 0.1), hull = cube(0.5);
    let worst = 0, points = 0;
    for (let k = 0; k < 200; k++) {
      const pa = { position: { x: 0, y: 0, z: 0 }, quaternion: q(0.3, 1, 0.2, 0.05 * (k % 7)) };
      const pb = { position: { x: 0.05 * Math.sin(k), y: 0.75 + 0.02 * Math.cos(k), z: 0.03 * Math.sin(2 * k) }, quaternion: q(1, 0.2, 0.4, 0.06 * (k % 5)) };
      const m = contactManifold(rounded, pa, hull, pb, createManifold())!;
      for (let i = 0; i < m.count; i++, points++) worst = Math.max(worst, onSurface(m.points[i].pointA, rounded, pa), onSurface(m.points[i].pointB, hull, pb));
    }
    expect(points).toBeGreaterThan(200);
    expect(worst).toBeLessThan(1e-12);
  });

  it('rounded hulls and boxes against hulls and cylinders, tilted and overlapping by up to a third of their size', () => {
    const shapes: ConvexShape[] = [new Rounded(cube(0.4), 0.1), new Rounded(new Box(0.35, 0.4, 0.3), 0.12), cube(0.5), new Cylinder(0.5, 0.45)];
    fc.assert(fc.property(fc.nat(1), fc.nat(3), A.unitVec, A.num(0, 0.3), A.unitVec, A.num(0, 0.3), A.vec(0.08), A.num(0.6, 0.95),
      (i, j, axisA, angleA, axisB, angleB, jitter, gap) => {
        const turn = (a: O.V3, t: number): O.Q4 => [a[0] * Math.sin(t / 2), a[1] * Math.sin(t / 2), a[2] * Math.sin(t / 2), Math.cos(t / 2)];
        const pa = O.poseObj({ position: [0, 0, 0], quaternion: turn(axisA, angleA) });
        const pb = O.poseObj({ position: [jitter[0], gap, jitter[2]], quaternion: turn(axisB, angleB) });
        const a = shapes[i], b = shapes[j];
        for (const [s1, p1, s2, p2] of [[a, pa, b, pb], [b, pb, a, pa]] as const) {
          const m = contactManifold(s1, p1, s2, p2, createManifold());
          if (m === null) continue;
          for (let k = 0; k < m.count; k++) {
            expect(onSurface(m.points[k].pointA, s1, p1), `point ${k} on A`).toBeLessThan(1e-9);
            expect(onSurface(m.points[k].pointB, s2, p2), `point ${k} on B`).toBeLessThan(1e-9);
          }
        }
      }), { seed: seed(3334), numRuns: runs(150) });
  });
});
