import { dropIsolatedStack, useIsolatedStack } from '@cincy/platform/testing';
import { NestExpressApplication } from '@nestjs/platform-express';
import { createGatewayApp } from '../src/http-app';

const testStack = useIsolatedStack();

let gateway: NestExpressApplication;
let base: string;

beforeAll(async () => {
  process.env.RPC_TIMEOUT_MS = '2000';
  gateway = await createGatewayApp();
  await gateway.listen(0);
  base = await gateway.getUrl();
});

afterAll(async () => {
  await gateway.close();
  await dropIsolatedStack(testStack);
});

describe('gateway with booking stopped', () => {
  it('answers 503 with a JSON error quickly instead of hanging', async () => {
    const started = Date.now();
    const response = await fetch(`${base}/api/customers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Jane Doe', phone: '(513) 555-0100', email: null }),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The booking service is temporarily unavailable. Please try again shortly.',
    });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reports itself unhealthy, naming the services that did not answer', async () => {
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      status: 'degraded',
      services: { booking: 'unavailable' },
    });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await fetch(`${base}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });
});
