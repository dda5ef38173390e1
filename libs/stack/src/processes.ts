import { existsSync } from 'node:fs';
import path from 'node:path';
import { SERVICES } from '@cincy/contracts';

/** The repository root (the folder with nx.json), found from the source or from dist. */
export const REPO_ROOT = (function findRoot(dir: string): string {
  if (existsSync(path.join(dir, 'nx.json'))) return dir;
  const parent = path.dirname(dir);
  if (parent === dir) throw new Error(`No nx.json above ${__dirname}`);
  return findRoot(parent);
})(__dirname);

/** Every process of the stack, in start order: the domain services, then the gateway. */
export const PROCESSES = [...SERVICES, 'gateway'] as const;
export type ProcessName = (typeof PROCESSES)[number];

/** What `node` runs for a process, relative to the repository root. */
export const processMain = (name: ProcessName): string =>
  path.join('services', name, 'dist', 'main.js');

/** The processes' built entry points that do not exist yet (relative paths; empty when built). */
export function missingBuilds(): string[] {
  return PROCESSES.map(processMain).filter((main) => !existsSync(path.join(REPO_ROOT, main)));
}
