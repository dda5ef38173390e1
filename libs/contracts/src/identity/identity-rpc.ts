import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';
import {
  actorSchema,
  currentUserSchema,
  locationReportSchema,
  loginRequestSchema,
  sessionSchema,
  sessionTokenSchema,
  userInputSchema,
  userLocationSchema,
  userSchema,
  userUpdateSchema,
} from './api';
import { RPC_SHAPES, type RpcContract } from '../rpc-contract';

const { healthAnswer, empty, id, messageAnswer } = RPC_SHAPES;
const { notFound, unauthenticated, invalidCredentials, forbidden, conflict } = ERROR_CODES;

/** identity's subjects: sign-in sessions and staff users; spread into `RPC` (subjects.ts). */
export const IDENTITY_RPC = {
  'identity.health': { request: empty, answer: healthAnswer },
  'identity.sessions.create': {
    request: loginRequestSchema,
    answer: sessionSchema,
    refuses: [invalidCredentials],
  },
  'identity.sessions.resolve': {
    request: sessionTokenSchema,
    answer: currentUserSchema,
    refuses: [unauthenticated],
  },
  'identity.sessions.end': {
    request: sessionTokenSchema,
    answer: z.object({ ended: z.boolean() }),
  },
  'identity.users.create': {
    request: z.object({ user: userInputSchema, actor: actorSchema }),
    answer: userSchema,
    refuses: [conflict],
  },
  'identity.users.list': { request: empty, answer: z.array(userSchema) },
  'identity.users.update': {
    request: z.object({ id, user: userUpdateSchema, actor: actorSchema }),
    answer: userSchema,
    refuses: [notFound, conflict],
  },
  'identity.users.delete': {
    request: z.object({ id, actor: actorSchema }),
    answer: messageAnswer,
    refuses: [notFound, forbidden, conflict],
  },
  'identity.users.locations': { request: empty, answer: z.array(userLocationSchema) },
  'identity.users.report-location': {
    request: z.object({ userId: id, location: locationReportSchema, token: z.string().max(200) }),
    answer: messageAnswer.extend({ stored: z.boolean() }),
    refuses: [notFound],
  },
  'identity.users.heartbeat': {
    request: z.object({ userId: id }),
    answer: messageAnswer,
    refuses: [notFound],
  },
} as const satisfies Record<string, RpcContract>;
