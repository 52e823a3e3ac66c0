// Asking the library about the current pair, exactly as a user would: `contact` for the signed
// separation, normal and witness points (with a trace callback to record GJK and EPA), `contactManifold`
// for the contact region, and `intersects` as the boolean test.
import { contact, contactManifold, createContactResult, createManifold, intersects } from 'convex-collide';
import type { PoseLike, ConvexShape, TraceStep, Vec3Like } from 'convex-collide';

export interface ContactLike {
  readonly separation: number;
  readonly normal: Vec3Like;
  readonly pointA: Vec3Like;
  readonly pointB: Vec3Like;
  readonly status: string;
  readonly iterations: number;
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
  /** The message of an error the library threw, if it did. */
  readonly error: string | null;
}

const featureName = (f: { type: string; index: number }): string => (f.type === 'none' ? '' : `${f.type[0]}${f.index}`);

/** `margin`: report manifold points up to this separation (a length). */
export function askLibrary(a: ConvexShape, poseA: PoseLike, b: ConvexShape, poseB: PoseLike, margin = 0): QueryAnswer {
  const steps: TraceStep[] = [];
  let result: ContactLike | null = null;
  let manifold: ManifoldLike | null = null;
  let hit: boolean | null = null;
  const errors: string[] = [];
  try {
    const c = contact(a, poseA, b, poseB, createContactResult(), { trace: (step) => steps.push(step) });
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
      };
    }
  } catch (e) {
    errors.push(`contact: ${message(e)}`);
  }
  try {
    const m = contactManifold(a, poseA, b, poseB, createManifold(), { margin });
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
  return { contact: result, manifold, intersects: hit, steps, error: errors.length ? errors.join('\n') : null };
}

const message = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));
