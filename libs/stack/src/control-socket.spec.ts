import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { askControl, controlSocketPath, serveControl } from './control-socket';

describe('the control socket of npm start', () => {
  let dir: string;
  let socketPath: string;
  const closers: (() => void)[] = [];

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cincy-control-'));
    socketPath = path.join(dir, 'stack.sock');
  });
  afterEach(() => {
    for (const close of closers.splice(0)) close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is named after the port, in the temporary folder', () => {
    expect(controlSocketPath(3000)).toBe(path.join(os.tmpdir(), 'cincy-battery-3000.sock'));
  });

  it('runs the command and relays its progress, then ok', async () => {
    closers.push(
      await serveControl(socketPath, async (command, say) => {
        say(`${command}: identity replaced`);
        say('gateway replaced');
      }),
    );
    const heard: string[] = [];
    await askControl(socketPath, 'rolling-restart', (line) => heard.push(line));
    expect(heard).toEqual(['rolling-restart: identity replaced', 'gateway replaced']);
  });

  it("gives the command's failure to the asker", async () => {
    closers.push(
      await serveControl(socketPath, async () => {
        throw new Error('dispatch did not say "dispatch service ready" within 60 s');
      }),
    );
    await expect(askControl(socketPath, 'rolling-restart', () => undefined)).rejects.toThrow(
      'dispatch did not say "dispatch service ready" within 60 s',
    );
  });

  it('refuses a command it does not know', async () => {
    const run = jest.fn(async () => undefined);
    closers.push(await serveControl(socketPath, run));
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(socketPath, () => socket.write('drop-everything\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('close', () => resolve(text));
    });
    expect(answer).toBe('failed: unknown command "drop-everything"\n');
    expect(run).not.toHaveBeenCalled();
  });

  it('says so when no stack is running', async () => {
    await expect(askControl(socketPath, 'rolling-restart', () => undefined)).rejects.toThrow(
      /No running stack listens at .*: is `npm start` running\?/,
    );
  });

  it('replaces a socket file left by a stack that died, not one that answers', async () => {
    writeFileSync(socketPath, '');
    closers.push(await serveControl(socketPath, async () => undefined));
    await expect(askControl(socketPath, 'rolling-restart', () => undefined)).resolves.toBe(
      undefined,
    );
    await expect(serveControl(socketPath, async () => undefined)).rejects.toThrow(
      'is in use by another stack',
    );
  });
});
