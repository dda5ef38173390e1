// Shared by scripts/start.mjs and scripts/test.mjs: where Postgres and NATS are expected, whether
// they answer, and exactly how to start them when they do not.
import net from 'node:net';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/cincy_battery';
export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';

/** Host and port of a postgres:// or nats:// URL (NATS_URL may list several servers: the first counts). */
export function hostPort(url, defaultPort) {
  const first = String(url).split(',')[0].trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(first) ? first : `tcp://${first}`;
  const u = new URL(withScheme);
  const host = (u.hostname || '127.0.0.1').replace(/^\[|\]$/g, '');
  return { host, port: Number(u.port) || defaultPort };
}

/** Resolves true when a TCP connection to host:port opens within timeoutMs. */
export function canConnect({ host, port }, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.removeAllListeners();
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export const HOW_TO_START = {
  postgres: 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
  nats: 'start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log',
  docker: 'docker compose up -d postgres nats',
};

/**
 * Checks that Postgres (DATABASE_URL) and NATS (NATS_URL) accept TCP connections.
 * Returns { ok, missing: [{ name, host, port, url }] , message } where message says how to start
 * what is missing (empty when ok).
 */
export async function checkInfra(env = process.env) {
  const targets = [
    {
      name: 'PostgreSQL',
      key: 'postgres',
      envVar: 'DATABASE_URL',
      url: env.DATABASE_URL || DEFAULT_DATABASE_URL,
      defaultPort: 5432,
    },
    {
      name: 'NATS (with JetStream)',
      key: 'nats',
      envVar: 'NATS_URL',
      url: env.NATS_URL || DEFAULT_NATS_URL,
      defaultPort: 4222,
    },
  ];
  const missing = [];
  for (const t of targets) {
    let hp;
    try {
      hp = hostPort(t.url, t.defaultPort);
    } catch {
      missing.push({ ...t, host: '?', port: '?', invalid: true });
      continue;
    }
    if (!(await canConnect(hp))) missing.push({ ...t, ...hp });
  }
  return { ok: missing.length === 0, missing, message: missing.length ? howToStart(missing) : '' };
}

function howToStart(missing) {
  const lines = [];
  for (const m of missing) {
    lines.push(
      m.invalid
        ? `${m.name}: ${m.envVar}=${m.url} is not a valid URL.`
        : `${m.name} is not reachable at ${m.host}:${m.port} (${m.envVar}=${m.url}).`,
    );
  }
  lines.push('', 'Start it on this machine (as root):');
  for (const m of missing) lines.push(`  ${HOW_TO_START[m.key]}`);
  lines.push(
    '',
    'or, where Docker is available, from the repository root:',
    `  ${HOW_TO_START.docker}`,
  );
  lines.push('', 'or point DATABASE_URL / NATS_URL at servers that are running.');
  return lines.join('\n');
}
