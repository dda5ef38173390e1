import fc from 'fast-check';
import { ApiClient, ApiError } from '@cincy/stack';
import { WholeStack, startWholeStack } from './whole-stack';

// Generated bodies, queries and path parameters thrown at every route the gateway serves, as a
// visitor and as an admin: the answer is never a 5xx, never a stack trace, and always comes.
let stack: WholeStack;
let visitor: ApiClient;

beforeAll(async () => {
  stack = await startWholeStack();
  visitor = new ApiClient(stack.base);
}, 60_000);

afterAll(() => stack?.stop(), 60_000);

const awkwardString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e308',
    'NaN',
    'null',
    '__proto__',
    '../../etc/passwd',
    '%00',
    "' OR 1=1 --",
    '<script>',
    '\u0000',
    '\uD800',
  ),
  fc.string({ minLength: 2000, maxLength: 40_000 }).map((s) => s.padEnd(2000, 'x')),
);
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    awkwardString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        fc.string({ maxLength: 10 }),
        fc.constantFrom('__proto__', 'constructor', 'id', 'status', 'role'),
      ),
      tie('value'),
      { maxKeys: 5 },
    ),
  ),
})).value;
const pathParam = fc.oneof(
  fc.integer({ min: -5, max: 2_000_000_000 }).map(String),
  fc.constantFrom('0', '1', 'abc', '1.5', '1e3', '%20', '99999999999999999999', ''),
);
const query = fc.dictionary(
  fc.constantFrom(
    'search',
    'offset',
    'limit',
    'date',
    'address',
    'lowStock',
    'category',
    'serial',
    'q',
  ),
  awkwardString,
  { maxKeys: 3 },
);

const STACK_TRACE = /\bat .+\(.+:\d+:\d+\)|node_modules|\/dist\/|TypeError|ReferenceError/;

async function call(client: ApiClient, method: string, url: string, body: unknown) {
  try {
    await client.request(method, url, body);
    return { status: 200, text: '' };
  } catch (e) {
    if (e instanceof ApiError) return { status: e.status, text: e.body };
    throw e; // no answer at all (hang, reset): the property fails
  }
}

describe('every route under generated input', () => {
  it('answers below 500, without a stack trace, as a visitor and as an admin', async () => {
    const routes = stack.routes().filter((r) => !r.path.endsWith('/auth/logout')); // would end the admin's session
    expect(routes.length).toBeGreaterThan(25);
    const cases = fc.record({
      route: fc.constantFrom(...routes),
      asAdmin: fc.boolean(),
      id: pathParam,
      query,
      body: fc.oneof(jsonValue, fc.constant(undefined)),
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ route, asAdmin, id, query: q, body }) => {
        const search = new URLSearchParams(q).toString();
        const url = `${route.path.replace(':id', encodeURIComponent(id))}${search ? `?${search}` : ''}`;
        const sent = route.method === 'GET' ? undefined : body;
        const answer = await call(asAdmin ? stack.admin : visitor, route.method, url, sent);
        if (answer.status >= 500) {
          throw new Error(
            `${route.method} ${url} answered ${answer.status}: ${answer.text.slice(0, 300)}`,
          );
        }
        if (STACK_TRACE.test(answer.text)) {
          throw new Error(`${route.method} ${url} leaked internals: ${answer.text.slice(0, 300)}`);
        }
      }),
      { numRuns: 400, interruptAfterTimeLimit: 60_000 },
    );
  }, 90_000);
});
