import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOGIN_FAILURE } from '@cincy/contracts';
import { ApiClient, ApiError } from '@cincy/stack';
import { WholeStack, startWholeStack, statusOf } from './whole-stack';

type Identity = 'anonymous' | 'technician' | 'admin';
const IDENTITIES: Identity[] = ['anonymous', 'technician', 'admin'];
const ROLE_DENIED = 'You do not have permission to do that.';

/** docs/authz.md's table: `METHOD path` -> who may call it. */
function readMatrix(): Map<string, Record<Identity, boolean>> {
  const doc = readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'authz.md'), 'utf8');
  const matrix = new Map<string, Record<Identity, boolean>>();
  for (const line of doc.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const [, method, route, anonymous, technician, admin] = cells;
    if (!/^(GET|POST|PUT|PATCH|DELETE)$/.test(method ?? '')) continue;
    const allowed = (cell: string) => {
      if (cell !== 'yes' && cell !== 'no') throw new Error(`${method} ${route}: "${cell}"`);
      return cell === 'yes';
    };
    matrix.set(`${method} ${route.replace(/`/g, '')}`, {
      anonymous: allowed(anonymous),
      technician: allowed(technician),
      admin: allowed(admin),
    });
  }
  return matrix;
}

let stack: WholeStack;
let clients: Record<Identity, ApiClient>;
let ids: Record<Identity, number>;

beforeAll(async () => {
  stack = await startWholeStack();
  const tech = await stack.newUser('matrix.tech');
  await stack.newUser('throttle.tech'); // now: the matrix test signs the admin out at its end
  const me = await stack.admin.request<{ id: number }>('GET', '/api/users/current');
  clients = { anonymous: new ApiClient(stack.base), technician: tech.client, admin: stack.admin };
  ids = { anonymous: 1, technician: tech.user.id, admin: me.id };
}, 60_000);

afterAll(() => stack?.stop(), 60_000);

describe('the authorization matrix (docs/authz.md)', () => {
  it('lists exactly the routes the gateway serves', () => {
    const served = stack
      .routes()
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect([...readMatrix().keys()].sort()).toEqual(served);
  });

  it('is what the gateway enforces, for every route and identity', async () => {
    const matrix = readMatrix();
    // Signing out last, so the other calls still carry their sessions: ending every session of
    // one's own account, then the logout.
    const last = (route: string) =>
      route.endsWith('/logout') ? 2 : route === 'DELETE /api/users/:id/sessions' ? 1 : 0;
    const routes = [...matrix.entries()].sort(([a], [b]) => last(a) - last(b));
    const mismatches: string[] = [];
    for (const identity of IDENTITIES) {
      for (const [route, who] of routes) {
        const [method, template] = route.split(' ');
        // Own id where a path takes one (per-object rules allow it); a body the route may refuse.
        // A session's id is no user's: one nobody has (404), so the caller's own goes on.
        const id = template === '/api/auth/sessions/:id' ? 999_999 : ids[identity];
        const url = template.replace(':id', String(id));
        const body = method === 'GET' || method === 'DELETE' ? undefined : {};
        const answer = await clients[identity].request(method, url, body).then(
          () => ({ status: 200, message: '' }),
          (e: unknown) => {
            if (!(e instanceof ApiError)) throw e;
            const parsed = JSON.parse(e.body || '{}') as { message?: string };
            return { status: e.status, message: parsed.message ?? '' };
          },
        );
        const refusedByRole =
          answer.status === 401 || (answer.status === 403 && answer.message === ROLE_DENIED);
        if (who[identity] === refusedByRole) {
          mismatches.push(`${identity} ${route}: ${answer.status} ${answer.message}`);
        }
        if (!who[identity] && identity === 'anonymous' && answer.status !== 401) {
          mismatches.push(`${identity} ${route}: expected 401, got ${answer.status}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 60_000);
});

describe('login throttling', () => {
  it('answers 429 with Retry-After after 5 wrong passwords from one address, and the spec-like message', async () => {
    const stranger = new ApiClient(stack.base);
    for (let i = 0; i < 5; i++) {
      await expect(stranger.login('throttle.tech', 'wrong password')).rejects.toMatchObject({
        status: 401,
      });
    }
    const res = await fetch(`${stack.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'throttle.tech', password: 'wrong password' }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(await res.json()).toEqual({ code: 'RATE_LIMITED', message: LOGIN_FAILURE.throttled });
    // Even the right password waits at this address: the guesser learns nothing.
    expect(await statusOf(stranger.login('throttle.tech', 'field work 1'))).toBe(429);
  });
});
