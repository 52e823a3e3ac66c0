/**
 * Every tolerance of the library, in one place. All arithmetic is float64: values are derived from
 * `Number.EPSILON` (2.2e-16) with a stated safety factor, never borrowed from float32 engines.
 * Callers override them per call through a query's `options`; module values are never mutated.
 */

/** Machine epsilon of float64. */
export const EPS = Number.EPSILON;

/**
 * GJK stops when the duality gap `|v|² − v·w` falls below `GJK_RELATIVE_TOLERANCE · |v|²` (unitless).
 * The gap bounds the distance error by `GJK_RELATIVE_TOLERANCE · |v|`, so 1e-12 leaves six orders of
 * margin under the 1e-6 relative accuracy we promise, while staying ~4500 ulps above rounding noise of a
 * dot product of float64 values, so polytopes never spin on noise. Pinned by `gjk.test.ts` (curved shapes
 * converge to 1e-9 relative within the iteration cap).
 */
export const GJK_RELATIVE_TOLERANCE = 1e-12;

/**
 * GJK reports contact when `|v|²` falls below `GJK_ABSOLUTE_TOLERANCE · max |w|²` over the simplex (unitless,
 * relative to the largest simplex vertex, so it scales with the problem). 1e4·ε² ≈ 5e-28 means the origin
 * lies within about 1e2·ε·|w| of the simplex: rounding noise, not a gap.
 */
export const GJK_ABSOLUTE_TOLERANCE = 1e4 * EPS * EPS;

/**
 * When rounding stops GJK from shrinking |v| (typical on curved shapes, where new supports crowd the
 * simplex), the answer is still reported 'converged' if the duality gap certifies the distance to
 * this relative accuracy (unitless): 100× inside the 1e-6 we promise. Pinned by the golden case
 * gjk-status-degenerate-cylinder-rounded-cone (gap 2.5e-9 relative).
 */
export const GJK_STALL_RELATIVE_TOLERANCE = 1e-8;

/** Hard cap on GJK iterations. Polytopes converge in a handful; curved shapes in tens. */
export const GJK_MAX_ITERATIONS = 128;

/**
 * EPA stops when the support along the closest face's normal is no further than
 * `EPA_RELATIVE_TOLERANCE · max(depth, scale)` beyond the face (unitless). Curved shapes converge
 * roughly quadratically in the face size, so 1e-10 is reached in tens of iterations.
 */
export const EPA_RELATIVE_TOLERANCE = 1e-10;

/** Hard cap on EPA iterations (each adds one vertex). */
export const EPA_MAX_ITERATIONS = 256;

/** Hard cap on EPA faces alive at once; the polytope never needs more than 2·vertices − 4. */
export const EPA_MAX_FACES = 2 * (EPA_MAX_ITERATIONS + 8);

/**
 * Relative tolerance for flatness tests (unitless, relative to the problem's scale): a point closer
 * than this to a plane or line counts as lying on it. 1e-10 sits well above rounding error of
 * a cross product of float64 values (~1e-15 relative) and far below any feature we must resolve.
 */
export const FLAT_TOLERANCE = 1e-10;

/** Quaternions are accepted when `| |q| − 1 | ≤ QUATERNION_UNIT_TOLERANCE`, then normalised. */
export const QUATERNION_UNIT_TOLERANCE = 1e-6;

/**
 * Two shapes whose gap is below CONTACT_RELATIVE_TOLERANCE times the magnitude of the coordinates
 * involved (both bounding radii about the local origins, both world positions, the distance between the
 * frames) count as touching, so exact contacts are reported as touching despite rounding. Rounding of a
 * float64 coordinate of magnitude M is ε·M, and a query chains a few dozen operations, so 256·ε ≈ 5.7e-14
 * covers it; it stays far below any real gap of a well-posed input (golden case
 * contact-touch-slack-offset-hull: cubes with vertices near 1e7 overlapping by 1e-5 must not touch).
 */
export const CONTACT_RELATIVE_TOLERANCE = 256 * EPS;
