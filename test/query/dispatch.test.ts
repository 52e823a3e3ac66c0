/**
 * The pair dispatcher (src/query/pair/dispatch.ts): kinds to indices, the tables' fallback to the convex
 * path, registration in canonical order, the swap wrapper of each family (checked against the direct
 * call of the same function on the reversed pair), and the typed errors for values that are not shapes
 * or kinds no table knows.
 */
import { CLOSED_FORMS } from '../../src/query/pairs/closed-forms.js';
import { describe, expect, it } from 'vitest';
import {
  Box, Capsule, closestPoints, Cone, contact, ConvexHull, createClosestPointsResult, Cylinder, distance, Ellipsoid, intersects,
  Compound, InvalidShapeError, MinkowskiSum, penetration, Point, Rounded, Scaled, Segment, Sphere, Triangle, TriangleMesh, UnsupportedPairError, type ConvexShape, type Shape, type Vec3Like,
} from '../../src/index.js';
import { transformFromPose, Transform } from '../../src/math/transform.js';
import { contactConvex } from '../../src/query/contact/convex-contact.js';
import { closestPointsConvex, distanceConvex, intersectsConvex } from '../../src/query/distance/convex-distance.js';
import {
  CONTACT, kindIndex, PairTable, SHAPE_KINDS, swapClosestPoints, swapContact, swapDistance, swapIntersects,
  type ClosestPointsPairFunction, type ContactPairFunction, type DistancePairFunction, type IntersectsPairFunction,
} from '../../src/query/pair/dispatch.js';
import { QueryWork } from '../../src/query/pair/query-work.js';
import * as O from '../oracles.js';

const one = (): ConvexShape[] => [
  new Point(), new Segment({ x: 0, y: -1, z: 0 }, { x: 0.2, y: 1, z: 0 }), new Triangle({ x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { x: 0, y: 1, z: 0.3 }),
  new Sphere(0.5), new Box(0.5, 0.3, 0.2), new Capsule(0.4, 0.2), new Cylinder(0.4, 0.3), new Cone(0.5, 0.4), new Ellipsoid(0.5, 0.3, 0.2),
  new ConvexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]), new Rounded(new Box(0.2, 0.2, 0.2), 0.1), new MinkowskiSum(new Box(0.2, 0.1, 0.1), new Sphere(0.1)),
  new Scaled(new Capsule(0.3, 0.1), { x: 1, y: 2, z: -1 }),
];
/** A user's own support map: a box of half extents (0.3, 0.2, 0.1). */
const custom = (kind?: 'custom'): ConvexShape => ({
  ...(kind ? { kind } : {}),
  sweptRadius: 0,
  boundingRadius: Math.hypot(0.3, 0.2, 0.1),
  support(out, d) {
    out.x = d.x >= 0 ? 0.3 : -0.3; out.y = d.y >= 0 ? 0.2 : -0.2; out.z = d.z >= 0 ? 0.1 : -0.1;
    return out;
  },
});
const P = (x = 0, y = 0, z = 0, q: O.Q4 = [0, 0, 0, 1]) => O.poseObj(O.at(x, y, z, q));
const TILT: O.Q4 = O.normalizeQ([0.2, -0.4, 0.3, 0.8]);

describe('kindIndex', () => {
  it('gives every built-in kind its place in SHAPE_KINDS, and a user support map the custom index', () => {
    for (const s of one()) expect(SHAPE_KINDS[kindIndex(s)]).toBe(s.kind);
    expect(SHAPE_KINDS[kindIndex(custom())]).toBe('custom');
    expect(SHAPE_KINDS[kindIndex(custom('custom'))]).toBe('custom');
  });

  it('sets apart what no table knows: an unknown kind, a support map without support, a non-object', () => {
    const unknown = kindIndex({ kind: 'compound', boundingRadius: 1 } as unknown as Shape);
    expect(unknown).toBe(SHAPE_KINDS.length);
    expect(kindIndex({ sweptRadius: 0, boundingRadius: 1 } as unknown as Shape)).toBe(SHAPE_KINDS.length);
    expect(kindIndex({ kind: 'toString', boundingRadius: 1 } as unknown as Shape)).toBe(SHAPE_KINDS.length);
    // A plain object that names a built-in kind is not that class: with a support method it is a user's own.
    expect(SHAPE_KINDS[kindIndex({ ...custom(), kind: 'box' } as unknown as Shape)]).toBe('custom');
    expect(kindIndex(null as unknown as Shape)).toBe(SHAPE_KINDS.length);
    expect(kindIndex(3 as unknown as Shape)).toBe(SHAPE_KINDS.length);
    expect(kindIndex('box' as unknown as Shape)).toBe(SHAPE_KINDS.length);
  });
});

