/**
 * An independent checker of convex hulls, written to be obviously correct rather than fast
 * (O(points · faces)). It shares no code with the builder: it recomputes every face's orientation
 * from its corners (Newell's method), counts edges itself, and tests each claim of {@link Hull}
 * directly against the input points. Used by the tests of `quickhull.ts`, `convex-hull.ts` and the CLI.
 */
import { hypot3 } from '../math/exact-math.js';
import { checkKnownKeys, InvalidNumberError, InvalidShapeError, knownKeys } from '../errors.js';
import type { Vec3Like } from '../math/types.js';
import { readPointList } from '../math/read-input.js';
import { HULL_COVER_FACTOR } from '../tolerance.js';
import type { Hull } from './hull.js';

/** Options of {@link validateHull}. */
export interface ValidateHullOptions {
  /** Absolute distance tolerance (a length). Default: 4 × `hull.tolerance`. */
  tolerance?: number;
  /** Stop after this many problems (default 20). */
  maxErrors?: number;
  /**
   * Check that `inputIndices` name `points` (default true). False when the hull was built from other
   * points than those it is checked against, such as the vertices of an earlier hull of them.
   */
  inputIndices?: boolean;
}

/** Outcome of {@link validateHull}: `ok` when `errors` is empty. */
export interface HullValidation {
  /** True when no problem was found (`errors` is empty). */
  ok: boolean;
  /** One line per problem found, naming the face, vertex or point. */
  errors: string[];
}

const VALIDATE_OPTION_KEYS = /* @__PURE__ */ knownKeys(['tolerance', 'maxErrors', 'inputIndices']);

/**
 * Checks that `hull` is the convex hull of `points`:
 * every input point lies inside or within `tolerance` of the hull; every hull vertex is (bit for bit)
 * the input point its `inputIndices` entry names, in increasing input order; vertices are distinct; every face is planar within `tolerance`, strictly convex,
 * counter-clockwise about its unit normal, and its normal points outward; every edge is used once in
 * each direction (so shared by exactly two faces), V − E + F = 2; each vertex's neighbours are the
 * ends of its edges; and no vertex could be removed: each is the unique maximiser of some direction.
 * Lower-dimensional hulls are checked for their own form (point, segment, polygon with both sides).
 * Reads its arguments; mutates nothing.
 */
