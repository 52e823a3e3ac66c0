/**
 * The concave solids of issue 38's targets, as closed triangle meshes for `decompose()`'s tests and for the
 * V-HACD baseline (bench/decompose-vhacd-baseline.ts). Every generator returns a {@link SolidMesh}:
 *
 * - welded by construction: each vertex is made once and shared by index, so no two vertices have the same
 *   position (seams of periodic surfaces close by index wrap-around, never by comparing coordinates);
 * - a closed 2-cycle: every directed edge (a, b) is matched by exactly one (b, a). The one exception is
 *   {@link chairBoxes}, said so there;
 * - consistently oriented: outward normals, positive signed volume;
 * - at most 5,000 triangles at `detail` 1 (the default); `detail` k refines every subdivision k times.
 *
 * Up axis: y for the solids that stand (chair, bowl, helix tube; the torus lies in the xz plane, as a lathe
 * about y), z for the extrusions (L, U, star), as three.js's LatheGeometry and ExtrudeGeometry have it.
 *
 * Three builders make them all: a union of cells of a rectilinear grid (box, L, U, chair), a lathe of a
 * closed profile polygon (torus, bowl), and a tube swept along a curve with a frame (knot, helix). The first
 * two have closed-form volumes for the polyhedra themselves (see {@link cellUnionVolume} and
 * {@link latheVolume}), which meshes.test.ts checks to rounding.
 */

export interface SolidMesh {
  name: string;
  /** x, y, z per vertex. */
  positions: Float64Array;
  /** Three vertex indices per triangle, counter-clockwise seen from outside. */
  indices: Uint32Array;
}

// ---------------------------------------------------------------------------------------------------
// Cell unions: the boundary of a set of cells of a rectilinear grid.

/**
 * A solid made of cells of the grid xs × ys × zs (strictly increasing breakpoints): cell (i, j, k) is
 * [xs[i], xs[i+1]] × [ys[j], ys[j+1]] × [zs[k], zs[k+1]].
 */
export interface CellGrid {
  xs: number[];
  ys: number[];
  zs: number[];
  /** Whether cell (i, j, k) is solid. */
  filled(i: number, j: number, k: number): boolean;
}

/** Each interval of `breaks` cut into `detail` equal parts (the breakpoints themselves kept exactly). */
function refine(breaks: number[], detail: number): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < breaks.length; i++) {
    const a = breaks[i], b = breaks[i + 1];
    for (let s = 0; s < detail; s++) out.push(s === 0 ? a : a + ((b - a) * s) / detail);
  }
  out.push(breaks[breaks.length - 1]);
  return out;
}

/**
 * The boundary between the cells for which `owner` returns a group id (≥ 0) and the rest, on the grid refined
 * `detail` times. A face is emitted between two refined cells whose owners differ (−1 for empty and outside),
 * once for each side that is solid, facing away from it. With one group this is the union's boundary: one
 * closed polyhedron, manifold as long as no two solid cells meet only along an edge or at a corner. With
 * several groups (chairBoxes) a face between two groups is emitted twice, once per side, so the two copies
 * cancel in volume and winding number.
 */
