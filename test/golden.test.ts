/**
 * Golden regression cases: every test/golden/*.json except the hull-*.json files (those belong to the
 * hull tests). Each file holds two shapes in the JSON SHAPE format, tuple poses
 * ({ position: [x, y, z], quaternion: [x, y, z, w] }), the query, the expected result and an absolute
 * tolerance, plus an `explanation`. The paragraphs below say why each case exists.
 *
 * epa-point-in-cone-axis.json — EPA on a curved shape whose deepest direction is not unique. A point on
 *   the axis of Cone(1, 1) at the cone's centre is 1/√5 from a whole circle of the lateral surface (and 1
 *   from the base). EPA keeps refining the circle of candidate normals, hits EPA_MAX_ITERATIONS (status
 *   'max-iterations', 258 iterations) and reports 0.447254005 instead of 0.447213595: error 4.0e-5, i.e.
 *   9e-5 relative, far above the promised 1e-6. fast-check (epa.prop.test.ts curved suite, seed 4)
 *   found it as sphere/segment/capsule-in-cone with coincident centres; the Point is the smallest form.
 *   Moving the point 1e-3 off the axis still hits the cap (error ~8e-7). Same class as the known
 *   coincident-cylinders weakness, but a curved-vs-point case and a visible depth error (the cylinder
 *   and ellipsoid-centre variants also hit the cap but happen to land on the exact depth).
 *
 * penetration-touching-depth-positive-zero.json — touching cubes: penetration() reports depth −0
 *   (it negates a separation of +0). Harmless under ===, but Object.is(−0, 0) is false, 1/depth is
 *   −Infinity and `expect(depth).toBe(0)` fails. Expected +0. Also seen for every flat Minkowski
 *   difference (a point inside a zero-thickness box).
 *
 * gjk-collinear-hull-vs-point.json — found by the raw-double hard set (seed 12): a three-point collinear
 *   hull against a point 0.213 from its line. The library was right and the brute-force oracle was
 *   wrong (noise-level weights on a zero-area triangle of the Minkowski difference); kept as a
 *   regression for both. Expected value from the closed-form point–segment distance.
 *
 * gjk-status-degenerate-point-near-segment.json — Segment (0,±1,0) against a Point at (1e-6, 1e-6, 1e-6):
 *   the distance √2·1e-6 is exact, but the status is 'degenerate' (2 iterations). With the whole segment
 *   in the simplex, the support along −v is an endpoint already in it and the duality gap v·(v − w) is
 *   rounding of size ε·|w|² (v's error along the segment is ε·|w|). gjk.ts's noise floor
 *   gap ≤ 64·ε·|v|·max|w| scales with |v|, so when |v| ≪ |w| it misses this noise, and the no-progress
 *   exit labels a perfect answer degenerate. Measured on points 1e-3..1e-9 from a length-4 segment's
 *   centre with random rotations: 7–29 % 'degenerate' per decade (0 % at 1e-2 and above). Also seen on
 *   ~1 % of the random curved pairs (cylinder vs rounded cone, certificate gap 2.5e-9 relative).
 *
 * gjk-status-degenerate-cylinder-rounded-cone.json — the same mislabel on a curved pair 0.134 apart
 *   (Cylinder vs Rounded Cone): certificate gap 3.4e-10, status 'degenerate' after 23 iterations. From a
 *   status census of 1500 random pairs (seed 51): 16 'degenerate' GJK results, every one accurate.
 *
 * contact-touch-slack-offset-hull.json — unit cubes given as hull vertices near (1e7, 1e7, 1e7) of their
 *   local frames, overlapping by 1.00005e-5: penetration() says depth 0 (touching), and the same cubes
 *   1e-5 apart are reported intersecting while distance() = 1e-5. touchSlack is 1e-12 × (bounding
 *   radii about the local origins + |t|) = 3.5e-5 here, 10× the 1e-6 relative promise for size-1 shapes,
 *   although the input resolves 2e-9. At vertices near 1e5 the cut-off is 3.5e-7 (within the promise).
 *   A design call for the owner of tolerance.ts: measure the slack by extent, or document it.
 *
 * contact-touching-rotated-cubes-far.json — the touching band far from the origin: at 1e5 the relative
 *   pose alone carries ~1e-11 of rounding, so an exact edge-on-face contact must still report 0.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { shapeFromJSON, type ShapeJSON } from '../src/format/index.js';
import { closestPoints, contact, distance, intersects, penetration } from '../src/index.js';
import * as O from './oracles.js';

interface GoldenCase {
  name: string;
  query: 'distance' | 'closestPoints' | 'intersects' | 'penetration' | 'contact';
  a: ShapeJSON; poseA: O.PoseT;
  b: ShapeJSON; poseB: O.PoseT;
  expected: { status?: string; distance?: number; depth?: number | null; separation?: number | null; intersects?: boolean; positiveZero?: boolean };
  tolerance: number;
  explanation: string;
}

/**
 * Cases whose library bug is still open: they run as `it.fails`, so the suite stays green and turns red
 * once fixed (then delete the entry). GOLDEN_STRICT=1 runs them as plain tests to see the actual failure.
 */
const KNOWN_FAILING: Record<string, string> = {};

const dir = join(dirname(fileURLToPath(import.meta.url)), 'golden');
const files = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.startsWith('hull-')).sort();

function run(c: GoldenCase): void {
  const a = shapeFromJSON(c.a, 'a'), b = shapeFromJSON(c.b, 'b');
  const pa = O.poseObj(c.poseA), pb = O.poseObj(c.poseB);
  const e = c.expected, tol = c.tolerance;
  switch (c.query) {
    case 'distance':
      expect(Math.abs(distance(a, pa, b, pb) - e.distance!)).toBeLessThanOrEqual(tol);
      break;
    case 'closestPoints': {
      const r = closestPoints(a, pa, b, pb);
      expect(Math.abs(r.distance - e.distance!)).toBeLessThanOrEqual(tol);
      if (e.status !== undefined) expect(r.status).toBe(e.status);
      break;
    }
    case 'intersects':
      expect(intersects(a, pa, b, pb)).toBe(e.intersects);
      break;
    case 'penetration': {
      const r = penetration(a, pa, b, pb);
      if (e.depth === null) { expect(r).toBeNull(); break; }
      expect(r).not.toBeNull();
      expect(Math.abs(r!.depth - e.depth!)).toBeLessThanOrEqual(tol);
      if (e.positiveZero) expect(Object.is(r!.depth, 0)).toBe(true);
      // Whatever the depth, the normal must certify it: the overlap along it equals the depth.
      const o = O.overlapAlong({ json: c.a, pose: c.poseA }, { json: c.b, pose: c.poseB }, O.toV3(r!.normal));
      expect(Math.abs(o - r!.depth)).toBeLessThanOrEqual(Math.max(tol, 1e-9));
      break;
    }
    case 'contact': {
      const r = contact(a, pa, b, pb);
      expect(r).not.toBeNull();
      expect(Math.abs(r!.separation - e.separation!)).toBeLessThanOrEqual(tol);
      break;
    }
  }
}

describe('golden cases', () => {
  it('finds the golden files', () => expect(files.length).toBeGreaterThan(0));
  for (const f of files) {
    const c = JSON.parse(readFileSync(join(dir, f), 'utf8')) as GoldenCase;
    if (KNOWN_FAILING[f] !== undefined && process.env.GOLDEN_STRICT !== '1') it.fails(`${f}: ${c.name} [known failing: ${KNOWN_FAILING[f]}]`, () => run(c));
    else it(`${f}: ${c.name}`, () => run(c));
  }
});
