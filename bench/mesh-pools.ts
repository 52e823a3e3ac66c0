/**
 * The meshes and query pools of the mesh benchmark (bench/mesh.bench.ts), plain numbers and three.js
 * geometries only (every library builds its own structures from them):
 *
 * - torus knots: three.js `TorusKnotGeometry(10, 3, tubular, radial)` with 2 · tubular · radial triangles
 *   (250 × 20, 1,000 × 50, 5,000 × 100: 10,000, 100,000 and 1,000,000), deterministic;
 * - terrains: a height field over a 40 × 20 rectangle in the xz plane, nx × nz square cells of two
 *   triangles each (100 × 50, 316 × 158, 1,000 × 500: 10,000, 99,856 and 1,000,000 triangles), heights a
 *   sum of eight seeded sine waves plus a seeded jitter of ±0.02 per vertex.
 *
 * Query pools (mulberry32 of POOLS.md, one seed per pool and mesh), in the mesh's bounding box `B`
 * (`E`: B grown by a tenth of its size on each side; `D`: the length of B's diagonal):
 *
 * - rays: origin `c + 0.75·D·u` (c: B's centre, u a uniform unit vector: outside B), aimed at a point
 *   uniform in B; the direction is the difference (t = 1 at the aim point);
 * - points: uniform in E;
 * - spheres: centre uniform in E, radius uni(0.01, 0.05)·D;
 * - boxes: centre uniform in E, half extents 3 × uni(0.005, 0.03)·D, a uniform rotation.
 */
import { BufferAttribute, BufferGeometry, TorusKnotGeometry } from 'three';
import { mulberry32 } from './pools.js';

export interface MeshSpec {
  /** Short name for group titles, e.g. 'torus knot 100k'. */
  name: string;
  kind: 'torus knot' | 'terrain';
  /** Grid: tubular × radial segments (knot) or nx × nz cells (terrain). */
  a: number;
  b: number;
}

export const MESH_SPECS: MeshSpec[] = [
  { name: 'torus knot 10k', kind: 'torus knot', a: 250, b: 20 },
  { name: 'terrain 10k', kind: 'terrain', a: 100, b: 50 },
  { name: 'torus knot 100k', kind: 'torus knot', a: 1000, b: 50 },
  { name: 'terrain 100k', kind: 'terrain', a: 316, b: 158 },
  { name: 'torus knot 1M', kind: 'torus knot', a: 5000, b: 100 },
  { name: 'terrain 1M', kind: 'terrain', a: 1000, b: 500 },
];

/** A mesh as every library receives it: a three.js geometry (float32 positions, an index). */
export interface BenchMesh {
  spec: MeshSpec;
  geometry: BufferGeometry;
  positions: Float32Array;
  index: Uint16Array | Uint32Array;
  triangles: number;
  /** Bounding box of the vertices: min xyz, max xyz. */
  box: Float64Array;
}

export function makeMesh(spec: MeshSpec): BenchMesh {
  const geometry = spec.kind === 'torus knot' ? new TorusKnotGeometry(10, 3, spec.a, spec.b) : terrainGeometry(spec.a, spec.b);
  const positions = geometry.attributes.position.array as Float32Array;
  const index = geometry.index!.array as Uint16Array | Uint32Array;
  const box = new Float64Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  for (let i = 0; i < positions.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      box[k] = Math.min(box[k], positions[i + k]);
      box[3 + k] = Math.max(box[3 + k], positions[i + k]);
    }
  }
  return { spec, geometry, positions, index, triangles: index.length / 3, box };
}

