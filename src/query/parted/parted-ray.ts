/**
 * Ray casts against a compound or a triangle mesh, in the shape's frame (rayCast has moved the ray there
 * once). The parts are found along the ray through the shape's hierarchy, nearer boxes first and boxes
 * past the best hit so far skipped (Ericson, Real-Time Collision Detection §6.3; bvh-traversal.ts,
 * rayBvh), and each part met is cast exactly: a compound's part by the convex ray cast in the part's own
 * frame (cast/convex-ray.ts: closed forms, or the GJK ray cast of van den Bergen 2004), a mesh's triangle
 * by the closed form of ray-flat.ts on a scratch triangle. The traversal adds no approximation: a part is
 * skipped only when its box is missed or met past the best hit.
 *
 * Semantics (docs/casts.md): the nearest hit over the parts (ties: the lower part). A compound is solid:
 * an origin inside a part hits at t = 0 (solid), or, hollow, the ray is followed to where it leaves the
 * union of the parts: from the point reached, every part that holds it is cast for where the ray leaves
 * it, and the farthest of those exits is the next point, until no part carries the ray further (a walk
 * over overlapping chords of convex parts: each part's chord is one interval of the line). A mesh has no
 * inside: `solid` changes nothing, and an origin on a triangle hits at t = 0 with that face's normal
 * facing the ray.
 *
 * Scale-free: the hierarchy is traversed in the shape's own units (slab tests, no squares), and each part
 * is cast at `scale`, a power of two rayCast chooses when the problem lies outside 2^±SCALE_FREE_EXPONENT
 * (the part seen through a ScaleView, a triangle's corners multiplied by it: exact, and t unchanged).
 */
import { BvhRayHit, overlapBvh, rayBvh } from '../../bvh/bvh-traversal.js';
import { rayParts } from './part-search.js';
import { Triangle } from '../../shapes/triangle.js';
import { RAY_CAST_RELATIVE_TOLERANCE } from '../../tolerance.js';
import { castConvexRay, castEntry, castExit, enteringAtOrigin, prepareRay, type RayShape } from '../cast/convex-ray.js';
import { RayWork } from '../cast/gjk-ray-cast.js';
import { rayTriangle } from '../cast/ray-flat.js';
import { ScaleView } from '../pair/scale-free.js';
import { scaledTwin } from '../cast/scaled-twin.js';
import type { Compound } from './compound.js';
import { loadCorners, reportedPart, type PartedShape, type TriangleSurface } from './parts.js';

const RELATIVE_TOLERANCE = RAY_CAST_RELATIVE_TOLERANCE; // V8 rule 4 (CONTRIBUTING.md)
const ORIGIN = { x: 0, y: 0, z: 0 };

/**
 * A concave ray cast's inputs, scratch and answer. Numbers travel in its fields and typed arrays, never as
 * arguments (CONTRIBUTING.md, "V8 rules", rule 1: the traversal's callbacks are not inlined).
 */
export class PartedRay {
  /** Input: the ray's origin in the shape's frame (the shape's own units). */
  readonly origin = new Float64Array(3);
  /** Input: its direction in the shape's frame; t is in its units. */
  readonly dir = new Float64Array(3);
  /** Input: the largest t wanted. */
  maxT = Infinity;
  /** Input: whether a compound is solid (an origin inside a part hits at t = 0). */
  solid = true;
  /** Input: the power of two each part is cast at (1 in the ordinary range; see the header). */
  scale = 1;
  /**
   * Input for a mesh: the ray cast's work with the ray in the mesh's frame at `scale`, its radius 0 and its
   * size set (rayCast's own, which writes them for a convex shape too: written here, the size was boxed on
   * every ray, 16 bytes, in the allocation probe's process).
   */
  meshWork: RayWork | null = null;

  /** Answer: whether the ray hits, where (t), the outward normal there (shape frame, not unit, never zero). */
  hit = false;
  t = 0;
  readonly normal = new Float64Array(3);
  /** Answer: the part as results report it (a compound's part index, a mesh's triangle in its input). */
  part = 0;
  /** Answer: the iterations of the cast that gave the answer. */
  iterations = 0;

