/**
 * Every tolerance and iteration cap of the library, in one place. All arithmetic is float64: values
 * are derived from `Number.EPSILON` (2.2e-16) with a stated safety factor, never borrowed from float32
 * engines. Each entry says what it compares, its unit, why it has its value and which test pins it: the
 * pins were found by changing each value (÷ and × 1000 or 16, 0, or a far smaller cap) and running the
 * tests; "from below" means the test fails when the value is made smaller, and so on. Guards that no test
 * pins say so, with what they guard against.
 * Callers override the query tolerances per call through a query's `options`; module values are never
 * mutated.
 *
 * Pure speed parameters (table sizes, thresholds between code paths that give the same answer) stay in
 * the file that uses them, each with the benchmark that chose it; HULL_CLIMB_MIN_VERTICES is here
 * because it is a public knob of ConvexHull.
 */

/** Machine epsilon of float64. */
export const EPS = Number.EPSILON;

// ---------------------------------------------------------------------------------------------------
// GJK (query/gjk/gjk.ts)

/**
 * GJK stops when the duality gap `|v|² − v·w` falls below `GJK_RELATIVE_TOLERANCE · |v|²` (unitless).
 * The gap bounds the distance error by `GJK_RELATIVE_TOLERANCE · |v|`, so 1e-12 leaves six orders of
 * margin under the 1e-6 relative accuracy we promise, while staying ~4500 ulps above rounding noise of a
 * dot product of float64 values, so polytopes never spin on noise. Pinned from above by gjk.test.ts "curved
 * shapes converge to 1e-9 relative" (fails at 1e-6); below it GJK ends by its noise floor and progress
 * check instead, with the same answers down to 0. Option: `gjkRelativeTolerance`.
 */
export const GJK_RELATIVE_TOLERANCE = 1e-12;

/**
 * GJK reports contact when `|v|²` falls below `GJK_ABSOLUTE_TOLERANCE · max |w|²` over the simplex (unitless,
 * relative to the largest simplex vertex, so it scales with the problem). ε² means the origin lies within
 * about ε·|w| of the simplex: rounding noise, not a gap. (It was 1e4·ε², which near a box 10^5 long, whose
 * simplex vertices lie 10^5 out, took a cylinder 2.5e-10 above it for touching.) Pinned from below by
 * epa.test.ts "a triangle lying on a box face" and "cylinders stacked along their axis" (fail at 1e-2·ε² and
 * at 0: touching cores must count as touching), from above by long-shapes.test.ts (fails at 1e4·ε²).
 */
export const GJK_ABSOLUTE_TOLERANCE = EPS * EPS;

/**
 * A triangle's normal is taken as the cross product of the two edges at its first corner unless they meet
 * at an angle whose sine squared is below this (unitless; query/gjk/simplex.ts, query/epa/polytope.ts): the
 * cross product's rounding is about ε/sin θ of its length, so below sin θ = 0.01 (100·ε) it is taken from
 * the two shorter edges instead (math/triangle-normal.ts), whose angle is at least 60°. A long thin simplex
 * (corners 10^6 apart and 1 across: angles of 10^-6) needs it; ordinary ones keep the cheaper product.
 * Pinned by long-shapes.test.ts (fails at 0); at 0.25 (30°) hull contacts took 8 % longer.
 */
export const NARROW_CORNER = 1e-4;

/**
 * GJK's tetrahedron (query/gjk/simplex.ts): a volume, or one of its four signed volumes (which side of a face
 * the origin is on), below this times the cube of its largest coordinate (unitless) is taken again from face
 * normals (signedVolumes): the cofactors' rounding is a few ε of that cube, so above 1e-10 of it their signs
 * and ratios hold to 1e-5. Pinned by long-shapes.test.ts (a box 10^9 long, where the cofactors took a simplex
 * the origin lay 1.5 outside of to hold it; fails at 0) and simplex.test.ts "the origin 8e-10 outside a face
 * of a tetrahedron 2e5 long" (its signed volume read +3.8e-4 where it is -1.6e-4, against terms of 10^15).
 */
export const TETRAHEDRON_CONDITION = 1e-10;

/**
 * GJK's noise floor (unitless): the loop also ends when `gap ≤ GJK_NOISE_FLOOR · (Σ|v_i·w_i| + |v|²)`. The
 * rounding error of v·w is at most a few ε·Σ|v_i·w_i| (Higham, "Accuracy and Stability of Numerical
 * Algorithms", §3.1), and of |v|² a few ε·|v|², so a gap below 16 of those cannot be told from zero.
 * (It was 64·ε·|v|·max|w|, which near a shape 10^5 long, whose supports lie 10^5 out along an axis v is
 * perpendicular to, took a gap of 3e-10 for rounding: a distance 3.7e-10 long.) No answer depends on it
 * otherwise (the progress check ends the loop a step later with the same distance); it saves that step.
 * A step that leaves |v|² worse by no more than this noise is taken as a tie (gjk.ts, GJK_STALL_RETRIES).
 * Pinned from below by gjk.test.ts "gjkRelativeTolerance 0: GJK stops at its noise floor" (fails at 4·ε:
 * 12.5 iterations where 16·ε takes 12.0), from above by long-shapes.test.ts (the tilted hull: fails at 64·ε).
 */
