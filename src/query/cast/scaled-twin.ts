/**
 * A built-in quadric or box seen at `f` times its size (a power of two), as a shape of its own kind: the
 * ray cast's scale-free path (ray-cast.ts) casts at a copy scaled to a size near 1, and a ScaleView (its
 * support points scaled) has no kind, so the closed forms (ray-quadrics.ts, ray-closed-forms.ts) were
 * passed over for the GJK ray cast, whose tolerance is looser: a cone at 2^200 lost seven digits
 * (2.93529710 for 2.93529720). Each kind has one scratch instance, its fields rewritten per cast: ray casts
 * do not nest (ray-cast.ts), and these shapes run no user code.
 */
import { Box } from '../../shapes/box.js';
import { Capsule } from '../../shapes/capsule.js';
import { Cone } from '../../shapes/cone.js';
import { Cylinder } from '../../shapes/cylinder.js';
import { Ellipsoid } from '../../shapes/ellipsoid.js';
import type { ConvexShape } from '../../shapes/shape.js';
import { Sphere } from '../../shapes/sphere.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

let twins: { sphere: Sphere; box: Box; capsule: Capsule; cylinder: Cylinder; cone: Cone; ellipsoid: Ellipsoid } | null = null;

/** `shape` at `f` times its size as a scratch shape of its own kind, or null for a kind without a twin. */
export function scaledTwin(shape: ConvexShape, f: number): ConvexShape | null {
  const t = twins ?? (twins = {
    sphere: new Sphere(1), box: new Box(1, 1, 1), capsule: new Capsule(1, 1), cylinder: new Cylinder(1, 1), cone: new Cone(1, 1), ellipsoid: new Ellipsoid(1, 1, 1),
  });
  switch (shape.kind) {
    case 'sphere': {
      const s = t.sphere as Mutable<Sphere>;
      s.radius = s.sweptRadius = s.boundingRadius = shape.radius * f;
      return t.sphere;
    }
    case 'box': {
      const s = t.box as Mutable<Box>;
      s.hx = shape.hx * f; s.hy = shape.hy * f; s.hz = shape.hz * f; s.boundingRadius = shape.boundingRadius * f;
      return t.box;
    }
    case 'capsule': {
      const s = t.capsule as Mutable<Capsule>;
      s.halfHeight = shape.halfHeight * f; s.radius = s.sweptRadius = shape.radius * f; s.boundingRadius = shape.boundingRadius * f;
      return t.capsule;
    }
    case 'cylinder': {
      const s = t.cylinder as Mutable<Cylinder>;
      s.halfHeight = shape.halfHeight * f; s.radius = shape.radius * f; s.boundingRadius = shape.boundingRadius * f;
      return t.cylinder;
    }
    case 'cone': {
      const s = t.cone as Mutable<Cone>;
      s.halfHeight = shape.halfHeight * f; s.radius = shape.radius * f; s.boundingRadius = shape.boundingRadius * f;
      return t.cone;
    }
    case 'ellipsoid': {
      const s = t.ellipsoid as Mutable<Ellipsoid>;
      s.rx = shape.rx * f; s.ry = shape.ry * f; s.rz = shape.rz * f; s.boundingRadius = shape.boundingRadius * f;
      return t.ellipsoid;
    }
    default: return null;
  }
}