  /** The shape cast at (during a cast). */
  shape: PartedShape | null = null;
  /** The traversal's best hit so far: its t (the bound, lowered by each nearer hit) and item. */
  readonly best = new BvhRayHit();
  /** A part's cast, in the part's frame (scaled). */
  readonly work = new RayWork();
  readonly view = new ScaleView();
  readonly triangle = new Triangle(ORIGIN, ORIGIN, ORIGIN);

  /** The hollow walk: the point reached (shape frame), the box about it, its parameter. */
  readonly at = new Float64Array(3);
  readonly query = new Float64Array(6);
  from = 0;
  /** Whether the walk is at the origin, whether a part holds the origin inside (not only entering there). */
  first = false;
  contains = false;
  /** The lowest part the ray enters at the origin, and its outward normal there (shape frame). */
  enterPart = -1;
  readonly enterNormal = new Float64Array(3);
  enterIterations = 0;
  /** The farthest exit from the point reached: its parameter, part, outward normal (shape frame). */
  farthest = 0;
  farPart = -1;
  readonly farNormal = new Float64Array(3);
  farIterations = 0;
}

/**
 * Casts the ray of `c` (inputs set) at `shape` and writes the answer into `c`.
 */
export function castPartedRay(c: PartedRay, shape: PartedShape): void {
  c.shape = shape;
  c.hit = false;
  c.best.t = c.maxT;
  c.best.item = -1;
  if (shape.kind === 'compound') castCompound(c, shape);
  else castMesh(c, shape);
  c.shape = null;
}

// ---------------------------------------------------------------------------------------------------
// Triangle meshes.

function castMesh(c: PartedRay, mesh: TriangleSurface): void {
  // One ray for every triangle (the mesh's frame is every triangle's), in `meshWork` as rayCast set it.
  rayParts(mesh, c.origin, c.dir, visitTriangle, c, c.best);
  const item = c.best.item;
  if (item < 0) return;
  c.hit = true;
  c.t = c.best.t;
  c.part = reportedPart(mesh, item);
}

function visitTriangle(p: number, c: PartedRay): void {
  const mesh = c.shape as TriangleSurface, w = c.meshWork!, best = c.best;
  const tri = loadCorners(c.triangle, mesh, p);
  const f = c.scale;
  const a = tri.a as { x: number; y: number; z: number }, b = tri.b as typeof a, d = tri.c as typeof a;
  if (f !== 1) {
    a.x *= f; a.y *= f; a.z *= f;
    b.x *= f; b.y *= f; b.z *= f;
    d.x *= f; d.y *= f; d.z *= f;
  }
  w.maxT = best.t;
  rayTriangle(w, tri);
  if (!w.hit) return;
  const t = w.t;
  // (Ties: the lower triangle as given; the mesh keeps them in leaf order.)
  if (!(t < best.t || (t === best.t && (best.item < 0 || reportedPart(mesh, p) < reportedPart(mesh, best.item))))) return;
  best.t = t;
  best.item = p;
  c.iterations = w.iterations;
  let nx = w.normal.x, ny = w.normal.y, nz = w.normal.z;
  if (nx === 0 && ny === 0 && nz === 0) {
    // The origin on the triangle: its face normal, facing the ray (a surface has no inside to report
    // −direction for). (b − a) × (c − a), turned against the direction.
    const ux = b.x - a.x, uy = b.y - a.y, uz = b.z - a.z, vx = d.x - a.x, vy = d.y - a.y, vz = d.z - a.z;
    nx = uy * vz - uz * vy; ny = uz * vx - ux * vz; nz = ux * vy - uy * vx;
    if (nx * w.dir.x + ny * w.dir.y + nz * w.dir.z > 0) { nx = -nx; ny = -ny; nz = -nz; }
    if (nx === 0 && ny === 0 && nz === 0) { nx = -w.dir.x; ny = -w.dir.y; nz = -w.dir.z; } // (not a kept triangle)
  }
  const n = c.normal;
  n[0] = nx; n[1] = ny; n[2] = nz;
}

// ---------------------------------------------------------------------------------------------------
// Compounds.