export const GJK_NOISE_FLOOR = 16 * EPS;

/**
 * When rounding stops GJK from shrinking |v| (typical on curved shapes, where new supports crowd the
 * simplex), the answer is still reported 'converged' if the duality gap certifies the distance to
 * this relative accuracy (unitless): 100× inside the 1e-6 we promise. Pinned from below by the golden
 * case cylinder-rounded-cone-apart (gap 2.5e-9 relative; fails at 1e-11).
 */
export const GJK_STALL_RELATIVE_TOLERANCE = 1e-8;

/**
 * At a stall, a gap below `GJK_STALL_NOISE · max|w|²` (unitless) is also 'converged': v carries an
 * absolute error of about ε·max|w|, so the gap cannot fall below about ε·max|w|² whatever the distance.
 * Pinned from below by the golden case point-near-segment-centre (a point 1.4e-6 from a length-2 segment;
 * fails at 0.064·ε).
 */
export const GJK_STALL_NOISE = 64 * EPS;

/**
 * GJK takes a step that leaves |v|² the same to rounding (GJK_NOISE_FLOOR), when the relative test has not
 * certified the gap, at most this many times a query: a tie between supports (a point on a thin triangle's
 * vertex, a segment parallel to a long face) then finds, from the new simplex's direction, the vertex that
 * makes progress. Pinned
 * by gjk.test.ts "golden: a point on a thin triangle's vertex touches it" (fails at 0).
 */
export const GJK_STALL_RETRIES = 4;

/**
 * Hard cap on GJK iterations. Polytopes converge in a handful; curved shapes in tens (37 at most on
 * 3,000 curved pairs with `gjkRelativeTolerance` 0). Pinned by gjk.test.ts "curved shapes converge to 1e-9 relative" (fails at 16).
 * Option: `gjkMaxIterations`.
 */
export const GJK_MAX_ITERATIONS = 128;

// ---------------------------------------------------------------------------------------------------
// EPA (query/epa/epa.ts)

/**
 * EPA stops when the support along the closest face's normal is no further than
 * `EPA_RELATIVE_TOLERANCE · size + EPA_ROUNDING · scale` beyond the face (unitless), scale the sum of the
 * bounding radii, size twice the smaller one where that is less (a small shape against a long one), else
 * scale (shapes of a size, or a point against anything). Curved shapes converge
 * roughly quadratically in the face size, so 1e-10 is reached in tens of iterations. Pinned from above by
 * cli.test.ts "matches the closed-form separations" (a post 20 cm into a block: off by 6e-11 at 1e-7);
 * smaller values give the same answers in more iterations. Option: `epaRelativeTolerance`.
 */
export const EPA_RELATIVE_TOLERANCE = 1e-10;

/**
 * The rounding floor of EPA's stopping test (unitless; times the sum of the bounding radii): the support
 * value along a face's normal and the face's plane distance are dot products with points of that magnitude,
 * a few ε of it each, so a gap below 16·ε of it is rounding.
 */
export const EPA_ROUNDING = 16 * EPS;

/**
 * Hard cap on EPA iterations (each adds one vertex). Pinned by epa.prop.test.ts "o(normal) = depth,
 * witnesses on the shapes" (fails at 16). Option: `epaMaxIterations` (at most this).
 */
export const EPA_MAX_ITERATIONS = 256;

/** Hard cap on EPA faces alive at once; the polytope never needs more than 2·vertices − 4. */
export const EPA_MAX_FACES = 2 * (EPA_MAX_ITERATIONS + 8);

/**
 * A new EPA vertex sees a face when it is more than `EPA_VISIBLE_TOLERANCE · scale` above its plane
 * (unitless; times the sum of the bounding radii, a length). 64·ε covers the rounding of a plane
 * through float64 points of that magnitude, so faces the vertex lies on within rounding are kept
 * rather than torn out. Not pinned by any test: no test fails from 0 to ×1e6, and on 80,000 hard pairs
 * (axis-aligned and 45° poses on a grid, coplanar, flat and 1e-7-thin shapes) 0 changes no status and no
 * separation by more than 3e-10. Kept as the guard the horizon walk assumes.
 */
export const EPA_VISIBLE_TOLERANCE = 64 * EPS;

/**
 * EPA's witness points come from the closest face's barycentric coordinates of the origin's projection.
 * When the point they give is farther than this (unitless; times the sum of the bounding radii) from the
 * projection, the projection lies outside the face: the visibility tolerance above keeps faces a new
 * vertex lies on within rounding, so the polytope can hold coplanar faces, and the nearest by a rounding
 * of its distance need not be the one the projection is in. Then the witnesses come from the face of that
 * plane (distance within EPA's tolerance, normal within this of the closest's) nearest the projection;
 * normal and depth stay. Pinned from above by manifolds.test.ts "a cylinder against a knot triangle"
 * (golden): at Infinity its point is 5.3e-3 off its normal.
 */
export const EPA_WITNESS_TOLERANCE = 1e-9;

