import { readFileSync } from 'node:fs';
import net from 'node:net';
import { freePort } from './free-port';

const [ephemeralStart] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
  .trim()
  .split(/\s+/)
  .map(Number);

const listenOn = async (port: number) => {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, resolve);
  });
  return server;
};

describe('freePort', () => {
  afterEach(() => jest.restoreAllMocks());

  it('picks a port below the range outgoing connections take theirs from, and one can listen on it', async () => {
    for (let i = 0; i < 5; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(1024);
      expect(port).toBeLessThan(ephemeralStart);
      const server = await listenOn(port);
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('passes over a port something already listens on', async () => {
    // The first pick is forced onto a taken port (Math.random 0 is the span's first port).
    const random = jest.spyOn(Math, 'random').mockReturnValue(0);
    const taken = await freePort();
    const server = await listenOn(taken);
    try {
      random.mockReturnValueOnce(0).mockReturnValue(0.5);
      const other = await freePort();
      expect(other).not.toBe(taken);
      expect(other).toBeLessThan(ephemeralStart);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
