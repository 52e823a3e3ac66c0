/**
 * The supporting feature of a shape's core along a local direction (supportFeature): what the manifold
 * builder clips. For a polytope it is the face that supports the shape along the direction (the face,
 * among those holding the support vertex, whose normal is nearest the direction: Jolt's
 * GetSupportingFace, made safe for hulls whose nearest face normal lies elsewhere); for a segment, the
 * segment; for a capsule, its core segment with the radius; for a cylinder or a cone, the flat end as a
 * disc of MANIFOLD_DISC_POINTS rim points when the direction is its axis, the straight line of the side
 * when the direction is perpendicular to it, and the support point otherwise; for every other shape (a
 * sphere, an ellipsoid, a Minkowski sum, a shape of the user's own) the support point alone.
 *
 * Indices of features, per kind (docs/manifolds.md lists them for users):
 *  - box: vertex (x > 0) + 2 (y > 0) + 4 (z > 0); edge 4·axis + (sign of the next axis > 0) + 2 (sign of
 *    the one after > 0); face 2·axis + (negative side);
 *  - convex hull: vertex and face as in its arrays; an edge by the slot of its higher vertex in the lower
 *    vertex's neighbour list (neighborStart[lo] + j);
 *  - triangle: vertices a, b, c = 0, 1, 2; edges ab, bc, ca = 0, 1, 2; face 0 on the side of
 *    (b − a) × (c − a), face 1 on the other; segment: vertices a, b = 0, 1, edge 0; point: vertex 0;
 *  - cylinder: faces 0 (top, +y) and 1 (bottom); cone: face 0 (the base), vertex 0 (the apex).
 */
import { cos, hypot3, sin } from '../../math/exact-math.js';
import { edgeScaleFar, PLAIN_EDGE_MAX, PLAIN_EDGE_MIN } from '../../math/power-of-two.js';
import { SQUARE_SAFE_HIGH, SQUARE_SAFE_LOW } from '../../math/vec3.js';
import { MANIFOLD_ALIGNMENT_TOLERANCE, MANIFOLD_DISC_POINTS } from '../../tolerance.js';
import type { Box } from '../../shapes/box.js';
import type { Capsule } from '../../shapes/capsule.js';
import type { Cone } from '../../shapes/cone.js';
import type { ConvexHull } from '../../shapes/convex-hull.js';
import type { Cylinder } from '../../shapes/cylinder.js';
import type { Rounded } from '../../shapes/rounded.js';
import type { Segment } from '../../shapes/segment.js';
import type { ConvexShape } from '../../shapes/shape.js';
import type { Sphere } from '../../shapes/sphere.js';
import type { Triangle } from '../../shapes/triangle.js';
import type { Vec3Like } from '../../math/types.js';
import { curved, curvedCode, EDGE, FACE, featureCode, NONE, VERTEX } from './feature-code.js';
import type { FeaturePolygon } from './feature-polygon.js';

const TOL = MANIFOLD_ALIGNMENT_TOLERANCE;
// Module constants (CONTRIBUTING.md, "V8 rules", rule 4).
const LENGTH_MIN = SQUARE_SAFE_LOW, LENGTH_MAX = SQUARE_SAFE_HIGH, EDGE_MIN = PLAIN_EDGE_MIN, EDGE_MAX = PLAIN_EDGE_MAX;
const DISC = MANIFOLD_DISC_POINTS;
/** cos and sin of the rim points' angles, made once. */
const COS = /* @__PURE__ */ Array.from({ length: DISC }, (_, i) => cos((2 * Math.PI * i) / DISC));
const SIN = /* @__PURE__ */ Array.from({ length: DISC }, (_, i) => sin((2 * Math.PI * i) / DISC));
const _p: Vec3Like = { x: 0, y: 0, z: 0 };

/**
 * Writes into `out` the supporting feature of `shape`'s core along (dx, dy, dz) (local frame, non-zero),
 * with `radius` the shape's swept radius. Rounded shapes recurse into their inner shape (MinkowskiSum,
 * Scaled and a user's shape give their support point: one contact point).
 */