/**
 * First and last angular step (radians) of the direct search that polishes EPA's best upper bound when
 * EPA stops unconverged (a curved shape whose deepest direction is not unique, such as a point on a
 * cone's axis): the step halves from 0.05 rad (about 3°, finer than EPA's faces by then) until no
 * neighbour improves at 1e-10 rad, where the depth's change is below 1e-20 relative. Pinned by the
 * golden case point-on-cone-axis (from 9e-5 to below 1e-9 relative; fails with a first step of 1e-9, a
 * last step of 1e-4, or 4 evaluations).
 */
export const EPA_POLISH_FIRST_STEP = 0.05;
/** Last angular step (radians) of EPA's polishing search: it stops once the step halves below this (see EPA_POLISH_FIRST_STEP). */
export const EPA_POLISH_LAST_STEP = 1e-10;

/** Cap on support evaluations of the polishing search (each is one support of the Minkowski difference). */
export const EPA_POLISH_MAX_EVALUATIONS = 400;

// ---------------------------------------------------------------------------------------------------
// Queries

/**
 * Relative tolerance for flatness tests (unitless, relative to the problem's scale): a point closer
 * than this to a plane or line counts as lying on it (EPA's flat Minkowski differences). 1e-10 sits well
 * above rounding error of a cross product of float64 values (~1e-15 relative) and far below any feature
 * we must resolve. Not pinned by any test: no test fails from 0 to 1e-4, and on 80,000 hard pairs (as for
 * EPA_VISIBLE_TOLERANCE) 0 changes no depth and no status (one touching pair gets the opposite normal,
 * as valid): a thin Minkowski difference makes GJK end on a tetrahedron, so the flat test is reached only
 * by shapes that are flat to the bit.
 */
export const FLAT_TOLERANCE = 1e-10;

/**
 * Quaternions are accepted when `| |q| − 1 | ≤ QUATERNION_UNIT_TOLERANCE` (unitless), then normalised:
 * JSON written with six decimals is off by up to about 5e-7. Pinned from below by queries.test.ts
 * "slightly non-unit quaternions (within 1e-6) are accepted and normalised" (fails at 1e-7) and from
 * above by pair-query.test.ts "rejects just outside the tolerance rather than clamping" (fails at 1e-5).
 */
export const QUATERNION_UNIT_TOLERANCE = 1e-6;

/**
 * Two shapes whose gap is below the pair's touch slack count as touching, so exact contacts are reported
 * as touching despite rounding. The slack is CONTACT_RELATIVE_TOLERANCE times the sizes the query
 * computes with in A's frame (both bounding radii about the local origins, the distance between the
 * frames), plus POSITION_ULPS ulps of A's world position (the 1-norm of its coordinates). Sizes: GJK and
 * EPA take a touching pair's gap from points of magnitude M as dot products and plane offsets, a few ε·M
 * each (their normals from well-conditioned edges: gjk/simplex.ts), so 8·ε covers it. (It was 256·ε, which
 * made a small shape 5.7e-9 into a box 10^5 long touch it.) Pinned from above by long-shapes.test.ts (fails
 * at 256·ε) and the golden case offset-hull-cubes-overlapping (cubes with vertices near 1e7 overlapping by
 * 1e-5 must not touch), from below only at 0, by gjk.test.ts "exactly touching spheres and boxes".
 */
export const CONTACT_RELATIVE_TOLERANCE = 8 * EPS;

/**
 * The rounding allowed for in certified bounds (`lower`, `upper` of closestPoints and contact), as a
 * fraction of the pair's size (the shapes' bounding radii and their positions' 1-norms): a support's value
 * (a rotation, a dot product, a closed form's few operations, a hull vertex picked among ties) and a
 * witness point's placement each err by a few units of that size's last place; 64 covers them with room.
 */
export const BOUND_ROUNDING = 64 * EPS;

/**
 * The touch slack of a ball, point, segment or capsule against a box in closed form (pairs/sphere-box.ts,
 * pairs/segment-box.ts), relative to the sizes those forms round: the other shape's centre or ends taken
 * into the box's frame (or the offset between the frames) and its radius, not the box's extents, which
 * enter only as the clamp's bounds and the edges' fixed coordinates (exact). Taking a point into the box's
 * frame is a rotation (three products and two sums: 3 ulps), the gap a subtraction and a square root, the
 * radius one subtraction: 16·ε covers it with room. With the pair's own slack (CONTACT_RELATIVE_TOLERANCE
 * of both bounding radii) a ball 2 above a box 1e15 long counted as touching (the hardening issue's
 * reproducer, test/golden/reproducers.test.ts; fails at 256·ε there).
 */
export const BOX_CLOSED_FORM_RELATIVE_TOLERANCE = 16 * EPS;

/**
 * Pairs whose sizes (bounding radii, the offset between the frames) lie within 2^±SCALE_FREE_EXPONENT
 * are answered as they are; others on a copy scaled by a power of two to a size near 1 (exact), since
 * GJK and EPA multiply up to four lengths together: 2^(4·200) stays inside float64's range of 2^±1022,
 * with a margin for the sizes' own spread. Pinned from above by scale-free.test.ts "every length times
 * 2^k" (fails at 400: pairs at 2^±400 run unscaled and lose digits); no test fails at 256 or 300.
 */
export const SCALE_FREE_EXPONENT = 200;

