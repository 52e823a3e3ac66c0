/**
 * A robot arm pushed out of obstacles by gradient steps: the smallest use of contact derivatives for
 * planning. Not part of the library: an example run by test/examples/arm.test.ts and shown by the
 * explorer. It imports the package as a user's code does.
 *
 * The arm is a chain of capsules, each turning about one axis at its joint (alternately its parent's z and
 * x). The cost is the summed penetration of its links into the obstacles, with a margin: Φ(θ) = Σ max(0,
 * margin − s) over every (obstacle, link) pair, s the pair's separation. `contactDerivativesBatch` gives
 * every pair's contact and the derivatives of s in both poses in one call; the chain rule turns those into
 * ∂Φ/∂θ: turning joint k by dθ about its world axis a through its position p turns every link j after it
 * rigidly about that line, moving link j's centre by a × (c_j − p) dθ and turning it by a dθ, so
 * ∂s/∂θ_k = linearB · (a × (c_j − p)) + angularB · a (the link is B). Each step goes down the gradient and
 * halves until Φ decreases enough (Armijo's rule: Nocedal & Wright, *Numerical Optimization*, §3.1), so
 * that Φ never increases.
 */
import { Box, Capsule, CONTACT_DERIVATIVES_BATCH_STRIDE, contactDerivativesBatch, Sphere, type Shape } from 'convex-collide';

export interface Obstacle {
  readonly shape: Shape;
  readonly position: { x: number; y: number; z: number };
  readonly quaternion: { x: number; y: number; z: number; w: number };
}

export interface ArmOptions {
  /** Links in the chain (default 6). */
  links?: number;
  /** Each link's length between joints (default 0.6) and its radius (default 0.12). */
  length?: number;
  radius?: number;
  /** The clearance the cost asks for (default 0.02). */
  margin?: number;
  /** The joint angles to start from (radians; default a gentle curl). */
  angles?: readonly number[];
}

/** The example's obstacles: two balls and a turned box, each cutting into the arm's starting curl. */
export function defaultObstacles(): Obstacle[] {
  const still = { x: 0, y: 0, z: 0, w: 1 };
  return [
    { shape: new Sphere(0.35), position: { x: -0.45, y: 1.0, z: 0.25 }, quaternion: still },
    { shape: new Box(0.3, 0.25, 0.3), position: { x: -0.95, y: 1.85, z: 0.2 }, quaternion: { x: 0, y: 0.3826834323650898, z: 0, w: 0.9238795325112867 } },
    { shape: new Sphere(0.3), position: { x: -1.6, y: 2.35, z: 0.55 }, quaternion: still },
  ];
}

/** Most halvings of a step before it is given up (the step is then taken as 0). */
const MAX_HALVINGS = 30;
/** Armijo's constant: a step must lower Φ by this fraction of what the gradient promises. */
const ARMIJO = 1e-4;

type Q = [number, number, number, number]; // x y z w
const qmul = (a: Q, b: Q): Q => [
  a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1], a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
  a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3], a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
];
const rotate = (q: Q, v: number[]): number[] => {
  // v + 2w (u × v) + 2 u × (u × v), u = (x, y, z)
  const [x, y, z, w] = q, tx = 2 * (y * v[2] - z * v[1]), ty = 2 * (z * v[0] - x * v[2]), tz = 2 * (x * v[1] - y * v[0]);
  return [v[0] + w * tx + (y * tz - z * ty), v[1] + w * ty + (z * tx - x * tz), v[2] + w * tz + (x * ty - y * tx)];
};

export class Arm {
  readonly links: number;
  readonly length: number;
  readonly radius: number;
  readonly margin: number;
  /** The joint angles (radians). */
  readonly angles: Float64Array;
  /** Each link's capsule (its axis along its local y, centred between its joints). */
  readonly shape: Capsule;
  readonly obstacles: readonly Obstacle[];
  /** Steps taken, and the cost after the last. */
  steps = 0;
  cost: number;

  // The batch's inputs: obstacles first, then the links; pairs (obstacle, link); its answers.
  private readonly shapes: Shape[];
  private readonly poses: Float64Array;
  private readonly pairs: Int32Array;
  private readonly rows: Float64Array;
  /** Each joint's world position and axis, each link's centre (from the last forward pass). */
  private readonly joints: Float64Array;
  private readonly axes: Float64Array;

  constructor(obstacles: readonly Obstacle[], options: ArmOptions = {}) {
    this.links = options.links ?? 6;
    this.length = options.length ?? 0.6;
    this.radius = options.radius ?? 0.12;
    this.margin = options.margin ?? 0.02;
    this.angles = Float64Array.from(options.angles ?? Array.from({ length: this.links }, (_, k) => (k % 2 === 0 ? 0.35 : 0.2)));
    this.shape = new Capsule(this.length / 2, this.radius);
    this.obstacles = obstacles;
    const n = obstacles.length, m = this.links;
    this.shapes = [...obstacles.map((o) => o.shape), ...Array.from({ length: m }, () => this.shape)];
    this.poses = new Float64Array(7 * (n + m));
    obstacles.forEach((o, i) => this.poses.set([o.position.x, o.position.y, o.position.z, o.quaternion.x, o.quaternion.y, o.quaternion.z, o.quaternion.w], 7 * i));
    this.pairs = new Int32Array(2 * n * m);
    for (let i = 0, k = 0; i < n; i++) for (let j = 0; j < m; j++, k += 2) { this.pairs[k] = i; this.pairs[k + 1] = n + j; }
    this.rows = new Float64Array(n * m * CONTACT_DERIVATIVES_BATCH_STRIDE);
    this.joints = new Float64Array(3 * m);
    this.axes = new Float64Array(3 * m);
    this.cost = this.evaluate(this.angles);
  }