function cellBoundary(name: string, grid: CellGrid, detail: number, owner: (i: number, j: number, k: number) => number): SolidMesh {
  const X = refine(grid.xs, detail), Y = refine(grid.ys, detail), Z = refine(grid.zs, detail);
  const nx = X.length - 1, ny = Y.length - 1, nz = Z.length - 1;
  const own = (i: number, j: number, k: number): number =>
    i < 0 || j < 0 || k < 0 || i >= nx || j >= ny || k >= nz ? -1 : owner(Math.floor(i / detail), Math.floor(j / detail), Math.floor(k / detail));
  // Lattice points get compact ids in the order first used, so only used points are stored.
  const ids = new Map<number, number>();
  const positions: number[] = [];
  const vertex = (i: number, j: number, k: number): number => {
    const key = i + (nx + 1) * (j + (ny + 1) * k);
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
      positions.push(X[i], Y[j], Z[k]);
    }
    return id;
  };
  const indices: number[] = [];
  // The quad of a cell face normal to `axis` at lattice layer `layer`, spanned by the two other axes (b, c)
  // in cyclic order (x → y → z → x), so that b × c = +axis: corners (b0,c0) (b1,c0) (b1,c1) (b0,c1) run
  // counter-clockwise seen from +axis; `outward` −1 reverses them.
  const quad = (axis: number, layer: number, b: number, c: number, outward: number): void => {
    const at = (db: number, dc: number): number => {
      const l = [0, 0, 0];
      l[axis] = layer;
      l[(axis + 1) % 3] = b + db;
      l[(axis + 2) % 3] = c + dc;
      return vertex(l[0], l[1], l[2]);
    };
    const q = [at(0, 0), at(1, 0), at(1, 1), at(0, 1)];
    if (outward < 0) q.reverse();
    indices.push(q[0], q[1], q[2], q[0], q[2], q[3]);
  };
  for (let k = 0; k < nz; k++) for (let j = 0; j < ny; j++) for (let i = 0; i < nx; i++) {
    const g = own(i, j, k);
    if (g < 0) continue;
    const cell = [i, j, k];
    for (let axis = 0; axis < 3; axis++) for (const side of [-1, 1]) {
      const n = [i, j, k];
      n[axis] += side;
      if (own(n[0], n[1], n[2]) === g) continue;
      quad(axis, cell[axis] + (side > 0 ? 1 : 0), cell[(axis + 1) % 3], cell[(axis + 2) % 3], side);
    }
  }
  return { name, positions: Float64Array.from(positions), indices: Uint32Array.from(indices) };
}

/** The boundary of the union of a grid's filled cells (one closed polyhedron). */
export function cellUnion(name: string, grid: CellGrid, detail = 1): SolidMesh {
  return cellBoundary(name, grid, detail, (i, j, k) => (grid.filled(i, j, k) ? 0 : -1));
}

/** The exact volume of a grid's filled cells: the sum of their boxes. */
export function cellUnionVolume(grid: CellGrid): number {
  let v = 0;
  for (let k = 0; k + 1 < grid.zs.length; k++) for (let j = 0; j + 1 < grid.ys.length; j++) for (let i = 0; i + 1 < grid.xs.length; i++) {
    if (grid.filled(i, j, k)) v += (grid.xs[i + 1] - grid.xs[i]) * (grid.ys[j + 1] - grid.ys[j]) * (grid.zs[k + 1] - grid.zs[k]);
  }
  return v;
}

export function boxGrid(size: [number, number, number] = [2, 1.2, 0.8]): CellGrid {
  return { xs: [0, size[0]], ys: [0, size[1]], zs: [0, size[2]], filled: () => true };
}

/** A box from the origin to `size`, each face cut into detail × detail squares (two triangles each). */
export function box(detail = 1, size: [number, number, number] = [2, 1.2, 0.8]): SolidMesh {
  return cellUnion('box', boxGrid(size), detail);
}

/** The L of lBlock: the square [0, 2]² without the cell [1, 2]², extruded 1 along z. Volume 3. */
export const L_GRID: CellGrid = { xs: [0, 1, 2], ys: [0, 1, 2], zs: [0, 1], filled: (i, j) => !(i === 1 && j === 1) };

/** An L extrusion (see {@link L_GRID}): its hull adds the prism over the triangle x + y ≥ 3 of the missing cell. */
export function lBlock(detail = 1): SolidMesh {
  return cellUnion('lBlock', L_GRID, detail);
}

/** The U of uBlock: a 2 × 0.5 base under two 0.5 × 1.5 arms at x ∈ [0, 0.5] and [1.5, 2], extruded 1 along z. Volume 2.5. */
export const U_GRID: CellGrid = { xs: [0, 0.5, 1.5, 2], ys: [0, 0.5, 2], zs: [0, 1], filled: (i, j) => j === 0 || i !== 1 };

/** A U extrusion (see {@link U_GRID}). */
export function uBlock(detail = 1): SolidMesh {
  return cellUnion('uBlock', U_GRID, detail);
}

/**
 * The chair (y up): a seat [0, 1] × [0.45, 0.55] × [0, 1], four 0.1 × 0.45 × 0.1 legs under its corners and a
 * back [0, 1] × [0.55, 1.3] × [0.9, 1]. Volume 0.018 + 0.1 + 0.075 = 0.193.
 */
export const CHAIR_GRID: CellGrid = {
  xs: [0, 0.1, 0.9, 1],
  ys: [0, 0.45, 0.55, 1.3],
  zs: [0, 0.1, 0.9, 1],
  filled: (i, j, k) => (j === 0 ? i !== 1 && k !== 1 : j === 1 ? true : k === 2),
};

