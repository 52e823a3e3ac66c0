/**
 * What the collision-world benchmark's engines share (bench/world.bench.ts): each builds its world from a
 * scene (bench/world-scene.ts) with every body at its step-0 pose, untimed, then per step is given the
 * moving bodies' poses and steps.
 */
import type { WorldScene } from '../world-scene.js';

export interface WorldEngine {
  lib: string;
  ours?: boolean;
  /** What its step includes, for the notes. */
  note: string;
  /** Moves the moving bodies (0 … scene.moving − 1) to `poses` (7 numbers a body: position, quaternion x y z w). Timed apart from the step. */
  setPoses(poses: Float64Array): void;
  /** One step: broad phase and narrow phase on the poses last set (a promise for an engine that steps on threads). */
  step(): void | Promise<void>;
  /** Pairs of bodies with at least one contact point after the last step (untimed). */
  contactPairs(): number;
  /** Frees what the engine holds outside the JavaScript heap. */
  free?(): void;
}

/**
 * Makes an engine for `scene` with every body at its pose in `poses`. `margin`: the separation up to which
 * a pair counts as a contact (rapier's prediction distance).
 */
export type WorldEngineFactory = (scene: WorldScene, poses: Float64Array, margin: number) => WorldEngine;
