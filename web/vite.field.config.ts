// The technicians' app at /field: its own build (dist/field, after the back office's, which
// empties dist), on Preact instead of React (about 4 kB gzip against 60), and a service worker
// so it opens without signal. The back office's antd never comes near it (scripts/check-bundle.mjs).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { contracts, contractsHaveNoSideEffects, isSchemaModule } from './vite.contracts.ts';

const THEME = '#1d4ed8';
const entry = fileURLToPath(new URL('./src/field/main.tsx', import.meta.url));
const gateway = 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('./field', import.meta.url)),
  base: '/field/',
  // Its own prebundled dependencies (Preact under React's names): apart from the back office's.
  cacheDir: fileURLToPath(new URL('./node_modules/.vite-field', import.meta.url)),
  resolve: {
    // The screens are written against React's API; preact/compat runs them.
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^@cincy\/contracts$/, replacement: contracts },
    ],
  },
  plugins: [
    {
      // The page's entry lies outside its root (web/field): the dev server serves it from /@fs/.
      name: 'field-entry-in-dev',
      apply: 'serve',
      transformIndexHtml: {
        order: 'pre',
        handler: (html) => html.replace('"../src/field/main.tsx"', `"/@fs${entry}"`),
      },
    },
    VitePWA({
      // A new version waits until every tab of the app is closed (never 'autoUpdate', skipWaiting
      // or clientsClaim): it must not take over in the middle of a completion. Nothing prompts.
      registerType: 'prompt',
      injectRegister: false, // src/field/main.tsx registers it after the first paint
      manifest: {
        name: 'Cincy Battery Field',
        short_name: 'Cincy Field',
        description: "The technician's jobs, on the phone, with or without signal.",
        start_url: '/field/',
        scope: '/field/',
        display: 'standalone',
        theme_color: THEME,
        background_color: '#ffffff',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: 'icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // The shell (the manifest and its icons are added by the plugin). No runtime caching: the API's answers are never kept here (the app keeps
        // its jobs in IndexedDB itself), and the API and socket are never answered with the shell.
        // The barcode reader's WebAssembly too (1.1 MB, under the 2 MB a precached file may be): the
        // scanner opens without signal.
        globPatterns: ['**/*.{html,js,css,wasm}'],
        navigateFallback: '/field/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/socket\.io/],
        cleanupOutdatedCaches: true,
        skipWaiting: false,
        clientsClaim: false,
      },
    }),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist/field', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      // Only the contracts modules the app uses: the barrel file would bring every schema.
      treeshake: { moduleSideEffects: contractsHaveNoSideEffects },
      output: {
        // zod and the schemas, if a lazy part ever needs them, in their own chunk.
        codeSplitting: { groups: [{ name: 'schemas', test: isSchemaModule }] },
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