function castCompound(c: PartedRay, compound: Compound): void {
  c.normal[0] = 0; c.normal[1] = 0; c.normal[2] = 0;
  rayBvh(compound.bvh, c.origin, c.dir, visitPart, c, c.best);
  const best = c.best;
  if (best.item < 0) return;
  c.hit = true;
  c.t = best.t;
  c.part = best.item;
  const n = c.normal;
  if (n[0] !== 0 || n[1] !== 0 || n[2] !== 0) return;
  // The origin is inside or on a part.
  if (c.solid) { insideNormal(c); return; }
  leaveUnion(c, compound);
}

/** The normal of an origin inside a solid compound: −direction (in range at the parts' scale). */
function insideNormal(c: PartedRay): void {
  const f = c.scale, r = c.dir, n = c.normal;
  n[0] = -f * r[0]; n[1] = -f * r[1]; n[2] = -f * r[2];
}

/**
 * Writes into `c.work` the ray from the point `from` (shape frame) along `c.dir`, in part `p`'s frame at
 * the parts' scale, and returns the part as the cast sees it (itself, or a scaled view of it).
 */
function placeRay(c: PartedRay, compound: Compound, p: number, from: Float64Array): RayShape {
  const tp = compound.transforms[p], w = c.work, f = c.scale, r = c.dir;
  // Rᵀ (x − t), Rᵀ r: the part's pose is (R, t) in the compound's frame.
  const x = from[0] - tp.tx, y = from[1] - tp.ty, z = from[2] - tp.tz;
  w.origin.x = f * (tp.m00 * x + tp.m10 * y + tp.m20 * z);
  w.origin.y = f * (tp.m01 * x + tp.m11 * y + tp.m21 * z);
  w.origin.z = f * (tp.m02 * x + tp.m12 * y + tp.m22 * z);
  w.dir.x = f * (tp.m00 * r[0] + tp.m10 * r[1] + tp.m20 * r[2]);
  w.dir.y = f * (tp.m01 * r[0] + tp.m11 * r[1] + tp.m21 * r[2]);
  w.dir.z = f * (tp.m02 * r[0] + tp.m12 * r[1] + tp.m22 * r[2]);
  const shape = compound.shapes[p];
  // (A box or quadric part as its own kind scaled, so that its closed form answers: cast/scaled-twin.ts.)
  return f === 1 ? shape : scaledTwin(shape, f) ?? c.view.set(shape, f);
}

/** Part `p`'s normal in the cast (its frame) into `n`, in the compound's frame: R n. */
function partNormalOut(n: Float64Array, c: PartedRay, compound: Compound, p: number): void {
  const tp = compound.transforms[p], v = c.work.normal;
  n[0] = tp.m00 * v.x + tp.m01 * v.y + tp.m02 * v.z;
  n[1] = tp.m10 * v.x + tp.m11 * v.y + tp.m12 * v.z;
  n[2] = tp.m20 * v.x + tp.m21 * v.y + tp.m22 * v.z;
}

/** The nearest entry (solid): a part whose box the ray meets before the best hit so far. */
function visitPart(p: number, c: PartedRay): void {
  const compound = c.shape as Compound, w = c.work, best = c.best;
  const part = placeRay(c, compound, p, c.origin);
  w.maxT = best.t;
  castConvexRay(w, part, true);
  if (!w.hit) return;
  const t = w.t;
  if (!(t < best.t || (t === best.t && (best.item < 0 || p < best.item)))) return;
  best.t = t;
  best.item = p;
  c.iterations = w.iterations;
  partNormalOut(c.normal, c, compound, p); // (zero stays zero: inside or on the part)
}

/**
 * A hollow compound whose origin is inside or on a part: where the ray leaves the union of the parts.
 * Each step takes the parts that hold the point reached (the ray is inside one, or enters it within the
 * tolerance) and moves to the farthest point at which the ray leaves one of them; the walk ends when no
 * part carries the ray more than the tolerance further. Each part's chord is one interval of the line,
 * so each step passes a part's exit that no later step can return to: at most one step per part (the cap
 * is that count, which rounding cannot exceed either, since every step must gain more than the
 * tolerance). At the origin, a point on the union's surface with the ray going in (no part holds it
 * inside) enters there instead, t = 0 with that part's outward normal, as the convex cast answers.
 */
