/**
 * A ray against a half-space, in its local frame, in closed form: the ray's height above the plane y = 0
 * is `oy + t·dy`, so it enters where that reaches 0 going down (Ericson, Real-Time Collision Detection
 * §5.3.1, a segment against a plane). From inside, a solid half-space is hit at t = 0; a hollow one is left
 * where the ray rises through the plane, and never when it does not rise.
 *
 * The answer goes into `hit`: hit[0] 1 or 0, hit[1] the ray parameter t, hit[2] 1 when the normal is the
 * plane's (+y) and 0 when the origin is inside a solid half-space (the caller then reports −direction).
 */
export function castHalfSpaceRay(oy: number, dy: number, maxT: number, solid: boolean, hit: Float64Array): void {
  hit[0] = 0;
  if (oy <= 0) {
    if (solid) { hit[0] = 1; hit[1] = 0; hit[2] = 0; return; }
    if (!(dy > 0)) return; // inside and never rising: it never leaves
  } else if (!(dy < 0)) {
    return; // above and never falling
  }
  const t = -oy / dy;
  // (A parameter past float64's range, from a ray all but parallel to the plane, is a miss.)
  if (!(t <= maxT) || !(t < Infinity)) return;
  hit[0] = 1; hit[1] = t; hit[2] = 1;
}
