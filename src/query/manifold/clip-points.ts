/**
 * Clipping the incident feature against the side planes of the reference face (Sutherland & Hodgman
 * 1974), keeping for every point the feature pair it comes from, as Box2D's b2ClipSegmentToLine does in
 * the plane: a corner of the incident polygon inside the reference face is (incident vertex, reference
 * face); where an incident edge crosses the side plane of a reference edge, (incident edge, reference
 * edge); where two side planes meet inside the incident face, (incident face, reference vertex).
 *
 * The side planes contain the contact normal u (the reference face's outward direction along the
 * normal, not the face's own normal): projected along the normal, the clipped polygon is then exactly
 * the overlap of the two faces' projections, the contact region.
 */
import type { Vec3Like } from '../../math/types.js';
import type { FeaturePolygon } from './feature-polygon.js';

/** A side plane s·p = off, handed to clipByPlane as an object (CONTRIBUTING.md, "V8 rules", rule 1). */
const _plane = { x: 0, y: 0, z: 0, off: 0 };

/** A polygon being clipped: points with their feature pair, and what each edge (i to i + 1) lies on. */
export class ClipPolygon {
  count = 0;
  points = new Float64Array(3 * 32);
  incident = new Int32Array(32);
  reference = new Int32Array(32);
  /** The incident edge code the edge from point i lies on, or −1 − k for the side plane of reference edge k. */
  on = new Int32Array(32);

  reserve(n: number): void {
    if (this.incident.length >= n) return;
    const cap = Math.max(n, 2 * this.incident.length);
    this.points = new Float64Array(3 * cap);
    this.incident = new Int32Array(cap);
    this.reference = new Int32Array(cap);
    this.on = new Int32Array(cap);
  }

  /**
   * Appends a point's feature pair and edge, returning its index; the caller writes its coordinates into
   * `points` (numbers passed through a call could be boxed: CONTRIBUTING.md, "V8 rules", rule 1).
   */
  push(inc: number, ref: number, on: number): number {
    const i = this.count++;
    this.incident[i] = inc; this.reference[i] = ref; this.on[i] = on;
    return i;
  }
}

/**
 * Clips `inc` (3 or more corners) against the side planes of `ref` (3 or more corners), both in one frame;
 * `u` is the reference face's outward direction along the contact normal. Returns the buffer
 * holding the result (one of `a`, `b`), possibly empty.
 */
export function clipPolygon(inc: FeaturePolygon, ref: FeaturePolygon, u: Readonly<Vec3Like>, a: ClipPolygon, b: ClipPolygon): ClipPolygon {
  const ux = u.x, uy = u.y, uz = u.z;
  const cap = inc.count + ref.count + 2;
  a.reserve(cap); b.reserve(cap);
  a.count = 0;
  const ip = inc.points;
  for (let i = 0; i < inc.count; i++) {
    const q = a.points, o = 3 * a.push(inc.vertexCodes[i], ref.polygonCode, inc.edgeCodes[i]);
    q[o] = ip[3 * i];
    q[o + 1] = ip[3 * i + 1];
    q[o + 2] = ip[3 * i + 2];
  }
  let src = a, dst = b;
  const rp = ref.points, R = ref.count;
  for (let k = 0; k < R && src.count > 0; k++) {
    const k1 = k + 1 === R ? 0 : k + 1;
    const ex = rp[3 * k1] - rp[3 * k], ey = rp[3 * k1 + 1] - rp[3 * k + 1], ez = rp[3 * k1 + 2] - rp[3 * k + 2];
    // Outward side normal e × u, and the plane through corner k.
    const sx = ey * uz - ez * uy, sy = ez * ux - ex * uz, sz = ex * uy - ey * ux;
    _plane.x = sx; _plane.y = sy; _plane.z = sz;
    _plane.off = sx * rp[3 * k] + sy * rp[3 * k + 1] + sz * rp[3 * k + 2];
    clipByPlane(src, dst, _plane, k, ref, inc.polygonCode);
    const t = src; src = dst; dst = t;
  }
  return src;
}

