// Creates the database named by DATABASE_URL when it does not exist yet, before the services start,
// so several services starting at once never race each other to CREATE DATABASE.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './procs.mjs';

/** Returns 'created', 'exists' or 'skipped' (no pg module, or the check itself failed). */
export async function ensureDatabase(databaseUrl) {
  let pg;
  try {
    pg = createRequire(path.join(ROOT, 'package.json'))('pg');
  } catch {
    return 'skipped';
  }
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) return 'skipped';
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return 'exists';
    try {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      return 'created';
    } catch (err) {
      if (err && (err.code === '42P04' || err.code === '23505')) return 'exists';
      throw err;
    }
  } catch {
    return 'skipped'; // the services create it themselves and report their own errors
  } finally {
    await client.end().catch(() => {});
  }
}
