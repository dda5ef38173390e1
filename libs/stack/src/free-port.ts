import { readFileSync } from 'node:fs';
import net from 'node:net';

/** Where Linux's outgoing connections take their local ports from when nothing says otherwise. */
const DEFAULT_EPHEMERAL_START = 32768;
/** How many ports below that range a pick ranges over. */
const PICK_SPAN = 16_000;
const ATTEMPTS = 100;

/**
 * The first port of the range the kernel gives outgoing connections: a port picked there can be
 * taken by one of them (Chromium's, a pool's) in the seconds before the process that was meant
 * to listen on it does (seen once in CI as EADDRINUSE on a gateway's port).
 */
function ephemeralStart(): number {
  try {
    const [start] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return start > 2048 ? start : DEFAULT_EPHEMERAL_START;
  } catch {
    return DEFAULT_EPHEMERAL_START;
  }
}

/** Resolves whether a server could listen on `port` on every interface right now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    // No host: the same wildcard (IPv4 and IPv6) the gateway listens on, the strictest check.
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

function osPickedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A TCP port that nothing listens on right now, picked at random below the kernel's range for
 * outgoing connections, so no connection made before the listener starts can take it.
 */
export async function freePort(): Promise<number> {
  const end = ephemeralStart();
  const start = Math.max(1024, end - PICK_SPAN);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = start + Math.floor(Math.random() * (end - start));
    if (await canListen(port)) return port;
  }
  return osPickedPort();
}