describe('pair tables', () => {
  it('send every pair of convex kinds to the convex path, pairs with a user support map through its guard', () => {
    // One general function (the convex path, scale-free) for every pair of built-in kinds but the closed
    // forms (query/pairs/closed-forms.ts), which have their own, both ways round.
    // And the contact family's own specialised pairs (dispatch.ts, withContactPairs), both ways round.
    const specialised = ['box box', 'segment convexHull', 'capsule convexHull', 'triangle box', 'triangle convexHull', 'box convexHull', 'convexHull convexHull'];
    const closed = new Set([...CLOSED_FORMS.flatMap(({ kinds: [ka, kb] }) => [`${ka} ${kb}`, `${kb} ${ka}`]), ...specialised.flatMap((p) => [p, p.split(' ').reverse().join(' ')])]);
    const general = CONTACT.find(new Box(1, 1, 1), new Cylinder(1, 1));
    let special = 0;
    for (const a of one()) for (const b of one()) {
      const fn = CONTACT.find(a, b);
      if (closed.has(`${a.kind} ${b.kind}`)) { expect(fn).not.toBe(general); special++; } else expect(fn).toBe(general);
    }
    expect(special).toBe(48); // 10 pairs of point, segment, sphere, capsule (4 of them alike), 4 with a box, 2 with a hull, 4 with a triangle, both ways; box–box; 2 more both ways; two polytopes: triangle–box, triangle–hull, box–hull both ways, hull–hull
    // A user's own shape, or a wrapper around one, runs user code: one guarded entry for all such pairs.
    const users = [custom(), custom('custom'), new Rounded(custom() as never, 0.1)];
    const guarded = CONTACT.find(users[0], users[0]);
    expect(guarded).not.toBe(general);
    for (const u of users) for (const b of [...one(), ...users]) {
      expect(CONTACT.find(u, b)).toBe(guarded);
      expect(CONTACT.find(b, u)).toBe(guarded);
    }
  });

  it('register in canonical order only, and give the reversed pair the swap wrapper', () => {
    const table = new PairTable<ContactPairFunction>('contact', contactConvex as ContactPairFunction, swapContact, (f) => f);
    expect(() => table.register('box', 'sphere', contactConvex as ContactPairFunction)).toThrow(RangeError);
    expect(() => table.register('sphere', 'torus' as never, contactConvex as ContactPairFunction)).toThrow(RangeError);
    const special: ContactPairFunction = (work, a, tA, b, tB, o) => contactConvex(work, a as ConvexShape, tA, b as ConvexShape, tB, o);
    table.register('sphere', 'box', special);
    expect(table.find(new Sphere(1), new Box(1, 1, 1))).toBe(special);
    const reversed = table.find(new Box(1, 1, 1), new Sphere(1));
    expect(reversed).not.toBe(special);
    expect(reversed).not.toBe(contactConvex);
    expect(table.find(new Box(1, 1, 1), new Box(1, 1, 1))).toBe(contactConvex);
  });
});

/**
 * Each family's swap wrapper, around the convex function: wrapper(A, B) must be exactly the convex
 * function's answer for (B, A) flipped (points swapped, normal negated), bit for bit; and that is an
 * answer for (A, B): the same distance or separation as the direct call, to the algorithms' tolerance
 * (GJK and EPA on a reversed pair agree up to rounding; witness points and normals of curved overlapping
 * shapes only to about the square root of EPA's tolerance, so those are compared through the exact check).
 */
