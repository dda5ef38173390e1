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

/** How many processes of each kind a stack runs (1 when not named). */
export type Replicas = Partial<Record<ProcessName, number>>;

/** One running process: its kind and, from 2 up, which replica (`dispatch#2`). */
export interface Instance {
  name: ProcessName;
  replica: number;
  /** `dispatch` for the first replica, `dispatch#2` for the second: log prefixes and pids(). */
  id: string;
}

export const MAX_REPLICAS = 8;

/** Every process to start, in start order, each kind's replicas together. */
export function instancesOf(replicas: Replicas = {}): Instance[] {
  return PROCESSES.flatMap((name) =>
    Array.from({ length: replicas[name] ?? 1 }, (_, i) => ({
      name,
      replica: i + 1,
      id: i === 0 ? name : `${name}#${i + 1}`,
    })),
  );
}

/**
 * `gateway=2,dispatch=2` (npm start --replicas) as counts; throws a sentence on a name that is
 * not a process or a count outside 1..MAX_REPLICAS.
 */
export function parseReplicas(text: string): Replicas {
  const replicas: Replicas = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([a-z]+)=(\d+)$/.exec(part);
    const name = match?.[1] as ProcessName | undefined;
    const count = Number(match?.[2]);
    if (!name || !PROCESSES.includes(name)) {
      throw new Error(
        `--replicas: "${part}" is not <process>=<count> with a process of ${PROCESSES.join(', ')}`,
      );
    }
    if (!Number.isInteger(count) || count < 1 || count > MAX_REPLICAS) {
      throw new Error(`--replicas: the count of ${name} must be 1 to ${MAX_REPLICAS}`);
    }
    replicas[name] = count;
  }
  return replicas;
}

/** What `node` runs for a process, relative to the repository root. */
export const processMain = (name: ProcessName): string =>
  path.join('services', name, 'dist', 'main.js');

/** The processes' built entry points that do not exist yet (relative paths; empty when built). */
export function missingBuilds(): string[] {
  return PROCESSES.map(processMain).filter((main) => !existsSync(path.join(REPO_ROOT, main)));
}
