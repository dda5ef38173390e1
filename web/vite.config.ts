import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contracts = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));
const contractsDir = realpathSync(fileURLToPath(new URL('../libs/contracts/src', import.meta.url)));
const gateway = 'http://localhost:3000';

const contractsModule = (id: string) =>
  id.startsWith(`${contractsDir}/`) ? id.slice(contractsDir.length + 1) : null;
/**
 * A contracts module that imports zod, or values of a module that does (an RPC map of schemas),
 * declares schemas; the others hold plain constants and rules. Read off the source, so a new
 * schema module can never land among the constants (where it would pull zod into the first paint,
 * or split a cycle across chunks). Type-only imports do not count.
 */
const declaresSchemas = (() => {
  const known = new Map<string, boolean>();
  const check = (id: string): boolean => {
    let found = known.get(id);
    if (found === undefined) {
      known.set(id, false); // an import cycle reads as plain until proven otherwise
      const source = readFileSync(id, 'utf8');
      found =
        /^import\s+\{[^}]*\}\s+from\s+'zod';/m.test(source) ||
        [...source.matchAll(/^import\s+\{[^}]*\}\s+from\s+'(\.[^']+)';/gm)].some(([, relative]) =>
          check(`${path.resolve(path.dirname(id), relative)}.ts`),
        );
      known.set(id, found);
    }
    return found;
  };
  return check;
})();
/** zod, and the contracts modules that declare schemas. */
const isSchemaModule = (id: string) =>
  /[\\/]node_modules[\\/]zod[\\/]/.test(id) ||
  (contractsModule(id) !== null && declaresSchemas(id));
const isPlainContractsModule = (id: string) => contractsModule(id) !== null && !declaresSchemas(id);
/**
 * Plain modules only the staff screens and the customer's own pages (tracking) use: dispatch's
 * lifecycle and shifts, notify's texts, the tracking steps. Their own chunk, so the landing page
 * and the booking form neither download nor run them (every contracts module is reached through
 * the barrel file, so Rolldown cannot tell which pages use which on its own).
 */
const isStaffConstantsModule = (id: string) =>
  /^(dispatch|notify|inventory|identity)\/|^booking\/tracking\.ts$/.test(contractsModule(id) ?? '');

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
      treeshake: {
        // Contracts modules only declare constants and schemas: a page that needs BUSINESS must not
        // also download every zod schema through the barrel file.
        moduleSideEffects: (id: string) => !id.startsWith(`${contractsDir}/`),
      },
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
              name: (id: string) => (isStaffConstantsModule(id) ? 'staff-constants' : 'constants'),
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