describe('swap wrappers', () => {
  const work = new QueryWork();
  const tA = new Transform(), tB = new Transform();
  const cases: [ConvexShape, O.PoseT, ConvexShape, O.PoseT][] = [
    [new Box(0.5, 0.3, 0.2), O.at(0.1, 0.2, 0, TILT), new Sphere(0.4), O.at(1.1, 0.3, -0.2)], // apart
    [new Box(0.5, 0.3, 0.2), O.at(0.1, 0.2, 0, TILT), new Sphere(0.4), O.at(0.5, 0.3, 0.1)], // overlapping
    [new Capsule(0.5, 0.2), O.at(0, 0, 0, TILT), new Ellipsoid(0.5, 0.3, 0.2), O.at(0.2, 0.3, 0.1)],
    [new Cone(0.5, 0.4), O.at(-1, 0, 0), new Rounded(new Box(0.2, 0.3, 0.2), 0.1), O.at(-0.4, 0.3, 0.2, TILT)],
    [new Box(0.5, 0.5, 0.5), O.at(0, 0, 0), new Box(0.5, 0.5, 0.5), O.at(1.5, 0.2, 0.1, TILT)],
  ];
  const place = (pa: O.PoseT, pb: O.PoseT) => {
    transformFromPose(tA, O.poseObj(pa));
    transformFromPose(tB, O.poseObj(pb));
  };
  type V = { x: number; y: number; z: number };
  // (0 − x, as the wrappers negate: +0 for a zero component, never −0; dispatch.ts flipAnswer.)
  const neg = (v: V): V => ({ x: 0 - v.x, y: 0 - v.y, z: 0 - v.z });

  it('intersects and distance: the reversed call\'s answer, which is the direct one', () => {
    const inter: IntersectsPairFunction = swapIntersects(intersectsConvex as IntersectsPairFunction);
    const dist: DistancePairFunction = swapDistance(distanceConvex as DistancePairFunction);
    for (const [a, pa, b, pb] of cases) {
      place(pa, pb);
      expect(inter(work, a, tA, b, tB, undefined)).toBe(intersectsConvex(work, b, tB, a, tA, undefined));
      expect(inter(work, a, tA, b, tB, undefined)).toBe(intersectsConvex(work, a, tA, b, tB, undefined));
      dist(work, a, tA, b, tB, undefined);
      const swapped = work.distance;
      distanceConvex(work, b, tB, a, tA, undefined);
      expect(swapped).toBe(work.distance);
      distanceConvex(work, a, tA, b, tB, undefined);
      expect(Math.abs(swapped - work.distance)).toBeLessThan(1e-9);
    }
  });

  it('closest points: the reversed answer with points swapped and normal negated', () => {
    const fn: ClosestPointsPairFunction = swapClosestPoints(closestPointsConvex as ClosestPointsPairFunction);
    const viaSwap = createClosestPointsResult(), reversed = createClosestPointsResult(), direct = createClosestPointsResult();
    let apart = 0;
    for (const [a, pa, b, pb] of cases) {
      place(pa, pb);
      fn(work, a, tA, b, tB, viaSwap, undefined);
      closestPointsConvex(work, b, tB, a, tA, reversed, undefined);
      expect(viaSwap.distance).toBe(reversed.distance);
      expect(viaSwap.pointA).toEqual(reversed.pointB);
      expect(viaSwap.pointB).toEqual(reversed.pointA);
      expect(viaSwap.normal).toEqual(neg(reversed.normal));
      closestPointsConvex(work, a, tA, b, tB, direct, undefined);
      expect(Math.abs(viaSwap.distance - direct.distance)).toBeLessThan(1e-9);
      if (direct.distance > 0) {
        apart++;
        // Apart, the normal points from A to B: the same direction as the direct call's.
        expect(viaSwap.normal.x * direct.normal.x + viaSwap.normal.y * direct.normal.y + viaSwap.normal.z * direct.normal.z).toBeGreaterThan(1 - 1e-9);
      }
    }
    expect(apart).toBeGreaterThanOrEqual(2);
  });

  it('contact: the reversed answer flipped, the same separation as the direct call, apart and overlapping', () => {
    const fn: ContactPairFunction = swapContact(contactConvex as ContactPairFunction);
    let overlapping = 0;
    for (const [a, pa, b, pb] of cases) {
      place(pa, pb);
      work.touchingOnly = false;
      work.maxSeparation = Infinity;
      expect(fn(work, a, tA, b, tB, undefined)).toBe(true);
      const s = { sep: work.contact.separation, pA: { ...work.contact.pointA }, pB: { ...work.contact.pointB }, n: { ...work.contact.normal } };
      expect(contactConvex(work, b, tB, a, tA, undefined)).toBe(true);
      const r = work.contact;
      expect(s.sep).toBe(r.separation);
      expect(s.pA).toEqual({ ...r.pointB });
      expect(s.pB).toEqual({ ...r.pointA });
      expect(s.n).toEqual(neg(r.normal));
      expect(contactConvex(work, a, tA, b, tB, undefined)).toBe(true);
      expect(Math.abs(s.sep - work.contact.separation)).toBeLessThan(1e-9);
      if (work.contact.separation < 0) overlapping++;
    }
    expect(overlapping).toBeGreaterThanOrEqual(2);
  });

  it('contact: a pair proved beyond the limit stays false through the wrapper', () => {
    const fn: ContactPairFunction = swapContact(contactConvex as ContactPairFunction);
    const [a, pa, b, pb] = cases[0];
    place(pa, pb);
    work.touchingOnly = false;
    work.maxSeparation = 0.01;
    expect(fn(work, a, tA, b, tB, undefined)).toBe(false);
  });
});