/** The height field: nx × nz cells over [−20, 20] × [−10, 10], y up. */
function terrainGeometry(nx: number, nz: number): BufferGeometry {
  const rnd = mulberry32(0x7e77a1);
  const waves: number[][] = [];
  for (let k = 0; k < 8; k++) {
    const angle = 2 * Math.PI * rnd(), freq = 0.15 * 1.7 ** k * (0.8 + 0.4 * rnd()), phase = 2 * Math.PI * rnd();
    waves.push([Math.cos(angle) * freq, Math.sin(angle) * freq, phase, 1.5 / 1.8 ** k]);
  }
  const positions = new Float32Array(3 * (nx + 1) * (nz + 1));
  for (let j = 0, v = 0; j <= nz; j++) {
    for (let i = 0; i <= nx; i++, v += 3) {
      const x = -20 + (40 * i) / nx, z = -10 + (20 * j) / nz;
      let y = 0.04 * (rnd() - 0.5);
      for (const [fx, fz, phase, amp] of waves) y += amp * Math.sin(fx * x + fz * z + phase);
      positions[v] = x; positions[v + 1] = y; positions[v + 2] = z;
    }
  }
  const index = new Uint32Array(6 * nx * nz);
  for (let j = 0, o = 0; j < nz; j++) {
    for (let i = 0; i < nx; i++, o += 6) {
      const a = j * (nx + 1) + i, b = a + 1, c = a + nx + 1, d = c + 1;
      index[o] = a; index[o + 1] = c; index[o + 2] = b;
      index[o + 3] = b; index[o + 4] = c; index[o + 5] = d;
    }
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(positions, 3));
  g.setIndex(new BufferAttribute(index, 1));
  return g;
}

/** The query pools of one mesh: n of each, packed (3 numbers a vector, 4 a quaternion). */
export interface MeshQueries {
  n: number;
  rayOrigin: Float64Array;
  rayDir: Float64Array;
  point: Float64Array;
  sphereCentre: Float64Array;
  sphereRadius: Float64Array;
  boxCentre: Float64Array;
  boxHalf: Float64Array;
  boxQuat: Float64Array;
  /** The length of the mesh box's diagonal (the pools' scale). */
  diagonal: number;
}

function uniformIn(rnd: () => number, lo: ArrayLike<number>, hi: ArrayLike<number>, out: Float64Array, o: number): void {
  for (let k = 0; k < 3; k++) out[o + k] = lo[k] + (hi[k] - lo[k]) * rnd();
}

/** Draws the pools of `mesh`, `n` queries each, from the seed `seed` (one stream per pool, in the order listed above). */
export function makeMeshQueries(mesh: BenchMesh, n: number, seed: number): MeshQueries {
  const b = mesh.box, lo = [b[0], b[1], b[2]], hi = [b[3], b[4], b[5]];
  const ext = [hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]];
  const eLo = lo.map((x, k) => x - 0.1 * ext[k]), eHi = hi.map((x, k) => x + 0.1 * ext[k]);
  const diagonal = Math.hypot(ext[0], ext[1], ext[2]);
  const c = [0.5 * (lo[0] + hi[0]), 0.5 * (lo[1] + hi[1]), 0.5 * (lo[2] + hi[2])];
  const q: MeshQueries = {
    n, diagonal,
    rayOrigin: new Float64Array(3 * n), rayDir: new Float64Array(3 * n), point: new Float64Array(3 * n),
    sphereCentre: new Float64Array(3 * n), sphereRadius: new Float64Array(n),
    boxCentre: new Float64Array(3 * n), boxHalf: new Float64Array(3 * n), boxQuat: new Float64Array(4 * n),
  };
  let rnd = mulberry32(seed);
  const aim = new Float64Array(3);
  for (let i = 0; i < n; i++) {
    const z = 2 * rnd() - 1, phi = 2 * Math.PI * rnd(), s = Math.sqrt(1 - z * z);
    const u = [s * Math.cos(phi), s * Math.sin(phi), z];
    uniformIn(rnd, lo, hi, aim, 0);
    for (let k = 0; k < 3; k++) {
      q.rayOrigin[3 * i + k] = c[k] + 0.75 * diagonal * u[k];
      q.rayDir[3 * i + k] = aim[k] - q.rayOrigin[3 * i + k];
    }
  }
  rnd = mulberry32(seed + 1);
  for (let i = 0; i < n; i++) uniformIn(rnd, eLo, eHi, q.point, 3 * i);
  rnd = mulberry32(seed + 2);
  for (let i = 0; i < n; i++) {
    uniformIn(rnd, eLo, eHi, q.sphereCentre, 3 * i);
    q.sphereRadius[i] = (0.01 + 0.04 * rnd()) * diagonal;
  }
  rnd = mulberry32(seed + 3);
  for (let i = 0; i < n; i++) {
    uniformIn(rnd, eLo, eHi, q.boxCentre, 3 * i);
    for (let k = 0; k < 3; k++) q.boxHalf[3 * i + k] = (0.005 + 0.025 * rnd()) * diagonal;
    // POOLS.md's uniform rotation from three draws.
    const u1 = rnd(), u2 = rnd(), u3 = rnd(), s1 = Math.sqrt(1 - u1), s2 = Math.sqrt(u1);
    q.boxQuat.set([s1 * Math.sin(2 * Math.PI * u2), s1 * Math.cos(2 * Math.PI * u2), s2 * Math.sin(2 * Math.PI * u3), s2 * Math.cos(2 * Math.PI * u3)], 4 * i);
  }
  return q;
}

