import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './processes';

/**
 * The source of every metric the code defines (a `name: 'cincy_...'` in libs and services), for
 * the deploy specs that hold the dashboard and the alert rules to it: a new metrics file is found,
 * not listed by hand in each.
 */
export function metricSources(): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) {
        const text = readFileSync(full, 'utf8');
        if (text.includes("name: 'cincy_")) texts.push(text);
      }
    }
  };
  for (const root of ['libs', 'services'])
    for (const pkg of readdirSync(path.join(REPO_ROOT, root))) {
      const src = path.join(REPO_ROOT, root, pkg, 'src');
      if (existsSync(src)) walk(src);
    }
  return texts.join('\n');
}
