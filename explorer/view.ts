// A three.js viewport in a DOM container: renderer, camera, orbit controls, lights, and rendering on
// demand (only when something changed), so an idle page costs nothing.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

let antialias: boolean | undefined;

/**
 * Multisampling, unless WebGL runs in software (SwiftShader, llvmpipe: headless browsers, machines
 * without a GPU), where it makes each frame about ten times slower. `?antialias=1` or `=0` overrides.
 */
function wantAntialias(): boolean {
  if (antialias !== undefined) return antialias;
  const param = new URLSearchParams(location.search).get('antialias');
  if (param === '1' || param === '0') return (antialias = param === '1');
  let name = '';
  try {
    const gl = document.createElement('canvas').getContext('webgl2');
    const info = gl?.getExtension('WEBGL_debug_renderer_info');
    if (gl && info) name = String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL));
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
  } catch {
    // No answer: assume a GPU.
  }
  return (antialias = !/swiftshader|llvmpipe|softpipe|software/i.test(name));
}

export class View {
  readonly scene = new THREE.Scene();
  readonly camera: THREE.PerspectiveCamera;
  readonly renderer: THREE.WebGLRenderer;
  readonly orbit: OrbitControls;
  readonly container: HTMLElement;
  private pending = false;
  /** Called right before each render. */
  beforeRender: () => void = () => {};

  constructor(container: HTMLElement) {
    this.container = container;
    this.renderer = new THREE.WebGLRenderer({ antialias: wantAntialias(), preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.setClearColor(0x16181d);
    container.prepend(this.renderer.domElement);
    this.camera = new THREE.PerspectiveCamera(45, 1, 0.01, 1000);
    this.camera.position.set(2.2, 1.6, 3.2);
    this.orbit = new OrbitControls(this.camera, this.renderer.domElement);
    this.orbit.addEventListener('change', () => this.requestRender());
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x303040, 1.6));
    const sun = new THREE.DirectionalLight(0xffffff, 1.8);
    sun.position.set(3, 5, 4);
    this.scene.add(sun);
    const fill = new THREE.DirectionalLight(0xffffff, 0.5);
    fill.position.set(-4, -2, -3);
    this.scene.add(fill);
    new ResizeObserver(() => this.resize()).observe(container);
    this.resize();
  }

  private resize(): void {
    const w = Math.max(1, this.container.clientWidth), h = Math.max(1, this.container.clientHeight);
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }

  /** Renders on the next animation frame (once, however often it is asked). */
  requestRender(): void {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.renderNow();
    });
  }

  renderNow(): void {
    this.beforeRender();
    this.renderer.render(this.scene, this.camera);
  }

  /**
   * Points the camera at a sphere (centre, radius) from its current direction, far enough to see it
   * all, and scales the near and far planes to it (the pair files go from 1e-3 to 1e5).
   */
  frame(center: THREE.Vector3, radius: number): void {
    const r = Math.max(radius, 1e-6);
    const dir = this.camera.position.clone().sub(this.orbit.target);
    if (dir.lengthSq() === 0) dir.set(0.55, 0.4, 0.8);
    dir.normalize();
    // The narrower of the vertical and horizontal fields of view decides the distance.
    const halfV = THREE.MathUtils.degToRad(this.camera.fov / 2);
    const halfH = Math.atan(Math.tan(halfV) * this.camera.aspect);
    const dist = (r / Math.sin(Math.min(halfV, halfH))) * 1.1;
    this.orbit.target.copy(center);
    this.camera.position.copy(center).addScaledVector(dir, dist);
    this.camera.near = dist / 1000;
    this.camera.far = dist * 100;
    this.camera.updateProjectionMatrix();
    this.orbit.update();
    this.requestRender();
  }
}