/**
 * A pair's general path (GJK, EPA) runs in B's frame rather than A's when B's bounding radius is more than
 * this many times A's (unitless; query/pair/working-frame.ts): the larger shape's vertices are then exact,
 * and only the smaller's are rounded by the carry between frames. Pairs of like sizes keep A's frame (no
 * gain either way). Pinned by long-shapes.test.ts "the small shape first" (a ball on a box 10^9 long off
 * by 0.1 in the ball's frame; fails at Infinity).
 */
export const LARGER_FRAME_RATIO = 2;

/**
 * Ulps of A's world position (the 1-norm of its coordinates) in the touch slack (unitless): the only
 * rounding the positions bring is that of B's position taken into A's frame (a subtraction, then a
 * rotation) and of the answer taken back (an addition), a few ulps of the positions. It was 256 ulps of the sum of all six
 * coordinates, so at 1e12 from the origin an overlap of 0.34 counted as touching. Pinned from above by
 * queries.test.ts "far from the origin, the slack is a few ulps of the positions" (an overlap of 1e-2 at
 * 1e12 must not touch; fails at ×8), and from below only at 0, by the same test (two boxes turned by 30°
 * and placed face to face there must touch; a separation of -5e-5 from the rounding of their positions).
 */
export const POSITION_ULPS = 8;

/**
 * A capsule's or segment's core entering a polytope (query/pairs/contact-capsule-hull.ts): the witnesses
 * found for the least facet (the segment's deepest point over the face, or the closest points with the
 * edge) must give that facet's depth to within this times the pair's size (unitless), else the query takes
 * the general path. Rounding leaves them a few ulps apart; a witness off its facet would be off by a share
 * of the size. The property tests pass from 1e-13 to 1e-3 (pinned by none).
 */
export const CAPSULE_WITNESS_AGREEMENT = 1e-9;

/**
 * Two polytopes overlapping (query/pairs/contact-polytopes.ts): the witness pair found for the least
 * facet of their difference (a deepest incident point over the reference face, or the closest points of
 * two edges) must give that facet's value to within this times the pair's size (bounding radii and the
 * distance between their origins; unitless), else the query takes the general path. Rounding leaves them
 * a few ulps apart; a witness off its facet would be off by a share of the size.
 */
export const POLYTOPE_WITNESS_AGREEMENT = 1e-9;

/**
 * The separating-axis pass of two polytopes that meet (query/pairs/contact-polytopes.ts, after GJK found
 * their cores meeting) costs about its faces times the other's corners, both ways, plus one polytope's
 * edges times the other's faces and edges (a count of inner-loop steps). Beyond this count the pair takes
 * EPA, which costs less there. Measured in one process, overlapping pairs, the pass over EPA: a triangle
 * and a box (88 steps) 0.60, a triangle and an 8-point hull (142) 0.80, a box and a tetrahedron (176)
 * 0.92, two tetrahedra (92) 0.83; a triangle and a 16-point hull (326) 0.95, a box and a 6-point hull
 * (340) 1.02, a box and a 30-point hull (about 2,300) 2.7, two 30-point hulls (about 12,000) 9. (A box
 * and a hull now take a pass of their own, query/pairs/contact-box-hull.ts, which needs no box edge.)
 */
export const POLYTOPE_SAT_MAX_WORK = 200;

/**
 * Two convex hulls take the separating-axis pass that walks their Gauss maps
 * (query/pairs/contact-hull-hull.ts) when each has at most this many faces and the generic pass above
 * would cost more than POLYTOPE_SAT_MAX_WORK; larger hulls take GJK and EPA. The walk's cost grows with
 * every face and edge (each is bounded, the ones the bounds keep are walked), EPA's with the few facets
 * near the answer. Measured in one process, `contact` with a limit of 0.02 on random hulls of n points,
 * the walk over GJK and EPA, shallow (centres 0.75–0.95 of the diameter apart) and deep (0.3–0.7): n = 8
 * (12 faces) 0.78 and 0.71, 12 (20) 0.89 and 0.79, 16 (28) 0.86 and 0.88, 20 (36) 0.97 and 0.94, 24 (44)
 * 1.02 and 1.04, 30 (56) 1.07 and 1.18; the generic pass beat the walk on 5 points (0.87 against 1.14).
 */
export const HULL_WALK_MAX_FACES = 40;

/**
 * Two segments count as parallel, for the normal of their closest points, when the sine² of their angle is
 * below this (unitless; query/pairs/closest-segments.ts): their cross product is then rounding, and the
 * normal is taken from the points' difference or a perpendicular instead. Not pinned by any test: the
 * closed-form and cast tests pass from 0 to 1e-6 (their parallel cases are exactly parallel).
 */
export const SEGMENTS_PARALLEL_SINE2 = 1e-12;

