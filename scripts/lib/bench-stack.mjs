// The bench runs the same throwaway stack and Chromium as the end-to-end tests: e2e/src/stack.ts
// and browser.ts, compiled by the build to e2e/dist. The stack gets a fresh database, NATS prefix
// and port; stop() drops them again.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, SERVICES } from './procs.mjs';

const require = createRequire(path.join(ROOT, 'package.json'));
const STACK_MODULE = path.join(ROOT, 'e2e', 'dist', 'src', 'stack.js');
const BROWSER_MODULE = path.join(ROOT, 'e2e', 'dist', 'src', 'browser.js');

/** True when every service, the web app and the stack launcher are built. */
export function isBuilt() {
  return (
    SERVICES.every((name) => existsSync(path.join(ROOT, 'services', name, 'dist', 'main.js'))) &&
    existsSync(path.join(ROOT, 'web', 'dist', 'index.html')) &&
    existsSync(STACK_MODULE)
  );
}

// Loaded on first use: the bench may have just built it.
export const startStack = (options) => require(STACK_MODULE).startStack(options);
export const freePort = () => require(STACK_MODULE).freePort();
/** Debian's Chromium and the flags it needs here, as the end-to-end tests launch it. */
export const chromium = () => {
  const { CHROMIUM_PATH, CHROMIUM_ARGS } = require(BROWSER_MODULE);
  return { path: CHROMIUM_PATH, args: CHROMIUM_ARGS };
};