function leaveUnion(c: PartedRay, compound: Compound): void {
  const o = c.origin, r = c.dir, at = c.at, q = c.query;
  // Lengths as 1- and max-norms in the shape's own units: no squares, which could overflow outside the
  // unscaled range.
  const tol = RELATIVE_TOLERANCE * (compound.boundingRadius + Math.abs(o[0]) + Math.abs(o[1]) + Math.abs(o[2]));
  const tolT = tol / Math.max(Math.abs(r[0]), Math.abs(r[1]), Math.abs(r[2])); // ≥ tol / |r|
  let e = 0, lastPart = -1, iterations = 0;
  let nx = 0, ny = 0, nz = 0;
  const steps = compound.partCount;
  for (let step = 0; step <= steps; step++) {
    at[0] = o[0] + e * r[0]; at[1] = o[1] + e * r[1]; at[2] = o[2] + e * r[2];
    for (let k = 0; k < 3; k++) {
      // The tolerance, and a few ulps of the coordinate: rounding must not carry the box off a part.
      const s = tol + 4 * Number.EPSILON * Math.abs(at[k]);
      q[k] = at[k] - s; q[3 + k] = at[k] + s;
    }
    c.from = e; c.first = step === 0; c.contains = false; c.enterPart = -1;
    c.farthest = e; c.farPart = -1;
    overlapBvh(compound.bvh, q, holdPart, c);
    if (step === 0 && !c.contains) {
      if (c.enterPart >= 0) {
        c.t = 0; c.part = c.enterPart; c.iterations = c.enterIterations;
        c.normal[0] = c.enterNormal[0]; c.normal[1] = c.enterNormal[1]; c.normal[2] = c.enterNormal[2];
      } else {
        insideNormal(c); // (the traversal found the origin on a part the box test here does not: rounding)
      }
      return;
    }
    if (c.farPart < 0) break;
    if (lastPart < 0 || c.farthest > e + tolT) {
      // (At the origin, an exit within the tolerance still gives the normal: the ray leaves at once.)
      const gained = c.farthest > e + tolT;
      if (c.farthest > e) e = c.farthest;
      lastPart = c.farPart; iterations = c.farIterations;
      nx = c.farNormal[0]; ny = c.farNormal[1]; nz = c.farNormal[2];
      if (e > c.maxT) { c.hit = false; return; }
      if (gained) continue;
    }
    break;
  }
  if (lastPart < 0) { insideNormal(c); return; } // (no part holds the origin inside: cannot happen, see above)
  c.t = e; c.part = lastPart; c.iterations = iterations;
  c.normal[0] = nx; c.normal[1] = ny; c.normal[2] = nz;
}

/**
 * A step of the walk, for part `p` whose box holds the point reached: whether the part holds the point,
 * and if so where the ray leaves it (kept when farthest so far; ties: the lower part). Returns false: the
 * overlap traversal visits every such part.
 */
function holdPart(p: number, c: PartedRay): boolean {
  const compound = c.shape as Compound, w = c.work;
  const part = placeRay(c, compound, p, c.at);
  prepareRay(w, part);
  w.maxT = Infinity;
  castEntry(w, part);
  if (!w.hit) return false;
  // Entered more than the tolerance ahead: the part does not hold the point.
  const rl = Math.sqrt(w.dir.x * w.dir.x + w.dir.y * w.dir.y + w.dir.z * w.dir.z);
  if (w.t * rl > RELATIVE_TOLERANCE * w.size) return false;
  if (c.first) {
    if (w.normal.x === 0 && w.normal.y === 0 && w.normal.z === 0 && !enteringAtOrigin(w, part)) {
      c.contains = true;
    } else if (c.enterPart < 0) {
      // (Parts come in the hierarchy's order, not by index: the lowest is kept.)
      c.enterPart = p; c.enterIterations = w.iterations;
      partNormalOut(c.enterNormal, c, compound, p);
    } else if (p < c.enterPart) {
      c.enterPart = p; c.enterIterations = w.iterations;
      partNormalOut(c.enterNormal, c, compound, p);
    }
  }
  castExit(w, part);
  if (!w.hit) return false; // (cannot happen: the line meets the part)
  const e = c.from + w.t;
  if (c.farPart < 0 ? e >= c.farthest : e > c.farthest || (e === c.farthest && p < c.farPart)) {
    c.farthest = e; c.farPart = p; c.farIterations = w.iterations;
    partNormalOut(c.farNormal, c, compound, p);
  }
  return false;
}
