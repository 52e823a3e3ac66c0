/**
 * The 2D entry against planck.js (a JavaScript port of Box2D, float64 like us) and sat (SAT.js):
 * `npm run bench -- --only 2d`. Issue 22's benchmark.
 *
 * Pools (bench/plane-pools.ts): 8-gons, 30-gons, boxes and circles, 10,000 pairs each. Groups:
 * - distance: our `distance` against planck's `Distance` (GJK; on the polygons' cores, `useRadii` false,
 *   since planck gives every polygon a skin of 0.01; on circles with their radii);
 * - contact: our `contact` against planck's `CollidePolygons` / `CollideCircles` (separating axes and
 *   clipping into a manifold; its separation read through `getWorldManifold`, the skins added back),
 *   scored on the overlapping pairs, where planck answers;
 * - intersection (8-gons): our `intersects` against planck's `testOverlap` (which counts the skins) and
 *   sat's `testPolygonPolygon`;
 * - penetration (8-gons, overlapping pairs): our `penetration` against sat's `testPolygonPolygon` with a
 *   Response (its overlap);
 * - manifold (8-gons, boxes): our `contactManifold` against the same planck call as contact (its collide
 *   functions build Box2D's manifold), scored by the deepest point on the overlapping pairs.
 * Every library's shapes, transforms and scratch are made before timing. Ours take a pose with an angle
 * each query (a cosine and a sine); planck's transforms and sat's placed polygons keep theirs, as a game's
 * bodies do. Answers are scored against bench/plane-oracles.ts (brute force, no GJK).
 */
import * as planck from 'planck';
import SAT from 'sat';
import {
  Box2, Circle, contact, contactManifold, createContactResult, createManifold, createPenetrationResult, createRayHit, createShapeCastResult, distance, intersects, penetration,
  Polygon, rayCast, shapeCast,
  type Pose2Like, type Shape2, type Vec2Like,
} from '../src/2d/index.js';
import { scoreBoolean, scoreHits, scoreLength, type Case } from './harness.js';
import { exactSeparations, polygonRayHit } from './plane-oracles.js';
import { makePlanePool, worldVertices, type PlaneKind, type PlanePool } from './plane-pools.js';
import type { SweepBench } from './ray.bench.js';

type SatPolygon = InstanceType<typeof SAT.Polygon>;

/** planck's polygon skin (Settings.polygonRadius), added back to its manifold separations. */
const SKIN = planck.Settings.polygonRadius;

interface Prepared {
  pool: PlanePool;
  exact: Float64Array;
  overlapping: Int32Array;
  all: Int32Array;
  ours: { a: Shape2[]; b: Shape2[]; poseA: Pose2Like[]; poseB: Pose2Like[] };
  planck: { a: planck.Shape[]; b: planck.Shape[]; xfA: planck.Transform[]; xfB: planck.Transform[] };
  sat: { a: SatPolygon[]; b: SatPolygon[] } | null;
}

function prepare(kind: PlaneKind, size: number): Prepared {
  const pool = makePlanePool(kind, size);
  const exact = exactSeparations(pool);
  const all = new Int32Array(size).map((_, i) => i);
  const overlapping = Int32Array.from(all.filter((i) => exact[i] < 0));
  const ourShape = (d: Float64Array): Shape2 => (kind === 'circles' ? new Circle(d[0]) : kind === 'boxes' ? new Box2(d[0], d[1]) : new Polygon(d));
  const planckShape = (d: Float64Array): planck.Shape => {
    if (kind === 'circles') return new planck.CircleShape(d[0]);
    if (kind === 'boxes') return new planck.BoxShape(d[0], d[1]);
    const pts: planck.Vec2[] = [];
    for (let k = 0; k < d.length; k += 2) pts.push(planck.Vec2(d[k], d[k + 1]));
    return new planck.PolygonShape(pts);
  };
  const ours = { a: [] as Shape2[], b: [] as Shape2[], poseA: [] as Pose2Like[], poseB: [] as Pose2Like[] };
  const pl = { a: [] as planck.Shape[], b: [] as planck.Shape[], xfA: [] as planck.Transform[], xfB: [] as planck.Transform[] };
  for (let i = 0; i < size; i++) {
    ours.a.push(ourShape(pool.a[i])); ours.b.push(ourShape(pool.b[i]));
    ours.poseA.push({ position: { x: 0, y: 0 }, angle: pool.angleA[i] });
    ours.poseB.push({ position: { x: pool.bx[i], y: pool.by[i] }, angle: pool.angleB[i] });
    pl.a.push(planckShape(pool.a[i])); pl.b.push(planckShape(pool.b[i]));
    pl.xfA.push(new planck.Transform(planck.Vec2(0, 0), pool.angleA[i]));
    pl.xfB.push(new planck.Transform(planck.Vec2(pool.bx[i], pool.by[i]), pool.angleB[i]));
  }
  let sat: Prepared['sat'] = null;
  if (kind === '8-gons') {
    const satPolygon = (d: Float64Array, x: number, y: number, angle: number): SatPolygon => {
      const pts: InstanceType<typeof SAT.Vector>[] = [];
      for (let k = 0; k < d.length; k += 2) pts.push(new SAT.Vector(d[k], d[k + 1]));
      return new SAT.Polygon(new SAT.Vector(x, y), pts).setAngle(angle);
    };
    sat = { a: [], b: [] };
    for (let i = 0; i < size; i++) {
      sat.a.push(satPolygon(pool.a[i], 0, 0, pool.angleA[i]));
      sat.b.push(satPolygon(pool.b[i], pool.bx[i], pool.by[i], pool.angleB[i]));
    }
  }
  return { pool, exact, overlapping, all, ours, planck: pl, sat };
}