/** Which of the chair's six boxes holds a cell: legs 0–3, seat 4, back 5. */
function chairBoxOf(i: number, j: number, k: number): number {
  if (!CHAIR_GRID.filled(i, j, k)) return -1;
  return j === 0 ? (i === 0 ? 0 : 1) + (k === 0 ? 0 : 2) : j === 1 ? 4 : 5;
}

/**
 * The chair of {@link CHAIR_GRID} as one closed manifold polyhedron: the boundary of the union of its boxes
 * (where a leg meets the seat, the seat's underside has a square hole and the leg's side walls continue it).
 */
export function chair(detail = 1): SolidMesh {
  return cellUnion('chair', CHAIR_GRID, detail);
}

/**
 * The same chair as six closed boxes that share faces: each box's whole boundary, so where two boxes touch
 * (leg tops on the seat, the back on the seat) the contact square appears twice with opposite orientations.
 * Still a 2-cycle (count(a, b) = count(b, a) for every directed edge) with the same volume and winding
 * numbers as {@link chair}, but **non-manifold**: each edge around a contact square has four triangles. For
 * the clipper's coplanar-contact cases, not for the baseline (its solid is {@link chair}'s).
 */
export function chairBoxes(detail = 1): SolidMesh {
  return cellBoundary('chairBoxes', CHAIR_GRID, detail, chairBoxOf);
}

// ---------------------------------------------------------------------------------------------------
// Lathes: a closed profile polygon in the (ρ, y) half-plane revolved about the y axis.

/**
 * A profile vertex [ρ, y]. The profile runs counter-clockwise in the (ρ, y) plane; vertices with ρ = 0 lie on
 * the axis and become single vertices (poles); an edge with both ends on the axis makes no faces.
 */
export type ProfilePoint = [number, number];

/**
 * The lathe of `profile` with `segments` steps around y: vertex (ρ, y) at angle φ_k = 2πk/segments is
 * (ρ cos φ, y, ρ sin φ). Between rings a and b (consecutive profile vertices) each step is the planar
 * trapezoid A_k B_k B_k+1 A_k+1 (two chords parallel to each other), split into A_k B_k B_k+1 and
 * A_k B_k+1 A_k+1. With e_ρ × e_y = e_φ, the first has normal ∝ e_prof × e_φ = (dy e_ρ − dρ e_y): outward for
 * a counter-clockwise profile.
 */
export function lathe(name: string, profile: ProfilePoint[], segments: number): SolidMesh {
  const positions: number[] = [];
  // ring[p][k] = the id of profile vertex p at step k (all k the same id for a pole).
  const ring: number[][] = profile.map(([rho, y]) => {
    if (rho === 0) {
      positions.push(0, y, 0);
      return new Array<number>(segments).fill(positions.length / 3 - 1);
    }
    const ids: number[] = [];
    for (let k = 0; k < segments; k++) {
      const phi = (2 * Math.PI * k) / segments;
      ids.push(positions.length / 3);
      positions.push(rho * Math.cos(phi), y, rho * Math.sin(phi));
    }
    return ids;
  });
  const indices: number[] = [];
  for (let p = 0; p < profile.length; p++) {
    const q = (p + 1) % profile.length;
    const poleA = profile[p][0] === 0, poleB = profile[q][0] === 0;
    if (poleA && poleB) continue;
    for (let k = 0; k < segments; k++) {
      const k1 = (k + 1) % segments;
      const a0 = ring[p][k], a1 = ring[p][k1], b0 = ring[q][k], b1 = ring[q][k1];
      if (!poleB) indices.push(a0, b0, b1);
      if (!poleA) indices.push(a0, b1, a1);
    }
  }
  return { name, positions: Float64Array.from(positions), indices: Uint32Array.from(indices) };
}

/**
 * The exact volume of {@link lathe}'s polyhedron. The wedge between steps k and k+1 is swept by the segments
 * from (ρ, y) at φ_k to (ρ, y) at φ_k+1 (its side faces are those segments' trapezoids): x = ρ c(t),
 * z = ρ s(t) with c, s linear in t, whose Jacobian is ρ · (c Δs − s Δc) = ρ sin(Δφ). So each wedge holds
 * sin(2π/segments) · ∫∫ρ dA over the profile, and the whole S sin(2π/S) ∫∫ρ dA (Pappus's 2π ∫∫ρ dA in the
 * limit). ∫∫ρ dA = (1/6) Σ (ρ_i + ρ_i+1)(ρ_i y_i+1 − ρ_i+1 y_i), the polygon's first moment.
 */
