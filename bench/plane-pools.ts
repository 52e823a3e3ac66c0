/**
 * Seeded pools of 2D pairs for the plane benchmark (bench/plane.bench.ts), as plain numbers: every
 * library builds its own shapes and poses from them up front. Per pair, A sits at the origin turned by a
 * random angle and B at a random point of [−2, 2]² turned by another, so about half the pairs overlap.
 *
 * Polygons are `n` points on a circle of radius in [0.5, 1], at angles a step apart, each jittered by up to
 * a fifth of the step: every point is a vertex of the hull, no two closer than 0.06 (planck welds points
 * closer than its linear slop, 0.005, and keeps at most Settings.maxPolygonVertices).
 */
import { mulberry32, uni } from './pools.js';

export type PlaneKind = '8-gons' | '30-gons' | 'boxes' | 'circles';

export interface PlanePool {
  kind: PlaneKind;
  /** Per pair: A's and B's points (flat x y), or for boxes [hx, hy], for circles [r]. */
  a: Float64Array[];
  b: Float64Array[];
  /** Per pair: B's position x, y and both angles. */
  bx: Float64Array;
  by: Float64Array;
  angleA: Float64Array;
  angleB: Float64Array;
}

const SEEDS: Record<PlaneKind, number> = { '8-gons': 0x2d08, '30-gons': 0x2d30, boxes: 0x2db0, circles: 0x2dc1 };

function polygonPoints(rnd: () => number, n: number): Float64Array {
  const r = uni(rnd, 0.5, 1), step = (2 * Math.PI) / n, start = uni(rnd, 0, step);
  const out = new Float64Array(2 * n);
  for (let k = 0; k < n; k++) {
    const t = start + k * step + uni(rnd, -0.2, 0.2) * step;
    out[2 * k] = r * Math.cos(t);
    out[2 * k + 1] = r * Math.sin(t);
  }
  return out;
}

function shapeData(rnd: () => number, kind: PlaneKind): Float64Array {
  if (kind === '8-gons') return polygonPoints(rnd, 8);
  if (kind === '30-gons') return polygonPoints(rnd, 30);
  if (kind === 'boxes') return Float64Array.of(uni(rnd, 0.5, 1), uni(rnd, 0.5, 1));
  return Float64Array.of(uni(rnd, 0.25, 1));
}

export function makePlanePool(kind: PlaneKind, size: number): PlanePool {
  const rnd = mulberry32(SEEDS[kind]);
  const p: PlanePool = {
    kind, a: [], b: [], bx: new Float64Array(size), by: new Float64Array(size), angleA: new Float64Array(size), angleB: new Float64Array(size),
  };
  for (let i = 0; i < size; i++) {
    p.a.push(shapeData(rnd, kind));
    p.b.push(shapeData(rnd, kind));
    p.angleA[i] = uni(rnd, -Math.PI, Math.PI);
    p.angleB[i] = uni(rnd, -Math.PI, Math.PI);
    p.bx[i] = uni(rnd, -2, 2);
    p.by[i] = uni(rnd, -2, 2);
  }
  return p;
}

/** The world vertices of pair i's A or B (boxes as 4 corners; circles as their centre). */
export function worldVertices(p: PlanePool, i: number, b: boolean): Float64Array {
  const data = b ? p.b[i] : p.a[i];
  const angle = b ? p.angleB[i] : p.angleA[i], tx = b ? p.bx[i] : 0, ty = b ? p.by[i] : 0;
  const local = p.kind === 'boxes' ? Float64Array.of(-data[0], -data[1], data[0], -data[1], data[0], data[1], -data[0], data[1])
    : p.kind === 'circles' ? Float64Array.of(0, 0) : data;
  const c = Math.cos(angle), s = Math.sin(angle);
  const out = new Float64Array(local.length);
  for (let k = 0; k < local.length; k += 2) {
    out[k] = c * local[k] - s * local[k + 1] + tx;
    out[k + 1] = s * local[k] + c * local[k + 1] + ty;
  }
  return out;
}
