import { spawn } from 'node:child_process';
import path from 'node:path';
import { ApiClient, REPO_ROOT } from '@cincy/stack';
import { Client } from 'pg';

/**
 * Helpers of the backup and restore drill (e2e/test/faults-backup.test.ts): running the two
 * scripts as an operator would, reading what the API answers about every record, and comparing
 * two such readings.
 */

export interface ScriptRun {
  code: number;
  output: string;
  ms: number;
}

/** Runs `node scripts/<name>.mjs ...args` with `env`; answers its exit code and output. */
export function runScript(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<ScriptRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(REPO_ROOT, 'scripts', `${name}.mjs`), ...args],
      {
        cwd: REPO_ROOT,
        env: { ...env, NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? 1, output, ms: Date.now() - started }));
  });
}

/** Drops a database on its server, closing its connections first. */
export async function dropDatabaseAt(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** One kind of record and the API's answers about it, each keyed by the record's identity. */
export type Reading = Record<string, Map<string, unknown>>;

/** The record's identity within its kind: its id, else its whole text. */
const keyOf = (item: unknown): string =>
  typeof item === 'object' && item !== null && 'id' in item
    ? String((item as { id: unknown }).id)
    : JSON.stringify(item);

/** The list an answer holds: itself, or its first array property (`{ entries: [...] }`). */
function listIn(answer: unknown): unknown[] {
  if (Array.isArray(answer)) return answer;
  if (typeof answer === 'object' && answer !== null)
    for (const value of Object.values(answer)) if (Array.isArray(value)) return value;
  return answer === null || answer === undefined ? [] : [answer];
}

/**
 * Values that follow the clock or live state rather than the records (a message's attempts and
 * state move on while it is retried; nothing else should differ).
 */
const VOLATILE = new Set(['state', 'route', 'attempts', 'lastError', 'nextAttemptAt', 'sentAt']);

const stable = (value: unknown, volatile: ReadonlySet<string>): unknown =>
  JSON.parse(
    JSON.stringify(value, (key, v: unknown) => (key && volatile.has(key) ? undefined : v)),
  );

/** What one call reads, under the kind it is counted as. */
export interface ReadSpec {
  kind: string;
  url: string;
  /** Keys whose values are not compared (messages: their delivery state). */
  volatile?: boolean;
}

/**
 * Reads every spec through the API; each item goes into its kind keyed by its id. An item read
 * twice under one kind (a record listed twice) is recorded as `<id>#2`: a double.
 */
export async function readApi(staff: ApiClient, specs: readonly ReadSpec[]): Promise<Reading> {
  const reading: Reading = {};
  for (const spec of specs) {
    const answer = await staff.request<unknown>('GET', spec.url);
    const kind = (reading[spec.kind] ??= new Map());
    for (const item of listIn(answer)) {
      let key = `${spec.url} ${keyOf(item)}`;
      for (let n = 2; kind.has(key); n++) key = `${spec.url} ${keyOf(item)}#${n}`;
      kind.set(key, spec.volatile ? stable(item, VOLATILE) : item);
    }
  }
  return reading;
}

export interface Comparison {
  kind: string;
  before: number;
  after: number;
  lost: string[];
  changed: string[];
  doubled: string[];
}

/**
 * Every record read before, read again after: missing (lost), different (changed), twice.
 * `mayChange` names, for a record, the keys a change is expected in (what a consumer that lagged
 * at the backup adds once it caught up); they are left out of its comparison.
 */
export function compareReadings(
  before: Reading,
  after: Reading,
  mayChange: (kind: string, key: string) => readonly string[] = () => [],
): Comparison[] {
  return Object.keys(before).map((kind) => {
    const was = before[kind];
    const now = after[kind] ?? new Map<string, unknown>();
    const lost: string[] = [];
    const changed: string[] = [];
    for (const [key, value] of was) {
      if (!now.has(key)) {
        lost.push(key);
        continue;
      }
      const keys = new Set(mayChange(kind, key));
      const was1 = JSON.stringify(stable(value, keys));
      const now1 = JSON.stringify(stable(now.get(key), keys));
      if (was1 !== now1) changed.push(`${key}: ${was1} -> ${now1}`);
    }
    return {
      kind,
      before: was.size,
      after: now.size,
      lost,
      changed,
      doubled: [...now.keys()].filter((key) => /#\d+$/.test(key)),
    };
  });
}

/**
 * What `read` answers once two readings a second apart agree (the events of the last change
 * applied everywhere), within `timeoutMs`.
 */
export async function settled(read: () => Promise<Reading>, timeoutMs = 30_000): Promise<Reading> {
  const until = Date.now() + timeoutMs;
  const text = (r: Reading) =>
    JSON.stringify(Object.entries(r).map(([kind, items]) => [kind, [...items]]));
  let last = await read();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const next = await read();
    if (text(next) === text(last) || Date.now() > until) return next;
    last = next;
  }
}

/** A table with a header row, its columns padded. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}