/**
 * Two boxes' separating-axis test skips an edge–edge axis whose cross product is no longer than this (the
 * sine s of the edges' angle, unitless; query/manifold/manifold-box-box.ts, pairs/intersects-box-box.ts).
 * Read, such an axis has a direction off by a few ε/s (the overlap along it is still an overlap, so never
 * too deep); skipped, the overlap it would have given lies within s times the difference's reach and two
 * edge lengths of the other axes' (its edges' arcs in the Gauss map nearly coincide, and along them the
 * overlap is linear but for s times an edge's length; where the arc ends, a face axis is within s). √ε
 * balances the two, at about 1e-7 of the reach; the certified bounds allow for both (8ε/s, 6s). At 1e-6 two boxes meeting edge on edge at an angle of 3e-7 read 5.6e-7 too deep
 * (test/query/certified-bounds.test.ts).
 */
export const BOX_EDGES_PARALLEL_SINE = 1.5e-8;

// ---------------------------------------------------------------------------------------------------
// The collision world (world/)

/**
 * Scene-query boxes are grown by this times their sizes and positions (unitless; world/scene-queries.ts):
 * above the pairwise queries' touch slack (CONTACT_RELATIVE_TOLERANCE, 8 ε, and POSITION_ULPS ulps), so a
 * body that a query counts as touching is never left out by its box. Only adds candidates, which the exact
 * query then decides. Pinned from below by world-queries.test.ts "overlapShape: exactly the bodies that
 * intersect the shape" (fails at 0).
 */
export const WORLD_QUERY_BOX_SLACK = 1e-12;

/**
 * The slack of a pair's tight-box test before its narrow phase, relative to the boxes' sizes and positions
 * (world/narrow-phase.ts): a gap between boxes bounds the shapes' distance from below, and the exact
 * query's rounding (its answers hold to about 1e-12 of the sizes) must not make a pair the test drops touch
 * by it. Not pinned by any test: the world tests pass from 0 to 1e-12 (no random pair lands within rounding
 * of the margin with its boxes as far apart as the shapes).
 */
export const WORLD_PAIR_BOX_SLACK = 1e-9;

/**
 * How much less than its clearance a separated pair may be passed by with, relative to its boxes' sizes
 * and positions (world/narrow-phase.ts, clearBy): the rounding of the separation bound the query proved and
 * of the motion sums. Pinned in sign by collision-world.test.ts "pairs at the margin, to 1e-9" (fails at
 * −1e-6, a clearance longer than the bound); not from below (0 passes).
 */
export const WORLD_MOTION_SLACK = 1e-9;

// ---------------------------------------------------------------------------------------------------
// Scene graphs (math/world-pose.ts, math/transform.ts)

/**
 * A 4×4 world matrix is read as a pose times a per-axis scale when its upper 3×3 block's columns are
 * orthogonal within MATRIX_ORTHOGONAL_TOLERANCE (the cosine of the angle between two columns, unitless)
 * and its last row is (0, 0, 0, 1) within it. three.js composes world matrices in float64, where products
 * of a few rotations stay orthogonal to about 1e-15; a matrix written with six decimals has column
 * cosines up to about 1.8e-6 (elements off by up to 5e-7: 2.3 % of random rotations exceed 1e-6, the
 * largest of 20,000 seen 1.4e-6); a shear from a non-uniformly scaled parent of a rotated child is the
 * scale ratio minus 1 times the rotation's sine or so, far above this for any visible shear. Pinned
 * from below by world-pose.test.ts "reads matrices rounded to six decimals" (fails at 1e-6) and from
 * above by "rejects a sheared matrix, naming the columns" (a shear of 1e-5 must be rejected; fails at 1e-5).
 */
export const MATRIX_ORTHOGONAL_TOLERANCE = 4e-6;

/**
 * Scale components whose magnitudes agree within UNIFORM_SCALE_TOLERANCE (relative, unitless) are one
 * scale: `Scaled` then keeps the inner shape's swept radius (times the largest, so the shape grows by at
 * most this fraction of the radius), and `worldPose` reads a scale within it of ±1 as exactly ±1. A scale
 * read back from a world matrix carries a few ulps of rounding: of 1,000 randomly rotated groups, 807
 * scaled by 2 read back non-uniform and 879 unscaled ones not exactly 1, which would turn a scaled sphere
 * into a smooth shape for GJK (9.5 times the iterations). Pinned by world-pose.test.ts "an unscaled
 * rotated object reads back scale 1 exactly; a uniformly scaled one gives a Scaled shape with a radius"
 * (fails at 0; no test fails at 1e-9).
 */
export const UNIFORM_SCALE_TOLERANCE = 1e-12;

/**
 * How deep queries may nest inside one another: a user's support function may run queries itself, each
 * of which takes its own work record (query-work.ts). A cap on that recursion, so a support function
 * that queries itself forever ends in an error, not a stack overflow. Pinned by reentrancy.test.ts "a
 * support function that queries itself forever is an error" (it checks the depth named in the message).
 */
export const QUERY_MAX_NESTING = 64;

/**
 * How deep wrapper shapes (Rounded, MinkowskiSum, Scaled) may nest, counted from the innermost shape: a
 * query recurses once per level in every support call, and 100,000 levels overflowed the stack. Applied by
 * the constructors and by the JSON reader. Pinned by scaled.test.ts "nesting deeper than the cap is an
 * error at construction" (fails at any other value).
 */
export const SHAPE_MAX_NESTING = 32;

/**
 * How many ancestors of a three.js object a query walks to check that its local pose is its world pose
 * (every ancestor untransformed, no scale): a cap on a loop over a caller's `parent` chain, which a
 * hostile object could make cyclic. Scene graphs are a handful of levels deep.
 */
