import { apiErrorSchema, RPC, SESSION } from '@cincy/contracts';
import { z } from 'zod';
import { isFileAnswer } from '../routes/route-doc.decorator';
import { fieldDoc } from './field-docs';
import { refusalsOfRoute } from '../routes/route-refusals';
import { describeAccess, GatewayRoute } from '../routes/route-table';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; what JSON cannot express (a transform's output)
  // is left open rather than failing the whole document.
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
};

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** The route's answers besides success, each status with what causes it and its body. */
function refusalAnswers(route: GatewayRoute): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const [status, refusals] of refusalsOfRoute(route)) {
    const own = refusals.flatMap((r) => (r.schema ? [toSchema(r.schema, 'output')] : []));
    const errors = refusals.some((r) => !r.schema);
    const schemas = [...own, ...(errors ? [ERROR_REF] : [])];
    answers[String(status)] = {
      description: refusals.map((r) => r.description).join(' '),
      content: {
        'application/json': { schema: schemas.length === 1 ? schemas[0] : { oneOf: schemas } },
      },
    };
  }
  return answers;
}

/** The route's tag: the path's first segment after /api (`customers`, `inventory`). */
const tagOf = (route: GatewayRoute) => route.path.split('/')[2];

/** `description` and `example` of a parameter, from the one dictionary of fields. */
const documented = (route: GatewayRoute, name: string) => {
  const doc = fieldDoc(route, name);
  return doc ? { description: doc.description, example: doc.example } : {};
};

function parameters(route: GatewayRoute): unknown[] {
  const params: unknown[] = [];
  for (const input of route.inputs) {
    if (input.source === 'param' || input.source === 'header') {
      params.push({
        name: input.name,
        in: input.source === 'param' ? 'path' : 'header',
        required: input.source === 'param' || !input.schema.safeParse(undefined).success,
        ...documented(route, input.name ?? ''),
        schema: toSchema(input.schema, 'input'),
      });
    } else if (input.source === 'query') {
      const schema = toSchema(input.schema, 'input') as {
        properties?: Record<string, JsonSchema>;
        required?: string[];
      };
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        params.push({
          name,
          in: 'query',
          required: schema.required?.includes(name) ?? false,
          ...documented(route, name),
          schema: property,
        });
      }
    }
  }
  return params;
}

/** The success answer's content: JSON by its schema, or a file's bytes (a binary string). */
function successContent(route: GatewayRoute): Record<string, { schema: JsonSchema }> | undefined {
  const answer = route.doc?.answer;
  if (answer === undefined) return undefined;
  if (isFileAnswer(answer))
    return Object.fromEntries(
      [answer.file].flat().map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
    );
  const schema = typeof answer === 'string' ? (RPC[answer].answer as z.ZodType) : answer;
  return { 'application/json': { schema: toSchema(schema, 'output') } };
}

/**
 * A body's schema with each field's description and example, and an example of the whole body
 * made of them (a body that is not an object of fields is left as its contract says).
 */
function bodyContent(route: GatewayRoute, body: z.ZodType) {
  const schema = toSchema(body, 'input') as JsonSchema & {
    properties?: Record<string, JsonSchema>;
  };
  if (!schema.properties) return { schema };
  const example: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    const doc = fieldDoc(route, name);
    if (!doc) continue;
    property.description ??= doc.description;
    property.examples = [doc.example];
    example[name] = doc.example;
  }
  return { schema, example };
}

function operation(route: GatewayRoute) {
  const body = route.inputs.find((i) => i.source === 'body')?.schema ?? route.doc?.body;
  const answer = successContent(route);
  const roles = route.access.public
    ? ['anonymous', 'technician', 'admin']
    : route.access.roles.length
      ? route.access.roles
      : ['technician', 'admin'];
  return {
    operationId: route.handler,
    summary: route.doc?.summary ?? route.handler,
    description: `Who may call it: ${describeAccess(route.access)}`,
    tags: [tagOf(route)],
    'x-roles': route.access.supervisor ? [...roles, 'supervisor'] : roles,
    ...(route.access.public ? { security: [] } : {}),
    parameters: parameters(route),
    ...(body && {
      requestBody: {
        required: true,
        content: { 'application/json': bodyContent(route, body) },
      },
    }),
    ...(route.doc?.fileBody && {
      requestBody: {
        required: true,
        content: Object.fromEntries(
          route.doc.fileBody.map((type) => [
            type,
            { schema: { type: 'string', format: 'binary' } },
          ]),
        ),
      },
    }),
    responses: {
      [String(route.status)]: {
        description: 'Success.',
        ...(answer && { content: answer }),
      },
      ...refusalAnswers(route),
    },
  };
}

/** Express `:id` becomes OpenAPI `{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** OpenAPI 3.1 of the gateway, built from its route table and the zod contracts. */
export function buildOpenApiDocument(routes: GatewayRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cincy Battery API',
      version: '1.0.0',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      description: [
        'The gateway of Cincy Battery: the public booking site and the staff back office.',
        'Staff sign in with `POST /api/auth/login`, which sets the session cookie every other',
        'staff route needs. Each operation says who may call it (`x-roles`).',
        'Errors always answer `{ code, message, fieldErrors? }`.',
        'Live updates come over socket.io at `/socket.io`, described in AsyncAPI 3.0 at `/api/asyncapi.json`.',
      ].join(' '),
    },
    servers: [{ url: '/' }],
    security: [{ session: [] }],
    paths,
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION.cookieName } },
      schemas: { Error: toSchema(apiErrorSchema, 'output') },
    },
  };
}
