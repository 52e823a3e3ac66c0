/**
 * End-to-end test of compounds and triangle meshes in the explorer (explorer/concave-presets.ts,
 * concave-shape.ts), in a headless Chromium (see explorer-page.ts and find-chromium.ts).
 *
 * A compound and a mesh are picked from the shape menus and B is moved through the page's pose inputs;
 * for each pose the separation the panel shows must be the one `contact` gives in this process for the
 * same shapes and poses (the poses read back from the page, to the bit), the parts it lists (partA, partB)
 * must be contact's, the world view must light up those parts, and the answer's witness points must lie on
 * them: A's on the lit part of the compound, B's on the lit triangle of the mesh (checked with `distance`
 * here, the part placed by composing the poses with three.js), and the drawing must glow on that part
 * alone or draw that triangle over the mesh. The shapes are built here from the same
 * data as the page's (concave-presets.ts: plain data, no imports). The difference view must step aside with
 * a note, the trace must not be replayed, and a compound and a mesh read from a pair-query file must show
 * the answer the library gives for that file here. The ray and sweep modes must either say the library
 * does not take a compound yet, or list what the library answers here.
 */
import * as THREE from 'three';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Compound, contact, createContactResult, distance, Point, rayCast, Sphere, TriangleMesh, Triangle } from '../../src/index.js';
import type { ConvexShape, PoseLike, Shape, Vec3Like } from '../../src/index.js';
import { isPairParseError, parsePairQueryDocument, shapeFromJSON } from '../../src/format/index.js';
import { concavePreset, terrainGrid } from '../../explorer/concave-presets.js';
import { nextFrames, openExplorer, type ExplorerPage } from './explorer-page.js';

const TIMEOUT = 120_000;
/** Opening a page in the shared browser (global-setup.ts built and served the explorer). */
const SETUP_TIMEOUT = 120_000;
const POLL = { timeout: 30_000 };

type Which = 'a' | 'b';
interface PoseValue { position: Vec3Like; quaternion: { x: number; y: number; z: number; w: number } }

/** A preset of the menu, built here from the page's own data (explorer/concave-presets.ts). */
function buildPreset(id: string): Compound | TriangleMesh {
  const preset = concavePreset(id);
  if (!preset) throw new Error(`no preset ${id}`);
  if (preset.kind === 'compound') {
    return new Compound(preset.parts.map((p) => ({ shape: shapeFromJSON(p.shape), pose: partPose(p) })));
  }
  if (preset.id === 'torus-knot') {
    const k = preset.knot;
    return TriangleMesh.fromGeometry(new THREE.TorusKnotGeometry(k.radius, k.tube, k.tubularSegments, k.radialSegments, k.p, k.q));
  }
  const { vertices, indices } = terrainGrid(preset);
  return new TriangleMesh(vertices, indices);
}

const partPose = (p: { position: readonly number[]; quaternion: readonly number[] }): PoseValue => ({
  position: { x: p.position[0], y: p.position[1], z: p.position[2] },
  quaternion: { x: p.quaternion[0], y: p.quaternion[1], z: p.quaternion[2], w: p.quaternion[3] },
});

/** `inner` (a pose in a frame) seen from the world, when the frame is at `outer`: outer ∘ inner. */
function compose(outer: PoseValue, inner: PoseValue): PoseValue {
  const qo = new THREE.Quaternion(outer.quaternion.x, outer.quaternion.y, outer.quaternion.z, outer.quaternion.w);
  const qi = new THREE.Quaternion(inner.quaternion.x, inner.quaternion.y, inner.quaternion.z, inner.quaternion.w);
  const p = new THREE.Vector3(inner.position.x, inner.position.y, inner.position.z).applyQuaternion(qo)
    .add(new THREE.Vector3(outer.position.x, outer.position.y, outer.position.z));
  const q = qo.multiply(qi);
  return { position: { x: p.x, y: p.y, z: p.z }, quaternion: { x: q.x, y: q.y, z: q.z, w: q.w } };
}

