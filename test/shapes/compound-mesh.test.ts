/**
 * The Compound and TriangleMesh shapes as built (issue 19's first step; the queries do not take them
 * yet): their parts' boxes against computeAabb, their bounding radii against support points, the
 * hierarchy over every part, the mesh's edge adjacency on a grid worked by hand, degenerate triangles
 * counted, three.js geometry read as it is, and every bad input named.
 */
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { BvhNearest, nearestBvh } from '../../src/bvh/bvh-traversal.js';
import { Box, Capsule, Cylinder, Sphere, computeAabb, createAabb, supportWithRadius } from '../../src/index.js';
import { Compound } from '../../src/query/parted/compound.js';
import { TriangleMesh } from '../../src/query/parted/triangle-mesh.js';

const pose = (x: number, y: number, z: number, q = { x: 0, y: 0, z: 0, w: 1 }) => ({ position: { x, y, z }, quaternion: q });
const tilt = { x: Math.sin(0.3), y: 0, z: 0, w: Math.cos(0.3) };

/** A table: a top and four legs. */
const table = () => new Compound([
  { shape: new Box(1, 0.05, 0.6), pose: pose(0, 0.75, 0) },
  ...[[-0.9, -0.5], [0.9, -0.5], [-0.9, 0.5], [0.9, 0.5]].map(([x, z]) => ({ shape: new Cylinder(0.35, 0.04), pose: pose(x, 0.35, z) })),
  { shape: new Capsule(0.2, 0.1), pose: pose(0, 1.2, 0, tilt) },
]);

describe('Compound', () => {
  it('holds each part\'s box (as computeAabb gives it), a bounding radius that holds every part, and a hierarchy over all parts', () => {
    const c = table();
    expect(c.partCount).toBe(6);
    const box = createAabb();
    c.shapes.forEach((shape, i) => {
      const p = [pose(0, 0.75, 0), pose(-0.9, 0.35, -0.5), pose(0.9, 0.35, -0.5), pose(-0.9, 0.35, 0.5), pose(0.9, 0.35, 0.5), pose(0, 1.2, 0, tilt)][i];
      computeAabb(shape, p, box);
      expect(Array.from(c.partBounds.subarray(6 * i, 6 * i + 6))).toEqual([box.min.x, box.min.y, box.min.z, box.max.x, box.max.y, box.max.z]);
      // Every support point of the part, placed, lies within the bounding radius.
      for (let k = 0; k < 50; k++) {
        const d = { x: Math.sin(k), y: Math.cos(1.7 * k), z: Math.sin(2.3 * k + 1) };
        const s = supportWithRadius({ x: 0, y: 0, z: 0 }, shape, d);
        const t = c.transforms[i];
        const w = [t.m00 * s.x + t.m01 * s.y + t.m02 * s.z + t.tx, t.m10 * s.x + t.m11 * s.y + t.m12 * s.z + t.ty, t.m20 * s.x + t.m21 * s.y + t.m22 * s.z + t.tz];
        expect(Math.hypot(...w)).toBeLessThanOrEqual(c.boundingRadius * (1 + 1e-12));
      }
    });
    expect(Array.from(c.bvh.items).sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('names bad parts', () => {
    expect(() => new Compound([])).toThrow(/Compound\.parts.*empty/);
    expect(() => new Compound(null as never)).toThrow(/Compound\.parts/);
    expect(() => new Compound([{ shape: new Sphere(1), pose: pose(0, 0, 0) }, { shape: table() as never, pose: pose(0, 0, 0) }])).toThrow(/Compound\.parts\[1\]\.shape.*compound/);
    expect(() => new Compound([{ shape: {} as never, pose: pose(0, 0, 0) }])).toThrow(/Compound\.parts\[0\]\.shape/);
    expect(() => new Compound([{ shape: new Sphere(1), pose: pose(Number.NaN, 0, 0) }])).toThrow(/Compound\.parts\[0\]\.pose/);
    expect(() => new Compound([{ shape: new Sphere(1), pose: { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 2 } } }])).toThrow(/Compound\.parts\[0\]\.pose/);
  });
});

/** A flat grid of n × n squares, two triangles each, in the plane y = 0. */
function grid(n: number): { vertices: number[]; indices: number[] } {
  const vertices: number[] = [], indices: number[] = [];
  for (let j = 0; j <= n; j++) for (let i = 0; i <= n; i++) vertices.push(i, 0, j);
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const a = j * (n + 1) + i, b = a + 1, c = a + n + 1, d = c + 1;
      indices.push(a, c, b, b, c, d);
    }
  }
  return { vertices, indices };
}