export function supportFeature(out: FeaturePolygon, shape: ConvexShape, d: Readonly<Vec3Like>): void {
  out.radius = 0;
  out.isFace = false;
  // Directions travel as objects, never as numbers through calls (CONTRIBUTING.md, "V8 rules", rule 1).
  switch (shape.kind) {
    case 'box': boxFeature(out, shape, d); return;
    case 'convexHull': hullFeature(out, shape, d); return;
    case 'triangle': triangleFeature(out, shape, d); return;
    case 'segment': segmentFeature(out, shape, d); return;
    case 'point': _p.x = 0; _p.y = 0; _p.z = 0; onePoint(out, _p, featureCode(VERTEX, 0)); return;
    case 'sphere': _p.x = 0; _p.y = 0; _p.z = 0; onePoint(out, _p, featureCode(NONE, 0)); out.radius = (shape as Sphere).radius; return;
    case 'capsule': capsuleFeature(out, shape, d); return;
    case 'cylinder': cylinderFeature(out, shape, d); return;
    case 'cone': coneFeature(out, shape, d); return;
    case 'rounded': roundedFeature(out, shape, d); return;
    default: {
      shape.support(_p, d);
      onePoint(out, _p, featureCode(NONE, 0));
      out.radius = shape.sweptRadius;
    }
  }
}

/** A one-corner feature at `p` (copied). */
function onePoint(out: FeaturePolygon, p: Readonly<Vec3Like>, code: number): void {
  out.count = 1;
  const q = out.points;
  q[0] = p.x; q[1] = p.y; q[2] = p.z;
  out.vertexCodes[0] = code;
  out.edgeCodes[0] = code;
  out.polygonCode = code;
  out.supportCode = code;
}

/** Whether the face normal of `out` is parallel to d (of length dl) within TOL: |n × d| ≤ TOL |d|. */
function normalAlong(out: FeaturePolygon, d: Readonly<Vec3Like>, dl: number): boolean {
  const ux = out.nx, uy = out.ny, uz = out.nz, dx = d.x, dy = d.y, dz = d.z;
  const cx = uy * dz - uz * dy, cy = uz * dx - ux * dz, cz = ux * dy - uy * dx;
  return Math.sqrt(cx * cx + cy * cy + cz * cz) <= TOL * dl;
}

// ----- box -----

/** The code of the box corner with coordinates c (an array: numbers through calls, rule 1). */
function boxVertexCode(c: ArrayLike<number>): number {
  return featureCode(VERTEX, +(c[0] > 0) + 2 * +(c[1] > 0) + 4 * +(c[2] > 0));
}

/** The code of the box edge along `axis` at the signs of the other two axes' coordinates. */
function boxEdgeCode(axis: number, c: ArrayLike<number>): number {
  const b = (axis + 1) % 3, d = (axis + 2) % 3;
  return featureCode(EDGE, 4 * axis + +(c[b] > 0) + 2 * +(c[d] > 0));
}

const _c = [0, 0, 0];
/** Corner signs (u, v) of a face, counter-clockwise about u × v. */
const SU = [1, -1, -1, 1];
const SV = [1, 1, -1, -1];

/**
 * The six faces of a box as tables, made once from the rules above on a unit box: per face (2·axis +
 * negative side), the signs of its 4 corners (counter-clockwise seen from outside), their vertex codes
 * and the codes of the edges from each corner to the next. A box's face is then its half extents times
 * the signs (bench: a manifold's two box features took 17 % of a box-box manifold computed per call).
 */