const IDENTITY_POSE: PoseValue = { position: { x: 0, y: 0, z: 0 }, quaternion: { x: 0, y: 0, z: 0, w: 1 } };

/**
 * How far `point` (world) is from part `part` of `shape` at `pose`: a compound's part, placed by its pose
 * (`partPoses`, in the compound's frame); a mesh's triangle, by its index in the list given (found through
 * `sourceIndex`: the mesh keeps its triangles in leaf order). 0 when on or inside.
 */
function distanceToPart(shape: Compound | TriangleMesh, pose: PoseValue, part: number, point: Vec3Like, partPoses: readonly PoseValue[]): number {
  const at: PoseLike = { position: point, quaternion: IDENTITY_POSE.quaternion };
  let partShape: ConvexShape, partAt: PoseValue;
  if (shape.kind === 'compound') {
    partShape = shape.shapes[part];
    partAt = compose(pose, partPoses[part]);
  } else {
    // The mesh keeps its triangles in its hierarchy's leaf order: the kept triangle of input `part`.
    const kept = Array.from(shape.sourceIndex).indexOf(part);
    expect(kept).toBeGreaterThanOrEqual(0);
    const v = shape.vertices, t = shape.triangles;
    const corner = (k: number): Vec3Like => ({ x: v[3 * t[3 * kept + k]], y: v[3 * t[3 * kept + k] + 1], z: v[3 * t[3 * kept + k] + 2] });
    partShape = new Triangle(corner(0), corner(1), corner(2));
    partAt = pose;
  }
  return distance(new Point(), at, partShape, partAt);
}

