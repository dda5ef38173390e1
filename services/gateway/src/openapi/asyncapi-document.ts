import { SESSION, SOCKET_MESSAGES, TRACK_SOCKET, trackingViewSchema } from '@cincy/contracts';
import { z } from 'zod';

const toSchema = (schema: z.ZodType) => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return rest;
};

/** socket.io's event names contain dots; AsyncAPI keys may not. */
const key = (event: string) => event.replace(/\./g, '-');

/**
 * AsyncAPI 3.0 of what the gateway pushes over socket.io (`/socket.io`): the staff namespace's
 * messages (contracts' SOCKET_MESSAGES, one place) and the tracking page's one message. Each
 * channel is one event name; the server only sends, so every operation is a `receive`.
 */
export function buildAsyncApiDocument() {
  const staff = Object.entries(SOCKET_MESSAGES).map(([event, m]) => ({
    event,
    namespace: '/',
    summary: m.summary,
    audience: m.audience === 'admins' ? 'Signed-in admins.' : 'Every signed-in staff member.',
    schema: m.schema as z.ZodType,
    security: true,
  }));
  const tracking = {
    event: TRACK_SOCKET.changed,
    namespace: TRACK_SOCKET.namespace,
    summary:
      "The visit's tracking view changed (a step, the van's position while on the way, a move or a cancellation). Sent to the sockets whose handshake carried the visit's private link token.",
    audience: "Anyone holding the visit's private link.",
    schema: trackingViewSchema as z.ZodType,
    security: false,
  };
  const all = [...staff, tracking];
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  for (const m of all) {
    const id = key(`${m.namespace === '/' ? '' : 'track-'}${m.event}`);
    messages[id] = {
      name: m.event,
      summary: m.summary,
      description: `Who hears it: ${m.audience}`,
      contentType: 'application/json',
      payload: toSchema(m.schema),
    };
    channels[id] = {
      address: m.event,
      description: `socket.io event \`${m.event}\` on namespace \`${m.namespace}\`.`,
      messages: { [id]: { $ref: `#/components/messages/${id}` } },
      bindings: { ws: { bindingVersion: '0.1.0' } },
    };
    operations[`receive-${id}`] = {
      action: 'receive',
      channel: { $ref: `#/channels/${id}` },
      summary: m.summary,
      ...(m.security ? { security: [{ $ref: '#/components/securitySchemes/session' }] } : {}),
    };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Cincy Battery live updates',
      version: '1.0.0',
      description: [
        'What the gateway pushes over socket.io at `/socket.io`, so screens update without polling.',
        'Staff connect to the main namespace with the session cookie of `POST /api/auth/login`;',
        'a socket whose session ends is closed. The tracking page connects to `/track` with its',
        "visit's private link token in the handshake (`auth: { token }`). The server only sends.",
      ].join(' '),
    },
    defaultContentType: 'application/json',
    servers: {
      gateway: {
        host: 'localhost',
        protocol: 'ws',
        pathname: '/socket.io',
        description: 'The gateway itself (same origin as the web app).',
      },
    },
    channels,
    operations,
    components: {
      messages,
      securitySchemes: {
        session: { type: 'httpApiKey', in: 'cookie', name: SESSION.cookieName },
      },
    },
  };
}
