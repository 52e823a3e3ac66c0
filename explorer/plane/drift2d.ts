// The plane page's world of many bodies (world2d.ts): which shape each body is and where it is at each
// step, as plain numbers (no library import), so that the page's end-to-end test rebuilds the same scene
// in its own process. Bodies drift and turn at constant rates inside a square, reflected at its walls (a
// triangle wave: the positions are a function of the step alone), at about one contact per body.

/** The four kinds of body, in the order of KIND_CORES: a box, a circle, a capsule, an 8-gon. */
export const KIND_COUNT = 4;

/** Each kind's core (local points, x y pairs) and swept radius: for building it and for drawing it. */
export const KIND_CORES: readonly { core: readonly number[]; radius: number }[] = [
  { core: [-0.4, -0.3, 0.4, -0.3, 0.4, 0.3, -0.4, 0.3], radius: 0 }, // Box2(0.4, 0.3)
  { core: [0, 0], radius: 0.35 }, // Circle(0.35)
  { core: [0, -0.3, 0, 0.3], radius: 0.2 }, // Capsule2(0.3, 0.2): half height 0.3 along y
  { core: Array.from({ length: 16 }, (_, k) => 0.4 * (k % 2 === 0 ? Math.cos((k >> 1) * Math.PI / 4) : Math.sin((k >> 1) * Math.PI / 4))), radius: 0 },
];

export interface DriftScene {
  readonly count: number;
  /** The square's side: bodies stay within [0, side]². */
  readonly side: number;
  readonly x0: Float64Array; readonly y0: Float64Array; readonly a0: Float64Array;
  readonly vx: Float64Array; readonly vy: Float64Array; readonly va: Float64Array;
}

/** `count` bodies in a square sized for about one contact per body, from a fixed seed. */
export function driftScene(count: number): DriftScene {
  let seed = 0x2d2d2d;
  const rnd = (): number => {
    // mulberry32 (Tommy Ettinger's): a small seeded generator, the same numbers everywhere.
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const side = Math.sqrt(count / 0.8);
  const f = (): Float64Array => new Float64Array(count);
  const s = { count, side, x0: f(), y0: f(), a0: f(), vx: f(), vy: f(), va: f() };
  for (let i = 0; i < count; i++) {
    s.x0[i] = side * rnd(); s.y0[i] = side * rnd(); s.a0[i] = 6 * rnd();
    s.vx[i] = 0.04 * (rnd() - 0.5); s.vy[i] = 0.04 * (rnd() - 0.5); s.va[i] = 0.04 * (rnd() - 0.5);
  }
  return s;
}

/** Reflects a coordinate moving freely into [0, side] (a triangle wave). */
function reflect(x: number, side: number): number {
  const period = 2 * side, m = ((x % period) + period) % period;
  return m <= side ? m : period - m;
}

/** Body i's pose at `step` into `out`. */
export function poseAt(s: DriftScene, i: number, step: number, out: { position: { x: number; y: number }; angle: number }): void {
  out.position.x = reflect(s.x0[i] + step * s.vx[i], s.side);
  out.position.y = reflect(s.y0[i] + step * s.vy[i], s.side);
  out.angle = s.a0[i] + step * s.va[i];
}