/**
 * A case over `indices` (cycled). `batch` runs the timed loop, written out per case so that each query's
 * number is summed in place: a query answered through a callback that returns a double would box it
 * (16 bytes a query, the harness's and not the library's). `answer` gives pair i's answer for scoring.
 */
function makeCase(
  group: string, lib: string, indices: Int32Array, batch: (start: number, count: number) => number, answer: (i: number) => number, note: string, ours = false,
): Case {
  return { group, lib, ours, cycle: indices.length, note, batch, answer };
}

/** The plane benchmark's groups whose name `wanted` accepts. */
export function planeBenches(size: number, wanted: (group: string) => boolean): SweepBench[] {
  const out: SweepBench[] = [];
  const kinds: PlaneKind[] = ['8-gons', '30-gons', 'boxes', 'circles'];
  const names = (k: PlaneKind): string[] => [
    `2d ${k} distance`, `2d ${k} contact`, ...(k === '8-gons' ? ['2d 8-gons intersection', '2d 8-gons penetration'] : []),
    ...(k === '8-gons' || k === 'boxes' ? [`2d ${k} manifold`] : []), ...(k === '8-gons' ? ['2d 8-gons ray cast', '2d 8-gons shape cast', '2d 8-gons linear cast'] : []),
  ];
  if (!kinds.some((k) => names(k).some(wanted))) return out;
  if (planck.Settings.maxPolygonVertices < 30) planck.Settings.maxPolygonVertices = 30;
  for (const kind of kinds) {
    if (!names(kind).some(wanted)) continue;
    const p = prepare(kind, size);
    const o = p.ours, pl = p.planck;
    const circles = kind === 'circles';

    // distance
    {
      const group = `2d ${kind} distance`;
      const input = new planck.DistanceInput(), output = new planck.DistanceOutput(), cache = new planck.SimplexCache();
      input.useRadii = circles;
      const n = p.all.length;
      const planckDistance = (i: number): void => {
        input.proxyA.set(pl.a[i], 0); input.proxyB.set(pl.b[i], 0);
        input.transformA.setTransform(pl.xfA[i]); input.transformB.setTransform(pl.xfB[i]);
        cache.count = 0;
        planck.Distance(output, cache, input);
      };
      const cases = [
        makeCase(group, 'convex-collide', p.all, (start, count) => {
          let sum = 0;
          for (let q = 0, i = start % n; q < count; q++, i = i + 1 === n ? 0 : i + 1) sum += distance(o.a[i], o.poseA[i], o.b[i], o.poseB[i]);
          return sum;
        }, (i) => distance(o.a[i], o.poseA[i], o.b[i], o.poseB[i]), 'distance()', true),
        makeCase(group, 'planck', p.all, (start, count) => {
          let sum = 0;
          for (let q = 0, i = start % n; q < count; q++, i = i + 1 === n ? 0 : i + 1) { planckDistance(i); sum += output.distance; }
          return sum;
        }, (i) => { planckDistance(i); return output.distance; }, `Distance (GJK), useRadii ${circles}, a cold SimplexCache each query`),
      ];
      if (wanted(group)) out.push({ group, cases, exact: p.exact, score: (c) => scoreLength((i) => c.answer!(i), (i) => Math.max(0, p.exact[i]), p.all) });
    }
    // contact
    {
      const group = `2d ${kind} contact`;
      const rec = createContactResult();
      const manifold = new planck.Manifold(), wm = new planck.WorldManifold();
      const collide = (i: number): number => {
        if (circles) planck.CollideCircles(manifold, pl.a[i] as planck.CircleShape, pl.xfA[i], pl.b[i] as planck.CircleShape, pl.xfB[i]);
        else planck.CollidePolygons(manifold, pl.a[i] as planck.PolygonShape, pl.xfA[i], pl.b[i] as planck.PolygonShape, pl.xfB[i]);
        return manifold.pointCount;
      };
      const planckSeparation = (i: number): number => {
        if (collide(i) === 0) return NaN;
        const rA = pl.a[i].getRadius(), rB = pl.b[i].getRadius();
        manifold.getWorldManifold(wm, pl.xfA[i], rA, pl.xfB[i], rB);
        let s = Infinity;
        for (let k = 0; k < wm.pointCount; k++) s = Math.min(s, wm.separations[k]);
        return circles ? s : s + 2 * SKIN;
      };
      const n = p.all.length;
      const cases = [
        makeCase(group, 'convex-collide', p.all, (start, count) => {
          let sum = 0;
          for (let q = 0, i = start % n; q < count; q++, i = i + 1 === n ? 0 : i + 1) {
            contact(o.a[i], o.poseA[i], o.b[i], o.poseB[i], rec);
            sum += rec.separation;
          }
          return sum;
        }, (i) => contact(o.a[i], o.poseA[i], o.b[i], o.poseB[i], rec)!.separation, 'contact(out)', true),
        makeCase(group, 'planck', p.all, (start, count) => {
          let sum = 0;
          for (let q = 0, i = start % n; q < count; q++, i = i + 1 === n ? 0 : i + 1) sum += collide(i);
          return sum;
        }, planckSeparation, `${circles ? 'CollideCircles' : 'CollidePolygons'} into one Manifold (timed); separation via getWorldManifold (scored)`),
      ];
      if (wanted(group)) out.push({ group, cases, exact: p.exact, score: (c) => scoreLength((i) => c.answer!(i), (i) => p.exact[i], p.overlapping) });
      // The manifold against the same planck call (planck's collide functions build manifolds).
      const mgroup = `2d ${kind} manifold`;
      if ((kind === '8-gons' || kind === 'boxes') && wanted(mgroup)) {
        const man = createManifold();
        const deepest = (i: number): number => {
          const m = contactManifold(o.a[i], o.poseA[i], o.b[i], o.poseB[i], man);
          if (m === null) return NaN;
          return m.count === 2 ? Math.min(m.points[0].separation, m.points[1].separation) : m.points[0].separation;
        };
        const mcases = [
          makeCase(mgroup, 'convex-collide', p.all, (start, count) => {
            let sum = 0;
            for (let q = 0, i = start % n; q < count; q++, i = i + 1 === n ? 0 : i + 1) {
              if (contactManifold(o.a[i], o.poseA[i], o.b[i], o.poseB[i], man) !== null) sum += man.count;
            }
            return sum;
          }, deepest, 'contactManifold(out), margin 0: up to 2 points with feature ids', true),
          makeCase(mgroup, 'planck', p.all, cases[1].batch, planckSeparation, 'CollidePolygons into one Manifold (as the contact row)'),
        ];
        out.push({ group: mgroup, cases: mcases, exact: p.exact, score: (c) => scoreLength((i) => c.answer!(i), (i) => p.exact[i], p.overlapping) });
      }
    }
    if (kind === '8-gons' && wanted('2d 8-gons ray cast')) {
      // Rays from 2.5 away (outside every polygon: radius at most 1), aimed into [−0.5, 0.5]², t in [0, 1].
      const group = '2d 8-gons ray cast', n = p.all.length;
      const origins: Vec2Like[] = [], dirs: Vec2Like[] = [], exact = new Float64Array(n);
      const input = { p1: planck.Vec2(0, 0), p2: planck.Vec2(0, 0), maxFraction: 1 }, output = { normal: planck.Vec2(0, 0), fraction: 0 };
      const p1s: planck.Vec2[] = [], p2s: planck.Vec2[] = [];
      for (let i = 0; i < n; i++) {
        const ox = 2.5 * Math.cos(p.pool.angleB[i]), oy = 2.5 * Math.sin(p.pool.angleB[i]);
        const dx = p.pool.bx[i] / 4 - ox, dy = p.pool.by[i] / 4 - oy;
        origins.push({ x: ox, y: oy }); dirs.push({ x: dx, y: dy });
        p1s.push(planck.Vec2(ox, oy)); p2s.push(planck.Vec2(ox + dx, oy + dy));
        exact[i] = polygonRayHit(worldVertices(p.pool, i, false), ox, oy, dx, dy);
      }
      const hit = createRayHit(), opts = { maxT: 1 };
      const ours = (i: number): number => rayCast(o.a[i], o.poseA[i], origins[i], dirs[i], hit, opts)?.t ?? NaN;
      const theirs = (i: number): number => {
        input.p1 = p1s[i]; input.p2 = p2s[i];
        return pl.a[i].rayCast(output, input, pl.xfA[i], 0) ? output.fraction : NaN;
      };
      const cases = [
        makeCase(group, 'convex-collide', p.all, (start, count) => {
          let sum = 0;
          for (let q = 0, i = start % n; q < count; q++, i = i + 1 === n ? 0 : i + 1) if (rayCast(o.a[i], o.poseA[i], origins[i], dirs[i], hit, opts) !== null) sum += hit.t;
          return sum;
        }, ours, 'rayCast(out), maxT 1', true),
        makeCase(group, 'planck', p.all, (start, count) => {
          let sum = 0;
          for (let q = 0, i = start % n; q < count; q++, i = i + 1 === n ? 0 : i + 1) {
            input.p1 = p1s[i]; input.p2 = p2s[i];
            if (pl.a[i].rayCast(output, input, pl.xfA[i], 0)) sum += output.fraction;
          }
          return sum;
        }, theirs, 'PolygonShape.rayCast with the body transform, maxFraction 1'),
      ];
      out.push({ group, cases, exact, score: (c) => scoreHits((i) => c.answer!(i), (i) => exact[i], p.all) });
    }
    for (const turn of [1, 0]) {
    if (kind === '8-gons' && wanted(turn ? '2d 8-gons shape cast' : '2d 8-gons linear cast')) {
      // B moves towards A by 1.5 times its offset over the unit interval, turning by 1 radian (or not); A stays.
      // planck's TimeOfImpact stops its cores at its target distance (linear slop, 0.005, from its skins of
      // 0.01): ours is asked for the same target separation, so both do the same work.
      const group = turn ? '2d 8-gons shape cast' : '2d 8-gons linear cast', n = p.all.length, target = 0.005;
      const motions = Array.from(p.all, (i) => ({ linear: { x: -1.5 * p.pool.bx[i], y: -1.5 * p.pool.by[i] }, angular: turn }));
      const castOut = createShapeCastResult(), opts = { maxTime: 1, targetSeparation: target };
      const input = new planck.TOIInput(), output = new planck.TOIOutput();
      const sweepsA: planck.Sweep[] = [], sweepsB: planck.Sweep[] = [];
      for (let i = 0; i < n; i++) {
        const sa = new planck.Sweep(), sb = new planck.Sweep();
        sa.c0.set(0, 0); sa.c.set(0, 0); sa.a0 = p.pool.angleA[i]; sa.a = p.pool.angleA[i]; sa.alpha0 = 0;
        sb.c0.set(p.pool.bx[i], p.pool.by[i]); sb.c.set(p.pool.bx[i] - 1.5 * p.pool.bx[i], p.pool.by[i] - 1.5 * p.pool.by[i]);
        sb.a0 = p.pool.angleB[i]; sb.a = p.pool.angleB[i] + turn; sb.alpha0 = 0;
        sweepsA.push(sa); sweepsB.push(sb);
      }
      const planckToi = (i: number): number => {
        input.proxyA.set(pl.a[i], 0); input.proxyB.set(pl.b[i], 0);
        input.sweepA = sweepsA[i]; input.sweepB = sweepsB[i]; input.tMax = 1;
        planck.TimeOfImpact(output, input);
        return output.state === 3 ? output.t : output.state === 2 ? 0 : NaN;
      };
      const cases = [
        makeCase(group, 'convex-collide', p.all, (start, count) => {
          let sum = 0;
          for (let q = 0, i = start % n; q < count; q++, i = i + 1 === n ? 0 : i + 1) if (shapeCast(o.a[i], o.poseA[i], null, o.b[i], o.poseB[i], motions[i], castOut, opts) !== null) sum += castOut.time;
          return sum;
        }, (i) => shapeCast(o.a[i], o.poseA[i], null, o.b[i], o.poseB[i], motions[i], castOut, opts)?.time ?? NaN, turn ? 'shapeCast(out), B moving and turning 1 rad, target 0.005' : 'shapeCast(out), B moving, target 0.005', true),
        makeCase(group, 'planck', p.all, (start, count) => {
          let sum = 0;
          for (let q = 0, i = start % n; q < count; q++, i = i + 1 === n ? 0 : i + 1) sum += planckToi(i) || 0;
          return sum;
        }, planckToi, 'TimeOfImpact on the sweeps (its own target: 0.005, within 0.00125)'),
      ];
      out.push({ group, cases, exact: new Float64Array(n), score: () => null });
    }
    }
    if (kind === '8-gons' && p.sat) {
      const sat = p.sat;
      const truth = Uint8Array.from(p.exact, (s) => (s <= 0 ? 1 : 0));
      const group = '2d 8-gons intersection';
      const n = p.all.length;
      const ours = (i: number): number => (intersects(o.a[i], o.poseA[i], o.b[i], o.poseB[i]) ? 1 : 0);
      const planckOverlap = (i: number): number => (planck.testOverlap(pl.a[i], 0, pl.b[i], 0, pl.xfA[i], pl.xfB[i]) ? 1 : 0);
      const satOverlap = (i: number): number => (SAT.testPolygonPolygon(sat.a[i], sat.b[i]) ? 1 : 0);
      const loop = (f: (i: number) => number) => (start: number, count: number): number => {
        let sum = 0;
        for (let q = 0, i = start % n; q < count; q++, i = i + 1 === n ? 0 : i + 1) sum += f(i);
        return sum;
      };
      const cases = [
        makeCase(group, 'convex-collide', p.all, loop(ours), ours, 'intersects()', true),
        makeCase(group, 'planck', p.all, loop(planckOverlap), planckOverlap, 'testOverlap (GJK; polygons with their 0.01 skins)'),
        makeCase(group, 'sat', p.all, loop(satOverlap), satOverlap, 'testPolygonPolygon, no Response (polygons placed and turned before timing)'),
      ];
      if (wanted(group)) out.push({ group, cases, exact: p.exact, score: (c) => scoreBoolean((i) => c.answer!(i), truth, p.all) });

      const pgroup = '2d 8-gons penetration';
      const pen = createPenetrationResult(), response = new SAT.Response();
      const ov = p.overlapping, m = ov.length;
      const pcases = [
        makeCase(pgroup, 'convex-collide', ov, (start, count) => {
          let sum = 0;
          for (let q = 0, k = start % m; q < count; q++, k = k + 1 === m ? 0 : k + 1) {
            const i = ov[k];
            penetration(o.a[i], o.poseA[i], o.b[i], o.poseB[i], pen);
            sum += pen.depth;
          }
          return sum;
        }, (i) => penetration(o.a[i], o.poseA[i], o.b[i], o.poseB[i], pen)?.depth ?? NaN, 'penetration(out).depth', true),
        makeCase(pgroup, 'sat', ov, (start, count) => {
          let sum = 0;
          for (let q = 0, k = start % m; q < count; q++, k = k + 1 === m ? 0 : k + 1) {
            const i = ov[k];
            response.clear();
            SAT.testPolygonPolygon(sat.a[i], sat.b[i], response);
            sum += response.overlap;
          }
          return sum;
        }, (i) => {
          response.clear();
          return SAT.testPolygonPolygon(sat.a[i], sat.b[i], response) ? response.overlap : NaN;
        }, 'testPolygonPolygon with a Response: its overlap'),
      ];
      if (wanted(pgroup)) out.push({ group: pgroup, cases: pcases, exact: p.exact, score: (c) => scoreLength((i) => c.answer!(i), (i) => -p.exact[i], p.overlapping) });
    }
  }
  return out;
}