function faceTables(): { signs: Float64Array; vertexCodes: Int32Array; edgeCodes: Int32Array } {
  const signs = new Float64Array(6 * 12), vertexCodes = new Int32Array(6 * 4), edgeCodes = new Int32Array(6 * 4);
  const c = [0, 0, 0];
  for (let k = 0; k < 3; k++) {
    for (const s of [1, -1]) {
      const f = 2 * k + (s < 0 ? 1 : 0), u = (k + 1) % 3, v = (k + 2) % 3;
      for (let i = 0; i < 4; i++) {
        const j = s > 0 ? i : 3 - i; // the other way round on a negative face
        c[k] = s; c[u] = SU[j]; c[v] = SV[j];
        for (let a = 0; a < 3; a++) signs[12 * f + 3 * i + a] = c[a];
        vertexCodes[4 * f + i] = boxVertexCode(c);
        edgeCodes[4 * f + i] = boxEdgeCode(edgeAxisOf(i, s, u, v), c);
      }
    }
  }
  return { signs, vertexCodes, edgeCodes };
}
const FACES = /* @__PURE__ */ faceTables();
const FACE_SIGNS = FACES.signs, FACE_VERTEX_CODES = FACES.vertexCodes, FACE_EDGE_CODES = FACES.edgeCodes;

function boxFeature(out: FeaturePolygon, box: Box, d: Readonly<Vec3Like>): void {
  const dx = d.x, dy = d.y, dz = d.z, hx = box.hx, hy = box.hy, hz = box.hz;
  const ax = Math.abs(dx), ay = Math.abs(dy), az = Math.abs(dz);
  const k = ax >= ay && ax >= az ? 0 : ay >= az ? 1 : 2;
  const dk = k === 0 ? dx : k === 1 ? dy : dz;
  const f = 2 * k + (dk >= 0 ? 0 : 1);
  out.count = 4;
  const q = out.points, vc = out.vertexCodes, ec = out.edgeCodes;
  for (let i = 0, t = 12 * f; i < 4; i++, t += 3) {
    q[3 * i] = FACE_SIGNS[t] * hx;
    q[3 * i + 1] = FACE_SIGNS[t + 1] * hy;
    q[3 * i + 2] = FACE_SIGNS[t + 2] * hz;
    vc[i] = FACE_VERTEX_CODES[4 * f + i];
    ec[i] = FACE_EDGE_CODES[4 * f + i];
  }
  out.polygonCode = featureCode(FACE, f);
  out.isFace = true;
  const s = dk >= 0 ? 1 : -1;
  out.nx = k === 0 ? s : 0; out.ny = k === 1 ? s : 0; out.nz = k === 2 ? s : 0;
  // The feature holding the support point: components of d within TOL of 0 are free axes.
  const dl = Math.sqrt(dx * dx + dy * dy + dz * dz), lim = TOL * dl;
  const zx = ax <= lim, zy = ay <= lim, zz = az <= lim;
  const zeros = +zx + +zy + +zz;
  if (zeros >= 2) { out.supportCode = out.polygonCode; return; }
  const c = _c;
  c[0] = dx >= 0 ? 1 : -1; c[1] = dy >= 0 ? 1 : -1; c[2] = dz >= 0 ? 1 : -1;
  out.supportCode = zeros === 1 ? boxEdgeCode(zx ? 0 : zy ? 1 : 2, c) : boxVertexCode(c);
}

/**
 * The axis that edge i of a box face runs along: the corners (SU, SV) change u between 0–1 and 2–3, v
 * between 1–2 and 3–0; a negative face lists corner j = 3 − i at place i.
 */
function edgeAxisOf(i: number, s: number, u: number, v: number): number {
  const j = s > 0 ? i : 3 - i;
  const jn = s > 0 ? (i + 1) & 3 : 3 - ((i + 1) & 3);
  return SU[j] !== SU[jn] ? u : v;
}

// ----- convex hull -----

/** The code of the hull edge between vertices u and w: the slot of the higher in the lower's neighbours. */
function hullEdgeCode(hull: ConvexHull, u: number, w: number): number {
  const lo = u < w ? u : w, hi = u < w ? w : u;
  const ns = hull.neighborStart, ni = hull.neighborIndices;
  for (let j = ns[lo], e = ns[lo + 1]; j < e; j++) if (ni[j] === hi) return featureCode(EDGE, j);
  // Not in the graph (a merged face's inner corner): a code of its own past every slot.
  return featureCode(EDGE, ni.length + lo * hull.vertexCount + hi);
}