/** One part of the benchmark compound: a kind, its sizes, its pose in the compound's frame. */
export interface CompoundPartSpec {
  kind: 'box' | 'sphere' | 'capsule' | 'cylinder' | 'hull';
  /** box: half extents; sphere: radius; capsule, cylinder: half height, radius; hull: scale of the template. */
  dims: number[];
  position: { x: number; y: number; z: number };
  quaternion: { x: number; y: number; z: number; w: number };
}

/**
 * The compound benchmark (seed 0xc0b0): 20 parts, kinds in turn box, sphere, capsule, cylinder, hull (the
 * 20-point template, all on the unit sphere, scaled), each at a centre uniform in [−2, 2]³ with a uniform
 * rotation; then `n` query boxes, centre uniform in [−3, 3]³, half extents 3 × uni(0.2, 0.6), a uniform
 * rotation.
 */
export interface CompoundPool {
  parts: CompoundPartSpec[];
  /** 20 points on the unit sphere, packed xyz. */
  hullTemplate: Float64Array;
  n: number;
  boxCentre: Float64Array;
  boxHalf: Float64Array;
  boxQuat: Float64Array;
}

export function makeCompoundPool(n: number): CompoundPool {
  const rnd = mulberry32(0xc0b0);
  const uni = (lo: number, hi: number): number => lo + (hi - lo) * rnd();
  const rotation = (): { x: number; y: number; z: number; w: number } => {
    const u1 = rnd(), u2 = rnd(), u3 = rnd(), s1 = Math.sqrt(1 - u1), s2 = Math.sqrt(u1);
    return { x: s1 * Math.sin(2 * Math.PI * u2), y: s1 * Math.cos(2 * Math.PI * u2), z: s2 * Math.sin(2 * Math.PI * u3), w: s2 * Math.cos(2 * Math.PI * u3) };
  };
  const hullTemplate = new Float64Array(60);
  for (let k = 0; k < 20; k++) {
    const z = uni(-1, 1), phi = uni(0, 2 * Math.PI), s = Math.sqrt(1 - z * z);
    hullTemplate.set([s * Math.cos(phi), s * Math.sin(phi), z], 3 * k);
  }
  const kinds = ['box', 'sphere', 'capsule', 'cylinder', 'hull'] as const;
  const parts: CompoundPartSpec[] = [];
  for (let i = 0; i < 20; i++) {
    const kind = kinds[i % kinds.length];
    const dims = kind === 'box' ? [uni(0.2, 0.5), uni(0.2, 0.5), uni(0.2, 0.5)]
      : kind === 'sphere' ? [uni(0.2, 0.5)]
        : kind === 'hull' ? [uni(0.3, 0.6)]
          : [uni(0.2, 0.5), uni(0.1, 0.3)];
    const position = { x: uni(-2, 2), y: uni(-2, 2), z: uni(-2, 2) };
    parts.push({ kind, dims, position, quaternion: rotation() });
  }
  const boxCentre = new Float64Array(3 * n), boxHalf = new Float64Array(3 * n), boxQuat = new Float64Array(4 * n);
  for (let i = 0; i < n; i++) {
    boxCentre.set([uni(-3, 3), uni(-3, 3), uni(-3, 3)], 3 * i);
    boxHalf.set([uni(0.2, 0.6), uni(0.2, 0.6), uni(0.2, 0.6)], 3 * i);
    const q = rotation();
    boxQuat.set([q.x, q.y, q.z, q.w], 4 * i);
  }
  return { parts, hullTemplate, n, boxCentre, boxHalf, boxQuat };
}
