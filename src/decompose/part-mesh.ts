/**
 * A part of a solid being decomposed (decompose/, the plan in docs/decompose.md): a closed triangle mesh in
 * flat typed arrays, each triangle marked as the input's surface or a cap a cut made. Closed means a
 * 2-cycle: every directed edge a → b has its reverse b → a once (non-manifold edges allowed), which is what
 * its volume, its winding number and the caps of a cut need.
 */

/** A closed triangle mesh: `count` vertices, `triangles` triangles, each marked `cap` (1) or the input's surface (0). */
const _box = /* @__PURE__ */ new Float64Array(6);

export class PartMesh {
  positions: Float64Array;
  indices: Int32Array;
  cap: Uint8Array;
  count = 0;
  triangles = 0;

  constructor(vertexCapacity = 16, triangleCapacity = 16) {
    this.positions = new Float64Array(3 * vertexCapacity);
    this.indices = new Int32Array(3 * triangleCapacity);
    this.cap = new Uint8Array(triangleCapacity);
  }

  /** Adds a vertex; returns its index. */
  addVertex(x: number, y: number, z: number): number {
    if (3 * this.count + 3 > this.positions.length) {
      const p = new Float64Array(2 * this.positions.length + 6); p.set(this.positions); this.positions = p;
    }
    const i = this.count++, o = 3 * i;
    this.positions[o] = x; this.positions[o + 1] = y; this.positions[o + 2] = z;
    return i;
  }

  /** Adds a triangle (counter-clockwise seen from outside). */
  addTriangle(a: number, b: number, c: number, cap: number): void {
    if (this.triangles === this.cap.length) {
      const n = 2 * this.cap.length + 2;
      const t = new Int32Array(3 * n); t.set(this.indices); this.indices = t;
      const k = new Uint8Array(n); k.set(this.cap); this.cap = k;
    }
    const o = 3 * this.triangles;
    this.indices[o] = a; this.indices[o + 1] = b; this.indices[o + 2] = c;
    this.cap[this.triangles++] = cap;
  }

  /** Adds `other`'s vertices and triangles (its triangles keep their cap marks). */
  append(other: PartMesh): void {
    const base = this.count, p = other.positions, t = other.indices;
    for (let i = 0; i < other.count; i++) this.addVertex(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
    for (let k = 0; k < other.triangles; k++) this.addTriangle(base + t[3 * k], base + t[3 * k + 1], base + t[3 * k + 2], other.cap[k]);
  }

  /** A copy with arrays of its own. */
  clone(): PartMesh {
    const c = new PartMesh(this.count, this.triangles);
    c.append(this);
    return c;
  }

  /**
   * The signed volume: the sum of the tetrahedra from (ox, oy, oz) to each triangle (the divergence
   * theorem), positive for a closed mesh oriented outward; about the box's centre when no origin is given.
   * An origin near the part keeps the terms small.
   */
  volume(ox?: number, oy?: number, oz?: number): number {
    if (ox === undefined || oy === undefined || oz === undefined) {
      // About the box's centre: about the origin, a part 1e6 away summed terms of 1e18 for a volume of 1
      // and lost it to rounding (a torus there was never cut: every side read as a sliver).
      const b = this.bounds(_box);
      ox = 0.5 * b[0] + 0.5 * b[3]; oy = 0.5 * b[1] + 0.5 * b[4]; oz = 0.5 * b[2] + 0.5 * b[5];
    }
    const p = this.positions, t = this.indices;
    let v = 0;
    for (let k = 0; k < 3 * this.triangles; k += 3) {
      const a = 3 * t[k], b = 3 * t[k + 1], c = 3 * t[k + 2];
      const ax = p[a] - ox, ay = p[a + 1] - oy, az = p[a + 2] - oz;
      const bx = p[b] - ox, by = p[b + 1] - oy, bz = p[b + 2] - oz;
      const cx = p[c] - ox, cy = p[c + 1] - oy, cz = p[c + 2] - oz;
      v += ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
    }
    return v / 6;
  }

  /** The box of the vertices the triangles use: min x y z, max x y z (into `out`). */
  bounds(out: Float64Array): Float64Array {
    out[0] = out[1] = out[2] = Infinity; out[3] = out[4] = out[5] = -Infinity;
    const p = this.positions, t = this.indices;
    for (let k = 0; k < 3 * this.triangles; k++) {
      const o = 3 * t[k];
      for (let j = 0; j < 3; j++) { const x = p[o + j]; if (x < out[j]) out[j] = x; if (x > out[3 + j]) out[3 + j] = x; }
    }
    return out;
  }

  /**
   * The number of directed edges with no reverse (each unmatched use counted): 0 for a 2-cycle. Edges are
   * keyed by their two vertex indices.
   */
  openEdges(): number {
    const count = new Map<number, number>(), n = this.count, t = this.indices;
    for (let k = 0; k < this.triangles; k++) {
      for (let e = 0; e < 3; e++) {
        const a = t[3 * k + e], b = t[3 * k + (e + 1) % 3];
        count.set(a * n + b, (count.get(a * n + b) ?? 0) + 1);
      }
    }
    let open = 0;
    for (const [key, c] of count) {
      const a = Math.floor(key / n), b = key - a * n;
      open += Math.max(0, c - (count.get(b * n + a) ?? 0));
    }
    return open;
  }
}