export const SCENE_GRAPH_MAX_DEPTH = 256;

// ---------------------------------------------------------------------------------------------------
// Hulls (hull/*.ts, shapes/convex-hull.ts)

/**
 * Safety factor of the hull tolerance: `ε_hull = HULL_TOLERANCE_FACTOR · ε · (max|x| + max|y| + max|z|)`
 * (a length). Barber et al. §4 bound the roundoff of a point–plane distance by a few ε times the
 * largest coordinate sum; planes of thin triangles amplify that, so we keep a wide margin (48) over the
 * ~3 ulps of the bare dot product: about 3e-14 for unit-sized input. Pinned both ways by quickhull.test.ts
 * "golden: perturbed grids that the flat-edge merge alone got wrong" (it counts tolerance steps; fails at
 * ÷16 and ×16).
 */
export const HULL_TOLERANCE_FACTOR = 48;

/**
 * How many times a build may quadruple its tolerance when the faces merged at it are not a valid hull:
 * up to 4¹⁰ ≈ 10⁶ times the default, about 2e-8 of the coordinates' magnitude. Perturbed grids need a
 * few (13³ and 20³ grids perturbed by 1e-12: up to five); thin elliptic cylinders (1e-5 to 1e-4 thick,
 * 100 to 10,000 long) up to ten, and one such build of 1,000 points does not settle within ten
 * (docs/hulls.md, "Known limits"). Pinned by quickhull.test.ts "golden: thin elliptic cylinders" (fails at 2).
 */
export const HULL_TOLERANCE_STEPS = 10;

/**
 * A hull is valid when every input point lies within `HULL_COVER_FACTOR · ε_hull` of it (unitless):
 * validateHull's default, and the check a build makes of its near points before it accepts a
 * tolerance step. Points dropped within ε_hull of a face can end up to a few ε_hull outside the
 * merged faces. Also the distance from the triangulation beyond which a point dropped within ε_hull of
 * a face plane becomes an apex after all (hull/near-points.ts: beside a knife edge). Pinned from below
 * by quickhull.test.ts "golden: lattices perturbed by 1e-12 to 1e-9" and eight other hull tests (fail
 * at ÷16); no test fails at ×16.
 */
export const HULL_COVER_FACTOR = 4;

/**
 * A hull face is flat when its corners lie within `HULL_FACE_FLATNESS · ε_hull` of its plane, and convex
 * when every neighbour of its corners lies at most that far above it (unitless); otherwise the build
 * retries at a coarser tolerance. Pinned both ways by quickhull.test.ts "golden: thin elliptic cylinders"
 * (fails at ÷16 and ×16).
 */
export const HULL_FACE_FLATNESS = 2;

/**
 * A point found above a face by at most `HULL_NEAR_FACE · ε_hull` (unitless) is assigned to the face it
 * is furthest above, not the first one found: a point nearly coplanar with some faces can lie far above
 * another. Pinned from below by quickhull.test.ts "golden: perturbed grids that the flat-edge merge alone
 * got wrong" (fails at 1); no test fails at ×16.
 */
export const HULL_NEAR_FACE = 16;

/**
 * A new face whose smallest altitude is at most `HULL_NEEDLE · ε_hull` (unitless) is a needle, and the
 * nearly coplanar face beyond its horizon edge joins the visible set (absorbFolds). Pinned from below by
 * quickhull.test.ts "golden: perturbed grids that the flat-edge merge alone got wrong" (fails at 1/8); no
 * test fails at ×16.
 */
export const HULL_NEEDLE = 2;

/**
 * Cap on absorbFolds rounds per apex step. On ten 8³ grids perturbed by 1e-13, 140 of 516 apex steps
 * took a round, 15 a second and one a third; on 1,000 and 100,000 points in a ball none did. Pinned by
 * quickhull.test.ts "golden: an apex collinear with a horizon edge does not make a needle face" (fails at 0).
 */
export const HULL_FOLD_ROUNDS = 8;

/**
 * A triangle whose two edges at its best corner span a sine below √HULL_THIN_TRIANGLE (0.01; unitless,
 * compared as sine²) gets its cross product from exact products: the plain one's direction is off by up
 * to about ε/sin. Pinned only at 0, by quickhull.test.ts "golden: a needle face (three points nearly in a
 * row)" (no test fails from 6e-6 to 1e-2: the needles of the tests are far thinner).
 */
export const HULL_THIN_TRIANGLE = 1e-4;

/**
 * Largest point count × face count that a build checks against its finished hull (about 0.1 s here);
 * above it, it trusts the build. Pinned at 0 by quickhull.test.ts "golden: lattices perturbed by 1e-12 to
 * 1e-9" (the check is what sends those builds to the next tolerance step).
 */
export const HULL_COVER_CHECK_BUDGET = 1 << 24;

