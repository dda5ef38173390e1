import net from 'node:net';
import { INFRA_DEFAULTS } from '@cincy/contracts';

/** How to start what is missing on this machine (as root), or with Docker. */
export const HOW_TO_START = {
  postgres: 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
  nats: 'start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log',
  docker: 'docker compose up -d postgres nats',
} as const;

export interface HostPort {
  host: string;
  port: number;
}

export interface MissingInfra {
  name: string;
  key: 'postgres' | 'nats';
  envVar: 'DATABASE_URL' | 'NATS_URL';
  url: string;
  /** Where it was looked for; absent when the URL itself is not valid. */
  at?: HostPort;
}

export interface InfraCheck {
  ok: boolean;
  missing: MissingInfra[];
  /** What is missing and exactly how to start it; empty when ok. */
  message: string;
}

/** Where Postgres and NATS are: DATABASE_URL and NATS_URL, else the defaults in contracts. */
export function infraUrls(env: NodeJS.ProcessEnv = process.env): {
  databaseUrl: string;
  natsUrl: string;
} {
  return {
    databaseUrl: env.DATABASE_URL || INFRA_DEFAULTS.databaseUrl,
    natsUrl: env.NATS_URL || INFRA_DEFAULTS.natsUrl,
  };
}

/** Host and port of a postgres:// or nats:// URL (NATS_URL may list several servers: the first counts). */
export function hostPort(url: string, defaultPort: number): HostPort {
  const first = url.split(',')[0].trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(first) ? first : `tcp://${first}`;
  const u = new URL(withScheme);
  const host = (u.hostname || '127.0.0.1').replace(/^\[|\]$/g, '');
  return { host, port: Number(u.port) || defaultPort };
}

/** Resolves true when a TCP connection to host:port opens within timeoutMs. */
export function canConnect({ host, port }: HostPort, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.removeAllListeners();
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Checks that Postgres (DATABASE_URL) and NATS (NATS_URL) accept TCP connections, so `npm start`,
 * `npm test` and `npm run bench` can say how to start them instead of failing somewhere deeper.
 */
export async function checkInfra(env: NodeJS.ProcessEnv = process.env): Promise<InfraCheck> {
  const missing: MissingInfra[] = [];
  for (const target of infraTargets(env)) {
    if (!target.at || !(await canConnect(target.at))) missing.push(target);
  }
  return {
    ok: missing.length === 0,
    missing,
    message: missing.length ? howToStart(missing) : '',
  };
}

/**
 * Postgres and NATS as `env` places them (DATABASE_URL, NATS_URL, else the defaults), each with
 * where to look for it (`at` is absent when the URL is not valid).
 */
export function infraTargets(env: NodeJS.ProcessEnv = process.env): MissingInfra[] {
  const { databaseUrl, natsUrl } = infraUrls(env);
  const targets = [
    {
      name: 'PostgreSQL',
      key: 'postgres',
      envVar: 'DATABASE_URL',
      url: databaseUrl,
      defaultPort: 5432,
    },
    {
      name: 'NATS (with JetStream)',
      key: 'nats',
      envVar: 'NATS_URL',
      url: natsUrl,
      defaultPort: 4222,
    },
  ] as const;
  return targets.map(({ defaultPort, ...target }) => {
    try {
      return { ...target, at: hostPort(target.url, defaultPort) };
    } catch {
      return target;
    }
  });
}

/** What is missing, where it was looked for, and the exact commands that start it. */
export function howToStart(missing: MissingInfra[]): string {
  const lines: string[] = [];
  for (const m of missing) {
    lines.push(
      m.at
        ? `${m.name} is not reachable at ${m.at.host}:${m.at.port} (${m.envVar}=${m.url}).`
        : `${m.name}: ${m.envVar}=${m.url} is not a valid URL.`,
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