describe('TriangleMesh', () => {
  it('a fan of 200 triangles about one vertex (a bucket of 400 edges): each spoke links its two triangles; a third triangle on an edge unlinks it', () => {
    const n = 200, vertices = [0, 0, 0];
    for (let i = 0; i <= n; i++) vertices.push(Math.cos(i / n * 3), Math.sin(i / n * 3), 0);
    const indices: number[] = [];
    for (let i = 0; i < n; i++) indices.push(0, 1 + i, 2 + i);
    const fan = new TriangleMesh(vertices, indices);
    // The mesh keeps its triangles in its hierarchy's leaf order: read them by input index (the kept triangle
    // of input t is at(fan, t), and a neighbour's input index is sourceIndex of it).
    const at = (m: TriangleMesh, t: number) => Array.from(m.sourceIndex).indexOf(t);
    const across = (m: TriangleMesh, t: number, edge: number) => { const k = m.adjacency[3 * at(m, t) + edge]; return k < 0 ? -1 : m.sourceIndex[k]; };
    for (let t = 0; t < n; t++) {
      // Edge 0 runs 0 -> 1+t (shared with t - 1), edge 1 is the rim (boundary), edge 2 runs 2+t -> 0 (shared with t + 1).
      expect(across(fan, t, 0)).toBe(t === 0 ? -1 : t - 1);
      expect(across(fan, t, 1)).toBe(-1);
      expect(across(fan, t, 2)).toBe(t === n - 1 ? -1 : t + 1);
    }
    // A triangle hung on spoke 0 -> 5 (shared by triangles 3 and 4) makes it non-manifold.
    vertices.push(0, 0, 1);
    const extra = new TriangleMesh(vertices, [...indices, 0, 5, n + 2]);
    expect(across(extra, 3, 2)).toBe(-1);
    expect(across(extra, 4, 0)).toBe(-1);
    expect(across(extra, n, 0)).toBe(-1);
    expect(across(extra, 5, 0)).toBe(4);
  });

  it('keeps every triangle given (degenerate ones left out), in leaf order, each as given, and keeps no per-triangle boxes', () => {
    const knot = new THREE.TorusKnotGeometry(1, 0.3, 40, 6), index = knot.index!.array;
    const mesh = TriangleMesh.fromGeometry(knot);
    const seen = new Set<number>();
    for (let j = 0; j < mesh.triangleCount; j++) {
      const t = mesh.sourceIndex[j];
      seen.add(t);
      for (let k = 0; k < 3; k++) expect(mesh.triangles[3 * j + k]).toBe(index[3 * t + k]);
      // Leaf order: item j of the hierarchy is triangle j.
      expect(mesh.bvh.items[j]).toBe(j);
    }
    expect(seen.size).toBe(mesh.triangleCount);
    expect(mesh.triangleCount + mesh.degenerateCount).toBe(index.length / 3);
    expect(mesh.bvh.itemBounds).toBeNull();
  });

  it('a grid: every inner edge has the triangle across it, boundary edges none (counted by hand)', () => {
    const n = 10, { vertices, indices } = grid(n);
    const mesh = new TriangleMesh(vertices, indices);
    expect(mesh.triangleCount).toBe(2 * n * n);
    expect(mesh.degenerateCount).toBe(0);
    const adj = Array.from(mesh.adjacency);
    // 3 edges a triangle; the boundary has 4n edges; every other edge is shared by two triangles.
    expect(adj.filter((a) => a === -1).length).toBe(4 * n);
    // Links are mutual, and the triangles really share that edge.
    for (let t = 0; t < mesh.triangleCount; t++) {
      for (let k = 0; k < 3; k++) {
        const u = adj[3 * t + k];
        if (u < 0) continue;
        expect([0, 1, 2].map((m) => adj[3 * u + m])).toContain(t);
        const e = [mesh.triangles[3 * t + k], mesh.triangles[3 * t + ((k + 1) % 3)]].sort();
        const other = [0, 1, 2].map((m) => mesh.triangles[3 * u + m]);
        expect(e.every((x) => other.includes(x))).toBe(true);
      }
    }
    expect(mesh.boundingRadius).toBeCloseTo(Math.hypot(n, n), 12);
  });

  it('degenerate triangles are left out and counted; results keep the given index', () => {
    const mesh = new TriangleMesh([{ x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { x: 0, y: 1, z: 0 }, { x: 2, y: 0, z: 0 }], [0, 1, 3, 0, 1, 2, 1, 1, 2]);
    expect(mesh.triangleCount).toBe(1);
    expect(mesh.degenerateCount).toBe(2);
    expect(Array.from(mesh.sourceIndex)).toEqual([1]);
    expect(mesh.bvh.nodeCount).toBe(1);
  });

  it('reads three.js geometry as it is, indexed or not; its hierarchy finds the nearest triangle as brute force does', () => {
    const knot = new THREE.TorusKnotGeometry(1, 0.3, 64, 8);
    const mesh = TriangleMesh.fromGeometry(knot);
    expect(mesh.triangleCount + mesh.degenerateCount).toBe(knot.index!.count / 3);
    const flat = TriangleMesh.fromGeometry(knot.toNonIndexed());
    expect(flat.triangleCount + flat.degenerateCount).toBe(knot.index!.count / 3);
    const q = Float64Array.of(1.5, 0.2, 0.1, 1.6, 0.3, 0.2);
    // Each triangle's box from its corners, as written here (the mesh keeps none: its leaves make them).
    const corner = (i: number, j: number, k: number) => mesh.vertices[3 * mesh.triangles[3 * i + j] + k];
    const lo = (i: number, k: number) => Math.min(corner(i, 0, k), corner(i, 1, k), corner(i, 2, k));
    const hi = (i: number, k: number) => Math.max(corner(i, 0, k), corner(i, 1, k), corner(i, 2, k));
    const gap = (i: number) => Math.hypot(...[0, 1, 2].map((k) => Math.max(lo(i, k) - q[3 + k], q[k] - hi(i, k), 0)));
    const gaps = Array.from({ length: mesh.triangleCount }, (_, i) => gap(i)), out = new BvhNearest();
    const visit = (i: number, o: BvhNearest): void => { if (gaps[i] < o.distance) { o.distance = gaps[i]; o.item = i; } };
    expect(nearestBvh(mesh.bvh, q, visit, out, out).distance).toBe(Math.min(...gaps));
  });

  it('names bad input', () => {
    expect(() => new TriangleMesh([0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 1])).toThrow(/TriangleMesh\.indices.*multiple of 3/);
    expect(() => new TriangleMesh([0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 1, 3])).toThrow(/TriangleMesh\.indices\[2\]/);
    expect(() => new TriangleMesh([0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 1, 1.5])).toThrow(/TriangleMesh\.indices\[2\]/);
    expect(() => new TriangleMesh([0, 0, 0, 1, Number.NaN, 0, 0, 1, 0], [0, 1, 2])).toThrow(/TriangleMesh\.vertices/);
    expect(() => new TriangleMesh([0, 0, 0, 1, 0, 0, 0, 1, 0], [])).toThrow(/TriangleMesh\.indices.*empty/);
    expect(() => new TriangleMesh([0, 0, 0, 1, 0, 0, 2, 0, 0], [0, 1, 2])).toThrow(/degenerate/);
    expect(() => TriangleMesh.fromGeometry({} as never)).toThrow(/geometry\.attributes\.position/);
  });
});