export function validateHull(
  hull: Hull,
  points: ArrayLike<Vec3Like> | ArrayLike<number>,
  options?: ValidateHullOptions,
): HullValidation {
  requireHull(hull);
  const pts = readPointList(points, 'validateHull.points');
  if (options !== undefined && options !== null && typeof options !== 'object') {
    throw new InvalidShapeError('validateHull.options', 'is not an object; expected { tolerance?, maxErrors?, inputIndices? }');
  }
  if (options != null) checkKnownKeys(options, VALIDATE_OPTION_KEYS, 'validateHull.options');
  const tol = options?.tolerance ?? HULL_COVER_FACTOR * hull.tolerance;
  if (typeof tol !== 'number' || !(tol >= 0)) {
    throw new InvalidNumberError(options?.tolerance === undefined ? 'validateHull.hull.tolerance' : 'validateHull.options.tolerance', tol, 'a number >= 0');
  }
  const maxErrors = options?.maxErrors ?? 20;
  if (typeof maxErrors !== 'number' || !(maxErrors >= 1)) throw new InvalidNumberError('validateHull.options.maxErrors', maxErrors, 'a number >= 1');
  const checkIndices = options?.inputIndices ?? true;
  const errors: string[] = [];
  const fail = (msg: string): boolean => {
    if (errors.length < maxErrors) errors.push(msg);
    return errors.length >= maxErrors;
  };
  // Counts from the arrays themselves (a hull-like object's own counts could be anything: Infinity would hang).
  const V = Math.floor(hull.vertices.length / 3);
  const vs = hull.vertices;
  const np = pts.length / 3;
  const done = (): HullValidation => ({ ok: errors.length === 0, errors });

  if (vs.length !== 3 * V) fail(`vertices has ${vs.length} numbers for ${V} vertices`);
  if (V < 1) fail('no vertices');
  // Every vertex is an input point, and vertices are distinct.
  const inputKeys = new Set<string>();
  for (let i = 0; i < np; i++) inputKeys.add(`${pts[3 * i]},${pts[3 * i + 1]},${pts[3 * i + 2]}`);
  const hullKeys = new Set<string>();
  for (let v = 0; v < V; v++) {
    const key = `${vs[3 * v]},${vs[3 * v + 1]},${vs[3 * v + 2]}`;
    if (!inputKeys.has(key)) fail(`vertex ${v} (${key}) is not an input point`);
    if (hullKeys.has(key)) fail(`vertex ${v} (${key}) is listed twice`);
    hullKeys.add(key);
    // inputIndices names an input point equal to the vertex, and vertices come in input order.
    const i = hull.inputIndices[v];
    if (!checkIndices) continue;
    if (!(Number.isInteger(i) && i >= 0 && i < np)) fail(`vertex ${v} has input index ${i}, not one of 0 .. ${np - 1}`);
    else if (pts[3 * i] !== vs[3 * v] || pts[3 * i + 1] !== vs[3 * v + 1] || pts[3 * i + 2] !== vs[3 * v + 2]) {
      fail(`vertex ${v} (${key}) is not input point ${i}`);
    }
    if (v > 0 && !(hull.inputIndices[v - 1] < i)) fail(`vertex ${v} (input ${i}) is not in input order after input ${hull.inputIndices[v - 1]}`);
  }
  if (checkIndices && hull.inputIndices.length !== V) fail(`inputIndices has ${hull.inputIndices.length} entries for ${V} vertices`);
  if (errors.length > 0) return done();
  const dim = hull.dimension;
  const F = Math.max(0, hull.faceStart.length - 1);
  const fs = hull.faceStart, fi = hull.faceIndices, fn = hull.faceNormals, fo = hull.faceOffsets;

  // Neighbour lists must be symmetric.
  const nbrs: Set<number>[] = [];
  for (let v = 0; v < V; v++) {
    const s = new Set<number>();
    for (let k = hull.neighborStart[v]; k < hull.neighborStart[v + 1]; k++) {
      const w = hull.neighborIndices[k];
      if (w < 0 || w >= V || w === v) fail(`vertex ${v} has bad neighbour ${w}`);
      if (s.has(w)) fail(`vertex ${v} lists neighbour ${w} twice`);
      s.add(w);
    }
    nbrs.push(s);
  }
  for (let v = 0; v < V; v++) for (const w of nbrs[v]) if (!nbrs[w]?.has(v)) fail(`neighbours not symmetric: ${v} → ${w}`);

  if (dim === 0) {
    if (V !== 1 || F !== 0) fail(`a point hull has ${V} vertices and ${F} faces`);
    for (let i = 0; i < np; i++) {
      const d = hypot3(pts[3 * i] - vs[0], pts[3 * i + 1] - vs[1], pts[3 * i + 2] - vs[2]);
      if (d > tol && fail(`point ${i} is ${d} from the point hull`)) break;
    }
    return done();
  }
  if (dim === 1) {
    if (V !== 2 || F !== 0) return fail(`a segment hull has ${V} vertices and ${F} faces`), done();
    if (!nbrs[0].has(1)) fail('segment ends are not neighbours');
    const ax = vs[0], ay = vs[1], az = vs[2];
    const ux = vs[3] - ax, uy = vs[4] - ay, uz = vs[5] - az;
    const uu = ux * ux + uy * uy + uz * uz;
    // Two distinct points. Not "apart by more than the tolerance": a cloud far from the origin for its size is
    // built centred, at a tolerance that follows its size (build-hull.ts, buildCentred), and the tolerance it
    // reports adds the rounding of moving back; two points 3.6e-15 apart at x = −10 are a true segment there
    // (FC_STRESS hull fuzzer, cloud seed 4: this check called them coincident).
    if (!(uu > 0)) fail('segment ends coincide');
    for (let i = 0; i < np; i++) {
      const wx = pts[3 * i] - ax, wy = pts[3 * i + 1] - ay, wz = pts[3 * i + 2] - az;
      const t = Math.min(1, Math.max(0, (wx * ux + wy * uy + wz * uz) / uu));
      const d = hypot3(wx - t * ux, wy - t * uy, wz - t * uz);
      if (d > tol && fail(`point ${i} is ${d} from the segment hull`)) break;
    }
    return done();
  }

  // Faces: sizes, index ranges, planarity, orientation, strict convexity.
  if (fs.length !== F + 1 || fs[0] !== 0 || fs[F] !== fi.length) fail('faceStart does not frame faceIndices');
  if (dim === 2 && F !== 2) fail(`a polygon hull has ${F} faces; expected 2 (one per side)`);
  if (dim === 3 && F < 4) fail(`a solid hull has ${F} faces`);
  if (errors.length > 0) return done();
  const usedVertex = new Uint8Array(V);
  const directed = new Map<string, number>();
  for (let f = 0; f < F; f++) {
    const s = fs[f], e = fs[f + 1], m = e - s;
    if (m < 3) {
      fail(`face ${f} has ${m} vertices`);
      continue;
    }
    const nx = fn[3 * f], ny = fn[3 * f + 1], nz = fn[3 * f + 2];
    if (Math.abs(hypot3(nx, ny, nz) - 1) > 1e-9) fail(`face ${f} normal is not unit length`);
    // Newell normal from the corners, independent of the reported one; about the face's first corner, so
    // that a face far from the origin does not lose its digits to the sums of its coordinates.
    let gx = 0, gy = 0, gz = 0;
    const o = fi[s] >= 0 && fi[s] < V ? fi[s] : 0;
    const ox = vs[3 * o], oy = vs[3 * o + 1], oz = vs[3 * o + 2];
    for (let k = s; k < e; k++) {
      const a = fi[k], b = fi[k + 1 === e ? s : k + 1];
      if (a < 0 || a >= V) {
        fail(`face ${f} has bad index ${a}`);
        continue;
      }
      usedVertex[a] = 1;
      const key = `${a},${b}`;
      directed.set(key, (directed.get(key) ?? 0) + 1);
      gx += (vs[3 * a + 1] - vs[3 * b + 1]) * ((vs[3 * a + 2] - oz) + (vs[3 * b + 2] - oz));
      gy += (vs[3 * a + 2] - vs[3 * b + 2]) * ((vs[3 * a] - ox) + (vs[3 * b] - ox));
      gz += (vs[3 * a] - vs[3 * b]) * ((vs[3 * a + 1] - oy) + (vs[3 * b + 1] - oy));
    }
    const gl = hypot3(gx, gy, gz);
    if (!(gl > 0) || (gx * nx + gy * ny + gz * nz) / gl < 0.99) {
      fail(`face ${f} is not counter-clockwise about its normal (or its normal is off)`);
    }
    for (let k = s; k < e; k++) {
      const v = fi[k];
      const d = nx * vs[3 * v] + ny * vs[3 * v + 1] + nz * vs[3 * v + 2] - fo[f];
      if (Math.abs(d) > tol) fail(`face ${f} is not planar: vertex ${v} is ${d} off its plane`);
      // Strict convexity: corner b turns left about n, i.e. b lies strictly outside chord a → c.
      const a = fi[k === s ? e - 1 : k - 1], c = fi[k + 1 === e ? s : k + 1];
      const e1x = vs[3 * v] - vs[3 * a], e1y = vs[3 * v + 1] - vs[3 * a + 1], e1z = vs[3 * v + 2] - vs[3 * a + 2];
      const e2x = vs[3 * c] - vs[3 * v], e2y = vs[3 * c + 1] - vs[3 * v + 1], e2z = vs[3 * c + 2] - vs[3 * v + 2];
      const turn = nx * (e1y * e2z - e1z * e2y) + ny * (e1z * e2x - e1x * e2z) + nz * (e1x * e2y - e1y * e2x);
      if (!(turn > 0)) fail(`face ${f} is not strictly convex at vertex ${v} (turn ${turn})`);
    }
  }
  for (let v = 0; v < V; v++) if (!usedVertex[v]) fail(`vertex ${v} is on no face`);
  // Each edge once in each direction; neighbours are exactly the edge ends.
  let E2 = 0;
  for (const [key, c] of directed) {
    const [a, b] = key.split(',').map(Number);
    if (c !== 1) fail(`edge ${a}→${b} is used by ${c} faces`);
    if (directed.get(`${b},${a}`) !== 1) fail(`edge ${a}→${b} has no twin ${b}→${a}`);
    if (!nbrs[a].has(b)) fail(`vertex ${a} does not list neighbour ${b}`);
    E2++;
  }
  let nbrCount = 0;
  for (let v = 0; v < V; v++) nbrCount += nbrs[v].size;
  if (nbrCount !== E2) fail(`neighbour lists hold ${nbrCount} entries for ${E2 / 2} edges`);
  if (V - E2 / 2 + F !== 2) fail(`Euler characteristic V − E + F = ${V} − ${E2 / 2} + ${F} ≠ 2`);
  if (errors.length > 0) return done();

  // Containment: every input point within tol of the hull. A point on the inner side of every face plane
  // is inside; one outside some plane is as far from the hull as from its nearest face. Not "within tol
  // of every plane": beside a knife edge (faces with nearly opposite normals, wedge angle α) that admits
  // points tol/α outside (quickhull.test.ts, "golden: a point beside a knife edge").
  if (dim === 3) {
    for (let i = 0; i < np; i++) {
      const x = pts[3 * i], y = pts[3 * i + 1], z = pts[3 * i + 2];
      let out = 0, outFace = -1, nearest = Infinity;
      for (let f = 0; f < F; f++) {
        const d = fn[3 * f] * x + fn[3 * f + 1] * y + fn[3 * f + 2] * z - fo[f];
        if (d > out) {
          out = d;
          outFace = f;
        }
        if (Math.abs(d) <= tol && nearest > tol) nearest = Math.min(nearest, faceDistance(hull, f, x, y, z, d));
      }
      if (out > tol) fail(`point ${i} is ${out} outside face ${outFace}`);
      else if (out > 0 && nearest > tol) fail(`point ${i} is within ${tol} of every face plane but ${nearest} from every face`);
      if (errors.length >= maxErrors) break;
    }
    // No removable vertex: v uniquely maximises the sum of its faces' normals.
    const dir = new Float64Array(3 * V);
    for (let f = 0; f < F; f++) {
      for (let k = fs[f]; k < fs[f + 1]; k++) {
        const v = fi[k];
        dir[3 * v] += fn[3 * f];
        dir[3 * v + 1] += fn[3 * f + 1];
        dir[3 * v + 2] += fn[3 * f + 2];
      }
    }
    for (let v = 0; v < V; v++) {
      const dx = dir[3 * v], dy = dir[3 * v + 1], dz = dir[3 * v + 2];
      const own = dx * vs[3 * v] + dy * vs[3 * v + 1] + dz * vs[3 * v + 2];
      for (let w = 0; w < V; w++) {
        if (w === v) continue;
        if (dx * vs[3 * w] + dy * vs[3 * w + 1] + dz * vs[3 * w + 2] >= own) {
          fail(`vertex ${v} is not a strict corner (vertex ${w} is as far along its normal cone)`);
          break;
        }
      }
    }
  } else {
    // Polygon: both faces list the same polygon in opposite orders; points lie on its plane and inside its edges.
    const m = fs[1];
    // (That the second face is the first reversed follows from the edge-twin check above.)
    const nx = fn[0], ny = fn[1], nz = fn[2];
    for (let i = 0; i < np; i++) {
      const x = pts[3 * i], y = pts[3 * i + 1], z = pts[3 * i + 2];
      const h = nx * x + ny * y + nz * z - fo[0];
      if (Math.abs(h) > tol) {
        if (fail(`point ${i} is ${h} off the polygon's plane`)) break;
        continue;
      }
      for (let k = 0; k < m; k++) {
        const a = fi[k], b = fi[k + 1 === m ? 0 : k + 1];
        const ex = vs[3 * b] - vs[3 * a], ey = vs[3 * b + 1] - vs[3 * a + 1], ez = vs[3 * b + 2] - vs[3 * a + 2];
        // Outward edge normal in the plane: e × n.
        const ox = ey * nz - ez * ny, oy = ez * nx - ex * nz, oz = ex * ny - ey * nx;
        const ol = hypot3(ox, oy, oz);
        const d = (ox * (x - vs[3 * a]) + oy * (y - vs[3 * a + 1]) + oz * (z - vs[3 * a + 2])) / ol;
        if (d > tol) {
          fail(`point ${i} is ${d} outside polygon edge ${a}→${b}`);
          break;
        }
      }
      if (errors.length >= maxErrors) break;
    }
    // No removable vertex: each corner uniquely maximises the outward normal of the chord between its
    // neighbours (in the plane: chord × normal). Not the bisector of its two edges: at a corner that
    // turns by 1e-11, the sum of the two unit edge vectors cancels to 1e-11 with 1e-16 of roundoff in
    // every component, which points it anywhere within 1e-5 of the chord's normal and swamped the
    // corner's margin (a false "not a strict corner" on lattices perturbed by 1e-11).
    for (let k = 0; k < m; k++) {
      const v = fi[k], a = fi[k === 0 ? m - 1 : k - 1], c = fi[k + 1 === m ? 0 : k + 1];
      const ex = vs[3 * c] - vs[3 * a], ey = vs[3 * c + 1] - vs[3 * a + 1], ez = vs[3 * c + 2] - vs[3 * a + 2];
      const dx = ey * nz - ez * ny, dy = ez * nx - ex * nz, dz = ex * ny - ey * nx;
      const ax = vs[3 * a], ay = vs[3 * a + 1], az = vs[3 * a + 2];
      const own = dx * (vs[3 * v] - ax) + dy * (vs[3 * v + 1] - ay) + dz * (vs[3 * v + 2] - az);
      for (let w = 0; w < V; w++) {
        if (w !== v && dx * (vs[3 * w] - ax) + dy * (vs[3 * w + 1] - ay) + dz * (vs[3 * w + 2] - az) >= own) {
          fail(`polygon vertex ${v} is not a strict corner`);
          break;
        }
      }
    }
  }
  return done();
}