/**
 * ConvexHull finds support points of hulls with more vertices than this by hill climbing over the
 * vertex adjacency, from a start table of cube-map cells (up to 192 vertices with no other state, above
 * from the last answer too: convex-hull.ts); smaller ones scan. A speed switch (both give a maximiser, and
 * up to 192 vertices the same one), chosen by GJK distance between two hulls of n points on a sphere (one
 * hull object as A and B, random poses; climb ÷ scan in one process, alternating builds): 1.37 at 6
 * vertices, 1.11 at 12, 1.03 at 16, 0.92 at 20, 0.90 at 24, 0.82 at 30 and 32. On random directions alone
 * (bench/hull.bench.ts, "support … scan / climb") scan and climb cost about the same at 32 vertices, climb
 * 2× faster at 128 and 4× at 1,000. Answers do not depend on it (0 passes every test); convex-hull.test.ts
 * "climbs from the start table" fails when no hull climbs.
 */
export const HULL_CLIMB_MIN_VERTICES = 19;

/**
 * Contact manifolds: a cylinder's or a cone's flat end is offered as a face, a straight line of a
 * curved side or an edge as the contact's feature, and a rounded feature is clipped (its core points
 * moved along the normal onto its surface), only when the sine of the angle between them and the
 * normal is at most this (unitless): a rounded feature tilted further has its moved points inside it,
 * and a tilted disc's rim points miss the deepest one. Pinned by manifold.test.ts "a capsule lying on
 * a box gives 2 points" (fails at 0) and the deepest-point property (fails at 1e-2).
 */
export const MANIFOLD_ALIGNMENT_TOLERANCE = 1e-7;

/**
 * A mesh's inner edges in contactManifolds (query/manifold/contact-manifolds.ts), relative to a triangle's size:
 * vertices within this of a triangle's support plane form its support feature (an edge, a vertex, or the
 * face), a neighbour's vertex within this of the plane makes an edge flat (inner), and a face contact's
 * point within this of the triangle is on it. Far above rounding (the witness points sit on the triangle
 * to a few ulps), far below any real tilt. Pinned by manifolds.test.ts's flat-mesh slide and rest (a
 * sphere 2e-10 past an inner edge is a face contact).
 */
export const MESH_FEATURE_TOLERANCE = 1e-9;

/**
 * Contact manifolds: a face of A or B can be the reference face when the sine of the angle between its
 * normal and the contact normal is at most this (unitless). Exact at any angle: points are measured
 * along the normal to the reference face's own plane, the deepest is the contact's or the manifold
 * falls back to one point (MANIFOLD_DEPTH_AGREEMENT). It decides only when nearly parallel faces give a
 * region: two boxes of a stack that tilt a little against each other touch edge to edge, with a normal
 * a few thousandths of a radian off both faces, and a single point there toppled the stack
 * (examples/stack). 0.1 is about 6°; the edge contacts of the conformance cases are 0.2 rad and more off.
 * Pinned by stack.test.ts (a stack of 3 fell at 1e-7) and manifold.test.ts "golden: edge against edge
 * gives one point" (fails at 1).
 */
export const MANIFOLD_REFERENCE_TOLERANCE = 0.1;

/**
 * Rim points of a cylinder's or a cone's flat end when it is clipped as a face (a multiple of 4, so that
 * the reduction keeps an inscribed square: 2/π of a disc's area). Pinned by manifold.test.ts "a standing
 * cylinder's disc" (a disc of 4 points cannot cover 60 % of the area once clipped).
 */
export const MANIFOLD_DISC_POINTS = 16;

/** Largest `maxPoints` a contact manifold takes (the default is 4, what a solver needs). */
export const MANIFOLD_MAX_POINTS = 16;

/**
 * A clipped manifold whose deepest point does not agree with the contact query's separation within this
 * times the pair's size (the sum of the bounding radii) falls back to the single contact point: the
 * clipping found the wrong faces. Pinned by manifold.test.ts "the deepest point equals contact's
 * separation" (the check itself; no known pair reaches it).
 */
export const MANIFOLD_DEPTH_AGREEMENT = 1e-9;

/**
 * The GJK ray cast stops when the ray's point is within this times the problem's size (the shape's
 * bounding radius plus the origin's distance to it) of the shape: a relative length. The closed forms of
 * the triangle and the segment count a ray within it of them as a hit, as the GJK ray cast does. Pinned by
 * ray-cast.test.ts "hit points on the surface" (fails at 1e-4).
 */
export const RAY_CAST_RELATIVE_TOLERANCE = 1e-12;

/** Cap on GJK ray-cast iterations; the status of a cast that reaches it is still a bound. */
export const RAY_CAST_MAX_ITERATIONS = 128;

/**
 * A shape cast ends when the separation is within this times the problem's size (the shapes' bounding
 * radii and the motion's sweep) of the target, each step aiming half of it beyond the target: a relative
 * length. Not smaller: the normal of two shapes a distance δ apart is their closest points' difference
 * over δ, good to about ε·size/δ, and at 1e-10 it missed separating two parallel faces by 1e-6 of the
 * size (conformance casts.json, parallel-1-18). At 1e-7 the time is within 1e-7 of the size over the
 * closing speed. Pinned by shape-cast.test.ts and casts.json.
 */
export const SHAPE_CAST_RELATIVE_TOLERANCE = 1e-7;

