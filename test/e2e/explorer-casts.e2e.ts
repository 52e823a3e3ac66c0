/**
 * End-to-end test of the explorer's ray and sweep modes (explorer/ray-mode.ts, sweep-mode.ts), in a
 * headless Chromium (see explorer-page.ts and find-chromium.ts).
 *
 * Ray mode: a ray drawn with the mouse (press, drag, release on the world view) must start under the
 * press and point along the drag on screen, and the hit the panel lists for each shape must be the one
 * `rayCast` gives in this process for the same ray (point and normal within 1e-6): a hit on A from
 * outside, a ray that misses both, and an origin inside A, solid (t = 0) and hollow (where it leaves).
 * Sweep mode: the time of impact listed for a velocity typed in the panel must be the one `shapeCast`
 * gives here; for a turning box, the pose drawn at the impact must be shapeCast's motion model at that
 * time (position + t·v, rotation r(t) ⊗ q) and touch A; a velocity that misses must say so.
 * The shapes and poses are the default scene's (explorer/main.ts), restated here.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Box, contact, createContactResult, rayCast, shapeCast, Sphere } from '../../src/index.js';
import type { PoseLike, RayHit, Shape, Vec3Like } from '../../src/index.js';
import { LARGE, nextFrames, openExplorer, type ExplorerPage } from './explorer-page.js';

const TIMEOUT = 120_000;
/** Opening a page in the shared browser (global-setup.ts built and served the explorer). */
const SETUP_TIMEOUT = 120_000;
const POLL = { timeout: 30_000 };

const IDENTITY = { x: 0, y: 0, z: 0, w: 1 };
/** The default scene: a unit cube at the origin (A), a sphere of radius 0.5 (B). */
const BOX_A: Shape = new Box(0.5, 0.5, 0.5);
const POSE_A: PoseLike = { position: { x: 0, y: 0, z: 0 }, quaternion: IDENTITY };
const SPHERE_B: Shape = new Sphere(0.5);
const POSE_B: PoseLike = { position: { x: 1.25, y: 0.2, z: 0.1 }, quaternion: IDENTITY };
const SHAPES = { a: BOX_A, b: SPHERE_B };
const POSES = { a: POSE_A, b: POSE_B };

/** What the panel lists for one shape's hit: null for a miss. */
interface ListedHit { t: number; point: number[]; normal: number[] }

const toArray = (v: Vec3Like): number[] => [v.x, v.y, v.z];
const toVec = (a: readonly number[]): Vec3Like => ({ x: a[0], y: a[1], z: a[2] });
const maxDiff = (u: readonly number[], v: readonly number[]): number => Math.max(...u.map((x, i) => Math.abs(x - v[i])));