/**
 * Distance from (x, y, z) to face f of a solid hull (strictly convex, counter-clockwise about its unit
 * normal n; `d` the signed distance to its plane): |d| when the point's projection lies inside the
 * face (on the inner side of every edge, whose outward direction in the plane is edge × n), else the
 * distance to the nearest edge.
 */
function faceDistance(hull: Hull, f: number, x: number, y: number, z: number, d: number): number {
  const vs = hull.vertices, fi = hull.faceIndices, s = hull.faceStart[f], e = hull.faceStart[f + 1];
  const nx = hull.faceNormals[3 * f], ny = hull.faceNormals[3 * f + 1], nz = hull.faceNormals[3 * f + 2];
  let inside = true, nearest = Infinity;
  for (let k = s; k < e; k++) {
    const a = 3 * fi[k], b = 3 * fi[k + 1 === e ? s : k + 1];
    const ux = vs[b] - vs[a], uy = vs[b + 1] - vs[a + 1], uz = vs[b + 2] - vs[a + 2];
    const wx = x - vs[a], wy = y - vs[a + 1], wz = z - vs[a + 2];
    if ((uy * nz - uz * ny) * wx + (uz * nx - ux * nz) * wy + (ux * ny - uy * nx) * wz > 0) inside = false;
    const uu = ux * ux + uy * uy + uz * uz;
    const t = uu > 0 ? Math.min(1, Math.max(0, (wx * ux + wy * uy + wz * uz) / uu)) : 0;
    nearest = Math.min(nearest, hypot3(wx - t * ux, wy - t * uy, wz - t * uz));
  }
  return inside ? Math.abs(d) : nearest;
}

/** A hull as buildHull returns it: the typed arrays and numbers validateHull reads. */
function requireHull(hull: unknown): asserts hull is Hull {
  const h = hull as Partial<Record<keyof Hull, unknown>> | null;
  const ok = h !== null && typeof h === 'object'
    && h.vertices instanceof Float64Array && h.faceNormals instanceof Float64Array && h.faceOffsets instanceof Float64Array
    && h.inputIndices instanceof Int32Array && h.faceStart instanceof Int32Array && h.faceIndices instanceof Int32Array
    && h.neighborStart instanceof Int32Array && h.neighborIndices instanceof Int32Array
    && typeof h.dimension === 'number' && typeof h.tolerance === 'number';
  if (!ok) throw new InvalidShapeError('validateHull.hull', 'is not a hull; expected the result of buildHull');
}
