import { ERROR_CODES } from '@cincy/contracts';
import { ApiClient } from '@cincy/stack';
import { CONTROL_CHARACTER_MESSAGE } from '../src/security/control-characters';
import { WholeStack, startWholeStack } from './whole-stack';

// Postgres refuses a NUL byte in text; these answered 500 before the edge refused them.
let stack: WholeStack;

beforeAll(async () => {
  stack = await startWholeStack();
}, 60_000);

afterAll(() => stack?.stop(), 60_000);

async function send(client: ApiClient, method: string, url: string, body?: unknown) {
  const cookie = client.jar.header();
  const res = await fetch(`${stack.base}${url}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const refused = (field: string) => ({
  status: 400,
  body: {
    code: ERROR_CODES.validation,
    message: CONTROL_CHARACTER_MESSAGE,
    fieldErrors: { [field]: CONTROL_CHARACTER_MESSAGE },
  },
});

describe('a NUL byte or another control character', () => {
  it('in a query is a 400 naming the parameter: Battery Search, Customer Search', async () => {
    expect(await send(stack.admin, 'GET', '/api/service-records/search?serialNumber=%00')).toEqual(
      refused('serialNumber'),
    );
    expect(await send(stack.admin, 'GET', '/api/customers?search=%00')).toEqual(refused('search'));
  });

  it('in a JSON body is a 400 naming the field, and nothing is stored', async () => {
    const visitor = new ApiClient(stack.base);
    expect(
      await send(visitor, 'POST', '/api/customers', {
        name: 'Nul\u0000 Person',
        phone: '5135550111',
      }),
    ).toEqual(refused('name'));
    const found = await stack.admin.request<unknown[]>('GET', '/api/customers?search=Nul');
    expect(found).toEqual([]);
    expect(
      await send(stack.admin, 'POST', '/api/service-records/verify-serial', {
        customerId: 1,
        serialNumber: 'AB\u0000C',
      }),
    ).toEqual(refused('serialNumber'));
  });

  it('in the path is a 400 too; tabs and line breaks in notes are text, not refused', async () => {
    expect(await send(stack.admin, 'GET', '/api/customers/1%00/service-records')).toEqual(
      refused('path'),
    );
    const customer = await send(new ApiClient(stack.base), 'POST', '/api/customers', {
      name: 'Tab\tName',
      phone: '5135550112',
    });
    expect(customer.status).toBe(201);
  });
});
