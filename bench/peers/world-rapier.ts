/**
 * rapier3d-compat (WASM, float32) for the collision-world benchmark (bench/world.bench.ts): a `World` with
 * zero gravity, each moving body a kinematic position-based rigid body with one collider, each static body
 * a collider with no parent (fixed). Colliders take `ActiveCollisionTypes.ALL`, so that pairs of kinematic
 * bodies, and kinematic–fixed pairs, get contacts (by default rapier skips them). Hulls are convex meshes
 * of the palette's exact triangulation (no hull rebuilt per collider); capsules are rapier capsules (y axis).
 *
 * Per step: `setNextKinematicTranslation` and `setNextKinematicRotation` per moving body (one vector and
 * one rotation record, refilled), then `world.step()`: the kinematic bodies' moves, the broad phase (its
 * BVH), the narrow phase (a contact manifold with up to 4 points per pair whose boxes, grown by the
 * prediction distance, meet; points kept down to the prediction distance), the islands, and a solver with
 * nothing dynamic to solve. Contact pairs: pairs with a manifold of at least one point (counted after the
 * step, untimed, through `contactPairsWith` and `contactPair`).
 */
import RAPIER from '@dimforge/rapier3d-compat';
import { hullTopology, type V3 } from '../oracles.js';
import type { PaletteShape } from '../world-scene.js';
import type { WorldEngine, WorldEngineFactory } from './world-common.js';
import { initRapier } from './rapier.js';

export { initRapier };

const hullIndices = new Map<number, Uint32Array>();

function colliderDesc(p: PaletteShape): RAPIER.ColliderDesc {
  const q = p.params;
  if (p.kind === 'box') return RAPIER.ColliderDesc.cuboid(q[0], q[1], q[2]);
  if (p.kind === 'sphere') return RAPIER.ColliderDesc.ball(q[0]);
  if (p.kind === 'capsule') return RAPIER.ColliderDesc.capsule(q[0], q[1]);
  // Every hull of the palette is the same template scaled, so one triangulation serves them all.
  let idx = hullIndices.get(q.length);
  if (!idx) {
    const pts: V3[] = [];
    for (let k = 0; k < q.length; k += 3) pts.push([q[k], q[k + 1], q[k + 2]]);
    idx = Uint32Array.from(hullTopology(pts).tris.flat());
    hullIndices.set(q.length, idx);
  }
  return RAPIER.ColliderDesc.convexMesh(new Float32Array(q), idx)!;
}

/** rapier's prediction distance (world units) in a default world: its contact margin. */
export function rapierPredictionDistance(): number {
  const w = new RAPIER.World({ x: 0, y: 0, z: 0 });
  const d = w.integrationParameters.normalizedPredictionDistance * w.integrationParameters.lengthUnit;
  w.free();
  return d;
}

/**
 * `pipelineOnly`: time `world.physicsPipeline.step(…)` with the arguments `world.step()` passes, without
 * the bookkeeping `world.step()` does after it in this version (`mapNewSoftBodies`: a JavaScript pass over
 * every body and collider handle, through calls into the WASM module, to wrap what the step created and
 * drop what it removed; nothing here is created or removed).
 */
export function rapierWorldEngine(pipelineOnly: boolean): WorldEngineFactory {
  return (scene, poses) => makeRapierEngine(scene, poses, pipelineOnly);
}

function makeRapierEngine(scene: Parameters<WorldEngineFactory>[0], poses: Float64Array, pipelineOnly: boolean): WorldEngine {
  const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
  const n = scene.moving + scene.statics, moving = scene.moving;
  const bodies: RAPIER.RigidBody[] = [];
  const colliders: RAPIER.Collider[] = [];
  const rot = { x: 0, y: 0, z: 0, w: 1 }, pos = { x: 0, y: 0, z: 0 };
  for (let i = 0; i < n; i++) {
    const o = 7 * i;
    rot.x = poses[o + 3]; rot.y = poses[o + 4]; rot.z = poses[o + 5]; rot.w = poses[o + 6];
    const desc = colliderDesc(scene.palette[scene.shapeOf[i]]).setActiveCollisionTypes(RAPIER.ActiveCollisionTypes.ALL);
    if (i < moving) {
      const body = world.createRigidBody(RAPIER.RigidBodyDesc.kinematicPositionBased().setTranslation(poses[o], poses[o + 1], poses[o + 2]).setRotation(rot));
      bodies.push(body);
      colliders.push(world.createCollider(desc, body));
    } else {
      colliders.push(world.createCollider(desc.setTranslation(poses[o], poses[o + 1], poses[o + 2]).setRotation(rot)));
    }
  }
  // World.step's own call (rapier.mjs): the pipeline's step with the world's parts, no event queue or hooks.
  const w = world as unknown as Record<string, unknown> & { physicsPipeline: { step: (...a: unknown[]) => void } };
  const pipeline = (): void => w.physicsPipeline.step(w.gravity, w.integrationParameters, w.islands, w.broadPhase, w.narrowPhase, w.bodies, w.colliders, w.softBodies, w.impulseJoints, w.multibodyJoints, w.ccdSolver, undefined, undefined);
  return {
    lib: pipelineOnly ? 'rapier (pipeline only)' : 'rapier',
    note: pipelineOnly
      ? '`world.physicsPipeline.step(…)` with the arguments `world.step()` gives it, without the JavaScript pass over every handle that `world.step()` makes after it'
      : '`setNextKinematicTranslation` and `setNextKinematicRotation` per moving body, then `world.step()` (kinematic bodies and fixed colliders, `ActiveCollisionTypes.ALL`; manifolds of up to 4 points, float32)',
    setPoses(ps) {
      for (let i = 0; i < moving; i++) {
        const o = 7 * i, b = bodies[i];
        pos.x = ps[o]; pos.y = ps[o + 1]; pos.z = ps[o + 2];
        rot.x = ps[o + 3]; rot.y = ps[o + 4]; rot.z = ps[o + 5]; rot.w = ps[o + 6];
        b.setNextKinematicTranslation(pos);
        b.setNextKinematicRotation(rot);
      }
    },
    step: pipelineOnly ? pipeline : () => world.step(),
    contactPairs() {
      let count = 0;
      const isMoving = new Map<number, number>();
      for (let i = 0; i < moving; i++) isMoving.set(colliders[i].handle, i);
      for (let i = 0; i < moving; i++) {
        const c = colliders[i];
        world.contactPairsWith(c, (other) => {
          const j = isMoving.get(other.handle);
          if (j !== undefined && j < i) return; // each moving–moving pair once
          let touching = false;
          world.contactPair(c, other, (m) => { if (m.numContacts() > 0) touching = true; });
          if (touching) count++;
        });
      }
      return count;
    },
    free() { world.free(); },
  };
}