export function latheVolume(profile: ProfilePoint[], segments: number): number {
  let moment = 0;
  for (let i = 0; i < profile.length; i++) {
    const [r0, y0] = profile[i], [r1, y1] = profile[(i + 1) % profile.length];
    moment += (r0 + r1) * (r0 * y1 - r1 * y0);
  }
  return segments * Math.sin((2 * Math.PI) / segments) * (moment / 6);
}

export const TORUS_MAJOR = 1;
export const TORUS_MINOR = 0.35;

/** The torus's profile: a regular `sides`-gon of radius {@link TORUS_MINOR} about (TORUS_MAJOR, 0), counter-clockwise. */
export function torusProfile(sides: number): ProfilePoint[] {
  const out: ProfilePoint[] = [];
  for (let j = 0; j < sides; j++) {
    const v = (2 * Math.PI * j) / sides;
    out.push([TORUS_MAJOR + TORUS_MINOR * Math.cos(v), TORUS_MINOR * Math.sin(v)]);
  }
  return out;
}

/**
 * A torus in the xz plane, major radius 1, minor 0.35, 48·detail steps around y by 24·detail around the tube
 * (2,304 triangles at detail 1). Its vertices lie on the smooth torus, so its volume is the smooth one's
 * 2π²Rr² times (N sin(2π/N) / 2π)·(M sin(2π/M) / 2π) (latheVolume): 0.9858 at 48 × 24.
 */
export function torus(detail = 1): SolidMesh {
  return lathe('torus', torusProfile(24 * detail), 48 * detail);
}

export const BOWL_OUTER = 1;
export const BOWL_INNER = 0.85;

/**
 * The bowl's profile: from the outer pole (0, −1) up the outer quarter circle to the rim (1, 0), across the
 * flat rim to (0.85, 0), down the inner quarter circle to the inner pole (0, −0.85); the closing edge runs
 * along the axis. `arc` segments per quarter circle.
 */
export function bowlProfile(arc: number): ProfilePoint[] {
  const out: ProfilePoint[] = [];
  for (let i = 0; i <= arc; i++) {
    const a = (Math.PI / 2) * (i / arc); // from straight down to the rim
    out.push([i === 0 ? 0 : BOWL_OUTER * Math.sin(a), i === arc ? 0 : -BOWL_OUTER * Math.cos(a)]);
  }
  for (let i = arc; i >= 0; i--) {
    const a = (Math.PI / 2) * (i / arc);
    out.push([i === 0 ? 0 : BOWL_INNER * Math.sin(a), i === arc ? 0 : -BOWL_INNER * Math.cos(a)]);
  }
  return out;
}

/**
 * A thick hemispherical bowl (y up, rim at y = 0): outer radius 1, inner 0.85, 12·detail segments per quarter
 * arc, 48·detail around (2,304 triangles at detail 1); each pole is one vertex.
 */
export function bowl(detail = 1): SolidMesh {
  return lathe('bowl', bowlProfile(12 * detail), 48 * detail);
}

// ---------------------------------------------------------------------------------------------------
// Extrusions of star-shaped polygons.

/**
 * A polygon (counter-clockwise in xy, star-shaped about the origin: every ray from the origin leaves it once)
 * extruded from z = 0 to z = `height`. Each edge is cut into `detail` pieces and the height into `detail`
 * layers; the caps are fans about a centre vertex on the axis, which is valid because the polygon is
 * star-shaped about it.
 */
