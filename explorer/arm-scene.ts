// The arm scene: examples/arm (a chain of capsules pushed out of obstacles by gradient steps on the summed
// penetration, its gradient from contactDerivativesBatch) run live: one small step a frame, links red while
// they cut into an obstacle, each such pair's contact normal drawn at its witness, the cost on the status
// line.
import * as THREE from 'three';
import { Box, Sphere } from 'convex-collide';
import { Arm, defaultObstacles } from '../examples/arm/arm.js';
import { disposeTree } from './geometry.js';
import type { View } from './view.js';

/** The largest joint turn of a frame's step (radians): small, so that the arm is seen to move. */
const TURN = 0.004;

export class ArmScene {
  private readonly group = new THREE.Group();
  private readonly arrows = new THREE.Group();
  private readonly links: THREE.Mesh[] = [];
  private arm: Arm | null = null;
  private frame = 0;
  private running = false;
  /** Called with a line of text after each step. */
  onStatus: (text: string) => void = () => {};

  constructor(private readonly view: View) {
    view.scene.add(this.group, this.arrows);
  }

  get active(): boolean {
    return this.running;
  }

  start(): void {
    this.stop();
    const arm = new Arm(defaultObstacles());
    this.arm = arm;
    for (const o of arm.obstacles) {
      const s = o.shape;
      const geometry = s instanceof Sphere ? new THREE.SphereGeometry(s.radius, 32, 16) : s instanceof Box ? new THREE.BoxGeometry(2 * s.hx, 2 * s.hy, 2 * s.hz) : new THREE.BufferGeometry();
      const mesh = new THREE.Mesh(geometry, new THREE.MeshStandardMaterial({ color: 0x59606e, roughness: 0.8, transparent: true, opacity: 0.75 }));
      mesh.position.set(o.position.x, o.position.y, o.position.z);
      mesh.quaternion.set(o.quaternion.x, o.quaternion.y, o.quaternion.z, o.quaternion.w);
      this.group.add(mesh);
    }
    const capsule = new THREE.CapsuleGeometry(arm.radius, arm.length, 8, 16);
    for (let j = 0; j < arm.links; j++) {
      const mesh = new THREE.Mesh(capsule, new THREE.MeshStandardMaterial({ color: 0xd9a441, roughness: 0.6 }));
      this.links.push(mesh);
      this.group.add(mesh);
    }
    this.running = true;
    this.view.frame(new THREE.Vector3(-0.7, 1.3, 0.3), 2.8);
    const tick = (): void => {
      if (!this.running || this.arm !== arm) return;
      const before = arm.cost;
      if (before > 0) arm.step(TURN);
      this.draw(arm, before);
      this.frame = requestAnimationFrame(tick);
    };
    this.draw(arm, arm.cost);
    this.frame = requestAnimationFrame(tick);
  }

  stop(): void {
    this.running = false;
    cancelAnimationFrame(this.frame);
    for (const g of [this.group, this.arrows]) {
      for (const child of [...g.children]) {
        g.remove(child);
        disposeTree(child);
      }
    }
    this.links.length = 0;
    this.arm = null;
    this.view.requestRender();
  }

  private draw(arm: Arm, before: number): void {
    const cutting = new Set<number>();
    for (const child of [...this.arrows.children]) {
      this.arrows.remove(child);
      disposeTree(child);
    }
    for (const pair of arm.penetrating()) {
      cutting.add(pair.link);
      const n = new THREE.Vector3(pair.normal[0], pair.normal[1], pair.normal[2]);
      const arrow = new THREE.ArrowHelper(n, new THREE.Vector3(pair.point[0], pair.point[1], pair.point[2]), 0.35, 0x5fe08a, 0.08, 0.05);
      this.arrows.add(arrow);
    }
    for (let j = 0; j < arm.links; j++) {
      const p = arm.linkPose(j), mesh = this.links[j];
      mesh.position.set(p[0], p[1], p[2]);
      mesh.quaternion.set(p[3], p[4], p[5], p[6]);
      (mesh.material as THREE.MeshStandardMaterial).color.set(cutting.has(j) ? 0xe0605f : 0xd9a441);
    }
    this.onStatus(arm.cost > 0 || before > 0
      ? `step ${arm.steps}: summed penetration (past a ${arm.margin} margin) ${arm.cost.toFixed(5)}, ${cutting.size} link${cutting.size === 1 ? '' : 's'} still in`
      : `clear after ${arm.steps} steps: every link ${arm.margin} or more from every obstacle`);
    this.view.requestRender();
  }
}
