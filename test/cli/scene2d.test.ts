/**
 * `convex-collide scene2d`: a scene with static bodies, rays, boxes and steps (removals, additions, moves)
 * answered as brute force answers it (every pair's own 2D contact within the margin, in input order; began
 * and ended the listings' differences; the nearest ray hit), and bad fields failing the document by name.
 */
import { describe, expect, it } from 'vitest';
import { contact, rayCast } from '../../src/2d/index.js';
import { answerScene2d } from '../../src/cli/answers/scene2d.js';
import { runCli } from '../../src/cli/cli.js';
import { readPose2Json, shape2FromJSON } from '../../src/format/shape2-json.js';
import { mulberry32 } from '../random.js';

type Json = Record<string, unknown>;
const SHAPES = [
  { type: 'circle', radius: 0.4 }, { type: 'box', halfExtents: [0.4, 0.25] }, { type: 'capsule', halfHeight: 0.3, radius: 0.2 },
  { type: 'polygon', points: [[0, 0], [0.6, 0.1], [0.2, 0.5]] }, { type: 'rounded', shape: { type: 'segment', a: [-0.3, 0], b: [0.3, 0] }, radius: 0.1 },
];

describe('convex-collide scene2d', () => {
  it('answers a scene with steps as brute force does', () => {
    const rnd = mulberry32(2024), pose = () => ({ position: [5 * rnd(), 5 * rnd()], angle: 6 * rnd() - 3 });
    const body = (id: string, isStatic = false) => ({ id, shape: SHAPES[Math.floor(rnd() * SHAPES.length)], pose: pose(), ...(isStatic ? { static: true } : {}) });
    const bodies = Array.from({ length: 30 }, (_, i) => body(`b${i}`, i % 7 === 0));
    const ray = (id: string) => ({ id, origin: [5 * rnd(), 5 * rnd()], direction: [rnd() - 0.5, rnd() - 0.5], maxT: 10 });
    const box = (id: string) => { const x = 5 * rnd(), y = 5 * rnd(); return { id, min: [x, y], max: [x + rnd(), y + rnd()] }; };
    const steps = [0, 1, 2].map((s) => ({
      remove: [`b${3 + s}`], add: [body(`n${s}`)],
      poses: [`b${10 + s}`, `b${24 + s}`, `n${s}`].map((id) => ({ id, pose: pose() })), rays: [ray(`r${s}`)], aabbs: [box(`x${s}`)],
    }));
    const doc = { bodies, margin: 0.1, rays: [ray('r'), ray('q')], aabbs: [box('x')], steps };
    const answer = answerScene2d(JSON.parse(JSON.stringify(doc))) as { contacts: Json[]; rayHits: Json[]; aabbHits: Json[]; steps: Json[] };

    // Brute force over the live bodies in input order.
    const live: { id: string; json: Json; isStatic: boolean }[] = bodies.map((b) => ({ id: b.id, json: b as Json, isStatic: b.static === true }));
    const state = () => {
      const contacts: Json[] = [];
      for (let i = 0; i < live.length; i++) {
        for (let j = i + 1; j < live.length; j++) {
          const a = live[i], b = live[j];
          if (a.isStatic && b.isStatic) continue;
          const c = contact(shape2FromJSON(a.json.shape), readPose2Json(a.json.pose, 'a'), shape2FromJSON(b.json.shape), readPose2Json(b.json.pose, 'b'), null, { maxDistance: 0.1 });
          if (c !== null) contacts.push({ a: a.id, b: b.id, separation: c.separation });
        }
      }
      return contacts;
    };
    const hits = (rays: Json[]) => rays.map((r) => {
      let best: { id: string; t: number } | null = null;
      for (const b of live) {
        const o = r.origin as number[], d = r.direction as number[];
        const h = rayCast(shape2FromJSON(b.json.shape), readPose2Json(b.json.pose, 'b'), { x: o[0], y: o[1] }, { x: d[0], y: d[1] }, null, { maxT: 10 });
        if (h !== null && (best === null || h.t < best.t)) best = { id: b.id, t: h.t };
      }
      return best;
    });
    const check = (got: Json[], want: Json[]) => {
      expect(got.map((c) => [c.a, c.b])).toEqual(want.map((c) => [c.a, c.b]));
      got.forEach((c, k) => expect(Math.abs((c.separation as number) - (want[k].separation as number))).toBeLessThan(1e-12));
    };
    const checkHits = (got: Json[], want: ({ id: string; t: number } | null)[]) => got.forEach((h, k) => {
      if (want[k] === null) expect(h.hit).toBe(false);
      else { expect(h.body).toBe(want[k]!.id); expect(h.t).toBe(want[k]!.t); }
    });
    let last = state();
    check(answer.contacts, last);
    checkHits(answer.rayHits, hits(doc.rays));
    expect(answer.aabbHits).toHaveLength(1);
    steps.forEach((step, s) => {
      for (const id of step.remove) live.splice(live.findIndex((b) => b.id === id), 1);
      for (const b of step.add) live.push({ id: b.id, json: b as Json, isStatic: false });
      for (const p of step.poses) live.find((b) => b.id === p.id)!.json = { ...live.find((b) => b.id === p.id)!.json, pose: p.pose };
      const now = state(), got = answer.steps[s] as { contacts: Json[]; began: Json[]; ended: Json[]; rayHits: Json[] };
      check(got.contacts, now);
      const key = (c: Json) => `${c.a as string}|${c.b as string}`, before = new Set(last.map(key)), after = new Set(now.map(key));
      expect(got.began.map(key)).toEqual(now.filter((c) => !before.has(key(c))).map(key));
      expect(got.ended.map(key)).toEqual(last.filter((c) => !after.has(key(c))).map(key));
      checkHits(got.rayHits, hits(step.rays));
      last = now;
    });
  });

  it('a bad field fails the document by name, exit status 2', async () => {
    const circle = { type: 'circle', radius: 1 }, at = { position: [0, 0], angle: 0 };
    const cases: [Json, RegExp][] = [
      [{ bodies: [{ id: 'a', shape: circle, pose: at }, { id: 'a', shape: circle, pose: at }] }, /^convex-collide scene2d: bodies\[1\]\.id is "a", an id already used/],
      [{ bodies: [{ id: 'a', shape: circle, pose: at, static: true }], steps: [{ poses: [{ id: 'a', pose: at }] }] }, /steps\[0\]\.poses\[0\]\.id is "a", a static body/],
      [{ bodies: [{ id: 'a', shape: circle, pose: at }], steps: [{ remove: ['a'] }, { remove: ['a'] }] }, /steps\[1\]\.remove\[0\] is "a", a body already removed/],
      [{ bodies: [{ id: 'a', shape: { type: 'sphere', radius: 1 }, pose: at }] }, /bodies\[0\]\.shape\.type is the string "sphere"/],
      [{ bodies: [], margin: -1 }, /margin is number -1/],
      [{ bodies: [], aabbs: [{ id: 'x', min: [1, 1], max: [0, 2] }] }, /aabbs\[0\]\.max is \[0, 2\], below min/],
    ];
    for (const [doc, message] of cases) {
      const out = await runCli(['scene2d', '-'], { readFile: async () => '', readStdin: async () => JSON.stringify(doc) });
      expect(out.exitCode, JSON.stringify(doc)).toBe(2);
      expect(out.stderr).toMatch(message);
    }
  });
});
