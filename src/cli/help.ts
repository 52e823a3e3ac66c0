/**
 * The `convex-collide` command's help: the overview (`--help`, `help`) and each command's own page
 * (`convex-collide help COMMAND`, `convex-collide COMMAND --help`): its usage, input and output formats
 * and an example that runs anywhere, its input given on standard input (an installed package has no
 * example files). test/cli/cli.test.ts runs every example.
 */

/** A command's runnable example: its input document (on standard input) and its arguments. */
export interface CommandExample {
  readonly input: string;
  readonly args: readonly string[];
  /** What `example COMMAND` writes when it is not `input` one item a line: decompose's, an OBJ file. */
  readonly file?: string;
}

/**
 * `example decompose`: an L-shaped block, the square [0, 2]² less [1, 2]², 1 deep, as an OBJ file. Its
 * faces are quads on the unit grid, so the cut that splits it into its two boxes (x = 1) runs along edges.
 */
const L_BLOCK_OBJ = `# An L-shaped block: the square [0, 2] x [0, 2] less [1, 2] x [1, 2], from z = 0 to z = 1 (volume 3).
# convex-collide decompose cuts it into two boxes.
v 0 0 0
v 1 0 0
v 2 0 0
v 0 1 0
v 1 1 0
v 2 1 0
v 0 2 0
v 1 2 0
v 0 0 1
v 1 0 1
v 2 0 1
v 0 1 1
v 1 1 1
v 2 1 1
v 0 2 1
v 1 2 1
# bottom (z = 0) and top (z = 1), counter-clockwise seen from outside
f 1 4 5 2
f 2 5 6 3
f 4 7 8 5
f 9 10 13 12
f 10 11 14 13
f 12 13 16 15
# sides
f 1 2 10 9
f 2 3 11 10
f 3 6 14 11
f 6 5 13 14
f 5 8 16 13
f 8 7 15 16
f 7 4 12 15
f 4 1 9 12
`;

const at = '"poseA": {"position": [0, 0, 0], "quaternion": [0, 0, 0, 1]}';
const atB = '"poseB": {"position": [3, 0, 0], "quaternion": [0, 0, 0, 1]}';

/** Each command's example, run by the tests. */
export const EXAMPLES: Readonly<Record<string, CommandExample>> = {
  query: { input: `{"pairs": [{"id": "p", "a": {"type": "sphere", "radius": 1}, ${at}, "b": {"type": "box", "halfExtents": [1, 1, 1]}, ${atB}}]}`, args: ['query', '--table', '-'] },
  manifold: { input: `{"pairs": [{"id": "p", "a": {"type": "box", "halfExtents": [1, 1, 1]}, ${at}, "b": {"type": "box", "halfExtents": [1, 1, 1]}, "poseB": {"position": [0, 1.9, 0], "quaternion": [0, 0, 0, 1]}}]}`, args: ['manifold', '-'] },
  raycast: { input: '{"rays": [{"id": "r", "shape": {"type": "sphere", "radius": 1}, "pose": {"position": [0, 0, 0], "quaternion": [0, 0, 0, 1]}, "origin": [-5, 0, 0], "direction": [1, 0, 0]}]}', args: ['raycast', '-'] },
  cast: { input: `{"casts": [{"id": "c", "a": {"type": "sphere", "radius": 0.5}, ${at}, "motionA": {"linear": [1, 0, 0]}, "b": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}, ${atB}}]}`, args: ['cast', '-'] },
  scene: { input: '{"bodies": [{"id": "a", "shape": {"type": "sphere", "radius": 1}, "pose": {"position": [0, 0, 0], "quaternion": [0, 0, 0, 1]}}, {"id": "b", "shape": {"type": "box", "halfExtents": [1, 1, 1]}, "pose": {"position": [1.5, 0, 0], "quaternion": [0, 0, 0, 1]}}]}', args: ['scene', '-'] },
  hull: { input: '{"points": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [0.1, 0.1, 0.1]]}', args: ['hull', '-'] },
  decompose: { input: '{"positions": [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1], "indices": [0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3]}', args: ['decompose', '-'], file: L_BLOCK_OBJ },
  query2d: { input: '{"pairs": [{"id": "p", "a": {"type": "circle", "radius": 1}, "poseA": {"position": [0, 0], "angle": 0}, "b": {"type": "box", "halfExtents": [1, 1]}, "poseB": {"position": [3, 0], "angle": 0}}]}', args: ['query2d', '-'] },
  scene2d: { input: '{"bodies": [{"id": "a", "shape": {"type": "circle", "radius": 1}, "pose": {"position": [0, 0], "angle": 0}}, {"id": "b", "shape": {"type": "box", "halfExtents": [1, 1]}, "pose": {"position": [1.5, 0], "angle": 0}}], "steps": [{"poses": [{"id": "b", "pose": {"position": [4, 0], "angle": 0}}]}]}', args: ['scene2d', '-'] },
};

