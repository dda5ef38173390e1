import { Client } from 'pg';

/** The same server URL naming another database. */
export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The database a postgres:// URL names ('' when it names none). */
export const databaseNameOf = (url: string): string =>
  decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Runs `work` in one transaction on a connection of its own to the database (the demo's and the
 * bench's fills written straight into the tables): committed when it returns, rolled back when it
 * throws. `searchPath` is the schema its unqualified names mean.
 */
export async function inTransaction<T>(
  databaseUrl: string,
  work: (client: Client) => Promise<T>,
  searchPath?: string,
): Promise<T> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    if (searchPath) await client.query(`SET LOCAL search_path = ${quoteIdentifier(searchPath)}`);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs fn on a connection to the server's `postgres` database (where CREATE/DROP DATABASE run). */
async function withServer<T>(databaseUrl: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: withDatabaseName(databaseUrl, 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Creates the database a URL names when it does not exist yet, before the services start, so
 * several services starting at once never race each other to CREATE DATABASE.
 * Returns 'skipped' when the check itself fails: the services then report their own errors.
 */
export async function ensureDatabase(
  databaseUrl: string,
): Promise<'created' | 'exists' | 'skipped'> {
  let name: string;
  try {
    name = databaseNameOf(databaseUrl);
  } catch {
    return 'skipped';
  }
  if (!name) return 'skipped';
  try {
    return await withServer(databaseUrl, async (client) => {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return 'exists';
      try {
        await client.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
        return 'created';
      } catch (err) {
        // Someone else created it between the check and ours.
        const code = (err as { code?: string }).code;
        if (code === '42P04' || code === '23505') return 'exists';
        throw err;
      }
    });
  } catch {
    return 'skipped';
  }
}

/** Creates a new database (a throwaway stack's); fails when it exists or the server says no. */
export async function createDatabase(databaseUrl: string): Promise<void> {
  const name = databaseNameOf(databaseUrl);
  await withServer(databaseUrl, (client) =>
    client.query(`CREATE DATABASE ${quoteIdentifier(name)}`),
  );
}

/** Drops a database, closing its connections first. */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = databaseNameOf(databaseUrl);
  await withServer(databaseUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`),
  );
}