/**
 * A linear shape cast (a GJK ray cast on the pair's Minkowski difference) ends when the ray's point is
 * within this times the pair's size (bounding radii, offset, target) of the grown difference. Tighter than
 * SHAPE_CAST_RELATIVE_TOLERANCE: the ray cast converges fast (at most 41 iterations on casts.json, where
 * cylinders' rims are the slowest), its time is then exact to this, and with a margin its normal, taken
 * between the witness points, is within the square root of it. Pinned by linear-cast.test.ts's golden
 * cylinder and cone: at 1e-8 their witness normal missed the target by 1.5e-6 (1e-7 of the size).
 */
export const SHAPE_CAST_RAY_TOLERANCE = 1e-10;

/** Cap on conservative-advancement steps of a shape cast (its status says when it was reached). */
export const SHAPE_CAST_MAX_ITERATIONS = 256;

/**
 * Cap on a character move's casts (world/character-controller.ts): each meets a surface and turns the rest of
 * the motion along it, so a move into a corner of k surfaces takes about k + 1; rapier's controller stops at
 * 20 slides, Jolt's CharacterVirtual at its `mMaxCollisionIterations` of 5. A move that reaches it stops
 * where it is (never nearer than the offset to anything).
 */
export const CHARACTER_MAX_ITERATIONS = 10;

/**
 * Bins of the binned surface-area heuristic that builds a static BVH (Wald 2007 uses 16 to 32: more bins
 * find slightly cheaper splits at a linear cost in build time).
 */
export const BVH_BINS = 16;

/** Largest number of boxes a static BVH's leaf holds (more go to a split, unless their centroids coincide). */
export const BVH_MAX_LEAF_ITEMS = 4;

/**
 * The same for a triangle mesh's hierarchy. Larger than a compound's: half the nodes (their boxes were a
 * third of a mesh's memory), with its triangles stored in leaf order. Measured against leaves of 4 on the
 * benchmark's torus knots: 73 bytes a triangle against 90, queries 20-30 % faster at 1M triangles, within
 * ±10 % (the machine's noise) at 10k.
 */
export const MESH_MAX_LEAF_TRIANGLES = 8;

// ---------------------------------------------------------------------------------------------- 2D

/**
 * A 2D hull (Polygon) drops a point whose turn is within this of straight: the sine of the angle at it
 * (unitless). A dropped point lies within about 1e-12 of the hull's size from it, far inside the
 * queries' own tolerance, and collinear or repeated points never become vertices (2d/hull2.ts).
 */
export const HULL2_COLLINEAR_TOLERANCE = 1e-12;

/**
 * A 2D hull merges a vertex within `HULL2_MERGE_TOLERANCE · scale` of its neighbour (scale: the largest
 * coordinate's magnitude; unitless), so no edge has a length of rounding noise.
 */
export const HULL2_MERGE_TOLERANCE = 64 * EPS;

/**
 * Overlapping 2D cores take their depth from separating axes (2d/sat2.ts) while the scans cost at most this
 * many dot products (edges of one core times vertices of the other, both ways), else from EPA: separating
 * axes are exact with no iteration and cheaper on small cores (two 8-gons: 128), EPA on large ones.
 * Chosen by bench/plane.bench.ts (see docs/performance.md, "Two dimensions").
 */
export const SAT2_MAX_WORK = 160;

/**
 * A turning 2D cast's window ends on a tie of two vertices when the turn to the next one is below this
 * (radians; 2d/cast2.ts): the next window starts on the vertex the turn moves to (a window of a rounding
 * error's length would make no progress), whose extent is then short of the other's by under |p|·slack²,
 * far below the cast's tolerance. Not pinned by any test: the 2D tests pass from 0 to 1e-9.
 */
export const CAST2_AXIS_ANGLE_SLACK = 1e-12;

/**
 * A 2D cast's contact normal this close to an edge normal (1 − cosine, unitless; 2d/cast2.ts, axisFrame)
 * is that edge's. Not pinned by any test: the 2D tests pass from 0 to 1e-6.
 */
export const CAST2_FACE_COSINE_SLACK = 1e-9;

/**
 * A decomposition's cut (decompose/plane-clip.ts) counts a vertex within this fraction of the part's size
 * (its box's diagonal; unitless) as on the plane: far above the rounding of a plane's evaluation (a few ε of
 * the size), so a crossing point is never within rounding of a vertex, and far below any feature a
 * decomposition keeps (its concavity is a percent or so of the size). Not pinned by any test: the clip's
 * volume-conservation tests and the decompositions' pass from 1e-14 to 1e-9.
 */
export const CLIP_PLANE_TOLERANCE = 1e-12;

/**
 * `decompose` welds vertices within this fraction of the mesh's diagonal by default (its `weldTolerance`):
 * three.js repeats a seam's vertices a few ulps apart (a torus's seam differs by sin 2π ≈ −2.4e-16 of its
 * radius), which exact welding would leave open.
 */
export const DECOMPOSE_WELD_TOLERANCE = 1e-10;

/**
 * A cut whose smaller side holds less than this fraction of the part's volume is a sliver, not progress
 * (decompose/cut-planes.ts): candidates are kept 2 % in from a part's ends, so only a plane grazing a
 * thin feature comes this close.
 */
export const DECOMPOSE_MIN_SIDE_VOLUME = 1e-6;
