import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

// The explorer is a user of the library like any other: it imports 'convex-collide' and
// 'convex-collide/format', which in this repository resolve to the TypeScript sources of the two public
// entries (no prior `npm run build` needed).
export default defineConfig({
  root: here,
  base: './',
  resolve: {
    alias: [
      { find: /^convex-collide$/, replacement: fileURLToPath(new URL('../src/index.ts', import.meta.url)) },
      { find: /^convex-collide\/format$/, replacement: fileURLToPath(new URL('../src/format/index.ts', import.meta.url)) },
    ],
  },
  server: {
    host: '127.0.0.1',
    fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] },
  },
  preview: { host: '127.0.0.1' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // three.js alone is ~700 kB unminified; one chunk is fine for a local tool.
    chunkSizeWarningLimit: 2000,
  },
});