/** One Sutherland–Hodgman pass: the part of `src` with s·p ≤ off into `dst`. */
function clipByPlane(src: ClipPolygon, dst: ClipPolygon, plane: typeof _plane, k: number, ref: FeaturePolygon, incFace: number): void {
  const sx = plane.x, sy = plane.y, sz = plane.z, off = plane.off;
  dst.count = 0;
  const n = src.count, p = src.points;
  const R = ref.count;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const di = sx * p[3 * i] + sy * p[3 * i + 1] + sz * p[3 * i + 2] - off;
    const dj = sx * p[3 * j] + sy * p[3 * j + 1] + sz * p[3 * j + 2] - off;
    const inI = di <= 0, inJ = dj <= 0;
    if (inI) {
      const q = dst.points, o = 3 * dst.push(src.incident[i], src.reference[i], src.on[i]);
      q[o] = p[3 * i];
      q[o + 1] = p[3 * i + 1];
      q[o + 2] = p[3 * i + 2];
    }
    if (inI !== inJ) {
      const t = di / (di - dj);
      const x = p[3 * i] + t * (p[3 * j] - p[3 * i]);
      const y = p[3 * i + 1] + t * (p[3 * j + 1] - p[3 * i + 1]);
      const z = p[3 * i + 2] + t * (p[3 * j + 2] - p[3 * i + 2]);
      const on = src.on[i];
      let incCode: number, refCode: number;
      if (on >= 0) {
        incCode = on; refCode = ref.edgeCodes[k];
      } else {
        // On two side planes: at the reference corner they share, inside the incident face.
        const k2 = -1 - on;
        incCode = incFace;
        refCode = k2 === (k + R - 1) % R ? ref.vertexCodes[k] : k2 === (k + 1) % R ? ref.vertexCodes[(k + 1) % R] : ref.polygonCode;
      }
      {
        const q = dst.points, o = 3 * dst.push(incCode, refCode, inI ? -1 - k : on);
        q[o] = x;
        q[o + 1] = y;
        q[o + 2] = z;
      }
    }
  }
}

/**
 * Clips the incident segment `inc` (2 corners) against the side planes of `ref` into `out` (0 or 2 points;
 * a segment that degenerates to a point gives 2 equal points).
 */
export function clipSegment(inc: FeaturePolygon, ref: FeaturePolygon, u: Readonly<Vec3Like>, out: ClipPolygon): void {
  const ux = u.x, uy = u.y, uz = u.z;
  out.reserve(2);
  out.count = 0;
  const ip = inc.points, rp = ref.points, R = ref.count;
  const x0 = ip[0], y0 = ip[1], z0 = ip[2], x1 = ip[3], y1 = ip[4], z1 = ip[5];
  let t0 = 0, t1 = 1;
  let ref0 = ref.polygonCode, ref1 = ref.polygonCode;
  let inc0 = inc.vertexCodes[0], inc1 = inc.vertexCodes[1];
  for (let k = 0; k < R; k++) {
    const k1 = k + 1 === R ? 0 : k + 1;
    const ex = rp[3 * k1] - rp[3 * k], ey = rp[3 * k1 + 1] - rp[3 * k + 1], ez = rp[3 * k1 + 2] - rp[3 * k + 2];
    const sx = ey * uz - ez * uy, sy = ez * ux - ex * uz, sz = ex * uy - ey * ux;
    const off = sx * rp[3 * k] + sy * rp[3 * k + 1] + sz * rp[3 * k + 2];
    const d0 = sx * x0 + sy * y0 + sz * z0 - off, d1 = sx * x1 + sy * y1 + sz * z1 - off;
    if (d0 > 0 && d1 > 0) return;
    if (d0 > 0) {
      const t = d0 / (d0 - d1);
      if (t > t0) { t0 = t; inc0 = inc.polygonCode; ref0 = ref.edgeCodes[k]; }
    } else if (d1 > 0) {
      const t = d0 / (d0 - d1);
      if (t < t1) { t1 = t; inc1 = inc.polygonCode; ref1 = ref.edgeCodes[k]; }
    }
  }
  if (t0 > t1) return;
  const ex = x1 - x0, ey = y1 - y0, ez = z1 - z0;
  {
    const q = out.points, o = 3 * out.push(inc0, ref0, 0);
    q[o] = x0 + t0 * ex;
    q[o + 1] = y0 + t0 * ey;
    q[o + 2] = z0 + t0 * ez;
  }
  {
    const q = out.points, o = 3 * out.push(inc1, ref1, 0);
    q[o] = x0 + t1 * ex;
    q[o + 1] = y0 + t1 * ey;
    q[o + 2] = z0 + t1 * ez;
  }
}
