/**
 * cannon-es (pure JavaScript) for the collision-world benchmark (bench/world.bench.ts): its broad phase
 * and narrow phase called directly, as `World.internalStep` calls them, without the solver or the
 * integration. Every moving body is a dynamic body (mass 1) whose position and rotation we set, every
 * static body a body of mass 0; the world has no gravity and no friction (so no friction equations are
 * made). cannon-es makes contacts only where a body is dynamic: between two kinematic bodies its narrow
 * phase merely tests for overlap.
 *
 * Shapes: boxes (`Box`, which collides as a convex polyhedron), spheres, 30-point hulls as
 * `ConvexPolyhedron`s of the palette's exact triangulation, and capsules as a body of three shapes, since
 * cannon-es has none: two spheres and a 12-sided cylinder (inscribed: a little thinner than the capsule).
 *
 * Per step: body positions and quaternions set (`aabbNeedsUpdate` marked), then the timed part:
 * `SAPBroadphase.collisionPairs` (boxes updated, the body list insertion-sorted along x, swept) and
 * `Narrowphase.getContacts` on its pairs, the previous step's contact equations recycled as the world
 * does. Contact pairs: distinct body pairs among the contact equations.
 */
import * as CANNON from 'cannon-es';
import { hullTopology, type V3 } from '../oracles.js';
import type { PaletteShape } from '../world-scene.js';
import type { WorldEngine, WorldEngineFactory } from './world-common.js';

const hullFaces = new Map<number, number[][]>();

function addShapes(body: CANNON.Body, p: PaletteShape): void {
  const q = p.params;
  if (p.kind === 'box') body.addShape(new CANNON.Box(new CANNON.Vec3(q[0], q[1], q[2])));
  else if (p.kind === 'sphere') body.addShape(new CANNON.Sphere(q[0]));
  else if (p.kind === 'capsule') {
    const h = q[0], r = q[1];
    body.addShape(new CANNON.Sphere(r), new CANNON.Vec3(0, h, 0));
    body.addShape(new CANNON.Sphere(r), new CANNON.Vec3(0, -h, 0));
    if (h > 0) body.addShape(new CANNON.Cylinder(r, r, 2 * h, 12)); // along y in cannon-es
  } else {
    const pts: V3[] = [];
    for (let k = 0; k < q.length; k += 3) pts.push([q[k], q[k + 1], q[k + 2]]);
    let faces = hullFaces.get(q.length);
    if (!faces) { faces = hullTopology(pts).tris.map((t) => [...t]); hullFaces.set(q.length, faces); }
    body.addShape(new CANNON.ConvexPolyhedron({ vertices: pts.map(([x, y, z]) => new CANNON.Vec3(x, y, z)), faces }));
  }
}

export const cannonWorldEngine: WorldEngineFactory = (scene, poses) => {
  const world = new CANNON.World({ gravity: new CANNON.Vec3(0, 0, 0) });
  world.defaultContactMaterial.friction = 0;
  const broadphase = new CANNON.SAPBroadphase(world);
  world.broadphase = broadphase;
  const n = scene.moving + scene.statics, moving = scene.moving;
  const bodies: CANNON.Body[] = [];
  for (let i = 0; i < n; i++) {
    const o = 7 * i;
    const body = new CANNON.Body({ mass: i < moving ? 1 : 0 });
    addShapes(body, scene.palette[scene.shapeOf[i]]);
    body.position.set(poses[o], poses[o + 1], poses[o + 2]);
    body.quaternion.set(poses[o + 3], poses[o + 4], poses[o + 5], poses[o + 6]);
    body.aabbNeedsUpdate = true;
    world.addBody(body);
    bodies.push(body);
  }
  const p1: CANNON.Body[] = [], p2: CANNON.Body[] = [];
  const contacts = world.contacts, oldContacts: CANNON.ContactEquation[] = [];
  const frictions = world.frictionEquations, frictionPool: CANNON.FrictionEquation[] = [];
  return {
    lib: 'cannon-es',
    note: 'positions and quaternions set, then `SAPBroadphase.collisionPairs` and `Narrowphase.getContacts` (dynamic bodies of mass 1, static of mass 0; contact equations, no solver)',
    setPoses(ps) {
      for (let i = 0; i < moving; i++) {
        const o = 7 * i, b = bodies[i];
        b.position.set(ps[o], ps[o + 1], ps[o + 2]);
        b.quaternion.set(ps[o + 3], ps[o + 4], ps[o + 5], ps[o + 6]);
        b.aabbNeedsUpdate = true;
      }
    },
    step() {
      p1.length = 0; p2.length = 0;
      broadphase.dirty = true;
      broadphase.collisionPairs(world, p1, p2);
      for (let i = 0; i < contacts.length; i++) oldContacts.push(contacts[i]);
      contacts.length = 0;
      for (let i = 0; i < frictions.length; i++) frictionPool.push(frictions[i]);
      frictions.length = 0;
      world.narrowphase.getContacts(p1, p2, world, contacts, oldContacts, frictions, frictionPool);
    },
    contactPairs() {
      const seen = new Set<number>();
      for (const c of contacts) {
        const a = Math.min(c.bi.id, c.bj.id), b = Math.max(c.bi.id, c.bj.id);
        seen.add(a * 4_194_304 + b);
      }
      return seen.size;
    },
  } satisfies WorldEngine;
};
