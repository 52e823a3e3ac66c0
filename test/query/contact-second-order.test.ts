/**
 * contactDerivatives' second order (`options.secondOrder`: the derivatives of the normal and of the
 * witness points) against independent oracles: closed forms (sphere–sphere: dn/dcB = (I − n nᵀ)/|cB − cA|;
 * a sphere over a box's face: the normal turns with the box only), central differences of `contact`'s own
 * normal and points (random separated pairs of every kind with a closed-form curvature, overlapping
 * polytopes), and identities (the witnesses' difference s n differentiated; a common motion changes no
 * normal).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Box, contact, contactDerivatives, createContactDerivatives, InvalidArgumentError, Sphere, type ContactDerivatives, type Shape } from '../../src/index.js';
import { shapeFromJSON } from '../../src/format/index.js';
import { curvedShape, placedPair, polytopeShape, solidPolytope } from '../arbitraries.js';
import { poseObj } from '../oracles.js';
import { runs, seed } from '../runs.js';
import { stepped, type Pose } from './pose-steps.js';

const SECOND = { secondOrder: true } as const;

/** A triangle's condition number as a plane (its longest edge over its least height); 1 for other shapes. */
function sliver(shape: { type: string }): number {
  if (shape.type !== 'triangle') return 1;
  const json = shape as unknown as { a: number[]; b: number[]; c: number[] };
  const [a, b, c] = [json.a, json.b, json.c], sub = (p: number[], q: number[]) => p.map((v, i) => v - q[i]);
  const u = sub(b, a), v = sub(c, a), w = sub(c, b), len = (x: number[]) => Math.hypot(x[0], x[1], x[2]);
  const cross = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
  const longest = Math.max(len(u), len(v), len(w)), height = len(cross) / longest;
  return height > 0 ? longest / height : Infinity;
}
type Field = 'normal' | 'pointA' | 'pointB';
const ARRAYS = { normal: 'normalDerivatives', pointA: 'pointADerivatives', pointB: 'pointBDerivatives' } as const;

/** The largest gap, relative to max(1, |difference|), between the answer's derivatives and central differences of contact's `field`. */
function gap(a: Shape, pa: Pose, b: Shape, pb: Pose, d: ContactDerivatives, h: number, options?: object): { worst: number; where: string } {
  let worst = 0, where = '';
  for (let k = 0; k < 12; k++) {
    const [p1, q1] = stepped(pa, pb, Math.floor(k / 6), k % 6, h), [p2, q2] = stepped(pa, pb, Math.floor(k / 6), k % 6, -h);
    const c1 = contact(a, p1, b, q1, null, options), c2 = contact(a, p2, b, q2, null, options);
    for (const f of ['normal', 'pointA', 'pointB'] as Field[]) {
      const arr = d[ARRAYS[f]];
      for (const [i, axis] of (['x', 'y', 'z'] as const).entries()) {
        const fd = (c1[f][axis] - c2[f][axis]) / (2 * h), e = Math.abs(arr[3 * k + i] - fd) / Math.max(1, Math.abs(fd));
        if (e > worst) { worst = e; where = `${f}.${axis} in coordinate ${k}: ${arr[3 * k + i]} against ${fd}`; }
      }
    }
  }
  return { worst, where };
}

