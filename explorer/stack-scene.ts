// The stacking scene: examples/stack (a sequential-impulse stepper on contactManifold) run live in the
// world view, eight boxes on a ground box, each manifold's points drawn as they are found. With "one
// point per pair" the same stack is stepped on single contact points, and falls.
import * as THREE from 'three';
import { Stack } from '../examples/stack/stack.js';
import { disposeTree } from './geometry.js';
import type { View } from './view.js';

export class StackScene {
  private readonly group = new THREE.Group();
  private readonly points = new THREE.Group();
  private readonly meshes: THREE.Mesh[] = [];
  private stack: Stack | null = null;
  private frame = 0;
  private running = false;
  /** Called with a line of text after each step (time, points, top box's height). */
  onStatus: (text: string) => void = () => {};

  constructor(private readonly view: View) {
    view.scene.add(this.group, this.points);
  }

  get active(): boolean {
    return this.running;
  }

  /** Starts a fresh stack with `maxPoints` points per manifold. */
  start(maxPoints: number): void {
    this.stop();
    const stack = new Stack({ count: 8, maxPoints });
    this.stack = stack;
    stack.bodies.forEach((b, k) => {
      const s = b.shape;
      const mesh = new THREE.Mesh(
        new THREE.BoxGeometry(2 * s.hx, 2 * s.hy, 2 * s.hz),
        new THREE.MeshStandardMaterial({ color: k === 0 ? 0x59606e : new THREE.Color().setHSL(0.08 + 0.07 * k, 0.6, 0.55), roughness: 0.8 }),
      );
      this.meshes.push(mesh);
      this.group.add(mesh);
    });
    this.running = true;
    this.view.frame(new THREE.Vector3(0, 3.5, 0), 5.5);
    const tick = (): void => {
      if (!this.running || this.stack !== stack) return;
      stack.step(1 / 60);
      this.draw(stack);
      this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }

  stop(): void {
    this.running = false;
    cancelAnimationFrame(this.frame);
    for (const g of [this.group, this.points]) {
      for (const child of [...g.children]) {
        g.remove(child);
        disposeTree(child);
      }
    }
    this.meshes.length = 0;
    this.stack = null;
    this.view.requestRender();
  }

  private draw(stack: Stack): void {
    stack.bodies.forEach((b, k) => {
      this.meshes[k].position.set(b.position.x, b.position.y, b.position.z);
      this.meshes[k].quaternion.set(b.quaternion.x, b.quaternion.y, b.quaternion.z, b.quaternion.w);
    });
    for (const child of [...this.points.children]) {
      this.points.remove(child);
      disposeTree(child);
    }
    let count = 0;
    for (const pair of stack.pairs) {
      const m = pair.manifold;
      if (pair.points.length === 0) continue;
      for (let i = 0; i < m.count; i++) {
        const p = m.points[i].pointA;
        const dot = new THREE.Mesh(new THREE.SphereGeometry(0.04, 8, 4), new THREE.MeshBasicMaterial({ color: 0x5fe08a, depthTest: false, transparent: true }));
        dot.position.set(p.x, p.y, p.z);
        dot.renderOrder = 4;
        this.points.add(dot);
        count++;
      }
    }
    const top = stack.bodies[stack.bodies.length - 1].position.y;
    this.onStatus(`t = ${stack.time.toFixed(2)} s, ${count} contact points, top box at y = ${top.toFixed(4)} (rests at 7.5 less the solver's slop)`);
    this.view.requestRender();
  }
}