function hullFeature(out: FeaturePolygon, hull: ConvexHull, dir: Readonly<Vec3Like>): void {
  const dx = dir.x, dy = dir.y, dz = dir.z;
  const v = hull.vertices;
  const dl = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (hull.dimension === 0) { _p.x = v[0]; _p.y = v[1]; _p.z = v[2]; onePoint(out, _p, featureCode(VERTEX, 0)); return; }
  if (hull.dimension === 1) {
    const ex = v[3] - v[0], ey = v[4] - v[1], ez = v[5] - v[2];
    const e = hullEdgeCode(hull, 0, 1);
    out.count = 2;
    {
      const q = out.points, o = 0;
      q[o] = v[0];
      q[o + 1] = v[1];
      q[o + 2] = v[2];
      out.setCodes(0, featureCode(VERTEX, 0), e);
    }
    {
      const q = out.points, o = 3;
      q[o] = v[3];
      q[o + 1] = v[4];
      q[o + 2] = v[5];
      out.setCodes(1, featureCode(VERTEX, 1), e);
    }
    out.polygonCode = e;
    let el = Math.sqrt(ex * ex + ey * ey + ez * ez);
    if (!(el >= LENGTH_MIN && el <= LENGTH_MAX)) el = hypot3(ex, ey, ez); // squares over- or underflowed
    const along = ex * dx + ey * dy + ez * dz;
    out.supportCode = Math.abs(along) <= TOL * el * dl ? e : featureCode(VERTEX, along > 0 ? 1 : 0);
    return;
  }
  const top = hull.supportIndex(dir);
  // The face holding `top` whose normal is nearest d.
  const fs = hull.faceStart, fi = hull.faceIndices, fn = hull.faceNormals;
  let best = -1, bestDot = -Infinity;
  for (let f = 0, F = hull.faceCount; f < F; f++) {
    const d = fn[3 * f] * dx + fn[3 * f + 1] * dy + fn[3 * f + 2] * dz;
    if (d <= bestDot) continue;
    for (let k = fs[f], e = fs[f + 1]; k < e; k++) {
      if (fi[k] === top) { best = f; bestDot = d; break; }
    }
  }
  const s = fs[best], m = fs[best + 1] - s;
  out.reserve(m);
  out.count = m;
  for (let k = 0; k < m; k++) {
    const w = fi[s + k], w2 = fi[s + (k + 1) % m];
    {
      const q = out.points, o = 3 * k;
      q[o] = v[3 * w];
      q[o + 1] = v[3 * w + 1];
      q[o + 2] = v[3 * w + 2];
      out.setCodes(k, featureCode(VERTEX, w), hullEdgeCode(hull, w, w2));
    }
  }
  out.polygonCode = featureCode(FACE, best);
  out.isFace = true;
  out.nx = fn[3 * best]; out.ny = fn[3 * best + 1]; out.nz = fn[3 * best + 2];
  if (normalAlong(out, dir, dl)) { out.supportCode = out.polygonCode; return; }
  // An edge from `top` perpendicular to d, else the vertex.
  out.supportCode = featureCode(VERTEX, top);
  const ns = hull.neighborStart, ni = hull.neighborIndices;
  const tx = v[3 * top], ty = v[3 * top + 1], tz = v[3 * top + 2];
  for (let j = ns[top], e = ns[top + 1]; j < e; j++) {
    const w = ni[j];
    const ex = v[3 * w] - tx, ey = v[3 * w + 1] - ty, ez = v[3 * w + 2] - tz;
    let el = Math.sqrt(ex * ex + ey * ey + ez * ez);
    if (!(el >= LENGTH_MIN && el <= LENGTH_MAX)) el = hypot3(ex, ey, ez); // squares over- or underflowed
    if (Math.abs(ex * dx + ey * dy + ez * dz) <= TOL * el * dl) { out.supportCode = hullEdgeCode(hull, top, w); return; }
  }
}

// ----- triangle, segment -----