describe('what the dispatcher cannot answer', () => {
  const box = new Box(1, 1, 1);
  const compound = { kind: 'compound', boundingRadius: 1 } as unknown as Shape;

  it('a value that is not a shape: InvalidShapeError naming the argument', () => {
    for (const bad of [null, undefined, 3, 'box']) {
      for (const [args, field] of [[[bad, P(), box, P()], 'a'], [[box, P(), bad, P()], 'b']] as const) {
        const call = () => intersects(...(args as unknown as Parameters<typeof intersects>));
        expect(call).toThrow(InvalidShapeError);
        expect(call).toThrow(new RegExp(`^${field} is`));
      }
    }
  });

  it('a kind no table knows: UnsupportedPairError naming the query and both kinds, from every query', () => {
    const queries: [string, () => unknown][] = [
      ['intersects', () => intersects(compound, P(), box, P())],
      ['distance', () => distance(box, P(), compound, P())],
      ['closestPoints', () => closestPoints(compound, P(), box, P())],
      ['contact', () => penetration(compound, P(), box, P())],
      ['contact', () => contact(box, P(), compound, P())],
    ];
    for (const [name, call] of queries) {
      expect(call).toThrow(UnsupportedPairError);
      expect(call).toThrow(new RegExp(`^${name}: no pair function for kinds .*"compound"`));
    }
    try {
      distance(compound, P(), box, P());
    } catch (e) {
      expect((e as UnsupportedPairError).code).toBe('UNSUPPORTED_PAIR');
    }
  });

  it('a user support map without a support method is not taken for a convex shape', () => {
    const broken = { sweptRadius: 0, boundingRadius: 1 } as unknown as Shape;
    expect(() => distance(broken, P(), box, P())).toThrow(UnsupportedPairError);
  });

  it('a user support map, with kind "custom" or none, answers as the built-in shape it describes', () => {
    const built = new Box(0.3, 0.2, 0.1);
    // Against a cylinder both take the general path: the same bits. Against a sphere the box takes the
    // closed form (query/pairs/sphere-box.ts): the same answer to rounding.
    const other = new Cylinder(0.2, 0.3);
    for (const c of [custom(), custom('custom')]) {
      const pb = P(0.9, 0.2, 0.1, TILT);
      expect(distance(c, P(), other, pb)).toBe(distance(built, P(), other, pb));
      expect(contact(c, P(), other, P(0.4, 0.1, 0))!.separation).toBe(contact(built, P(), other, P(0.4, 0.1, 0))!.separation);
      expect(distance(c, P(), new Sphere(0.3), pb)).toBeCloseTo(distance(built, P(), new Sphere(0.3), pb), 14);
      expect(contact(c, P(), new Sphere(0.3), P(0.4, 0.1, 0))!.separation).toBeCloseTo(contact(built, P(), new Sphere(0.3), P(0.4, 0.1, 0))!.separation, 14);
    }
  });
});