describe('explorer with compounds and meshes (headless Chromium)', () => {
  let explorer: ExplorerPage | undefined;
  let page: Page;

  beforeAll(async () => {
    explorer = await openExplorer(TIMEOUT);
    page = explorer.page;
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await explorer?.close();
  }, TIMEOUT);

  /** The pose the page queries with: the shape's group in the world view, read to the bit. */
  async function poseShown(which: Which): Promise<PoseValue> {
    return page.evaluate((w) => {
      const g = (window as unknown as { explorer: { world: { pose: Record<string, import('three').Object3D> } } }).explorer.world.pose[w];
      return {
        position: { x: g.position.x, y: g.position.y, z: g.position.z },
        quaternion: { x: g.quaternion.x, y: g.quaternion.y, z: g.quaternion.z, w: g.quaternion.w },
      };
    }, which);
  }

  /** What the page shows: the separation and parts in the panel, the lit parts, and its witness points. */
  async function answerShown() {
    const parts = page.locator('#result-parts');
    const world = page.locator('#world-view');
    const witnesses = await page.evaluate(() => {
      const c = (window as unknown as { explorer: { answer: { contact: { pointA: Vec3Like; pointB: Vec3Like } | null } } }).explorer.answer.contact;
      return c && { pointA: c.pointA, pointB: c.pointB };
    });
    return {
      separation: Number(await page.locator('#result-separation').getAttribute('data-value')),
      partA: Number(await parts.getAttribute('data-part-a')),
      partB: Number(await parts.getAttribute('data-part-b')),
      partsText: (await parts.textContent()) ?? '',
      litA: await world.getAttribute('data-lit-a'),
      litB: await world.getAttribute('data-lit-b'),
      pointA: witnesses!.pointA,
      pointB: witnesses!.pointB,
    };
  }

  /**
   * What the world view draws lit on one side, read from its three.js objects (shape-mesh.ts keeps them in
   * the drawing's userData): for a compound, which parts glow and where each part is drawn (in the
   * compound's frame); for a mesh, the corners of the triangle drawn over it (in the mesh's frame).
   */
  async function litDrawing(which: Which) {
    return page.evaluate((w) => {
      type Obj = import('three').Object3D & { material?: { emissive?: import('three').Color }; geometry?: import('three').BufferGeometry };
      const root = (window as unknown as { explorer: { world: { pose: Record<string, Obj> } } }).explorer.world.pose[w].children[0] as Obj;
      const d = root.userData.concave as { kind: 'compound'; parts: Obj[] } | { kind: 'mesh'; overlay: Obj } | undefined;
      if (!d) return null;
      if (d.kind === 'mesh') {
        const fill = d.overlay.children[0] as Obj | undefined;
        return { kind: 'mesh' as const, corners: fill ? Array.from(fill.geometry!.attributes.position.array) : null };
      }
      const glowing: number[] = [];
      d.parts.forEach((part, i) => {
        let lit = false;
        part.traverse((o) => { if ((o as Obj).material?.emissive?.getHex()) lit = true; });
        if (lit) glowing.push(i);
      });
      return { kind: 'compound' as const, glowing, poses: d.parts.map((p) => [...p.position.toArray(), ...p.quaternion.toArray()]) };
    }, which);
  }

  /** Checks that the world view lights `part` of `shape` on side `which`, and draws the parts where they are. */
  async function expectLit(which: Which, shape: Compound | TriangleMesh, part: number, partPoses: readonly PoseValue[]): Promise<void> {
    const drawn = await litDrawing(which);
    if (shape.kind === 'compound') {
      expect(drawn?.kind).toBe('compound');
      if (drawn?.kind !== 'compound') return;
      expect(drawn.glowing).toEqual([part]);
      const given = partPoses.map((p) => [p.position.x, p.position.y, p.position.z, p.quaternion.x, p.quaternion.y, p.quaternion.z, p.quaternion.w]);
      expect(drawn.poses.length).toBe(given.length);
      drawn.poses.forEach((pose, i) => pose.forEach((x, k) => expect(Math.abs(x - given[i][k])).toBeLessThanOrEqual(1e-15)));
    } else {
      expect(drawn?.kind).toBe('mesh');
      if (drawn?.kind !== 'mesh') return;
      expect(drawn.corners).not.toBeNull();
      // The kept triangle of input `part` (leaf order); float32 in the drawing.
      const kept = Array.from(shape.sourceIndex).indexOf(part);
      const v = shape.vertices, t = shape.triangles;
      const corners = [0, 1, 2].flatMap((k) => [0, 1, 2].map((c) => v[3 * t[3 * kept + k] + c]));
      drawn.corners!.forEach((x, i) => expect(Math.abs(x - corners[i])).toBeLessThanOrEqual(1e-6));
    }
  }

  /** Types B's position (and rotation, degrees) into the panel, as a user would, and lets the page answer. */
  async function placeB(position: readonly number[], rotation: readonly number[] = [0, 0, 0]): Promise<void> {
    for (const [i, axis] of ['x', 'y', 'z'].entries()) {
      await page.locator(`#b-pos-${axis}`).fill(String(position[i]));
      await page.locator(`#b-rot-${axis}`).fill(String(rotation[i]));
    }
    await nextFrames(page);
  }

  /**
   * Checks the page against `contact` here for the shapes on screen and the poses read back from the page,
   * and that the lit parts hold the witness points. Returns contact's answer.
   */
  async function expectPageMatchesContact(a: Shape, b: Shape, partPoses: Record<Which, readonly PoseValue[]>) {
    const poseA = await poseShown('a'), poseB = await poseShown('b');
    const expected = contact(a, poseA, b, poseB, createContactResult())!;
    const scale = Math.max(1, Math.abs(expected.separation));
    await expect.poll(async () => Math.abs((await answerShown()).separation - expected.separation), POLL).toBeLessThanOrEqual(1e-12 * scale);
    const shown = await answerShown();
    expect({ partA: shown.partA, partB: shown.partB }).toEqual({ partA: expected.partA, partB: expected.partB });
    // The world view lights up the same parts, on the sides that have parts.
    expect(shown.litA).toBe(a.kind === 'compound' || a.kind === 'mesh' ? String(expected.partA) : null);
    expect(shown.litB).toBe(b.kind === 'compound' || b.kind === 'mesh' ? String(expected.partB) : null);
    // The lit parts are where the answer is: each witness point lies on (or in) its side's part.
    const size = Math.max(a.boundingRadius, b.boundingRadius);
    if (a.kind === 'compound' || a.kind === 'mesh') {
      expect(distanceToPart(a as Compound | TriangleMesh, poseA, expected.partA, shown.pointA, partPoses.a)).toBeLessThanOrEqual(1e-9 * size);
    }
    if (b.kind === 'compound' || b.kind === 'mesh') {
      expect(distanceToPart(b as Compound | TriangleMesh, poseB, expected.partB, shown.pointB, partPoses.b)).toBeLessThanOrEqual(1e-9 * size);
    }
    for (const [which, shape, part] of [['a', a, expected.partA], ['b', b, expected.partB]] as const) {
      if (shape.kind === 'compound' || shape.kind === 'mesh') await expectLit(which, shape as Compound | TriangleMesh, part, partPoses[which]);
      else expect(await litDrawing(which)).toBeNull();
    }
    expect(await page.locator('#result-error').isHidden()).toBe(true);
    return { expected, shown };
  }

  const presetPartPoses = (id: string): PoseValue[] => {
    const preset = concavePreset(id);
    return preset?.kind === 'compound' ? preset.parts.map(partPose) : [];
  };

  it('table (A) against the torus knot (B): the panel\'s separation and parts are contact\'s, and they light up', async () => {
    await page.locator('#a-kind').selectOption('table');
    await page.locator('#b-kind').selectOption('torus-knot');
    expect(await page.locator('#a-concave-info').textContent()).toMatch(/^5 convex parts: top \(box\), leg 1 \(box\)/);
    expect(await page.locator('#b-concave-info').textContent()).toMatch(/^3,072 triangles/);
    const table = buildPreset('table'), knot = buildPreset('torus-knot') as TriangleMesh;
    expect(knot.triangleCount).toBe(3072);
    const partPoses = { a: presetPartPoses('table'), b: [] };

    // Apart near a leg, overlapping the top, overlapping the far leg with B turned: the parts differ.
    const seen = new Set<string>();
    for (const [position, rotation, apart] of [
      [[1.2, -0.6, 0.6], [0, 0, 0], true],
      [[1.0, 0.2, 0.1], [0, 0, 0], false],
      [[-1.2, -0.55, -0.2], [15, 30, 0], false],
    ] as const) {
      await placeB(position, rotation);
      const { expected, shown } = await expectPageMatchesContact(table, knot, partPoses);
      expect(expected.separation > 0).toBe(apart);
      expect(await page.locator('#result-intersecting').textContent()).toBe(apart ? 'no' : 'yes');
      expect(shown.partsText).toMatch(new RegExp(`^A: part ${expected.partA}, (top|leg \\d) \\(box\\) · B: triangle ${expected.partB}$`));
      seen.add(`${expected.partA}/${expected.partB}`);
    }
    expect(seen.size).toBe(3);

    // The difference view is for convex pairs: it steps aside with a note, and the trace is not replayed.
    expect(await page.locator('#minkowski-view').getAttribute('data-unavailable')).toBe('true');
    expect(await page.locator('#minkowski-view .view-message').textContent()).toMatch(/two convex shapes/);
    expect(await page.locator('#step-label').textContent()).toMatch(/not replayed/);
    expect(await page.locator('#step-detail').textContent()).toMatch(/ran GJK \d+ times? and EPA \d+ times?/);
    expect(await page.locator('#trace').getAttribute('data-step-count')).toBe('0');
    expect(explorer!.errors).toEqual([]);
  }, TIMEOUT);

  it('terrain (A) under a turned chair (B): the same, with the mesh on A\'s side and the compound on B\'s', async () => {
    await page.locator('#a-kind').selectOption('terrain');
    await page.locator('#b-kind').selectOption('chair');
    expect(await page.locator('#a-concave-info').textContent()).toMatch(/^2,048 triangles/);
    expect(await page.locator('#b-concave-info').textContent()).toMatch(/^6 convex parts: seat \(box\), leg 1 \(cylinder\)/);
    const terrain = buildPreset('terrain'), chair = buildPreset('chair');
    const partPoses = { a: [], b: presetPartPoses('chair') };
    for (const [position, rotation, apart] of [
      [[0.3, 0.9, 0.2], [0, 30, 0], true],
      [[0.3, 0.45, 0.2], [0, 30, 0], false],
      [[-0.5, 0.5, 0.4], [8, -50, 5], false],
    ] as const) {
      await placeB(position, rotation);
      const { expected, shown } = await expectPageMatchesContact(terrain, chair, partPoses);
      expect(expected.separation > 0).toBe(apart);
      expect(shown.partsText).toMatch(new RegExp(`^A: triangle ${expected.partA} · B: part ${expected.partB}, (seat \\(box\\)|leg \\d \\(cylinder\\)|back \\(box\\))$`));
    }
    expect(explorer!.errors).toEqual([]);
  }, TIMEOUT);

  it('a convex pair again: the difference view and the replay come back, and nothing is lit', async () => {
    await page.locator('#reset-scene').click();
    await expect.poll(() => page.locator('#b-kind').inputValue(), POLL).toBe('sphere');
    expect(await page.locator('#a-kind').inputValue()).toBe('box');
    expect(await page.locator('#minkowski-view').getAttribute('data-unavailable')).toBeNull();
    expect(await page.locator('#minkowski-view .view-message').isHidden()).toBe(true);
    expect(Number(await page.locator('#trace').getAttribute('data-step-count'))).toBeGreaterThan(0);
    expect(await page.locator('#result-parts').textContent()).toBe('– (two convex shapes)');
    expect(await page.locator('#world-view').getAttribute('data-lit-a')).toBeNull();
    expect(await page.locator('#world-view').getAttribute('data-lit-b')).toBeNull();
    expect(explorer!.errors).toEqual([]);
  }, TIMEOUT);

  it('shows a pair-query file\'s compound and mesh with the answer the library gives for the file', async () => {
    const turned = [0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)]; // 45° about z
    const file = {
      pairs: [{
        id: 'compound-over-tetrahedron',
        a: {
          type: 'compound',
          parts: [
            { shape: { type: 'box', halfExtents: [0.5, 0.1, 0.2] }, pose: { position: [0, 0, 0], quaternion: [0, 0, 0, 1] } },
            { shape: { type: 'capsule', halfHeight: 0.3, radius: 0.08 }, pose: { position: [0.4, -0.3, 0], quaternion: turned } },
          ],
        },
        poseA: { position: [0, 0.55, 0], quaternion: [0, 0, 0, 1] },
        // A tetrahedron's surface (a mesh has no inside).
        b: { type: 'mesh', vertices: [[0, 0, 0], [1, 0, 0], [0, 0, 1], [0.3, 0.4, 0.3]], triangles: [[0, 2, 1], [0, 1, 3], [1, 2, 3], [2, 0, 3]] },
        poseB: { position: [0.1, -0.1, -0.2], quaternion: [0, 0, 0, 1] },
      }],
    };
    await page.locator('#file-input').setInputFiles({ name: 'concave.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await expect.poll(() => page.locator('#pair-info').textContent(), POLL).toMatch(/^Pair 1 of 1: compound-over-tetrahedron/);
    expect(await page.locator('#file-error').isHidden()).toBe(true);
    expect(await page.locator('#a-kind').inputValue()).toBe('from-file');
    expect(await page.locator('#a-kind option[value="from-file"]').textContent()).toBe('Compound (2 parts), from the file');
    expect(await page.locator('#b-kind option[value="from-file"]').textContent()).toBe('Mesh (4 triangles), from the file');

    const entry = parsePairQueryDocument(JSON.stringify(file)).entries[0];
    if (isPairParseError(entry)) throw entry.error;
    const poses = { a: file.pairs[0].a.parts.map((p) => partPose({ position: p.pose.position, quaternion: p.pose.quaternion })), b: [] };
    const { expected } = await expectPageMatchesContact(entry.a, entry.b, poses);
    // The capsule's lower end reaches into the tetrahedron's slanted face.
    expect(expected.separation).toBeLessThan(0);
    expect(await page.locator('#result-parts').textContent()).toBe(`A: part ${expected.partA} (${expected.partA === 0 ? 'box' : 'capsule'}) · B: triangle ${expected.partB}`);

    // Picking another kind puts the file's entry away.
    await page.locator('#a-kind').selectOption('box');
    expect(await page.locator('#a-kind option[value="from-file"]').count()).toBe(0);
    await page.locator('#reset-scene').click();
    await expect.poll(() => page.locator('#b-kind').inputValue(), POLL).toBe('sphere');
    expect(explorer!.errors).toEqual([]);
  }, TIMEOUT);

  it('ray and sweep modes with a compound: a note while the library does not take it, else its answer', async () => {
    await page.locator('#a-kind').selectOption('l-shape');
    await page.locator('#mode-ray').click();
    const origin = { x: -2, y: 0.1, z: 0.05 }, direction = { x: 1, y: 0, z: 0 };
    for (const [id, v] of [['ray-origin', origin], ['ray-dir', direction]] as const) {
      for (const axis of ['x', 'y', 'z'] as const) await page.locator(`#${id}-${axis}`).fill(String(v[axis]));
    }
    await nextFrames(page);
    const lShape = buildPreset('l-shape');
    const poseA = await poseShown('a'), poseB = await poseShown('b');
    let hereA: ReturnType<typeof rayCast> | 'unsupported';
    try {
      hereA = rayCast(lShape, poseA, origin, direction);
    } catch {
      hereA = 'unsupported';
    }
    if (hereA === 'unsupported') {
      await expect.poll(() => page.locator('#ray-note').isVisible(), POLL).toBe(true);
      expect(await page.locator('#ray-note').textContent()).toMatch(/^A is a compound: not cast at/);
      expect(await page.locator('#ray-a-t').textContent()).toBe('–');
    } else {
      expect(await page.locator('#ray-note').isHidden()).toBe(true);
      expect(await page.locator('#ray-a-t').getAttribute('data-hit')).toBe(String(hereA !== null));
      if (hereA) expect(Number(await page.locator('#ray-a-t').getAttribute('data-value'))).toBeCloseTo(hereA.t, 9);
    }
    // B, the sphere, is still cast at.
    const hereB = rayCast(new Sphere(0.5), poseB, origin, direction);
    expect(await page.locator('#ray-b-t').getAttribute('data-hit')).toBe(String(hereB !== null));
    expect(await page.locator('#ray-error').isHidden()).toBe(true);

    await page.locator('#mode-sweep').click();
    await nextFrames(page);
    // Either a note (no shapeCast for compounds yet) or an answer; never an error.
    expect(await page.locator('#sweep-error').isHidden()).toBe(true);
    const noted = await page.locator('#sweep-note').isVisible();
    const listed = await page.locator('#sweep-result').getAttribute('data-hit');
    expect(noted ? listed === '' : listed === 'true' || listed === 'false').toBe(true);
    await page.locator('#mode-contact').click();
    await page.locator('#reset-scene').click();
    await nextFrames(page);
    expect(explorer!.errors).toEqual([]);
  }, TIMEOUT);
});