function triangleFeature(out: FeaturePolygon, t: Triangle, d: Readonly<Vec3Like>): void {
  const dx = d.x, dy = d.y, dz = d.z;
  const a = t.a, b = t.b, c = t.c;
  // The edges at a size near 1, exactly (a power of two): the normal's length is a square of their size,
  // squared again under the root, and overflowed or underflowed (a face taken for a point) beyond 2^±256.
  let ux = b.x - a.x, uy = b.y - a.y, uz = b.z - a.z, vx = c.x - a.x, vy = c.y - a.y, vz = c.z - a.z;
  const m = Math.max(Math.abs(ux), Math.abs(uy), Math.abs(uz), Math.abs(vx), Math.abs(vy), Math.abs(vz));
  const k = m >= EDGE_MIN && m <= EDGE_MAX ? 1 : edgeScaleFar(m);
  if (k !== 1) { ux *= k; uy *= k; uz *= k; vx *= k; vy *= k; vz *= k; }
  let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
  const dl = Math.sqrt(dx * dx + dy * dy + dz * dz);
  const da = a.x * dx + a.y * dy + a.z * dz, db = b.x * dx + b.y * dy + b.z * dz, dc = c.x * dx + c.y * dy + c.z * dz;
  const top = da >= db && da >= dc ? 0 : db >= dc ? 1 : 2;
  if (!(nl > 0)) {
    // Degenerate (collinear corners): the support corner alone.
    onePoint(out, top === 0 ? a : top === 1 ? b : c, featureCode(VERTEX, top));
    return;
  }
  nx /= nl; ny /= nl; nz /= nl;
  const front = nx * dx + ny * dy + nz * dz >= 0;
  out.count = 3;
  if (front) {
    {
      const q = out.points, o = 0;
      q[o] = a.x;
      q[o + 1] = a.y;
      q[o + 2] = a.z;
      out.setCodes(0, featureCode(VERTEX, 0), featureCode(EDGE, 0));
    }
    {
      const q = out.points, o = 3;
      q[o] = b.x;
      q[o + 1] = b.y;
      q[o + 2] = b.z;
      out.setCodes(1, featureCode(VERTEX, 1), featureCode(EDGE, 1));
    }
    {
      const q = out.points, o = 6;
      q[o] = c.x;
      q[o + 1] = c.y;
      q[o + 2] = c.z;
      out.setCodes(2, featureCode(VERTEX, 2), featureCode(EDGE, 2));
    }
    out.nx = nx; out.ny = ny; out.nz = nz;
  } else {
    {
      const q = out.points, o = 0;
      q[o] = a.x;
      q[o + 1] = a.y;
      q[o + 2] = a.z;
      out.setCodes(0, featureCode(VERTEX, 0), featureCode(EDGE, 2));
    }
    {
      const q = out.points, o = 3;
      q[o] = c.x;
      q[o + 1] = c.y;
      q[o + 2] = c.z;
      out.setCodes(1, featureCode(VERTEX, 2), featureCode(EDGE, 1));
    }
    {
      const q = out.points, o = 6;
      q[o] = b.x;
      q[o + 1] = b.y;
      q[o + 2] = b.z;
      out.setCodes(2, featureCode(VERTEX, 1), featureCode(EDGE, 0));
    }
    out.nx = -nx; out.ny = -ny; out.nz = -nz;
  }
  out.polygonCode = featureCode(FACE, front ? 0 : 1);
  out.isFace = true;
  if (normalAlong(out, d, dl)) { out.supportCode = out.polygonCode; return; }
  // An edge at the top (both ends within TOL of the support value), else the top vertex.
  out.supportCode = featureCode(VERTEX, top);
  // The edges' lengths back in the triangle's units (dividing by a power of two is exact).
  const lab = Math.sqrt(ux * ux + uy * uy + uz * uz) / k, lca = Math.sqrt(vx * vx + vy * vy + vz * vz) / k;
  const wx = vx - ux, wy = vy - uy, wz = vz - uz, lbc = Math.sqrt(wx * wx + wy * wy + wz * wz) / k;
  if (top !== 2 && Math.abs(da - db) <= TOL * lab * dl) out.supportCode = featureCode(EDGE, 0);
  else if (top !== 0 && Math.abs(db - dc) <= TOL * lbc * dl) out.supportCode = featureCode(EDGE, 1);
  else if (top !== 1 && Math.abs(dc - da) <= TOL * lca * dl) out.supportCode = featureCode(EDGE, 2);
}

