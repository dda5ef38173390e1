import type { AddressInfo } from 'node:net';
import asyncApiSpecs from '@asyncapi/specs';
import { SOCKET_EVENTS, TEXT_LIMITS, TRACK_SOCKET, customerInputSchema } from '@cincy/contracts';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { dropIsolatedStack, useIsolatedStack } from '@cincy/platform/testing';
import type { INestApplication } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { createGatewayApp } from '../src/http-app';
import { openApiPath } from '../src/openapi/openapi-document';
import { readRouteTable } from '../src/routes/route-table';
import { servedRoutes } from './whole-stack';

// Only the gateway: the document and the docs page need no service.
let gateway: INestApplication;
let base: string;
let isolated: ReturnType<typeof useIsolatedStack>;
let doc: {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};
interface JsonObject {
  properties: Record<string, object>;
}
interface Operation {
  summary: string;
  operationId: string;
  'x-roles': string[];
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

beforeAll(async () => {
  isolated = useIsolatedStack();
  gateway = await createGatewayApp();
  await gateway.listen(0, '127.0.0.1');
  base = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`;
  const res = await fetch(`${base}/api/openapi.json`);
  expect(res.status).toBe(200);
  doc = (await res.json()) as typeof doc;
}, 30_000);

afterAll(async () => {
  await gateway?.close();
  await dropIsolatedStack(isolated);
}, 30_000);

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

describe('GET /api/openapi.json', () => {
  it('documents every route the gateway serves, and nothing it does not', () => {
    const served = servedRoutes(gateway)
      .map((r) => `${r.method} ${openApiPath(r.path)}`)
      .filter((r) => !r.includes('/api/docs'));
    expect(served.length).toBeGreaterThan(25);
    expect(
      operations()
        .map((o) => o.key)
        .sort(),
    ).toEqual([...served].sort());
  });

  it('gives every route a summary and an answer schema of its own (@Doc), so a new route must be described', () => {
    const undocumented = operations()
      .filter(({ op }) => op.summary === op.operationId)
      .map((o) => o.key);
    expect(undocumented).toEqual([]);
    for (const { key, op } of operations()) {
      const success = Object.entries(op.responses).find(([status]) => status.startsWith('2'));
      const content = Object.values(success?.[1].content ?? {});
      expect([key, content[0]?.schema]).toEqual([key, expect.any(Object)]);
    }
  });

  it('describes the receipt as a PDF file, not JSON', () => {
    const op = doc.paths['/api/track/{token}/receipt'].get;
    expect(op.responses['200'].content).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    });
    expect(op['x-roles']).toEqual(['anonymous', 'technician', 'admin']);
    // Its refusals are the API's JSON errors, as everywhere.
    expect(Object.keys(op.responses['404'].content ?? {})).toEqual(['application/json']);
  });

  it('says a photo is sent as the image itself, never read as JSON', () => {
    const op = doc.paths['/api/appointments/{id}/photos'].post as Operation & {
      responses: Record<string, { description: string }>;
    };
    expect(op.responses['400'].description).not.toContain('JSON');
    expect(op.responses['415']).toBeDefined();
    const post = doc.paths['/api/appointments/{id}/battery-tests'].post as typeof op;
    expect(post.responses['400'].description).toContain('not valid JSON');
  });

  it('lets only an admin see and resend messages', () => {
    for (const key of [
      'GET /api/appointments/{id}/messages',
      'GET /api/messages',
      'POST /api/messages/{id}/resend',
    ])
      expect([key, operations().find((o) => o.key === key)?.op['x-roles']]).toEqual([
        key,
        ['admin'],
      ]);
  });

  it("says who may call each route exactly as the session guard's decorators do", () => {
    const discovery = gateway.get(DiscoveryService);
    const routes = readRouteTable(discovery.getControllers().map((c) => c.metatype as never));
    const rolesOf = (key: string) => operations().find((o) => o.key === key)?.op['x-roles'];
    expect(rolesOf('POST /api/appointments')).toEqual(['anonymous', 'technician', 'admin']);
    expect(rolesOf('GET /api/appointments')).toEqual(['technician', 'admin']);
    expect(rolesOf('POST /api/users')).toEqual(['admin']);
    expect(rolesOf('PATCH /api/appointments/{id}/decline')).toEqual(['admin', 'supervisor']);
    for (const route of routes) {
      const roles = rolesOf(`${route.method} ${openApiPath(route.path)}`);
      expect(roles).toContain(
        route.access.public ? 'anonymous' : (route.access.roles[0] ?? 'technician'),
      );
    }
  });

  it('is OpenAPI 3.1 whose references all resolve, with one error shape', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)];
    expect(refs.length).toBeGreaterThan(0);
    for (const [, name] of refs) expect(doc.components.schemas).toHaveProperty(name);
    expect(doc.components.schemas.Error).toMatchObject({
      required: expect.arrayContaining(['code', 'message']),
    });
  });

  it('describes a body with its contract, limits included', () => {
    const op = doc.paths['/api/customers'].post as unknown as {
      requestBody: { content: { 'application/json': { schema: JsonObject } } };
    };
    const schema = op.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(Object.keys(customerInputSchema.shape));
    expect(schema.properties.name).toMatchObject({ maxLength: TEXT_LIMITS.name });
  });
});

describe('the fields of /api/openapi.json', () => {
  interface Param {
    name: string;
    in: string;
    description?: string;
    example?: unknown;
  }
  interface Body {
    content: {
      'application/json': { schema: { properties?: Record<string, object> }; example?: object };
    };
  }
  const routes = () =>
    readRouteTable(
      gateway
        .get(DiscoveryService)
        .getControllers()
        .map((c) => c.metatype as never),
    );
  const opOf = (route: { method: string; path: string }) =>
    doc.paths[openApiPath(route.path)][route.method.toLowerCase()] as unknown as {
      parameters: Param[];
      requestBody?: Body;
    };

  it('describes every parameter and body field, each with an example', () => {
    const missing: string[] = [];
    for (const { key, op } of operations()) {
      const { parameters = [], requestBody } = op as unknown as {
        parameters?: Param[];
        requestBody?: Body;
      };
      for (const p of parameters)
        if (!p.description || p.example === undefined) missing.push(`${key} ${p.in} ${p.name}`);
      const body = requestBody?.content['application/json'];
      for (const [name, field] of Object.entries(body?.schema.properties ?? {}))
        if (!('description' in field) || !('examples' in field))
          missing.push(`${key} body ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it("gives examples each route's own contract accepts", () => {
    const refused: string[] = [];
    for (const route of routes()) {
      const op = opOf(route);
      const example = (name: string | undefined, where: string) =>
        op.parameters.find((p) => p.name === name && p.in === where)?.example;
      for (const input of route.inputs) {
        let value: unknown;
        if (input.source === 'body') value = op.requestBody?.content['application/json'].example;
        else if (input.source === 'param') value = example(input.name, 'path');
        else if (input.source === 'header') value = example(input.name, 'header');
        else
          value = Object.fromEntries(
            op.parameters.filter((p) => p.in === 'query').map((p) => [p.name, String(p.example)]),
          );
        const result = input.schema.safeParse(value);
        if (!result.success)
          refused.push(`${route.method} ${route.path} ${input.source}: ${result.error.message}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it("says the reports' dates are YYYY-MM-DD in Cincinnati time", () => {
    const params = opOf({ method: 'GET', path: '/api/reports' }).parameters;
    expect(params.find((p) => p.name === 'from')).toMatchObject({
      description: expect.stringMatching(/YYYY-MM-DD in Cincinnati time/),
      example: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });
});

describe('GET /api/asyncapi.json', () => {
  let asyncDoc: {
    asyncapi: string;
    channels: Record<string, { address: string; description: string }>;
    components: {
      messages: Record<string, { name: string; payload: object; description: string }>;
    };
  };
  beforeAll(async () => {
    const res = await fetch(`${base}/api/asyncapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    asyncDoc = (await res.json()) as typeof asyncDoc;
  });

  it('is a valid AsyncAPI 3.0 document (the official JSON schema)', () => {
    // The spec bundles its own copy of the draft-07 meta-schema: Ajv's would clash with it.
    const ajv = new Ajv({ strict: false, allErrors: true, meta: false, validateSchema: false });
    addFormats(ajv);
    const validate = ajv.compile(asyncApiSpecs.schemas['3.0.0']);
    expect(validate(asyncDoc) ? [] : validate.errors).toEqual([]);
  });

  it('describes every socket event the gateway pushes, with its payload and who hears it', () => {
    const names = Object.values(asyncDoc.components.messages).map((m) => m.name);
    expect(names.sort()).toEqual([...Object.values(SOCKET_EVENTS), TRACK_SOCKET.changed].sort());
    const queue = Object.values(asyncDoc.components.messages).find(
      (m) => m.name === 'queue.changed',
    );
    expect(queue?.description).toMatch(/admins/);
    const board = Object.values(asyncDoc.components.messages).find(
      (m) => m.name === 'board.changed',
    );
    expect(board?.payload).toMatchObject({ properties: { appointment: expect.any(Object) } });
  });
});

describe('GET /api/docs', () => {
  it('is an HTML page whose scripts and styles are ours, served from this origin', async () => {
    const res = await fetch(`${base}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).not.toMatch(/<script>|\son\w+="/); // no inline script or handler
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets).toEqual(expect.arrayContaining(['/api/docs/init.js']));
    for (const asset of assets) {
      expect(asset.startsWith('/api/docs/')).toBe(true);
      expect([asset, (await fetch(`${base}${asset}`)).status]).toEqual([asset, 200]);
    }
  });
});
