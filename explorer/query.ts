// Asking the library about the current pair, exactly as a user would: `contact` for the signed
// separation, normal and witness points (with a trace callback to record GJK and EPA), `contactManifold`
// for the contact region (`contactManifolds` for a compound or a mesh: one per pair of parts), and
// `intersects` as the boolean test.
//
// A compound or mesh answers through many convex pair queries, one for each pair of parts its hierarchy
// cannot rule out; its trace is theirs, one after the other, which no single picture of A − B replays. So
// for such a pair the trace is only counted (GJK and EPA runs), not kept.
import { contact, contactManifold, contactManifolds, createContactResult, createManifold, createManifoldList, intersects } from 'convex-collide';
import type { PoseLike, Shape, TraceStep, Vec3Like } from 'convex-collide';
import { isConcave } from './concave-shape.js';

export interface ContactLike {
  readonly separation: number;
  readonly normal: Vec3Like;
  readonly pointA: Vec3Like;
  readonly pointB: Vec3Like;
  readonly status: string;
  readonly iterations: number;
  /** The part of A (of B) the answer is about: a compound's part, a mesh's triangle; 0 for a convex shape. */
  readonly partA: number;
  readonly partB: number;
}

/** A contact manifold's points (world space) and the features they come from ("f2", "v0", "" curved). */
export interface ManifoldLike {
  readonly normal: Vec3Like;
  readonly points: readonly { pointA: Vec3Like; pointB: Vec3Like; separation: number; features: string }[];
}

export interface QueryAnswer {
  readonly contact: ContactLike | null;
  /** The contact manifold within the margin, or null when the shapes are farther apart. */
  readonly manifold: ManifoldLike | null;
  readonly intersects: boolean | null;
  readonly steps: readonly TraceStep[];
  /** For a compound or mesh pair, how many GJK and EPA runs the trace counted (and `steps` is empty); else null. */
  readonly runs: { readonly gjk: number; readonly epa: number } | null;
  /** For a compound or mesh pair: how many manifolds there are, and which one `manifold` is; else null. */
  readonly manifoldNote: string | null;
  /** The message of an error the library threw, if it did. */
  readonly error: string | null;
}

/** The answer before the first query. */
export const NO_ANSWER: QueryAnswer = { contact: null, manifold: null, intersects: null, steps: [], runs: null, manifoldNote: null, error: null };

const featureName = (f: { type: string; index: number }): string => (f.type === 'none' ? '' : `${f.type[0]}${f.index}`);

/** `margin`: report manifold points up to this separation (a length). */
export function askLibrary(a: Shape, poseA: PoseLike, b: Shape, poseB: PoseLike, margin = 0): QueryAnswer {
  const steps: TraceStep[] = [];
  const concave = isConcave(a) || isConcave(b);
  const runs = { gjk: 0, epa: 0 };
  // Each run's trace starts at iteration 0.
  const trace = concave
    ? (step: TraceStep) => { if (step.iteration === 0) runs[step.algorithm]++; }
    : (step: TraceStep) => { steps.push(step); };
  let result: ContactLike | null = null;
  let manifold: ManifoldLike | null = null;
  let manifoldNote: string | null = null;
  let hit: boolean | null = null;
  const errors: string[] = [];
  try {
    const c = contact(a, poseA, b, poseB, createContactResult(), { trace });
    // Without `maxDistance`, contact always answers; null here would be a library bug worth showing.
    if (c === null) errors.push('contact returned null without maxDistance');
    else {
      result = {
        separation: c.separation,
        normal: { ...c.normal },
        pointA: { ...c.pointA },
        pointB: { ...c.pointB },
        status: c.status,
        iterations: c.iterations,
        partA: c.partA,
        partB: c.partB,
      };
    }
  } catch (e) {
    errors.push(`contact: ${message(e)}`);
  }
  try {
    // A compound or a mesh has one manifold per pair of parts (contactManifolds): the one of the contact's
    // parts is drawn, and the note says how many there are.
    let m = null;
    if (concave) {
      const list = contactManifolds(a, poseA, b, poseB, createManifoldList(), { margin });
      const all = list.manifolds.slice(0, list.count);
      m = all.find((x) => x.partA === result?.partA && x.partB === result?.partB) ?? all[0] ?? null;
      manifoldNote = `${list.count} manifold${list.count === 1 ? '' : 's'} (one per pair of parts)${m !== null ? `; shown: parts ${m.partA}, ${m.partB}` : ''}`;
    } else {
      m = contactManifold(a, poseA, b, poseB, createManifold(), { margin });
    }
    if (m !== null) {
      manifold = {
        normal: { ...m.normal },
        points: m.points.slice(0, m.count).map((p) => ({
          pointA: { ...p.pointA }, pointB: { ...p.pointB }, separation: p.separation,
          features: `${featureName(p.featureA)}/${featureName(p.featureB)}`,
        })),
      };
    }
  } catch (e) {
    errors.push(`contactManifold: ${message(e)}`);
  }
  try {
    hit = intersects(a, poseA, b, poseB);
  } catch (e) {
    errors.push(`intersects: ${message(e)}`);
  }
  return {
    contact: result, manifold, intersects: hit, steps, runs: concave ? runs : null, manifoldNote,
    error: errors.length ? errors.join('\n') : null,
  };
}

const message = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));