describe('traced queries take the general path in the order asked', () => {
  const at = (x: number, y: number, z: number) => ({ position: { x, y, z }, quaternion: { x: 0.2, y: 0.4, z: 0.4, w: Math.sqrt(1 - 0.36) } });
  const asUser = (s: ConvexShape) => ({ support: (o: Vec3Like, d: Readonly<Vec3Like>) => s.support(o, d), sweptRadius: s.sweptRadius, boundingRadius: s.boundingRadius });
  it('a specialised pair either way round: its trace and answer are the general path\'s on the pair as given, bit for bit', () => {
    const hull = new ConvexHull([[1, 0, 0], [0, 1, 0], [0, 0, 1], [-1, -1, -1], [0.5, -0.7, 0.2]].flat());
    const pairs: [ConvexShape, ConvexShape][] = [
      [new Box(1, 0.5, 0.7), new Capsule(0.6, 0.3)], [new Capsule(0.6, 0.3), new Box(1, 0.5, 0.7)], [hull, new Sphere(0.4)], [new Sphere(0.4), hull],
      [new Box(1, 0.5, 0.7), new Sphere(0.4)], [hull, new Segment({ x: -1, y: 0, z: 0 }, { x: 1, y: 0.2, z: 0 })], [new Box(1, 0.5, 0.7), new Box(0.3, 0.4, 0.5)],
    ];
    for (const [a, b] of pairs) {
      for (const x of [0.2, 0.9, 2.5]) {
        const steps: number[][] = [[], []];
        const answers = [[a, b], [asUser(a), asUser(b)]].map(([sa, sb], k) => {
          const c = contact(sa as ConvexShape, at(0, 0, 0), sb as ConvexShape, at(x, 0.1, 0), undefined, { trace: (s) => { steps[k].push(s.iteration, s.distance, s.support.x, s.support.y, s.support.z); } })!;
          return [c.separation, c.normal.x, c.normal.y, c.normal.z, c.pointA.x, c.pointB.z];
        });
        expect(steps[0].length).toBeGreaterThan(0);
        expect(steps[0]).toEqual(steps[1]);
        expect(answers[0]).toEqual(answers[1]);
      }
    }
  });

  it('a compound or mesh pair either way round keeps its own function when traced (the general one takes convex shapes only)', () => {
    const mesh = new TriangleMesh([-2, 0, -2, 2, 0, -2, 2, 0, 2, -2, 0, 2], [0, 1, 2, 0, 2, 3]);
    const chair = new Compound([{ shape: new Box(0.5, 0.1, 0.5), pose: at(0, 0.3, 0) }, { shape: new Sphere(0.2), pose: at(0.3, 0, 0) }]);
    for (const [a, b] of [[mesh, chair], [chair, mesh]] as const) {
      let steps = 0;
      const traced = contact(a, at(0, 0, 0), b, at(0.1, 0.25, 0), undefined, { trace: () => { steps++; } })!;
      const plain = contact(a, at(0, 0, 0), b, at(0.1, 0.25, 0))!;
      // (Traced, the parts take GJK and EPA; untraced, their closed forms: the same to rounding.)
      expect(Math.abs(traced.separation - plain.separation)).toBeLessThan(1e-12);
      expect(steps).toBeGreaterThan(0);
    }
  });
});