function segmentFeature(out: FeaturePolygon, s: Segment, d: Readonly<Vec3Like>): void {
  const dx = d.x, dy = d.y, dz = d.z;
  const a = s.a, b = s.b;
  const e = featureCode(EDGE, 0);
  out.count = 2;
  {
    const q = out.points, o = 0;
    q[o] = a.x;
    q[o + 1] = a.y;
    q[o + 2] = a.z;
    out.setCodes(0, featureCode(VERTEX, 0), e);
  }
  {
    const q = out.points, o = 3;
    q[o] = b.x;
    q[o + 1] = b.y;
    q[o + 2] = b.z;
    out.setCodes(1, featureCode(VERTEX, 1), e);
  }
  out.polygonCode = e;
  const ex = b.x - a.x, ey = b.y - a.y, ez = b.z - a.z;
  const along = ex * dx + ey * dy + ez * dz;
  let el = Math.sqrt(ex * ex + ey * ey + ez * ez);
  if (!(el >= LENGTH_MIN && el <= LENGTH_MAX)) el = hypot3(ex, ey, ez); // squares over- or underflowed
  const dl = Math.sqrt(dx * dx + dy * dy + dz * dz);
  out.supportCode = Math.abs(along) <= TOL * el * dl ? e : featureCode(VERTEX, along > 0 ? 1 : 0);
}

// ----- rounded and curved shapes -----

function capsuleFeature(out: FeaturePolygon, c: Capsule, d: Readonly<Vec3Like>): void {
  const dx = d.x, dy = d.y, dz = d.z;
  const h = c.halfHeight;
  const e = curvedCode(EDGE, 0);
  out.count = 2;
  {
    const q = out.points, o = 0;
    q[o] = 0;
    q[o + 1] = -h;
    q[o + 2] = 0;
    out.setCodes(0, curvedCode(VERTEX, 0), e);
  }
  {
    const q = out.points, o = 3;
    q[o] = 0;
    q[o + 1] = h;
    q[o + 2] = 0;
    out.setCodes(1, curvedCode(VERTEX, 1), e);
  }
  out.polygonCode = e;
  out.radius = c.radius;
  const dl = Math.sqrt(dx * dx + dy * dy + dz * dz);
  out.supportCode = Math.abs(dy) <= TOL * dl ? e : curvedCode(VERTEX, dy > 0 ? 1 : 0);
}

/**
 * The flat end of `shape` on the side `up` (+1: the top, at +halfHeight; −1: the bottom) as DISC rim
 * points, counter-clockwise seen from outside, rim codes from `first`.
 */
function disc(out: FeaturePolygon, shape: Cylinder | Cone, up: number, first: number, face: number): void {
  // The radius and height are read from the shape, not passed as numbers (CONTRIBUTING.md, "V8 rules",
  // rule 1): a cone's base is at −halfHeight, a cylinder's ends at ±halfHeight.
  const r = shape.radius, y = up * shape.halfHeight;
  out.reserve(DISC);
  out.count = DISC;
  for (let i = 0; i < DISC; i++) {
    {
      const q = out.points, o = 3 * i;
      q[o] = r * COS[i];
      q[o + 1] = y;
      q[o + 2] = -up * r * SIN[i];
      out.setCodes(i, curvedCode(VERTEX, first + i), curvedCode(EDGE, first + i));
    }
  }
  out.polygonCode = featureCode(FACE, face);
  out.supportCode = out.polygonCode;
  out.isFace = true;
  out.nx = 0; out.ny = up; out.nz = 0;
}

