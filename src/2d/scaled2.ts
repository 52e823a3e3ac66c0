/**
 * Scale-free queries in the plane, as the 3D ones (query/pair/scale-free.ts): a pair, a ray or a cast whose
 * size lies outside [2^-SCALE_FREE_EXPONENT, 2^SCALE_FREE_EXPONENT] is answered on a copy scaled by a
 * power of two to a size near 1, with A's position moved to the origin, and the answer scaled back.
 * Multiplying by a power of two is exact in floating point, so the copy is the same geometry; but GJK,
 * EPA, the separating axes and the closed forms square and multiply lengths (up to their fourth power),
 * which overflow past about 1e76 and underflow below 1e-75. Problems of ordinary sizes never come here:
 * they pay one range test.
 */
import { InvalidArgumentError } from '../errors.js';
import { nearestPowerOfTwoExponent, PLAIN_EDGE_MAX, PLAIN_EDGE_MIN } from '../math/power-of-two.js';
import { markShape2, NO_EDGES, POINT_CORE, type Shape2, type Shape2Kind } from './shapes/shape2.js';
import type { Pose2Like, Vec2Like } from './types.js';


/**
 * A 2D shape seen at `scale` times its size (a power of two): its core's vertices scaled, exactly, its
 * edge normals and features the shape's own, its support the shape's own scaled (so ties between
 * vertices are broken as the shape breaks them, and the copy gives the pair's own answer).
 */
export class ScaledShape2 implements Shape2 {
  static {
    markShape2(this);
  }
  kind: Shape2Kind = 'polygon';
  coreVertices: Float64Array = POINT_CORE;
  coreNormals: Float64Array = NO_EDGES;
  sweptRadius = 0;
  boundingRadius = 0;
  shape: Shape2 = null as unknown as Shape2;
  scale = 1;
  /** The scaled vertices' storage, one per core size seen (reused: no allocation per query). */
  private buffers: Float64Array[] = [];

  set(shape: Shape2, scale: number): this {
    const v = shape.coreVertices;
    this.shape = shape;
    this.scale = scale;
    this.kind = shape.kind;
    this.coreNormals = shape.coreNormals;
    this.sweptRadius = shape.sweptRadius * scale;
    this.boundingRadius = shape.boundingRadius * scale;
    // A point core at the origin stays the shared POINT_CORE: queries recognise circles by it.
    if (v === POINT_CORE) {
      this.coreVertices = POINT_CORE;
      return this;
    }
    const scaled = this.buffers[v.length] ?? (this.buffers[v.length] = new Float64Array(v.length));
    for (let i = 0; i < v.length; i++) scaled[i] = v[i] * scale;
    this.coreVertices = scaled;
    return this;
  }

  support(out: Vec2Like, dir: Readonly<Vec2Like>): Vec2Like {
    this.shape.support(out, dir);
    out.x *= this.scale;
    out.y *= this.scale;
    return out;
  }
}

/** A pose record the scaled copy is answered at. */
interface ScaledPose2 {
  position: Vec2Like;
  angle: number;
}

/** The scaled copy of a pair: the views, their poses (A at the origin), and the way back. */
export class ScaledPair2 {
  readonly viewA = new ScaledShape2();
  readonly viewB = new ScaledShape2();
  readonly poseA: ScaledPose2 = { position: { x: 0, y: 0 }, angle: 0 };
  readonly poseB: ScaledPose2 = { position: { x: 0, y: 0 }, angle: 0 };
  /** 2^-k: the factor into the copy's units. */
  scale = 1;
  /** 2^k: the factor back to the pair's own units. */
  back = 1;
  /** A's position, added back to every point. */
  originX = 0;
  originY = 0;
  /**
   * A's distance from the origin (|x| + |y|) in the copy's units: the rounding of the poses, which the
   * touch slack holds (queries2.ts preparePair) though the copy has A at the origin.
   */
  positionBias = 0;
}

/**
 * Whether a pair of this size (bounding radii plus offset) or a ray or cast of it is answered on a
 * scaled copy. NaN (positions at ±1.7e308 whose offset overflows) counts as outside.
 */
export function outOfRange(size: number): boolean {
  return !(size <= PLAIN_EDGE_MAX) || (size < PLAIN_EDGE_MIN && size > 0);
}

/**
 * Loads `p` with the scaled copy of the pair: scaled to the power of two nearest the larger of the bounding
 * radii and the offset between the positions (`extent`, optional: a length the copy must also bring near
 * 1, as a cast's sweep).
 */
export function scalePair2(p: ScaledPair2, a: Shape2, poseA: Pose2Like, b: Shape2, poseB: Pose2Like, extent = 0): void {
  const ax = poseA.position.x, ay = poseA.position.y, bx = poseB.position.x, by = poseB.position.y;
  let dx = bx - ax, dy = by - ay, half = 1;
  // Positions of opposite signs near ±1.7e308: the offset overflows, its half does not.
  if (!(Math.abs(dx) < Infinity && Math.abs(dy) < Infinity)) {
    dx = 0.5 * bx - 0.5 * ax; dy = 0.5 * by - 0.5 * ay; half = 2;
  }
  const m = Math.max(a.boundingRadius, b.boundingRadius, half * Math.max(Math.abs(dx), Math.abs(dy)), extent);
  const k = nearestPowerOfTwoExponent(m);
  const s = 2 ** -k;
  p.scale = s;
  p.back = 2 ** k;
  p.viewA.set(a, s);
  p.viewB.set(b, s);
  p.poseA.position.x = 0; p.poseA.position.y = 0; p.poseA.angle = poseA.angle;
  p.poseB.position.x = dx * (half * s); p.poseB.position.y = dy * (half * s); p.poseB.angle = poseB.angle;
  p.originX = ax; p.originY = ay;
  // Each term scaled first: their sum may not fit.
  p.positionBias = Math.abs(ax) * s + Math.abs(ay) * s;
}

/** A point of the copy's answer (world orientation, A at the origin) back in world space, in place. */
export function unscalePoint2(q: Vec2Like, p: ScaledPair2): void {
  q.x = representable(q.x * p.back + p.originX, 'point');
  q.y = representable(q.y * p.back + p.originY, 'point');
}

/** A length of the copy's answer (a distance, a separation) back in the pair's units. */
export function unscaleLength2(d: number, p: ScaledPair2): number {
  return representable(d * p.back, 'distance');
}

function representable(value: number, what: string): number {
  if (!(Math.abs(value) < Infinity)) throw new InvalidArgumentError('a, b', `with their poses have a ${what} too large for float64`);
  return value;
}