  /** Link j's pose (world): position x y z, quaternion x y z w. */
  linkPose(j: number): number[] {
    return [...this.poses.subarray(7 * (this.obstacles.length + j), 7 * (this.obstacles.length + j) + 7)];
  }

  /** Forward kinematics for `angles` into the batch's link poses, the joints and their axes. */
  private place(angles: Float64Array): void {
    let q: Q = [0, 0, 0, 1], p = [0, 0, 0];
    const n = this.obstacles.length, L = this.length;
    for (let j = 0; j < this.links; j++) {
      // Joint j turns about its parent's z (even j) or x (odd j).
      const local = j % 2 === 0 ? [0, 0, 1] : [1, 0, 0], a = rotate(q, local);
      this.joints.set(p, 3 * j);
      this.axes.set(a, 3 * j);
      const h = angles[j] / 2, s = Math.sin(h);
      q = qmul(q, [local[0] * s, local[1] * s, local[2] * s, Math.cos(h)]);
      const up = rotate(q, [0, L / 2, 0]), c = [p[0] + up[0], p[1] + up[1], p[2] + up[2]];
      this.poses.set([c[0], c[1], c[2], q[0], q[1], q[2], q[3]], 7 * (n + j));
      p = [c[0] + up[0], c[1] + up[1], c[2] + up[2]];
    }
  }

  /** Φ(angles): every pair's contact and derivatives (into the batch's rows), summed penetration past the margin. */
  evaluate(angles: Float64Array): number {
    this.place(angles);
    contactDerivativesBatch(this.shapes, this.poses, this.pairs, this.rows);
    let cost = 0;
    for (let k = 0; k < this.pairs.length / 2; k++) cost += Math.max(0, this.margin - this.rows[CONTACT_DERIVATIVES_BATCH_STRIDE * k]);
    return cost;
  }

  /** The pairs within the margin at the angles last evaluated: the link, the obstacle, the normal (from the obstacle) and the link's witness point. */
  penetrating(): { link: number; obstacle: number; normal: number[]; point: number[] }[] {
    const n = this.obstacles.length, S = CONTACT_DERIVATIVES_BATCH_STRIDE, r = this.rows, out = [];
    for (let k = 0; k < this.pairs.length / 2; k++) {
      const o = S * k;
      if (this.margin - r[o] > 0) out.push({ link: this.pairs[2 * k + 1] - n, obstacle: this.pairs[2 * k], normal: [r[o + 1], r[o + 2], r[o + 3]], point: [r[o + 7], r[o + 8], r[o + 9]] });
    }
    return out;
  }

  /** ∂Φ/∂θ at the angles last evaluated, into `out` (one number a joint). */
  gradient(out: Float64Array): Float64Array {
    out.fill(0);
    const n = this.obstacles.length, S = CONTACT_DERIVATIVES_BATCH_STRIDE, r = this.rows;
    for (let k = 0; k < this.pairs.length / 2; k++) {
      const o = S * k;
      if (!(this.margin - r[o] > 0)) continue; // (clear of the margin: no cost, no gradient)
      const j = this.pairs[2 * k + 1] - n, c = 7 * (n + j);
      // Φ grows as s falls: ∂Φ/∂θ_i = −∂s/∂θ_i for every joint i up to the link's own.
      for (let i = 0; i <= j; i++) {
        const ax = this.axes[3 * i], ay = this.axes[3 * i + 1], az = this.axes[3 * i + 2];
        const dx = this.poses[c] - this.joints[3 * i], dy = this.poses[c + 1] - this.joints[3 * i + 1], dz = this.poses[c + 2] - this.joints[3 * i + 2];
        // a × (c − p): the centre's velocity; a: the link's angular velocity.
        const vx = ay * dz - az * dy, vy = az * dx - ax * dz, vz = ax * dy - ay * dx;
        out[i] -= r[o + 16] * vx + r[o + 17] * vy + r[o + 18] * vz + r[o + 19] * ax + r[o + 20] * ay + r[o + 21] * az;
      }
    }
    return out;
  }

  /**
   * One gradient step with a backtracking line search (at most MAX_HALVINGS halvings, from a step that
   * turns the joints by at most `maxTurn` radians): Φ never increases. Returns the cost after it.
   */
  step(maxTurn = 0.2): number {
    this.evaluate(this.angles);
    const g = this.gradient(new Float64Array(this.links)), gg = g.reduce((s, x) => s + x * x, 0);
    if (gg === 0) return this.cost;
    const trial = new Float64Array(this.links);
    let t = maxTurn / Math.sqrt(gg);
    for (let h = 0; h < MAX_HALVINGS; h++, t /= 2) {
      for (let i = 0; i < this.links; i++) trial[i] = this.angles[i] - t * g[i];
      const c = this.evaluate(trial);
      if (c <= this.cost - ARMIJO * t * gg) {
        this.angles.set(trial);
        this.cost = c;
        break;
      }
    }
    this.evaluate(this.angles); // (the batch's rows and poses for the angles kept)
    this.steps++;
    return this.cost;
  }
}
