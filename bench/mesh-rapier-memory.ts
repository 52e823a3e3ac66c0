/**
 * rapier's memory for one benchmark mesh (bench/mesh-pools.ts MESH_SPECS[k]), in a process of its own:
 * rapier's Rust allocations live in its WASM linear memory, which never shrinks, so only a fresh process
 * shows what a build needs. Prints how much the linear memory (its `WebAssembly.Memory`, caught as rapier
 * instantiates its module) grew over one `ColliderDesc.trimesh` collider in a new world: the build's peak
 * (what it keeps plus its scratch, rounded up by the allocator's growth steps) less the free space the
 * memory already had (at most its initial size, printed too).
 *
 *   node --import tsx bench/mesh-rapier-memory.ts <k>
 */
import { makeMesh, MESH_SPECS } from './mesh-pools.js';

let memory: WebAssembly.Memory | null = null;
const instantiate = WebAssembly.instantiate;
(WebAssembly as { instantiate: unknown }).instantiate = async (...args: unknown[]): Promise<unknown> => {
  const r = await (instantiate as (...a: unknown[]) => Promise<{ instance?: WebAssembly.Instance } & WebAssembly.Instance>)(...args);
  for (const x of Object.values((r.instance ?? r).exports)) if (x instanceof WebAssembly.Memory) memory = x;
  return r;
};
const { default: RAPIER } = await import('@dimforge/rapier3d-compat');

const k = Number(process.argv[2]);
const spec = MESH_SPECS[k];
if (!spec) throw new Error(`mesh-rapier-memory: no mesh ${process.argv[2]}; expected 0 to ${MESH_SPECS.length - 1}`);
await RAPIER.init();
if (memory === null) throw new Error('mesh-rapier-memory: did not see rapier instantiate its WASM module');
const wasm: WebAssembly.Memory = memory;
const m = makeMesh(spec);
const vertices = new Float32Array(m.positions), indices = Uint32Array.from(m.index);
new RAPIER.World({ x: 0, y: 0, z: 0 }).free(); // the world's own allocations, before the baseline
const initial = wasm.buffer.byteLength;
const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
world.createCollider(RAPIER.ColliderDesc.trimesh(vertices, indices));
process.stdout.write(`${JSON.stringify({ mesh: spec.name, bytes: wasm.buffer.byteLength - initial, initial })}\n`);
world.free();
