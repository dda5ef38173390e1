import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { REPO_ROOT } from './processes';

/** s3rver's fixed credentials: the gateway's S3 client signs with them as with any store's. */
const LOCAL_CREDENTIALS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

export interface LocalObjectStore {
  /** What the gateway is given: S3_URL and the keys. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * The S3-compatible server of a stack run where no S3_URL is set (`npm start`, the tests, the
 * bench): s3rver in this process on a free loopback port. Its files are kept under `.local/s3`
 * (git-ignored) for `npm start`, in a folder of their own removed at the stop for a throwaway stack.
 */
export async function startLocalObjectStore(throwaway: boolean): Promise<LocalObjectStore> {
  const directory = throwaway
    ? await mkdtemp(path.join(os.tmpdir(), 'cincy-s3-'))
    : path.join(REPO_ROOT, '.local', 's3');
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  return {
    env: { S3_URL: `http://127.0.0.1:${port}`, ...LOCAL_CREDENTIALS },
    async stop() {
      await server.close();
      if (throwaway) await rm(directory, { recursive: true, force: true });
    },
  };
}
