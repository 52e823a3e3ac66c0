// Asking the library about the current pair, exactly as a user would: `contact` for the signed
// separation, normal and witness points (with a trace callback to record GJK and EPA), and `intersects`
// as the boolean test.
import { contact, createContactResult, intersects } from 'convex-collide';
import type { PoseLike, Shape, TraceStep, Vec3Like } from 'convex-collide';

export interface ContactLike {
  readonly separation: number;
  readonly normal: Vec3Like;
  readonly pointA: Vec3Like;
  readonly pointB: Vec3Like;
  readonly status: string;
  readonly iterations: number;
}

export interface QueryAnswer {
  readonly contact: ContactLike | null;
  readonly intersects: boolean | null;
  readonly steps: readonly TraceStep[];
  /** The message of an error the library threw, if it did. */
  readonly error: string | null;
}

export function askLibrary(a: Shape, poseA: PoseLike, b: Shape, poseB: PoseLike): QueryAnswer {
  const steps: TraceStep[] = [];
  let result: ContactLike | null = null;
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
    hit = intersects(a, poseA, b, poseB);
  } catch (e) {
    errors.push(`intersects: ${message(e)}`);
  }
  return { contact: result, intersects: hit, steps, error: errors.length ? errors.join('\n') : null };
}

const message = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));