export function starShapedPrism(name: string, polygon: [number, number][], height: number, detail: number): SolidMesh {
  const rim: [number, number][] = [];
  for (let i = 0; i < polygon.length; i++) {
    const [x0, y0] = polygon[i], [x1, y1] = polygon[(i + 1) % polygon.length];
    for (let s = 0; s < detail; s++) rim.push([x0 + ((x1 - x0) * s) / detail, y0 + ((y1 - y0) * s) / detail]);
  }
  const n = rim.length;
  const positions: number[] = [];
  for (let layer = 0; layer <= detail; layer++) {
    const z = layer === detail ? height : (height * layer) / detail;
    for (const [x, y] of rim) positions.push(x, y, z);
  }
  const bottom = positions.length / 3;
  positions.push(0, 0, 0);
  const top = bottom + 1;
  positions.push(0, 0, height);
  const indices: number[] = [];
  const at = (layer: number, i: number): number => layer * n + (i % n);
  for (let layer = 0; layer < detail; layer++) {
    for (let i = 0; i < n; i++) {
      // Walking the rim counter-clockwise (seen from +z) with z up, the outward normal is edge × z.
      const a0 = at(layer, i), a1 = at(layer, i + 1), b0 = at(layer + 1, i), b1 = at(layer + 1, i + 1);
      indices.push(a0, a1, b1, a0, b1, b0);
    }
  }
  for (let i = 0; i < n; i++) {
    indices.push(bottom, at(0, i + 1), at(0, i)); // facing −z
    indices.push(top, at(detail, i), at(detail, i + 1)); // facing +z
  }
  return { name, positions: Float64Array.from(positions), indices: Uint32Array.from(indices) };
}

export const STAR_OUTER = 1;
export const STAR_INNER = 0.4;
export const STAR_HEIGHT = 0.5;

/** A five-point star, outer radius 1 and inner 0.4, its first point on +y, counter-clockwise. */
export function starPolygon(): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? STAR_OUTER : STAR_INNER, a = Math.PI / 2 + (Math.PI * i) / 5;
    out.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  return out;
}

/**
 * The five-point star extruded 0.5 along z. Its area is ten triangles (centre, outer, inner point) of
 * ½·R·r·sin 36°, so the volume is 5·R·r·sin(π/5)·h.
 */
export function starPrism(detail = 1): SolidMesh {
  return starShapedPrism('starPrism', starPolygon(), STAR_HEIGHT, detail);
}

// ---------------------------------------------------------------------------------------------------
// Tubes: a regular polygon swept along a curve with a unit normal field N ⟂ T.

/** A curve c(t) with its unit tangent T and a unit normal N ⟂ T, all written into `out` (9 numbers: c, T, N). */
export type FramedCurve = (t: number, out: Float64Array) => void;

/**
 * The tube of radius `radius` about `curve` on t ∈ [t0, t1]: `along` steps by `around` sides. Vertex (i, j) is
 * c + radius·(cos θ_j N + sin θ_j B), B = T × N. With ∂θ × ∂t pointing outward (T × (−sin θ N + cos θ B) is
 * −(cos θ N + sin θ B)), each quad is split as (i,j) (i,j+1) (i+1,j+1) and (i,j) (i+1,j+1) (i+1,j).
 * `closed`: the curve is periodic on [t0, t1], and step `along` is step 0 by index (the seam welded exactly);
 * otherwise both ends are capped by fans about the end points.
 */
export function tube(name: string, curve: FramedCurve, t0: number, t1: number, radius: number, along: number, around: number, closed: boolean): SolidMesh {
  const rings = closed ? along : along + 1;
  const positions: number[] = [];
  const f = new Float64Array(9);
  for (let i = 0; i < rings; i++) {
    curve(i === along ? t1 : t0 + ((t1 - t0) * i) / along, f);
    const tx = f[3], ty = f[4], tz = f[5], nx = f[6], ny = f[7], nz = f[8];
    const bx = ty * nz - tz * ny, by = tz * nx - tx * nz, bz = tx * ny - ty * nx;
    for (let j = 0; j < around; j++) {
      const th = (2 * Math.PI * j) / around, c = Math.cos(th), s = Math.sin(th);
      positions.push(f[0] + radius * (c * nx + s * bx), f[1] + radius * (c * ny + s * by), f[2] + radius * (c * nz + s * bz));
    }
  }
  const at = (i: number, j: number): number => (i % rings) * around + (j % around);
  const indices: number[] = [];
  for (let i = 0; i < along; i++) {
    for (let j = 0; j < around; j++) {
      indices.push(at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i + 1, j));
    }
  }
  if (!closed) {
    // Cap at t0 faces −T: (u_j+1 × u_j) = −sin Δθ (N × B) = −sin Δθ T; the cap at t1 the reverse.
    const start = positions.length / 3;
    curve(t0, f);
    positions.push(f[0], f[1], f[2]);
    const end = start + 1;
    curve(t1, f);
    positions.push(f[0], f[1], f[2]);
    for (let j = 0; j < around; j++) {
      indices.push(start, at(0, j + 1), at(0, j));
      indices.push(end, at(along, j), at(along, j + 1));
    }
  }
  return { name, positions: Float64Array.from(positions), indices: Uint32Array.from(indices) };
}

