import { existsSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

// How `npm run restart:rolling` reaches the running `npm start`: a Unix socket of its own user
// (the temporary folder, named after the port), one command per connection. The answer is the
// progress as lines, then `ok` or `failed: <why>`.

/** What `npm start` can be asked to do. */
export type ControlCommand = 'rolling-restart';

/** Where the `npm start` serving `port` listens for commands. */
export const controlSocketPath = (port: number): string =>
  path.join(os.tmpdir(), `cincy-battery-${port}.sock`);

/** Runs a command; `say` sends a progress line to whoever asked. */
export type ControlHandler = (
  command: ControlCommand,
  say: (line: string) => void,
) => Promise<void>;

/**
 * Listens on `socketPath` (a file left by a stack that died is replaced; one that answers is
 * not: a second `npm start` on the same port fails anyway). Resolves to the close function.
 */
export async function serveControl(
  socketPath: string,
  handle: ControlHandler,
): Promise<() => void> {
  if (existsSync(socketPath)) {
    if (await answers(socketPath)) throw new Error(`${socketPath} is in use by another stack`);
    unlinkSync(socketPath);
  }
  const server = net.createServer((socket) => {
    const lines = readline.createInterface({ input: socket });
    // The asker went away: the command still finishes (readline re-emits the socket's errors).
    lines.on('error', () => undefined);
    socket.on('error', () => undefined);
    lines.once('line', (line) => {
      lines.close();
      const say = (text: string) => socket.writable && socket.write(`${text}\n`);
      if (line.trim() !== 'rolling-restart') {
        say(`failed: unknown command "${line.trim().slice(0, 40)}"`);
        socket.end();
        return;
      }
      handle('rolling-restart', say).then(
        () => (say('ok'), socket.end()),
        (err: Error) => (say(`failed: ${err.message}`), socket.end()),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return () => {
    server.close();
    if (existsSync(socketPath)) unlinkSync(socketPath);
  };
}

/**
 * Sends a command to the stack at `socketPath`; prints its progress through `onLine`. Resolves
 * when it answered `ok`; rejects with the reason (or that no stack listens there).
 */
export function askControl(
  socketPath: string,
  command: ControlCommand,
  onLine: (line: string) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let outcome: Error | null | undefined;
    socket.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT' || err.code === 'ECONNREFUSED'
          ? new Error(`No running stack listens at ${socketPath}: is \`npm start\` running?`)
          : err,
      ),
    );
    socket.once('connect', () => {
      // Made once connected: readline re-emits its input's errors, a refused connection's too.
      readline.createInterface({ input: socket }).on('line', (line) => {
        if (line === 'ok') outcome = null;
        else if (line.startsWith('failed: ')) outcome = new Error(line.slice('failed: '.length));
        else onLine(line);
      });
      socket.write(`${command}\n`);
    });
    socket.once('close', () => {
      if (outcome === null) resolve();
      else reject(outcome ?? new Error('The stack closed the connection without an answer'));
    });
  });
}

/** Whether something accepts connections at `socketPath`. */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}
