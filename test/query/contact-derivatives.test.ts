/**
 * contactDerivatives against independent oracles: central differences of `contact`'s own separation on
 * random pairs of every kind (the issue's target: every partial within 2e-4 on at least 99 % of the
 * smooth pairs, and at least 90 % of random pairs smooth), closed forms (sphere–sphere; a sphere over a
 * box's face, turned), the subgradient's bracket by one-sided differences where a face rests on a face,
 * the randomized smoothing's determinism and symmetry, the batch bit for bit, and bad input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Box, Compound, contact, contactDerivatives, contactDerivativesBatch, CONTACT_DERIVATIVES_BATCH_STRIDE, createContactDerivatives,
  HalfSpace, HeightField, InvalidArgumentError, InvalidNumberError, Sphere, TriangleMesh, type ContactDerivatives, type PoseLike, type Shape,
} from '../../src/index.js';
import { shapeFromJSON } from '../../src/format/index.js';
import { DimensionWork, supportDimension } from '../../src/query/derivatives/support-dimension.js';
import { FeaturePolygon } from '../../src/query/manifold/feature-polygon.js';
import { supportFeature } from '../../src/query/manifold/support-feature.js';
import type { ConvexShape } from '../../src/index.js';
import { anyShape, curvedShape, placedPair, polytopeShape, unitVec } from '../arbitraries.js';
import { poseObj, type PoseT } from '../oracles.js';
import { runs, seed } from '../runs.js';
import { centralDifferences, partials, stepped, worst, type Pose } from './pose-steps.js';


describe('contactDerivatives', () => {
  it('gives contact\'s own answer, and linearA = −linearB', () => {
    const a = new Box(0.5, 0.3, 0.4), b = new Sphere(0.3);
    const pa = poseObj({ position: [0.1, -0.2, 0.3], quaternion: [0.1, 0.2, 0.3, 0.9273618495495704] }), pb = poseObj({ position: [0.4, 0.5, 0.2], quaternion: [0, 0, 0, 1] });
    const c = contact(a, pa, b, pb), d = contactDerivatives(a, pa, b, pb);
    expect([d.separation, d.normal, d.pointA, d.pointB, d.status, d.partA, d.partB]).toEqual([c.separation, c.normal, c.pointA, c.pointB, c.status, c.partA, c.partB]);
    expect([d.linearA.x, d.linearA.y, d.linearA.z]).toEqual([-d.linearB.x, -d.linearB.y, -d.linearB.z]);
    expect(d.smooth).toBe(true);
  });

  it('sphere–sphere, apart and overlapping: the closed form (the centres\' direction; no turn changes it)', () => {
    for (const gap of [0.7, -0.2]) {
      const ca = [0.2, -0.1, 0.4], dir = [2, -1, 2].map((x) => x / 3), l = 0.3 + 0.5 + gap;
      const pa = poseObj({ position: ca as [number, number, number], quaternion: [0.3, 0.1, 0.2, 0.9273618495495704] });
      const pb = poseObj({ position: [ca[0] + l * dir[0], ca[1] + l * dir[1], ca[2] + l * dir[2]], quaternion: [0, 0.6, 0, 0.8] });
      const d = contactDerivatives(new Sphere(0.3), pa, new Sphere(0.5), pb);
      expect(d.separation).toBeCloseTo(gap, 14);
      const g = partials(d);
      const expected = [...dir.map((x) => -x), 0, 0, 0, ...dir, 0, 0, 0];
      expect(worst(g, expected)).toBeLessThan(1e-14);
    }
  });

  it('a sphere over a box\'s top face: turning the box tilts the face under the centre (∂s/∂θ_z = −x, ∂s/∂θ_x = z)', () => {
    const box = new Box(1, 0.5, 1), ball = new Sphere(0.25);
    for (const [x, z, gap] of [[0.3, -0.2, 0.4], [-0.6, 0.1, -0.1]]) {
      const pa = poseObj({ position: [0, 0, 0], quaternion: [0, 0, 0, 1] }), pb = poseObj({ position: [x, 0.5 + 0.25 + gap, z], quaternion: [0, 0, 0, 1] });
      const d = contactDerivatives(box, pa, ball, pb);
      expect(d.smooth).toBe(true);
      // s = n'·c − 0.5 − 0.25 with the face normal turned: about z by θ, n' = (−sin θ, cos θ, 0); about x, (0, cos θ, sin θ).
      const expected = [0, -1, 0, z, 0, -x, 0, 1, 0, 0, 0, 0];
      expect(worst(partials(d), expected)).toBeLessThan(1e-12);
    }
  });

  it('random pairs of every kind, apart and overlapping: every partial within 2e-4 of central differences on at least 99 % of smooth pairs; at least 90 % smooth', () => {
    const cases = fc.sample(fc.tuple(anyShape, anyShape, placedPair(1, 1, [0.05, 0.9])), { numRuns: runs(300), seed: seed(36001) });
    let smooth = 0, close = 0;
    const far: string[] = [];
    for (const [ja, jb, { poseA, poseB }] of cases) {
      const a = shapeFromJSON(ja), b = shapeFromJSON(jb), pa = poseObj(poseA), pb = poseObj(poseB);
      const d = contactDerivatives(a, pa, b, pb);
      if (!d.smooth) continue;
      smooth++;
      const e = worst(partials(d), centralDifferences(a, pa, b, pb, 1e-6));
      if (e <= 2e-4) close++;
      else far.push(`${e.toExponential(2)} ${JSON.stringify({ a: ja, poseA, b: jb, poseB })}`);
    }
    expect(smooth / cases.length).toBeGreaterThanOrEqual(0.9);
    expect(close / smooth, far.slice(0, 3).join('\n')).toBeGreaterThanOrEqual(0.99);
  });

  it('symmetric in its arguments: A\'s partials are B\'s with the shapes swapped (to the contact\'s own accuracy: EPA fixes a curved pair\'s normal to about 1e-5)', () => {
    const cases = fc.sample(fc.tuple(anyShape, anyShape, placedPair(1, 1, [0.05, 0.9])), { numRuns: runs(60), seed: seed(36002) });
    for (const [ja, jb, { poseA, poseB }] of cases) {
      const a = shapeFromJSON(ja), b = shapeFromJSON(jb), pa = poseObj(poseA), pb = poseObj(poseB);
      const ab = contactDerivatives(a, pa, b, pb), ba = contactDerivatives(b, pb, a, pa);
      if (!ab.smooth || !ba.smooth) continue;
      const g = partials(ab), h = partials(ba);
      expect(worst(g, [...h.slice(6), ...h.slice(0, 6)]), JSON.stringify({ ja, jb, poseA, poseB })).toBeLessThan(1e-4);
    }
  });

  it('compounds, meshes, height fields and half-spaces: central differences on the part pair reported', () => {
    const compound = new Compound([
      { shape: new Box(0.4, 0.2, 0.3), pose: { position: { x: -0.3, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } } },
      { shape: new Sphere(0.35), pose: { position: { x: 0.4, y: 0.1, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } } },
    ]);
    const mesh = new TriangleMesh([-2, 0, -2, 2, 0.3, -2, -2, -0.2, 2, 2, 0.1, 2], [0, 2, 1, 1, 2, 3]);
    const heights = Array.from({ length: 25 }, (_, k) => 0.3 * Math.sin(k * 1.3));
    const field = new HeightField(5, 5, heights, { x: 4, y: 1, z: 4 });
    const probe = shapeFromJSON({ type: 'capsule', halfHeight: 0.3, radius: 0.2 });
    const ground = new HalfSpace();
    const cases = fc.sample(placedPair(1, 0.5, [0.05, 0.5], 0.5), { numRuns: runs(40), seed: seed(36003) });
    let checked = 0;
    for (const other of [compound, mesh, field, ground]) {
      for (const { poseA, poseB } of cases) {
        const pa = poseObj({ ...poseA, position: other === compound ? poseA.position : [0, 0, 0] } as PoseT);
        const pb = poseObj(poseB);
        const d = contactDerivatives(other, pa, probe, pb);
        if (!d.smooth) continue;
        checked++;
        expect(worst(partials(d), centralDifferences(other, pa, probe, pb, 1e-6)), `${other.kind} ${JSON.stringify(poseB)}`).toBeLessThan(2e-4);
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('a box resting face to face on a box is not smooth; its partials bracket the one-sided differences', () => {
    const base = new Box(1, 0.25, 1), top = new Box(0.3, 0.2, 0.4);
    const pa = poseObj({ position: [0, 0, 0], quaternion: [0, 0, 0, 1] });
    for (const y of [0.25 + 0.2 + 0.1, 0.25 + 0.2 - 0.05]) {
      const pb = poseObj({ position: [0.2, y, -0.1], quaternion: [0, Math.sin(0.3), 0, Math.cos(0.3)] });
      const d = contactDerivatives(base, pa, top, pb);
      expect(d.smooth).toBe(false);
      const g = partials(d), h = 1e-6;
      const s = (x: Pose, z: Pose) => contact(base, x, top, z).separation, s0 = s(pa, pb);
      for (let which = 0; which < 2; which++) {
        for (let k = 0; k < 6; k++) {
          const [p1, q1] = stepped(pa, pb, which, k, h), [p2, q2] = stepped(pa, pb, which, k, -h);
          const forward = (s(p1, q1) - s0) / h, backward = (s0 - s(p2, q2)) / h, v = g[6 * which + k];
          expect(v, `body ${which} coordinate ${k}`).toBeGreaterThanOrEqual(Math.min(forward, backward) - 1e-6);
          expect(v, `body ${which} coordinate ${k}`).toBeLessThanOrEqual(Math.max(forward, backward) + 1e-6);
          if (k < 3) expect(Math.abs(forward - backward)).toBeLessThan(1e-6); // (translations have no kink)
        }
      }
    }
  });

  it('two cubes meeting along parallel edges are not smooth; along crossed edges they are, and match central differences', () => {
    const cube = new Box(0.5, 0.5, 0.5), c = Math.SQRT2 + 0.1; // two diamonds 0.1 apart along x
    const aboutZ = poseObj({ position: [0, 0, 0], quaternion: [0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)] }); // its +x edge along z
    const parallel = contactDerivatives(cube, aboutZ, cube, poseObj({ position: [c, 0, 0], quaternion: [0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)] }));
    expect(parallel.separation).toBeCloseTo(0.1, 12);
    expect(parallel.smooth).toBe(false);
    const pb = poseObj({ position: [c, 0.05, -0.02], quaternion: [0, Math.sin(Math.PI / 8), 0, Math.cos(Math.PI / 8)] }); // its −x edge along y
    const crossed = contactDerivatives(cube, aboutZ, cube, pb);
    expect(crossed.smooth).toBe(true);
    expect(worst(partials(crossed), centralDifferences(cube, aboutZ, cube, pb, 1e-6))).toBeLessThan(1e-6);
  });

  it('names each shape\'s support set as the manifolds do (supportFeature\'s code), at random directions and along faces and edges', () => {
    const w = new DimensionWork(), edge = new Float64Array(3), feature = new FeaturePolygon();
    const kinds = fc.oneof(polytopeShape, curvedShape.filter((j) => j.type !== 'minkowskiSum'));
    // Directions: random, a box's axes and edge directions, a cylinder's axis and side, a hull's face normals.
    const directions = fc.oneof(unitVec, fc.constantFrom<[number, number, number]>([0, 1, 0], [0, -1, 0], [1, 0, 0], [0, 0, -1], [Math.SQRT1_2, Math.SQRT1_2, 0], [0, -Math.SQRT1_2, Math.SQRT1_2]));
    let edges = 0, faces = 0;
    fc.assert(fc.property(kinds, directions, (j, n) => {
      const shape = shapeFromJSON(j) as ConvexShape;
      const dir = { x: n[0], y: n[1], z: n[2] };
      supportFeature(feature, shape, dir);
      w.dir.x = n[0]; w.dir.y = n[1]; w.dir.z = n[2];
      const d = supportDimension(w, shape, edge);
      // The code's type: 0 none (curved), 1 vertex, 2 edge (or a curved side's line), 3 face.
      expect(d, `${JSON.stringify(j)} along ${n}`).toBe([0, 0, 1, 2][feature.supportCode & 3]);
      if (d === 1) { edges++; expect(Math.abs(edge[0] * n[0] + edge[1] * n[1] + edge[2] * n[2])).toBeLessThan(1e-6 * Math.hypot(...edge)); }
      if (d === 2) faces++;
    }), { numRuns: runs(400), seed: seed(36004) });
    expect(edges).toBeGreaterThan(10);
    expect(faces).toBeGreaterThan(10);
  });

  describe('randomized smoothing', () => {
    const base = new Box(1, 0.25, 1), top = new Box(0.3, 0.2, 0.3);
    const pa = poseObj({ position: [0, 0, 0], quaternion: [0, 0, 0, 1] }), pb = poseObj({ position: [0, 0.55, 0], quaternion: [0, 0, 0, 1] });

    it('the same seed gives the same bits; another seed another estimate', () => {
      const o = { smoothing: { samples: 64, noise: 0.01, seed: 5 } };
      const x = contactDerivatives(base, pa, top, pb, null, o), y = contactDerivatives(base, pa, top, pb, null, o);
      expect(partials(x)).toEqual(partials(y));
      expect(partials(contactDerivatives(base, pa, top, pb, null, { smoothing: { samples: 64, noise: 0.01, seed: 6 } }))).not.toEqual(partials(x));
      // The contact itself is the unperturbed one.
      expect(x.separation).toBe(contact(base, pa, top, pb).separation);
    });

    it('averages a face resting on a face: turning either way lowers a corner, and the mean turn derivative is about 0', () => {
      const exact = contactDerivatives(base, pa, top, pb);
      expect(exact.smooth).toBe(false);
      const d = contactDerivatives(base, pa, top, pb, null, { smoothing: { samples: 4000, noise: 0.02 } });
      // A corner's lever arm is 0.3: its subgradient can be that large; the smoothed one is the mean of both sides.
      expect(Math.abs(d.angularB.x)).toBeLessThan(0.03);
      expect(Math.abs(d.angularB.z)).toBeLessThan(0.03);
      expect(d.linearB.y).toBeCloseTo(1, 2);
    });

    it('with tiny noise on a smooth pair, the exact derivatives', () => {
      const a = new Sphere(0.4), b = new Box(0.3, 0.2, 0.5);
      const qa = poseObj({ position: [0.1, 0.2, 0.3], quaternion: [0, 0, 0, 1] }), qb = poseObj({ position: [0.9, 0.5, 0.1], quaternion: [0.2, 0.3, 0.1, 0.9273618495495704] });
      const exact = partials(contactDerivatives(a, qa, b, qb));
      expect(worst(partials(contactDerivatives(a, qa, b, qb, null, { smoothing: { samples: 16, noise: 1e-9 } })), exact)).toBeLessThan(1e-6);
    });
  });

  it('the batch answers as the single query, bit for bit, smoothing included', () => {
    const shapes: Shape[] = [new Box(0.5, 0.3, 0.4), new Sphere(0.3), shapeFromJSON({ type: 'cone', halfHeight: 0.4, radius: 0.3 }), new HalfSpace()];
    const poses = new Float64Array([0, 0.6, 0, 0, 0, 0, 1, 0.5, 1.1, 0.2, 0.1, 0.2, 0.3, 0.9273618495495704, -0.4, 0.7, 0.1, 0, 0.6, 0, 0.8, 0, 0, 0, 0, 0, 0, 1]);
    const pairs = new Int32Array([0, 1, 1, 2, 0, 2, 3, 0, 2, 3]);
    const pose = (i: number): PoseLike => ({ position: { x: poses[7 * i], y: poses[7 * i + 1], z: poses[7 * i + 2] }, quaternion: { x: poses[7 * i + 3], y: poses[7 * i + 4], z: poses[7 * i + 5], w: poses[7 * i + 6] } });
    for (const options of [undefined, { smoothing: { samples: 8, noise: 0.05, seed: 3 } }]) {
      const out = contactDerivativesBatch(shapes, poses, pairs, null, options);
      expect(out.length).toBe(5 * CONTACT_DERIVATIVES_BATCH_STRIDE);
      for (let k = 0; k < 5; k++) {
        const d = contactDerivatives(shapes[pairs[2 * k]], pose(pairs[2 * k]), shapes[pairs[2 * k + 1]], pose(pairs[2 * k + 1]), createContactDerivatives(), options);
        const row = [d.separation, d.normal.x, d.normal.y, d.normal.z, d.pointA.x, d.pointA.y, d.pointA.z, d.pointB.x, d.pointB.y, d.pointB.z, ...partials(d), d.smooth ? 1 : 0];
        expect([...out.subarray(23 * k, 23 * k + 23)]).toEqual(row);
      }
    }
  });

  it('bad input: typed errors naming the field', () => {
    const a = new Sphere(1), p = poseObj({ position: [0, 0, 0], quaternion: [0, 0, 0, 1] }), q = poseObj({ position: [3, 0, 0], quaternion: [0, 0, 0, 1] });
    const bad = (options: unknown, field: string, type: typeof InvalidArgumentError | typeof InvalidNumberError) => {
      let error: unknown;
      try { contactDerivatives(a, p, a, q, null, options as never); } catch (e) { error = e; }
      expect(error).toBeInstanceOf(type);
      expect((error as { field: string }).field).toBe(field);
    };
    bad({ smoothing: { samples: 0, noise: 0.1 } }, 'options.smoothing.samples', InvalidNumberError);
    bad({ smoothing: { samples: 1.5, noise: 0.1 } }, 'options.smoothing.samples', InvalidNumberError);
    bad({ smoothing: { samples: 10, noise: 0 } }, 'options.smoothing.noise', InvalidNumberError);
    bad({ smoothing: { samples: 10, noise: Infinity } }, 'options.smoothing.noise', InvalidNumberError);
    bad({ smoothing: { samples: 10, noise: 0.1, seed: 0.5 } }, 'options.smoothing.seed', InvalidNumberError);
    bad({ smoothing: { samples: 10, noise: 0.1, sead: 1 } }, 'options.smoothing.sead', InvalidArgumentError);
    bad({ smoothing: 3 }, 'options.smoothing', InvalidArgumentError);
    bad({ maxDistance: 1 }, 'options.maxDistance', InvalidArgumentError);
    expect(() => contactDerivatives(a, p, a, q, {} as never)).toThrow(InvalidArgumentError);
    expect(() => contactDerivativesBatch([a], new Float64Array(7), new Int32Array([0, 1]))).toThrow(InvalidArgumentError);
  });
});