export const KNOT_MAJOR = 1;
export const KNOT_MINOR = 0.4;
/**
 * The knot's tube radius: its strands pass no closer than 0.8 centre to centre and its least radius of
 * curvature is 0.77, so a radius of 0.2 leaves the tube embedded with a margin of 0.4 between strands
 * (meshes.test.ts checks every vertex's distance to the whole centre line).
 */
export const KNOT_TUBE = 0.2;

/**
 * The (2, 3) torus knot (a trefoil) on the torus of radii 1 and 0.4 in the xy plane:
 * c(t) = ((R + r cos 3t) cos 2t, (R + r cos 3t) sin 2t, r sin 3t), t ∈ [0, 2π). Its normal is the direction
 * from the torus's core circle to c: that offset has the constant length r, so it is ⟂ to its own derivative,
 * and ⟂ to the core's tangent, hence ⟂ T exactly, and periodic with the curve (no frame twist at the seam).
 */
export const knotCurve: FramedCurve = (t, out) => {
  const c2 = Math.cos(2 * t), s2 = Math.sin(2 * t), c3 = Math.cos(3 * t), s3 = Math.sin(3 * t);
  const rho = KNOT_MAJOR + KNOT_MINOR * c3;
  out[0] = rho * c2;
  out[1] = rho * s2;
  out[2] = KNOT_MINOR * s3;
  // c'(t) = (−3r s3 c2 − 2ρ s2, −3r s3 s2 + 2ρ c2, 3r c3)
  const dx = -3 * KNOT_MINOR * s3 * c2 - 2 * rho * s2, dy = -3 * KNOT_MINOR * s3 * s2 + 2 * rho * c2, dz = 3 * KNOT_MINOR * c3;
  const dl = Math.hypot(dx, dy, dz);
  out[3] = dx / dl;
  out[4] = dy / dl;
  out[5] = dz / dl;
  out[6] = c3 * c2;
  out[7] = c3 * s2;
  out[8] = s3;
};

/** A tube of radius 0.2 about the (2, 3) torus knot {@link knotCurve}, 128·detail × 16·detail (4,096 triangles at 1), its seam welded. */
export function torusKnot(detail = 1): SolidMesh {
  return tube('torusKnot', knotCurve, 0, 2 * Math.PI, KNOT_TUBE, 128 * detail, 16 * detail, true);
}

export const HELIX_RADIUS = 1;
export const HELIX_PITCH = 0.8;
export const HELIX_TURNS = 3;
/** The helix tube's radius: the turns are 0.8 apart, so 0.2 leaves a gap of 0.4 between them. */
export const HELIX_TUBE = 0.2;

/**
 * A helix about the y axis: c(t) = (R cos t, p t / 2π, R sin t), t ∈ [0, 2π·turns]. Its normal points at the
 * axis, N = (−cos t, 0, −sin t), ⟂ T = (−R sin t, p/2π, R cos t)/|·|.
 */
export const helixCurve: FramedCurve = (t, out) => {
  const c = Math.cos(t), s = Math.sin(t), rise = HELIX_PITCH / (2 * Math.PI);
  out[0] = HELIX_RADIUS * c;
  out[1] = rise * t;
  out[2] = HELIX_RADIUS * s;
  const l = Math.hypot(HELIX_RADIUS, rise);
  out[3] = (-HELIX_RADIUS * s) / l;
  out[4] = rise / l;
  out[5] = (HELIX_RADIUS * c) / l;
  out[6] = -c;
  out[7] = 0;
  out[8] = -s;
};

/** A tube of radius 0.2 along three turns of {@link helixCurve}, 144·detail × 16·detail, both ends capped (4,640 triangles at 1). */
export function helixTube(detail = 1): SolidMesh {
  return tube('helixTube', helixCurve, 0, 2 * Math.PI * HELIX_TURNS, HELIX_TUBE, 144 * detail, 16 * detail, false);
}

/** The eight solids of the targets and the box, at `detail`. */
export function allMeshes(detail = 1): SolidMesh[] {
  return [box(detail), lBlock(detail), uBlock(detail), starPrism(detail), torus(detail), torusKnot(detail), bowl(detail), chair(detail), helixTube(detail)];
}
