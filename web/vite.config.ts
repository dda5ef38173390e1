import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contracts = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));
const contractsDir = realpathSync(fileURLToPath(new URL('../libs/contracts/src', import.meta.url)));
const gateway = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@cincy/contracts': contracts } },
  build: {
    outDir: 'dist',
    // Read by scripts/prerender.mjs: each prerendered page links its own chunk and styles.
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // Contracts modules only declare constants and schemas: a page that needs BUSINESS must not
        // also download every zod schema through the barrel file.
        moduleSideEffects: (id: string) => !id.startsWith(`${contractsDir}/`),
      },
      // Rolldown would otherwise merge modules shared by several lazy staff pages (zod, later antd)
      // into the entry chunk, which every public visitor downloads.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
    },
  },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/socket.io': { target: gateway, changeOrigin: true, ws: true },
    },
  },
});
