import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';
import {
  actorSchema,
  locationReportSchema,
  loginRequestSchema,
  sessionSchema,
  sessionTokenSchema,
  sessionUserSchema,
  userInputSchema,
  userLocationSchema,
  userSchema,
  userUpdateSchema,
} from './api';
import {
  accountSecuritySchema,
  accountSessionSchema,
  invitationAcceptSchema,
  invitationInputSchema,
  invitationSchema,
  accountLinkTokenSchema,
  mfaLoginSchema,
  passkeyAuthenticationSchema,
  passkeyOptionsSchema,
  passkeyRegistrationSchema,
  passkeySchema,
  passwordChangeSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  recoveryCodesSchema,
  relyingPartySchema,
  signInClientSchema,
  totpConfirmSchema,
  totpSetupSchema,
} from './account';
import { RPC_SHAPES, type RpcContract } from '../rpc-contract';

const { healthAnswer, empty, id, messageAnswer } = RPC_SHAPES;
const { notFound, unauthenticated, invalidCredentials, forbidden, conflict, validation } =
  ERROR_CODES;
const token = sessionTokenSchema.shape.token;
const ended = z.object({ ended: z.number().int() });

/** identity's subjects: sign-in sessions and staff users; spread into `RPC` (subjects.ts). */
export const IDENTITY_RPC = {
  'identity.health': { request: empty, answer: healthAnswer },
  'identity.sessions.create': {
    request: loginRequestSchema.extend({ client: signInClientSchema }),
    answer: sessionSchema,
    refuses: [invalidCredentials],
  },
  'identity.sessions.resolve': {
    request: sessionTokenSchema,
    answer: sessionUserSchema,
    refuses: [unauthenticated],
  },
  /** Where the token's user is signed in, newest first. */
  'identity.sessions.list': {
    request: sessionTokenSchema,
    answer: z.array(accountSessionSchema),
    refuses: [unauthenticated],
  },
  /** Ends one of the token's user's own sessions (the digest tells the gateways' sockets). */
  'identity.sessions.end-one': {
    request: z.object({ token, id }),
    answer: z.object({ digest: z.string() }),
    refuses: [unauthenticated, notFound],
  },
  'identity.sessions.end-others': {
    request: sessionTokenSchema,
    answer: ended,
    refuses: [unauthenticated],
  },
  /** An admin ends every session of another user. */
  'identity.sessions.end-of-user': {
    request: z.object({ userId: id, actor: actorSchema }),
    answer: ended,
    refuses: [notFound],
  },
  /** The second step: the session becomes a full one (trusting the device when asked). */
  'identity.mfa.verify': {
    request: z.object({ token, proof: mfaLoginSchema, client: signInClientSchema }),
    answer: sessionSchema,
    refuses: [unauthenticated, invalidCredentials, conflict, validation],
  },
  'identity.mfa.status': {
    request: sessionTokenSchema,
    answer: accountSecuritySchema,
    refuses: [unauthenticated],
  },
  'identity.mfa.totp-setup': {
    request: sessionTokenSchema,
    answer: totpSetupSchema,
    refuses: [unauthenticated, conflict],
  },
  /** The first right code turns the app on; an 'enroll' session becomes a full one. */
  'identity.mfa.totp-confirm': {
    request: totpConfirmSchema.extend({ token }),
    /** With the session's new token when it was one that had to set a second step up. */
    answer: recoveryCodesSchema.extend({ token: z.string().optional() }),
    refuses: [unauthenticated, invalidCredentials, conflict],
  },
  'identity.passkeys.registration-options': {
    request: z.object({ token, rp: relyingPartySchema }),
    answer: passkeyOptionsSchema,
    refuses: [unauthenticated, conflict],
  },
  'identity.passkeys.register': {
    request: passkeyRegistrationSchema.extend({ token, rp: relyingPartySchema }),
    /** With the session's new token when it was one that had to set a second step up. */
    answer: passkeySchema.extend({ token: z.string().optional() }),
    refuses: [unauthenticated, invalidCredentials, validation],
  },
  'identity.passkeys.authentication-options': {
    request: z.object({ rp: relyingPartySchema }),
    answer: passkeyOptionsSchema,
  },
  /** A passkey signs in on its own: a new, full session. */
  'identity.passkeys.authenticate': {
    request: passkeyAuthenticationSchema.extend({
      rp: relyingPartySchema,
      client: signInClientSchema,
    }),
    answer: sessionSchema,
    refuses: [invalidCredentials],
  },
  'identity.passkeys.delete': {
    request: z.object({ token, id }),
    answer: messageAnswer,
    refuses: [unauthenticated, notFound],
  },
  'identity.invitations.create': {
    request: z.object({ invitation: invitationInputSchema, actor: actorSchema }),
    answer: invitationSchema,
    refuses: [conflict],
  },
  'identity.invitations.read': {
    request: z.object({ token: accountLinkTokenSchema }),
    answer: invitationSchema,
    refuses: [notFound],
  },
  'identity.invitations.accept': {
    request: invitationAcceptSchema.extend({ token: accountLinkTokenSchema }),
    answer: userSchema,
    refuses: [notFound, conflict, validation],
  },
  /** One's own new password, with the current one; one's other sessions end. */
  'identity.password.change': {
    request: passwordChangeSchema.extend({ token }),
    answer: messageAnswer,
    refuses: [unauthenticated, invalidCredentials, validation],
  },
  /** Always the same answer, whether or not an account matched (no account discovery). */
  'identity.password-reset.request': {
    request: passwordResetRequestSchema,
    answer: messageAnswer,
  },
  'identity.password-reset.complete': {
    request: passwordResetSchema.extend({ token: accountLinkTokenSchema }),
    answer: messageAnswer,
    refuses: [notFound, validation],
  },
  'identity.sessions.end': {
    request: sessionTokenSchema,
    answer: z.object({ ended: z.boolean() }),
  },
  'identity.users.create': {
    request: z.object({ user: userInputSchema, actor: actorSchema }),
    answer: userSchema,
    refuses: [conflict, validation],
  },
  'identity.users.list': { request: empty, answer: z.array(userSchema) },
  'identity.users.update': {
    request: z.object({ id, user: userUpdateSchema, actor: actorSchema }),
    answer: userSchema,
    refuses: [notFound, conflict, validation],
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