const example = (command: string): string => `  echo '${EXAMPLES[command].input}' \\\n    | convex-collide ${EXAMPLES[command].args.join(' ')}`;

const EXIT = `Exit status:
  0  success
  1  query, query2d, manifold, raycast, cast, scene (a list): some pair (ray, cast, scene) could not be answered (its result holds "error"; the others are answered)
  2  bad usage, or input that cannot be read or parsed at all, or a bad scene or scene2d field, or a mesh
     decompose cannot take (message on stderr)`;

/** The overview: every command in a line, how to get a command's page, the exit statuses. */
export const HELP = `convex-collide: exact collision queries between convex shapes, in 3D and in the plane

Usage:
  convex-collide query [--table] FILE   answer every pair of a pair-query file
  convex-collide query --jsonl FILE     answer a pair stream: one pair per line in, one result per line out
  convex-collide manifold FILE          contact manifold (the contact region's points) of every pair
  convex-collide raycast FILE           where each ray of a ray file first meets its shape
  convex-collide cast FILE              time of impact of every cast of a cast file
  convex-collide scene FILE             every touching pair of many bodies, and rays' first hits
  convex-collide hull FILE              convex hull of a point list
  convex-collide decompose FILE         convex parts of a closed mesh (OBJ or JSON), as hulls
  convex-collide query2d FILE           answer every pair of a 2D pair file
  convex-collide scene2d FILE           many bodies in the plane: touching pairs, rays, boxes, steps
  convex-collide help COMMAND           a command's input and output formats, with an example
  convex-collide example COMMAND        an input file for a command, to start from
  convex-collide --help | --version

FILE is a path, or - to read standard input.

Examples:
${example('query')}
  convex-collide example query > pairs.json
  convex-collide query pairs.json > results.json
  convex-collide example query --jsonl > pairs.jsonl
  convex-collide query --jsonl pairs.jsonl > results.jsonl

${EXIT}
`;

const SHAPES_3D = `shapes: {"type": "point" | "segment" | "triangle" | "sphere" | "box" | "capsule" | "cylinder" | "cone" |
"ellipsoid" | "convexHull" | "rounded" | "minkowskiSum" | "scaled" | "compound" | "mesh", ...} (the package's
docs/formats.md, "SHAPE"); poses: {"position": [x, y, z], "quaternion": [x, y, z, w]}`;