describe('explorer ray and sweep modes (headless Chromium)', () => {
  let explorer: ExplorerPage | undefined;
  let page: Page;

  beforeAll(async () => {
    explorer = await openExplorer(TIMEOUT, '#pair', LARGE);
    page = explorer.page;
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await explorer?.close();
  }, TIMEOUT);

  // ---- ray mode -------------------------------------------------------------------------------

  /** Where a shape's origin is on the page (CSS pixels). */
  async function onPage(which: 'a' | 'b'): Promise<{ x: number; y: number }> {
    const box = await page.locator('#world-view canvas').boundingBox();
    expect(box).not.toBeNull();
    const p = await page.evaluate((w) =>
      (window as unknown as { explorer: { world: { screenPoint(which: string): { x: number; y: number } } } }).explorer.world.screenPoint(w), which);
    return { x: box!.x + p.x, y: box!.y + p.y };
  }

  /** Presses at `from`, drags to `to` in a few moves, and releases: a ray drawn as a user would. */
  async function dragRay(from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 5; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / 5, from.y + ((to.y - from.y) * i) / 5);
    await page.mouse.up();
  }

  /** The ray in the panel's inputs: the ray the page casts. */
  async function rayShown(): Promise<{ origin: Vec3Like; direction: Vec3Like; solid: boolean }> {
    const read = async (id: string) => toVec(await Promise.all(['x', 'y', 'z'].map(async (a) => Number(await page.locator(`#${id}-${a}`).inputValue()))));
    return { origin: await read('ray-origin'), direction: await read('ray-dir'), solid: await page.locator('#ray-solid').isChecked() };
  }

  async function hitListed(which: 'a' | 'b'): Promise<ListedHit | null> {
    const t = page.locator(`#ray-${which}-t`);
    if ((await t.getAttribute('data-hit')) !== 'true') return null;
    return {
      t: Number(await t.getAttribute('data-value')),
      point: JSON.parse((await page.locator(`#ray-${which}-point`).getAttribute('data-value'))!) as number[],
      normal: JSON.parse((await page.locator(`#ray-${which}-normal`).getAttribute('data-value'))!) as number[],
    };
  }

  /** Checks both shapes' listed hits against rayCast here; returns rayCast's answers. */
  async function expectHitsMatchRayCast(): Promise<Record<'a' | 'b', RayHit | null>> {
    const { origin, direction, solid } = await rayShown();
    // The page's own record of the ray it cast agrees with its inputs.
    const recorded = JSON.parse((await page.locator('#ray-result').getAttribute('data-ray'))!) as { origin: number[]; direction: number[]; solid: boolean };
    expect(recorded).toEqual({ origin: toArray(origin), direction: toArray(direction), solid });
    const expected = {} as Record<'a' | 'b', RayHit | null>;
    for (const which of ['a', 'b'] as const) {
      const hit = rayCast(SHAPES[which], POSES[which], origin, direction, null, { solid });
      expected[which] = hit;
      const listed = await hitListed(which);
      if (hit === null) {
        expect(listed, `shape ${which}: rayCast misses`).toBeNull();
        expect(await page.locator(`#ray-${which}-t`).textContent()).toBe('miss');
        continue;
      }
      expect(listed, `shape ${which}: rayCast hits at t = ${hit.t}`).not.toBeNull();
      expect(Math.abs(listed!.t - hit.t)).toBeLessThanOrEqual(1e-6 * Math.max(1, hit.t));
      expect(maxDiff(listed!.point, toArray(hit.point))).toBeLessThanOrEqual(1e-6);
      expect(maxDiff(listed!.normal, toArray(hit.normal))).toBeLessThanOrEqual(1e-6);
    }
    return expected;
  }

  /** Where a world point is on the page (CSS pixels), through the page's camera. */
  async function project(p: Vec3Like): Promise<{ x: number; y: number }> {
    const box = await page.locator('#world-view canvas').boundingBox();
    const q = await page.evaluate(([x, y, z]) => {
      const { world, THREE } = (window as unknown as {
        explorer: { world: { view: { camera: import('three').Camera; renderer: { domElement: HTMLCanvasElement } } }; THREE: typeof import('three') };
      }).explorer;
      const v = new THREE.Vector3(x, y, z).project(world.view.camera);
      const c = world.view.renderer.domElement;
      return { x: ((v.x + 1) / 2) * c.clientWidth, y: ((1 - v.y) / 2) * c.clientHeight };
    }, toArray(p));
    return { x: box!.x + q.x, y: box!.y + q.y };
  }

  it('casts a ray dragged with the mouse at A: the listed hit is rayCast\'s', async () => {
    await page.locator('#mode-ray').click();
    expect(await page.locator('#mode-ray').getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('#ray-panel').isVisible()).toBe(true);
    // Press below and left of A's centre on screen, drag towards it.
    const a = await onPage('a');
    const from = { x: a.x - 160, y: a.y + 70 }, to = { x: a.x, y: a.y };
    await dragRay(from, to);
    const { origin, direction } = await rayShown();
    // The ray starts under the press, and on screen it points along the drag.
    const o = await project(origin);
    expect(Math.hypot(o.x - from.x, o.y - from.y)).toBeLessThan(1.5);
    const ahead = await project({ x: origin.x + direction.x, y: origin.y + direction.y, z: origin.z + direction.z });
    const onScreen = [ahead.x - o.x, ahead.y - o.y], dragged = [to.x - from.x, to.y - from.y];
    const cos = (onScreen[0] * dragged[0] + onScreen[1] * dragged[1]) / (Math.hypot(...onScreen) * Math.hypot(...dragged));
    expect(cos).toBeGreaterThan(0.999);
    expect(Math.hypot(direction.x, direction.y, direction.z)).toBeCloseTo(1, 3);

    const expected = await expectHitsMatchRayCast();
    // The ray was aimed at A from outside it: rayCast hits A at t > 0, and the page shows the hit.
    expect(expected.a).not.toBeNull();
    expect(expected.a!.t).toBeGreaterThan(0);
    expect(await page.locator('#ray-first').textContent()).toMatch(/^(A|B), at t = /);
    expect(explorer!.errors).toEqual([]);
  }, TIMEOUT);

  it('lists a miss for a ray dragged away from both shapes', async () => {
    const a = await onPage('a');
    await dragRay({ x: a.x - 160, y: a.y + 40 }, { x: a.x - 300, y: a.y + 120 });
    const expected = await expectHitsMatchRayCast();
    expect(expected).toEqual({ a: null, b: null });
    expect(await page.locator('#ray-first').textContent()).toMatch(/^none/);
    expect(explorer!.errors).toEqual([]);
  }, TIMEOUT);

  it('follows the solid checkbox for a ray starting inside A', async () => {
    // Under A's centre on screen, the view plane runs through A: the origin is inside the cube.
    const a = await onPage('a');
    await dragRay(a, { x: a.x + 120, y: a.y - 30 });
    const { origin, direction } = await rayShown();
    expect(Math.max(Math.abs(origin.x), Math.abs(origin.y), Math.abs(origin.z))).toBeLessThan(0.5);
    const solid = await expectHitsMatchRayCast();
    // Solid: a hit at t = 0 with normal −direction.
    expect(solid.a!.t).toBe(0);
    const len = Math.hypot(direction.x, direction.y, direction.z);
    expect(maxDiff(toArray(solid.a!.normal), toArray(direction).map((x) => -x / len))).toBeLessThan(1e-12);

    await page.locator('#ray-solid').uncheck();
    await expect.poll(async () => (await hitListed('a'))?.t ?? 0, POLL).toBeGreaterThan(0);
    const hollow = await expectHitsMatchRayCast();
    // Hollow: where the ray leaves the cube, on a face (one coordinate at ±0.5).
    expect(hollow.a!.t).toBeGreaterThan(0);
    expect(Math.max(...toArray(hollow.a!.point).map(Math.abs))).toBeCloseTo(0.5, 9);
    await page.locator('#ray-solid').check();
    expect(explorer!.errors).toEqual([]);
  }, TIMEOUT);

  // ---- sweep mode -----------------------------------------------------------------------------

  async function setSweep(linear: readonly number[], angular: readonly number[], maxTime: number): Promise<void> {
    for (const [id, v] of [['sweep-linear', linear], ['sweep-angular', angular]] as const) {
      for (const [i, a] of ['x', 'y', 'z'].entries()) await page.locator(`#${id}-${a}`).fill(String(v[i]));
    }
    await page.locator('#sweep-max-time').fill(String(maxTime));
  }

  /** The listed time of impact, or null for "no hit" (once the page shows the inputs' answer). */
  async function timeListed(): Promise<number | null> {
    const value = await page.locator('#sweep-time').getAttribute('data-value');
    return value === null ? null : Number(value);
  }

  it('sweeps B into A: the listed time is shapeCast\'s', async () => {
    await page.locator('#mode-sweep').click();
    expect(await page.locator('#sweep-panel').isVisible()).toBe(true);
    expect(await page.locator('#ray-panel').isVisible()).toBe(false);
    const linear = [-1, 0, 0], angular = [0, 0, 0], maxTime = 1;
    await setSweep(linear, angular, maxTime);
    const expected = shapeCast(BOX_A, POSE_A, null, SPHERE_B, POSE_B, { linear: toVec(linear), angular: toVec(angular) }, null, { maxTime });
    expect(expected).not.toBeNull();
    // The sphere's face is 0.25 from the cube's +x face, closing at unit speed.
    expect(expected!.time).toBeCloseTo(0.25, 6);
    await expect.poll(timeListed, POLL).toBeCloseTo(expected!.time, 12);
    expect(await page.locator('#sweep-result').getAttribute('data-hit')).toBe('true');
    expect(await page.locator('#sweep-status').textContent()).toMatch(new RegExp(`^${expected!.status}, ${expected!.iterations} iterations?$`));
    expect(maxDiff(JSON.parse((await page.locator('#sweep-normal').getAttribute('data-value'))!) as number[], toArray(expected!.normal))).toBeLessThan(1e-9);
    expect(explorer!.errors).toEqual([]);
  }, TIMEOUT);

  it('draws a turning box at the impact where shapeCast\'s motion model puts it', async () => {
    // B becomes a unit cube, turned 30° about x: then r(t) ⊗ q and q ⊗ r(t) differ.
    await page.locator('#b-kind').selectOption('box');
    await page.locator('#b-rot-x').fill('30');
    const half = Math.PI / 12;
    const q = { x: Math.sin(half), y: 0, z: 0, w: Math.cos(half) };
    const poseB = { position: POSE_B.position, quaternion: q };
    const linear = [-1, 0, 0], angular = [0, 0, 1.5], maxTime = 1;
    await setSweep(linear, angular, maxTime);
    const expected = shapeCast(BOX_A, POSE_A, null, new Box(0.5, 0.5, 0.5), poseB, { linear: toVec(linear), angular: toVec(angular) }, null, { maxTime });
    expect(expected).not.toBeNull();
    const t = expected!.time;
    expect(t).toBeGreaterThan(0);
    // The page's quaternion for 30° comes from three.js's Euler conversion, an ulp or so from q.
    await expect.poll(timeListed, POLL).toBeCloseTo(t, 9);

    const drawn = JSON.parse((await page.locator('#sweep-result').getAttribute('data-impact-pose'))!) as { position: number[]; quaternion: number[] };
    // The model: position + t·v; r(t) = (sin(tω/2) ẑ, cos(tω/2)) for ω = 1.5 ẑ; r ⊗ q with q about x.
    const s = Math.sin((t * 1.5) / 2), c = Math.cos((t * 1.5) / 2);
    const r = { x: 0, y: 0, z: s, w: c };
    const rq = [
      r.w * q.x + r.x * q.w + r.y * q.z - r.z * q.y,
      r.w * q.y - r.x * q.z + r.y * q.w + r.z * q.x,
      r.w * q.z + r.x * q.y - r.y * q.x + r.z * q.w,
      r.w * q.w - r.x * q.x - r.y * q.y - r.z * q.z,
    ];
    expect(maxDiff(drawn.position, [1.25 - t, 0.2, 0.1])).toBeLessThan(1e-9);
    expect(maxDiff(drawn.quaternion, rq)).toBeLessThan(1e-9);
    // And B drawn there touches A: contact's separation at the drawn pose is the cast's, about 0.
    const at = contact(BOX_A, POSE_A, new Box(0.5, 0.5, 0.5), { position: toVec(drawn.position), quaternion: { x: drawn.quaternion[0], y: drawn.quaternion[1], z: drawn.quaternion[2], w: drawn.quaternion[3] } }, createContactResult());
    expect(Math.abs(at!.separation)).toBeLessThan(1e-5);
    expect(explorer!.errors).toEqual([]);
  }, TIMEOUT);

  it('says so when B misses A, and draws the ghosts only', async () => {
    await page.locator('#reset-scene').click();
    await expect.poll(() => page.locator('#b-kind').inputValue(), POLL).toBe('sphere');
    // Along y the sphere keeps its 0.25 gap to the cube's +x face.
    const linear = [0, 2, 0], angular = [0, 0, 0], maxTime = 1;
    await setSweep(linear, angular, maxTime);
    expect(shapeCast(BOX_A, POSE_A, null, SPHERE_B, POSE_B, { linear: toVec(linear), angular: toVec(angular) }, null, { maxTime })).toBeNull();
    await expect.poll(() => page.locator('#sweep-result').getAttribute('data-hit'), POLL).toBe('false');
    expect(await timeListed()).toBeNull();
    expect(await page.locator('#sweep-time').textContent()).toMatch(/^no hit/);
    expect(await page.locator('#sweep-result').getAttribute('data-impact-pose')).toBeNull();
    // A hit again once the velocity turns towards A: the page follows its inputs.
    await page.locator('#sweep-linear-y').fill('0');
    await page.locator('#sweep-linear-x').fill('-1');
    await expect.poll(() => page.locator('#sweep-result').getAttribute('data-hit'), POLL).toBe('true');
    await nextFrames(page);
    expect(explorer!.errors).toEqual([]);
  }, TIMEOUT);
});
