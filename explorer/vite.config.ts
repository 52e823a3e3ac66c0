import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

// The explorer is a user of the library like any other: it imports 'convex-collide' and
// 'convex-collide/format' (and its plane page 'convex-collide/2d'), which in this repository resolve to the
// TypeScript sources of the public entries (no prior `npm run build` needed).
export default defineConfig({
  root: here,
  base: './',
  resolve: {
    alias: [
      { find: /^convex-collide$/, replacement: fileURLToPath(new URL('../src/index.ts', import.meta.url)) },
      { find: /^convex-collide\/format$/, replacement: fileURLToPath(new URL('../src/format/index.ts', import.meta.url)) },
      { find: /^convex-collide\/2d$/, replacement: fileURLToPath(new URL('../src/2d/index.ts', import.meta.url)) },
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
    // Three pages: the 3D explorer, the plane's (2d.html) and the convex decomposition's (decompose.html).
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        plane: fileURLToPath(new URL('2d.html', import.meta.url)),
        decompose: fileURLToPath(new URL('decompose.html', import.meta.url)),
      },
    },
  },
});
