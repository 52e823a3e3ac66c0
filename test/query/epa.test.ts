import { describe, expect, it } from 'vitest';
import { Box, Capsule, ConvexHull, Cylinder, Sphere, Triangle } from '../../src/index.js';
import { contact, penetration } from '../../src/query/contact/contact.js';
import type { TraceStep } from '../../src/query/pair/trace.js';

const at = (x: number, y: number, z: number, q = { x: 0, y: 0, z: 0, w: 1 }) => ({ position: { x, y, z }, quaternion: q });
const axisAngle = (ax: number, ay: number, az: number, angle: number) => {
  const l = Math.hypot(ax, ay, az), s = Math.sin(angle / 2) / l;
  return { x: ax * s, y: ay * s, z: az * s, w: Math.cos(angle / 2) };
};

describe('EPA penetration: hand-checked cases', () => {
  it('two unit cubes overlapping by 0.1 along x: depth 0.1, normal +x, deepest points', () => {
    const cube = new Box(0.5, 0.5, 0.5);
    const r = penetration(cube, at(0, 0, 0), cube, at(0.9, 0, 0))!;
    expect(r.depth).toBeCloseTo(0.1, 14);
    expect(r.normal.x).toBeCloseTo(1, 14);
    expect(r.pointA.x).toBeCloseTo(0.5, 14);
    expect(r.pointB.x).toBeCloseTo(0.4, 14);
  });

  it('sphere against a box face, edge and corner (closed forms)', () => {
    const box = new Box(1, 1, 1), ball = new Sphere(0.5);
    expect(penetration(box, at(0, 0, 0), ball, at(0, 1.3, 0))!.depth).toBeCloseTo(0.2, 12);
    const e = 1 + 0.3 / Math.SQRT2; // centre 0.3 from the edge along the diagonal
    expect(penetration(box, at(0, 0, 0), ball, at(e, e, 0))!.depth).toBeCloseTo(0.2, 12);
    const c = 1 + 0.3 / Math.sqrt(3);
    const corner = penetration(box, at(0, 0, 0), ball, at(c, c, c))!;
    expect(corner.depth).toBeCloseTo(0.2, 12);
    expect(corner.normal.x).toBeCloseTo(1 / Math.sqrt(3), 10);
  });

  it('sphere centre inside a box: depth to the nearest face plus the radius', () => {
    const r = penetration(new Box(1, 2, 3), at(0, 0, 0), new Sphere(0.25), at(0.7, 0.1, 0))!;
    expect(r.depth).toBeCloseTo(0.3 + 0.25, 12);
    expect(r.normal.x).toBeCloseTo(1, 12);
  });

  it('cylinders stacked along their axis with 0.1 overlap: depth 0.1 along y', () => {
    const cyl = new Cylinder(0.5, 1);
    const r = penetration(cyl, at(0, 0, 0), cyl, at(0.2, 0.9, 0))!;
    expect(r.depth).toBeCloseTo(0.1, 9);
    expect(Math.abs(r.normal.y)).toBeCloseTo(1, 9);
  });

  it('crossing capsules: depth is the sum of radii minus the axis distance', () => {
    const cap = new Capsule(1, 0.3);
    const r = penetration(cap, at(0, 0, 0), cap, at(0, 0, 0.4, axisAngle(0, 0, 1, Math.PI / 2)))!;
    expect(r.depth).toBeCloseTo(0.6 - 0.4, 14);
    expect(r.normal.z).toBeCloseTo(1, 14);
  });

  it('coincident boxes: depth is twice the smallest half extent', () => {
    const box = new Box(0.7, 0.2, 0.4);
    const q = axisAngle(1, 2, 3, 0.7);
    const r = penetration(box, at(1, 2, 3, q), box, at(1, 2, 3, q))!;
    expect(r.depth).toBeCloseTo(0.4, 12);
  });

  it('flat Minkowski difference: coplanar overlapping triangles touch with depth 0 and the plane normal', () => {
    const t = new Triangle({ x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { x: 0, y: 1, z: 0 });
    const r = contact(t, at(0, 0, 0), t, at(0.2, 0.2, 0))!;
    expect(r.separation).toBe(0);
    expect(Math.abs(r.normal.z)).toBeCloseTo(1, 12);
  });

  it('a triangle lying on a box face: depth 0, normal along the face normal', () => {
    const t = new Triangle({ x: -0.5, y: 0, z: -0.5 }, { x: 0.5, y: 0, z: -0.5 }, { x: 0, y: 0, z: 0.5 });
    const r = contact(new Box(1, 1, 1), at(0, 0, 0), t, at(0.1, 1, 0.2))!;
    expect(r.separation).toBe(0);
    expect(r.normal.y).toBeCloseTo(1, 12);
  });

  it('touching boxes resting face to face: separation exactly 0', () => {
    const box = new Box(1, 0.5, 1);
    expect(contact(box, at(0, 0, 0), box, at(0.3, 1, -0.2))!.separation).toBe(0);
  });

  it('rotated boxes: depth equals the separating-axis minimum over the 15 axes', () => {
    const a = new Box(0.6, 0.4, 0.8), b = new Box(0.5, 0.7, 0.3);
    const qa = axisAngle(1, 0.2, -0.3, 0.8), qb = axisAngle(-0.2, 1, 0.5, 1.9);
    const pa = at(0.1, -0.2, 0.3, qa), pb = at(0.6, 0.3, 0.1, qb);
    const r = penetration(a, pa, b, pb)!;
    expect(Math.abs(r.depth - satDepth(a, pa, b, pb))).toBeLessThan(1e-12);
  });

  it('EPA trace: faces, closest face index and the support along its normal', () => {
    const steps: TraceStep[] = [];
    const hull = new ConvexHull([{ x: 1, y: 0, z: 0 }, { x: -1, y: 0, z: 0 }, { x: 0, y: 1, z: 0 }, { x: 0, y: -1, z: 0 }, { x: 0, y: 0, z: 1 }, { x: 0, y: 0, z: -1 }]);
    penetration(hull, at(0, 0, 0), hull, at(0.3, 0.2, 0.1), undefined, { trace: (s) => steps.push(s) });
    const epa = steps.filter((s) => s.algorithm === 'epa');
    expect(epa.length).toBeGreaterThan(0);
    for (const s of epa) if (s.algorithm === 'epa') expect(s.closestFace).toBeGreaterThanOrEqual(0);
  });

  /**
   * From the shared conformance pair thin-1-15 (a 0.000684-thick box against a capsule of radius 0.001).
   * Its quaternions are written to 6 decimals, so their lengths are 1 ± 5e-7. We normalise them, as the
   * pair-query format says; the reference answer (−0.11263818137) was computed with the raw quaternions,
   * which rotate and also scale by ~1e-6. With normalised quaternions the exact depth is the minimum
   * overlap over the box's face normals and the box-axis × capsule-axis directions (the prism's face
   * normals), 0.11263660964550…; we must match that to 1e-12.
   */
  it('thin box against a thin capsule (conformance thin-1-15, normalised quaternions): exact prism depth', () => {
    const box = new Box(0.992879, 0.000684, 0.601177), cap = new Capsule(1, 0.001);
    const norm = (q: number[]) => { const l = Math.hypot(...q); return { x: q[0] / l, y: q[1] / l, z: q[2] / l, w: q[3] / l }; };
    const qa = norm([-0.521777, -0.076139, -0.849659, -0.005543]), qb = norm([0.308235, 0.402031, -0.858277, -0.081999]);
    const pa = at(0.191918, 0.850491, -0.530816, qa), pb = at(0.165922, 0.402808, -0.446827, qb);
    const A = [[1, 0, 0], [0, 1, 0], [0, 0, 1]].map((e) => rotate(qa, e));
    const axis = rotate(qb, [0, 1, 0]);
    const cands = [...A, ...A.map((u) => [u[1] * axis[2] - u[2] * axis[1], u[2] * axis[0] - u[0] * axis[2], u[0] * axis[1] - u[1] * axis[0]])];
    let exact = Infinity;
    for (const c of cands) {
      const l = Math.hypot(c[0], c[1], c[2]);
      const n = c.map((x) => x / l);
      const dot = (x: number[], y: number[]) => x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
      const ra = box.hx * Math.abs(dot(A[0], n)) + box.hy * Math.abs(dot(A[1], n)) + box.hz * Math.abs(dot(A[2], n));
      const rb = cap.halfHeight * Math.abs(dot(axis, n)) + cap.radius;
      const d = [pb.position.x - pa.position.x, pb.position.y - pa.position.y, pb.position.z - pa.position.z];
      exact = Math.min(exact, ra + rb - Math.abs(dot(d, n)));
    }
    const r = penetration(box, pa, cap, pb)!;
    expect(exact).toBeCloseTo(0.1126366096455, 12);
    expect(Math.abs(r.depth - exact)).toBeLessThan(1e-12);
  });

  it('returns null and leaves out untouched for separated shapes', () => {
    const out = { depth: 42, normal: { x: 0, y: 0, z: 0 }, pointA: { x: 0, y: 0, z: 0 }, pointB: { x: 0, y: 0, z: 0 }, status: 'converged' as const, iterations: 0 };
    expect(penetration(new Sphere(1), at(0, 0, 0), new Sphere(1), at(3, 0, 0), out)).toBeNull();
    expect(out.depth).toBe(42);
  });
});

/** Exact box–box overlap by the separating-axis theorem (Gottschalk et al. 1996; Ericson §4.4.1). */
function satDepth(a: Box, pa: ReturnType<typeof at>, b: Box, pb: ReturnType<typeof at>): number {
  const axes = (q: { x: number; y: number; z: number; w: number }) => [[1, 0, 0], [0, 1, 0], [0, 0, 1]].map((e) => rotate(q, e));
  const A = axes(pa.quaternion), B = axes(pb.quaternion);
  const ha = [a.hx, a.hy, a.hz], hb = [b.hx, b.hy, b.hz];
  const d = [pb.position.x - pa.position.x, pb.position.y - pa.position.y, pb.position.z - pa.position.z];
  const cands: number[][] = [...A, ...B];
  for (const u of A) for (const v of B) {
    const c = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    const l = Math.hypot(c[0], c[1], c[2]);
    if (l > 1e-9) cands.push(c.map((x) => x / l));
  }
  const dot = (x: number[], y: number[]) => x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
  let best = Infinity;
  for (const n of cands) {
    const ra = ha.reduce((s, h, i) => s + h * Math.abs(dot(A[i], n)), 0);
    const rb = hb.reduce((s, h, i) => s + h * Math.abs(dot(B[i], n)), 0);
    best = Math.min(best, ra + rb - Math.abs(dot(d, n)));
  }
  return best;
}

function rotate(q: { x: number; y: number; z: number; w: number }, v: number[]): number[] {
  const { x, y, z, w } = q;
  const tx = 2 * (y * v[2] - z * v[1]), ty = 2 * (z * v[0] - x * v[2]), tz = 2 * (x * v[1] - y * v[0]);
  return [v[0] + w * tx + (y * tz - z * ty), v[1] + w * ty + (z * tx - x * tz), v[2] + w * tz + (x * ty - y * tx)];
}

describe('contact options', () => {
  it('maxDistance: null beyond it, an answer within it, and NaN rejected naming the option', () => {
    const s = new Sphere(1);
    expect(contact(s, at(0, 0, 0), s, at(5, 0, 0), undefined, { maxDistance: 2 })).toBeNull();
    expect(contact(s, at(0, 0, 0), s, at(3.5, 0, 0), undefined, { maxDistance: 2 })!.separation).toBeCloseTo(1.5, 14);
    expect(() => contact(s, at(0, 0, 0), s, at(5, 0, 0), undefined, { maxDistance: NaN })).toThrow(/options\.maxDistance/);
  });
});