describe('contactDerivatives, second order', () => {
  it('sphere–sphere: the normal turns as the centres\' direction, (I − n nᵀ)/|cB − cA|; the points ride on it', () => {
    const ca = [0.2, -0.1, 0.4], dir = [2, -1, 2].map((x) => x / 3);
    for (const l of [1.5, 0.6]) {
      const pa = poseObj({ position: ca as [number, number, number], quaternion: [0, 0, 0, 1] });
      const pb = poseObj({ position: [ca[0] + l * dir[0], ca[1] + l * dir[1], ca[2] + l * dir[2]], quaternion: [0, 0.6, 0, 0.8] });
      const d = contactDerivatives(new Sphere(0.3), pa, new Sphere(0.5), pb, null, SECOND);
      for (let k = 0; k < 3; k++) {
        for (let i = 0; i < 3; i++) {
          const p = ((i === k ? 1 : 0) - dir[i] * dir[k]) / l;
          expect(d.normalDerivatives[3 * (6 + k) + i]).toBeCloseTo(p, 13); // B's position
          expect(d.normalDerivatives[3 * k + i]).toBeCloseTo(-p, 13); // A's position
          expect(d.normalDerivatives[3 * (3 + k) + i]).toBeCloseTo(0, 13); // turns change nothing
          // pointA = cA + 0.3 n and pointB = cB − 0.5 n: moving B moves them by 0.3 dn and δ − 0.5 dn.
          expect(d.pointADerivatives[3 * (6 + k) + i]).toBeCloseTo(0.3 * p, 13);
          expect(d.pointBDerivatives[3 * (6 + k) + i]).toBeCloseTo((i === k ? 1 : 0) - 0.5 * p, 13);
        }
      }
    }
  });

  it('a sphere over a box\'s face: the normal turns with the box (ω × n) and not with the sphere\'s position', () => {
    const pa = poseObj({ position: [0, 0, 0], quaternion: [0, 0, 0, 1] }), pb = poseObj({ position: [0.3, 0.9, -0.2], quaternion: [0, 0, 0, 1] });
    const d = contactDerivatives(new Box(1, 0.5, 1), pa, new Sphere(0.25), pb, null, SECOND);
    const n = [0, 1, 0];
    for (let k = 0; k < 3; k++) {
      const w = [0, 0, 0]; w[k] = 1;
      const turn = [w[1] * n[2] - w[2] * n[1], w[2] * n[0] - w[0] * n[2], w[0] * n[1] - w[1] * n[0]];
      for (let i = 0; i < 3; i++) {
        expect(d.normalDerivatives[3 * (3 + k) + i]).toBeCloseTo(turn[i], 13);
        expect(d.normalDerivatives[3 * (6 + k) + i]).toBeCloseTo(0, 13);
        expect(d.normalDerivatives[3 * k + i]).toBeCloseTo(0, 13);
      }
    }
  });

  it('golden (FC_SEED=random): a cone over a sliver triangle keeps the identity to its condition number, its gradient to central differences', () => {
    const ja = { type: 'triangle', a: [-1.369704058393836, -0.8685653926804662, 0.282848778180778], b: [-1.499999980442226, 1.4999999776482582, 1.499999969266355], c: [-1.4999999469146132, 1.4999999273568392, 1.4999999608844519] };
    const cone = shapeFromJSON({ type: 'cone', halfHeight: 0.2000000150874257, radius: 1.0846711268648506 } as never), tri = shapeFromJSON(ja as never);
    const pa = poseObj({ position: [-2.6972347274422646, -2.999999949708581, -1.2142862733453512], quaternion: [0.3642726388415847, 0.28039835288844334, 0.08702189491529405, -0.8838039364554721] });
    const pb = poseObj({ position: [-1.9224066037038052, -3.7748281080845585, -1.9891143970838105], quaternion: [-0.5351233666969495, 0.5351233607164798, -0.5351233387880912, -0.37540509255297555] });
    const d = contactDerivatives(cone, pa, tri, pb, null, SECOND);
    expect(d.hasSecondOrder).toBe(true);
    const kappa = sliver(ja);
    expect(kappa).toBeGreaterThan(1e7);
    const first = [d.linearA, d.angularA, d.linearB, d.angularB].flatMap((v) => [v.x, v.y, v.z]), n = [d.normal.x, d.normal.y, d.normal.z];
    for (let k = 0; k < 12; k++) for (let i = 0; i < 3; i++) {
      const lhs = d.pointBDerivatives[3 * k + i] - d.pointADerivatives[3 * k + i], rhs = first[k] * n[i] + d.separation * d.normalDerivatives[3 * k + i];
      expect(Math.abs(lhs - rhs)).toBeLessThan(8 * Number.EPSILON * kappa * Math.max(1, Math.abs(lhs)));
    }
    // The first derivatives against central differences of contact's separation (B moved along x, y, z).
    const h = 1e-6;
    for (let i = 0; i < 3; i++) {
      const move = (s: number) => ({ position: { x: pb.position.x + (i === 0 ? s : 0), y: pb.position.y + (i === 1 ? s : 0), z: pb.position.z + (i === 2 ? s : 0) }, quaternion: pb.quaternion });
      const fd = (contact(cone, pa, tri, move(h)).separation - contact(cone, pa, tri, move(-h)).separation) / (2 * h);
      expect(Math.abs(first[6 + i] - fd)).toBeLessThan(2e-4);
    }
  });

  it('identities on random pairs: d(pB − pA) = ds n + s dn with ds the first derivatives, n · dn = 0, and a common translation changes no normal', () => {
    const cases = fc.sample(fc.tuple(fc.oneof(polytopeShape, curvedShape), fc.oneof(polytopeShape, curvedShape), placedPair(1, 1, [0.05, 0.9])), { numRuns: runs(200), seed: seed(36101) });
    let checked = 0;
    for (const [ja, jb, { poseA, poseB }] of cases) {
      const a = shapeFromJSON(ja), b = shapeFromJSON(jb);
      const d = contactDerivatives(a, poseObj(poseA), b, poseObj(poseB), null, SECOND);
      if (!d.hasSecondOrder) continue;
      checked++;
      const first = [d.linearA, d.angularA, d.linearB, d.angularB].flatMap((v) => [v.x, v.y, v.z]), n = [d.normal.x, d.normal.y, d.normal.z];
      // A sliver triangle's face normal is only as good as its condition number allows (FC_SEED=random: a
      // triangle two of whose corners are 5e-8 apart at a size of 3, κ ≈ 6e7, held the identity to 7e-9).
      const tolerance = Math.max(1e-9, 8 * Number.EPSILON * Math.max(sliver(ja), sliver(jb)));
      for (let k = 0; k < 12; k++) {
        let dot = 0;
        for (let i = 0; i < 3; i++) {
          const lhs = d.pointBDerivatives[3 * k + i] - d.pointADerivatives[3 * k + i], rhs = first[k] * n[i] + d.separation * d.normalDerivatives[3 * k + i];
          expect(Math.abs(lhs - rhs), JSON.stringify({ ja, jb, poseA, poseB, k, i })).toBeLessThan(tolerance * Math.max(1, Math.abs(lhs)));
          dot += n[i] * d.normalDerivatives[3 * k + i];
        }
        expect(Math.abs(dot)).toBeLessThan(1e-9 * Math.max(1, Math.hypot(d.normalDerivatives[3 * k], d.normalDerivatives[3 * k + 1], d.normalDerivatives[3 * k + 2])));
        if (k < 3) for (let i = 0; i < 3; i++) expect(Math.abs(d.normalDerivatives[3 * k + i] + d.normalDerivatives[3 * (6 + k) + i])).toBeLessThan(1e-9);
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('random separated pairs of every kind with a closed-form curvature: central differences of contact\'s normal and points (98 % within 2e-3)', () => {
    const tight = { gjkRelativeTolerance: 1e-14 };
    const cases = fc.sample(fc.tuple(fc.oneof(polytopeShape, curvedShape), fc.oneof(polytopeShape, curvedShape), placedPair(1, 1, [0.3, 0.9])), { numRuns: runs(300), seed: seed(36102) });
    let checked = 0, close = 0;
    const far: string[] = [];
    for (const [ja, jb, { poseA, poseB }] of cases) {
      const a = shapeFromJSON(ja), b = shapeFromJSON(jb), pa = poseObj(poseA), pb = poseObj(poseB);
      const d = contactDerivatives(a, pa, b, pb, null, { ...SECOND, ...tight });
      if (!(d.separation > 0) || !d.hasSecondOrder) continue;
      checked++;
      // (Steps of 1e-3: GJK's normal on a curved pair is good to a few 1e-7, which smaller steps magnify;
      // the differences there agree with ours to about 1e-6.)
      const g = gap(a, pa, b, pb, d, 1e-3, tight);
      if (g.worst <= 2e-3) close++; else far.push(`${g.worst.toExponential(2)} ${g.where} ${JSON.stringify({ ja, jb, poseA, poseB })}`);
    }
    expect(checked).toBeGreaterThan(100);
    expect(close / checked, far.slice(0, 3).join('\n')).toBeGreaterThanOrEqual(0.98);
  });

  it('overlapping polytopes: central differences of contact\'s normal and points (98 % within 1e-6)', () => {
    const cases = fc.sample(fc.tuple(solidPolytope, solidPolytope, placedPair(1, 1, [0.05, 0.45])), { numRuns: runs(200), seed: seed(36103) });
    let checked = 0, close = 0;
    const far: string[] = [];
    for (const [ja, jb, { poseA, poseB }] of cases) {
      const a = shapeFromJSON(ja), b = shapeFromJSON(jb), pa = poseObj(poseA), pb = poseObj(poseB);
      const d = contactDerivatives(a, pa, b, pb, null, SECOND);
      if (!(d.separation < 0) || !d.hasSecondOrder) continue;
      checked++;
      const g = gap(a, pa, b, pb, d, 1e-7);
      if (g.worst <= 1e-6) close++; else far.push(`${g.worst.toExponential(2)} ${g.where} ${JSON.stringify({ ja, jb, poseA, poseB })}`);
    }
    expect(checked).toBeGreaterThan(50);
    expect(close / checked, far.slice(0, 3).join('\n')).toBeGreaterThanOrEqual(0.98);
  });

  it('not given (0, hasSecondOrder false) where not smooth or a shape has no closed-form curvature; untouched without the option; a bad option or record is a typed error', () => {
    const at = (y: number) => poseObj({ position: [0, y, 0], quaternion: [0, 0, 0, 1] });
    const resting = contactDerivatives(new Box(1, 0.25, 1), at(0), new Box(0.3, 0.2, 0.3), at(0.5), null, SECOND);
    expect(resting.smooth).toBe(false);
    expect(resting.hasSecondOrder).toBe(false);
    expect(resting.normalDerivatives.every((x) => x === 0)).toBe(true);
    const sum = shapeFromJSON({ type: 'minkowskiSum', a: { type: 'box', halfExtents: [0.2, 0.2, 0.2] }, b: { type: 'sphere', radius: 0.1 } });
    const summed = contactDerivatives(new Sphere(0.3), at(0), sum, at(1.2), null, SECOND);
    expect([summed.smooth, summed.hasSecondOrder, summed.pointADerivatives.every((x) => x === 0)]).toEqual([true, false, true]);
    expect(contactDerivatives(new Sphere(0.3), at(0), new Sphere(0.3), at(1.2), null, SECOND).hasSecondOrder).toBe(true);
    const out = createContactDerivatives();
    out.normalDerivatives.fill(7);
    contactDerivatives(new Sphere(0.3), at(0), new Sphere(0.3), at(1), out);
    expect(out.normalDerivatives.every((x) => x === 7)).toBe(true);
    expect(() => contactDerivatives(new Sphere(0.3), at(0), new Sphere(0.3), at(1), null, { secondOrder: 1 } as never)).toThrow(InvalidArgumentError);
    expect(() => contactDerivatives(new Sphere(0.3), at(0), new Sphere(0.3), at(1), { ...out, normalDerivatives: new Float64Array(3) }, SECOND)).toThrow(InvalidArgumentError);
  });
});
