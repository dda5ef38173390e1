import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import {
  contracts,
  contractsHaveNoSideEffects,
  contractsModule,
  isPlainContractsModule,
  isSchemaModule,
} from './vite.contracts.ts';

const gateway = 'http://localhost:3000';

/**
 * Plain modules only the staff screens and the customer's own pages (tracking) use: dispatch's
 * lifecycle and shifts, notify's texts, the tracking steps. Their own chunk, so the landing page
 * and the booking form neither download nor run them (every contracts module is reached through
 * the barrel file, so Rolldown cannot tell which pages use which on its own).
 */
const isStaffConstantsModule = (id: string) =>
  /^(dispatch|notify|inventory|identity|billing)\/|^booking\/tracking\.ts$/.test(
    contractsModule(id) ?? '',
  );

/** The VIN reader and the fitment labels: fetched once a vehicle is typed or picked. */
const isVehicleModule = (id: string) =>
  ['booking/vin.ts', 'booking/fitment.ts'].includes(contractsModule(id) ?? '');

/** Which plain-constants chunk a contracts module goes to. */
const constantsChunk = (id: string) =>
  isStaffConstantsModule(id) ? 'staff-constants' : isVehicleModule(id) ? 'vehicle' : 'constants';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@cincy/contracts': contracts } },
  build: {
    outDir: 'dist',
    // Read by scripts/prerender.mjs: each prerendered page links its own chunk and styles.
    manifest: true,
    emptyOutDir: true,
    // The Reports page's charts (G2, ~480 kB gzip) are one lazy chunk only that page loads.
    chunkSizeWarningLimit: 1800,
    rolldownOptions: {
      treeshake: { moduleSideEffects: contractsHaveNoSideEffects },
      // Rolldown would otherwise merge modules shared by several lazy staff pages (zod, later antd)
      // into the entry chunk, which every public visitor downloads.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
      output: {
        // zod and the contracts' schemas in a chunk of their own: the booking form loads them at
        // the first keystroke, so they must not ride along with a chunk the form imports at once.
        // (The plain constants get their own chunk first, or they would be pulled in with them.)
        codeSplitting: {
          groups: [
            // Only the modules themselves: by default a group also takes what they import, and
            // one plain module importing a schema would drag zod into the first paint.
            {
              name: constantsChunk,
              test: isPlainContractsModule,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            { name: 'schemas', test: isSchemaModule, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/socket.io': { target: gateway, changeOrigin: true, ws: true },
    },
  },
});