function cylinderFeature(out: FeaturePolygon, c: Cylinder, d: Readonly<Vec3Like>): void {
  const dx = d.x, dy = d.y, dz = d.z;
  const h = c.halfHeight, r = c.radius;
  const dl = Math.sqrt(dx * dx + dy * dy + dz * dz), p = Math.sqrt(dx * dx + dz * dz);
  if (p <= TOL * dl) {
    if (dy > 0) disc(out, c, 1, 0, 0);
    else disc(out, c, -1, DISC, 1);
    return;
  }
  const x = (r * dx) / p, z = (r * dz) / p;
  if (Math.abs(dy) <= TOL * dl) {
    // The straight line of the side, bottom to top.
    const e = curvedCode(EDGE, 2 * DISC);
    out.count = 2;
    {
      const q = out.points, o = 0;
      q[o] = x;
      q[o + 1] = -h;
      q[o + 2] = z;
      out.setCodes(0, curvedCode(VERTEX, 2 * DISC), e);
    }
    {
      const q = out.points, o = 3;
      q[o] = x;
      q[o + 1] = h;
      q[o + 2] = z;
      out.setCodes(1, curvedCode(VERTEX, 2 * DISC + 1), e);
    }
    out.polygonCode = e;
    out.supportCode = e;
    return;
  }
  // (±h as a product: `dy > 0 ? h : -h` merges the field's boxed number with a computed one, which V8 boxed.)
  _p.x = x; _p.y = h * (+(dy > 0) - +(dy <= 0)); _p.z = z;
  onePoint(out, _p, curvedCode(VERTEX, 2 * DISC + (dy > 0 ? 1 : 0)));
}

function coneFeature(out: FeaturePolygon, c: Cone, d: Readonly<Vec3Like>): void {
  const dx = d.x, dy = d.y, dz = d.z;
  const h = c.halfHeight, r = c.radius;
  const dl = Math.sqrt(dx * dx + dy * dy + dz * dz), p = Math.sqrt(dx * dx + dz * dz);
  if (p <= TOL * dl && dy < 0) { disc(out, c, -1, 0, 0); return; }
  const apex = featureCode(VERTEX, 0);
  if (!(p > 0)) { _p.x = 0; _p.y = h; _p.z = 0; onePoint(out, _p, apex); return; }
  const x = (r * dx) / p, z = (r * dz) / p;
  // The side's outward normal in the (radial, y) plane is (2h, r): d on it within TOL is a side line.
  let sl = Math.sqrt(4 * h * h + r * r); // not Math.hypot: a variadic builtin that allocates its arguments
  if (!(sl >= LENGTH_MIN && sl <= LENGTH_MAX)) sl = hypot3(2 * h, r, 0); // squares over- or underflowed
  if (Math.abs(dy * 2 * h - p * r) <= TOL * dl * sl) {
    const e = curvedCode(EDGE, DISC);
    out.count = 2;
    {
      const q = out.points, o = 0;
      q[o] = 0;
      q[o + 1] = h;
      q[o + 2] = 0;
      out.setCodes(0, apex, e);
    }
    {
      const q = out.points, o = 3;
      q[o] = x;
      q[o + 1] = -h;
      q[o + 2] = z;
      out.setCodes(1, curvedCode(VERTEX, DISC + 1), e);
    }
    out.polygonCode = e;
    out.supportCode = e;
    return;
  }
  if (h * dy >= -h * dy + p * r) { _p.x = 0; _p.y = h; _p.z = 0; onePoint(out, _p, apex); }
  else { _p.x = x; _p.y = -h; _p.z = z; onePoint(out, _p, curvedCode(VERTEX, DISC + 1)); }
}

function roundedFeature(out: FeaturePolygon, s: Rounded, d: Readonly<Vec3Like>): void {
  supportFeature(out, s.shape, d);
  out.radius += s.radius;
  // Under a radius, a core's vertices and edges are round; its faces stay flat.
  for (let i = 0; i < out.count; i++) {
    out.vertexCodes[i] = curved(out.vertexCodes[i]);
    out.edgeCodes[i] = curved(out.edgeCodes[i]);
  }
  if (!out.isFace) out.polygonCode = curved(out.polygonCode);
  if ((out.supportCode & 3) !== FACE) out.supportCode = curved(out.supportCode);
}
