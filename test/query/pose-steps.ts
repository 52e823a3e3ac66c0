/**
 * Pose steps for derivative tests: a body moved along one of the 12 pose coordinates (A's or B's
 * position x y z, then a world-frame turn about its own position), and central differences of `contact`'s
 * separation in all of them.
 */
import { contact, type ContactDerivatives, type Shape } from '../../src/index.js';

export type Pose = { position: { x: number; y: number; z: number }; quaternion: { x: number; y: number; z: number; w: number } };

/** The pose turned by the world-frame rotation vector w about its own position. */
export function turned(p: Pose, w: [number, number, number]): Pose {
  const a = Math.hypot(...w);
  if (a === 0) return p;
  const s = Math.sin(a / 2) / a, r = { x: w[0] * s, y: w[1] * s, z: w[2] * s, w: Math.cos(a / 2) }, q = p.quaternion;
  return {
    position: p.position,
    quaternion: {
      w: r.w * q.w - r.x * q.x - r.y * q.y - r.z * q.z, x: r.w * q.x + r.x * q.w + r.y * q.z - r.z * q.y,
      y: r.w * q.y - r.x * q.z + r.y * q.w + r.z * q.x, z: r.w * q.z + r.x * q.y - r.y * q.x + r.z * q.w,
    },
  };
}
export function moved(p: Pose, d: [number, number, number]): Pose {
  return { position: { x: p.position.x + d[0], y: p.position.y + d[1], z: p.position.z + d[2] }, quaternion: p.quaternion };
}
/** Body `which` (0: A, 1: B) moved by `step` along coordinate k of [translation, rotation]. */
export function stepped(pa: Pose, pb: Pose, which: number, k: number, step: number): [Pose, Pose] {
  const d: [number, number, number] = [0, 0, 0];
  d[k % 3] = step;
  const f = (p: Pose) => (k < 3 ? moved(p, d) : turned(p, d));
  return which === 0 ? [f(pa), pb] : [pa, f(pb)];
}
/** The 12 partials as poseGradient lays them out: linearA, angularA, linearB, angularB. */
export const partials = (d: ContactDerivatives): number[] => [d.linearA, d.angularA, d.linearB, d.angularB].flatMap((v) => [v.x, v.y, v.z]);
/** Central differences of contact's separation, the same layout. */
export function centralDifferences(a: Shape, pa: Pose, b: Shape, pb: Pose, h: number): number[] {
  const s = (x: Pose, y: Pose) => contact(a, x, b, y).separation;
  const out: number[] = [];
  for (let which = 0; which < 2; which++) {
    for (let k = 0; k < 6; k++) {
      const [p1, q1] = stepped(pa, pb, which, k, h), [p2, q2] = stepped(pa, pb, which, k, -h);
      out.push((s(p1, q1) - s(p2, q2)) / (2 * h));
    }
  }
  return out;
}
/** The largest absolute difference of two lists. */
export const worst = (x: number[], y: number[]) => Math.max(...x.map((v, i) => Math.abs(v - y[i])));