/** Each command's page. */
export const COMMAND_HELP: Readonly<Record<string, string>> = {
  query: `Usage: convex-collide query [--table | --jsonl] FILE

Answers every pair of a pair-query file: whether the shapes meet, their signed separation (minus the
depth when they overlap), the normal from A to B and a witness point on each.

Input:  {"pairs": [{"id", "a", "poseA", "b", "poseB"}, ...]}
        ${SHAPES_3D}
Output: {"results": [{"id", "intersecting", "separation", "normal", "pointA", "pointB"}, ...]},
        or {"id", "error"} for a pair that cannot be answered.
Options:
  --table  print a readable table instead of JSON
  --jsonl  read one pair object per line and write one result object per line, in order, in
           constant memory (split, shard and join streams with any line-based tool)

Example:
${example('query')}
`,
  manifold: `Usage: convex-collide manifold FILE

The contact manifold of every pair: the points of the contact region, for a physics step.

Input:  the query format, with an optional "margin" per pair (report points up to that separation)
Output: {"results": [{"id", "manifolds": [{"partA", "partB", "normal", "points": [{"pointA", "pointB",
        "separation", "featureA", "featureB"}, ...]}]}, ...]}: no manifold when the pair is farther apart
        than its margin; features as "v3", "e5", "f2", or "" on a curved surface.

Example:
${example('manifold')}
`,
  raycast: `Usage: convex-collide raycast FILE

Where each ray first meets its shape.

Input:  {"rays": [{"id", "shape", "pose", "origin", "direction", "maxT", "solid"}, ...]}
Output: {"results": [{"id", "hit": true, "t", "point", "normal"} | {"id", "hit": false}, ...]}

Example:
${example('raycast')}
`,
  cast: `Usage: convex-collide cast FILE

The time of impact of two moving shapes.

Input:  {"casts": [{"id", "a", "poseA", "motionA", "b", "poseB", "motionB", "maxTime",
        "targetSeparation"}, ...]} (a motion: {"linear": [x, y, z], "angular": [x, y, z]})
Output: {"results": [{"id", "hit": true, "time", "normal", "pointA", "pointB"} | {"id", "hit": false}, ...]}

Example:
${example('cast')}
`,
  scene: `Usage: convex-collide scene FILE

Every touching pair of many bodies (a collision world's update), and rays' first hits.

Input:  {"bodies": [{"id", "shape", "pose"}, ...], "margin", "rays": [{"id", "origin", "direction",
        "maxT"}, ...]}, or a list of them: {"scenes": [{"id", "scene": {...}}, ...]}
Output: {"contacts": [{"a", "b", "separation", "normal", "pointA", "pointB"}, ...], "rayHits": [{"id",
        "hit", "body", "t", "point", "normal"}, ...]}: every pair within the margin once, a before b in
        the input; for a list, {"results": [{"id", "contacts", "rayHits"} | {"id", "error"}, ...]}.

Example:
${example('scene')}
`,
  hull: `Usage: convex-collide hull FILE

The convex hull of a point list.

Input:  {"points": [[x, y, z], ...]}
Output: {"vertices", "faces", "normals"}

Example:
${example('hull')}
`,
  decompose: `Usage: convex-collide decompose [--concavity X] [--max-parts N] [--effort E] [--seed N] [--format F] FILE

Cuts a closed mesh into convex parts (a convex decomposition, for collision shapes): every point of the
solid lies in some part, and each part's hull stands out of the solid by at most about the concavity.

Input:  a Wavefront OBJ file (v and f lines; faces of any number of corners, ear-clipped in their plane; other
        statements ignored), or {"positions": [x, y, z, ...], "indices": [i, j, k, ...]} (three indices
        from 0 a triangle; no "indices": every three vertices a triangle). The mesh must be closed
        (watertight); vertices within 1e-10 of its diagonal are welded first.
Output: {"parts": [{"vertices": [[x, y, z], ...], "faces": [[i, j, k, ...], ...]}, ...], "concavity", "cuts",
        "merges"}: each part's hull, faces counter-clockwise seen from outside (as hull writes them);
        "concavity" is the largest left in a part, a fraction of the mesh's diagonal.
        --format three: [BufferGeometry JSON, ...], one a part, as three.js's BufferGeometryLoader
        reads it (positions and triangle indices, no normals: use a flat-shaded material).
Options:
  --concavity X  the largest concavity a part may keep, a fraction of the mesh's bounding-box diagonal
                 (from 1e-4 to 1; default 0.02)
  --max-parts N  at most N parts (1 to 1024; default 32)
  --effort E     how hard to look for cuts: fast, balanced (the default) or thorough
  --seed N       the seed of the measures' sample placement (0 to 4294967295; default 1): the same
                 input, options and seed give the same parts
  --format F     json (the default) or three
A progress bar is drawn on standard error when it is a terminal.

Example:
${example('decompose')}
  convex-collide example decompose > l-block.obj
  convex-collide decompose --format three l-block.obj > parts.json
`,
  query2d: `Usage: convex-collide query2d FILE

The query command in the plane.

Input:  the query format with shapes {"type": "point" | "segment" | "circle" | "box" | "capsule" |
        "polygon" | "rounded", ...} and poses {"position": [x, y], "angle": radians}
Output: the query command's results, with 2-vectors.

Example:
${example('query2d')}
`,
  scene2d: `Usage: convex-collide scene2d FILE

Many bodies in the plane, answered by a collision world: every pair within the margin, rays' first
hits, the bodies whose boxes meet query boxes, after a first update and after each step.

Input:  {"bodies": [{"id", "shape", "pose", "static"?}, ...], "margin"?, "rays"?: [{"id", "origin": [x, y],
        "direction": [x, y], "maxT"?}, ...], "aabbs"?: [{"id", "min": [x, y], "max": [x, y]}, ...],
        "steps"?: [{"remove": [id, ...], "add": [BODY, ...], "poses": [{"id", "pose"}, ...], "rays", "aabbs"}, ...]}
        (2D shapes and poses as query2d's)
Output: {"contacts": [{"a", "b", "separation", "normal", "pointA", "pointB"}, ...], "rayHits": [...],
        "aabbHits": [{"id", "bodies": [id, ...]}, ...], "steps": [{"contacts", "began", "ended",
        "rayHits", "aabbHits"}, ...]} (aabbHits with boxes, steps with steps)

Example:
${example('scene2d')}
`,
};

/** The `example` command's page. */
export const EXAMPLE_HELP = `Usage: convex-collide example COMMAND
       convex-collide example query --jsonl

Writes an input document COMMAND answers (query, query2d, manifold, raycast, cast, scene, scene2d, hull or
decompose), one item a line, to start a file from; with query --jsonl, a pair stream (one pair object a line);
for decompose, an OBJ file (an L-shaped block).

Example:
  convex-collide example query > pairs.json
  convex-collide query --table pairs.json
`;
