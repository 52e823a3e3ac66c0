/**
 * The contact manifold of a convex shape on a half-space: the plane is a face with no edge, so nothing is
 * clipped (Ericson, Real-Time Collision Detection §5.2.3; Box2D's and Jolt's plane manifolds): the shape's
 * supporting feature along the plane's inward normal (support-feature.ts: a face, an edge, a disc's rim or
 * a point) gives the points, each corner within the margin of the plane kept with its height above it, and
 * reduced to `maxPoints` as every manifold is (reduce-points.ts). The normal is the plane's; the plane's
 * feature is its face 0.
 */
import type { Transform } from '../../math/transform.js';
import { vec3 } from '../../math/vec3.js';
import { runsUserCode, type ConvexShape } from '../../shapes/shape.js';
import { MANIFOLD_DEPTH_AGREEMENT } from '../../tolerance.js';
import { codeIndex, codeType, FACE, featureCode, pairId } from '../manifold/feature-code.js';
import { FeaturePolygon } from '../manifold/feature-polygon.js';
import type { Manifold, ManifoldPoint } from '../manifold/manifold-result.js';
import { reducePoints } from '../manifold/reduce-points.js';
import { supportFeature } from '../manifold/support-feature.js';
import { enterUserCode, leaveUserCode } from '../pair/query-work.js';
import { planeRecord } from './half-space-pairs.js';

const PLANE_FACE = /* @__PURE__ */ featureCode(FACE, 0);
const _feature = /* @__PURE__ */ new FeaturePolygon();
const _dir = /* @__PURE__ */ vec3(), _n = /* @__PURE__ */ vec3(), _tie = /* @__PURE__ */ vec3();
let _points = new Float64Array(3 * 16), _heights = new Float64Array(16), _codes = new Int32Array(16);
let _chosen = new Int32Array(16), _used = new Uint8Array(16);

/**
 * Writes into `out` the manifold of convex `s` at `tS` on the half-space at `tH` (`solidIsA`: the shape is
 * A, so the normal from A to B is the plane's inward normal; else B, and it is the outward one), and
 * returns true; false when the shape is farther than `margin` above the plane.
 */
export function halfSpaceManifold(
  s: ConvexShape, tS: Readonly<Transform>, tH: Readonly<Transform>, margin: number, maxPoints: number, out: Manifold, solidIsA: boolean,
): boolean {
  const r = planeRecord(s, tS, tH);
  if (!(r[3] <= margin)) return false;
  const nx = r[4], ny = r[5], nz = r[6];
  // The supporting feature along −n, in the shape's frame.
  _dir.x = -(tS.m00 * nx + tS.m10 * ny + tS.m20 * nz);
  _dir.y = -(tS.m01 * nx + tS.m11 * ny + tS.m21 * nz);
  _dir.z = -(tS.m02 * nx + tS.m12 * ny + tS.m22 * nz);
  const f = _feature;
  if (runsUserCode(s)) {
    enterUserCode();
    try { supportFeature(f, s, _dir); } finally { leaveUserCode(); }
  } else {
    supportFeature(f, s, _dir);
  }
  const radius = s.sweptRadius;
  if (_codes.length < f.count) grow(f.count);
  let kept = 0;
  for (let i = 0; i < f.count; i++) {
    const qx = f.points[3 * i], qy = f.points[3 * i + 1], qz = f.points[3 * i + 2];
    // The core point turned into world axes, its height above the plane measured as planeRecord measures
    // it (the two positions' difference first), and the surface point below it.
    const x = tS.m00 * qx + tS.m01 * qy + tS.m02 * qz, y = tS.m10 * qx + tS.m11 * qy + tS.m12 * qz, z = tS.m20 * qx + tS.m21 * qy + tS.m22 * qz;
    const h = nx * (x + (tS.tx - tH.tx)) + ny * (y + (tS.ty - tH.ty)) + nz * (z + (tS.tz - tH.tz)) - radius;
    if (!(h <= margin)) continue;
    _points[3 * kept] = x + tS.tx - radius * nx; _points[3 * kept + 1] = y + tS.ty - radius * ny; _points[3 * kept + 2] = z + tS.tz - radius * nz;
    _heights[kept] = h;
    _codes[kept] = f.count === 1 ? f.supportCode : f.vertexCodes[i];
    kept++;
  }
  if (kept === 0) {
    // Rounding put every corner a hair beyond the margin the deepest point is within: that point alone.
    _points[0] = r[0]; _points[1] = r[1]; _points[2] = r[2];
    _heights[0] = r[3];
    _codes[0] = f.supportCode;
    kept = 1;
  }
  let count = kept;
  if (kept > maxPoints) {
    _n.x = nx; _n.y = ny; _n.z = nz;
    _tie.x = MANIFOLD_DEPTH_AGREEMENT * (s.boundingRadius + Math.abs(r[3]));
    count = reducePoints(_points, _heights, kept, maxPoints, _n, _chosen, _used, _tie);
  } else {
    for (let i = 0; i < kept; i++) _chosen[i] = i;
  }
  if (solidIsA) { out.normal.x = 0 - nx; out.normal.y = 0 - ny; out.normal.z = 0 - nz; } else { out.normal.x = nx; out.normal.y = ny; out.normal.z = nz; }
  for (let k = 0; k < count; k++) {
    const i = _chosen[k], h = _heights[i];
    const p: ManifoldPoint = out.points[k];
    const sx = _points[3 * i], sy = _points[3 * i + 1], sz = _points[3 * i + 2];
    const onSolid = solidIsA ? p.pointA : p.pointB, onPlane = solidIsA ? p.pointB : p.pointA;
    onSolid.x = sx; onSolid.y = sy; onSolid.z = sz;
    onPlane.x = sx - h * nx; onPlane.y = sy - h * ny; onPlane.z = sz - h * nz;
    p.separation = h;
    const codeA = solidIsA ? _codes[i] : PLANE_FACE, codeB = solidIsA ? PLANE_FACE : _codes[i];
    p.featureA.type = codeType(codeA); p.featureA.index = codeIndex(codeA);
    p.featureB.type = codeType(codeB); p.featureB.index = codeIndex(codeB);
    p.id = pairId(codeA, codeB);
  }
  out.count = count;
  out.status = 'converged';
  out.iterations = 0;
  return true;
}

/** Room for `n` corners (a hull's face can have many; the only allocation, once per size). */
function grow(n: number): void {
  const cap = Math.max(n, 2 * _codes.length);
  _points = new Float64Array(3 * cap); _heights = new Float64Array(cap); _codes = new Int32Array(cap);
  _chosen = new Int32Array(cap); _used = new Uint8Array(cap);
}
