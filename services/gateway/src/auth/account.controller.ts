import {
  ACCOUNT_MESSAGES,
  CurrentUser,
  InvitationAccept,
  SESSION,
  SignedInUser,
  accountSessionSchema,
  invitationAcceptSchema,
  mfaLoginSchema,
  Passkey,
  PasswordChange,
  RecoveryCodes,
  passkeyAuthenticationSchema,
  passkeyRegistrationSchema,
  passkeySchema,
  passwordChangeSchema,
  recoveryCodesSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  signedInUserSchema,
  totpConfirmSchema,
} from '@cincy/contracts';
import { InjectEnv, PLATFORM_ENV, PlatformEnv, RpcCallError, RpcClient } from '@cincy/platform';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { Public, SignInStep, User } from '../access/access.decorators';
import { signedIn } from '../access/privilege';
import { readCookie, relyingParty, setSessionCookie, signInClient } from '../access/session-cookie';
import { SessionResolver } from '../access/session-resolver';
import { AccountLinkToken, Contract, PathId } from '../common/contract.pipe';
import { GATEWAY_ENV, GatewayEnv } from '../config';
import { Doc } from '../routes/route-doc.decorator';
import { LoginThrottle, LoginThrottled } from './login-throttle';

const tokenOf = (req: Request) => readCookie(req, SESSION.cookieName) ?? '';
const InvitationToken = new AccountLinkToken(ACCOUNT_MESSAGES.invitationInvalid);
const ResetToken = new AccountLinkToken(ACCOUNT_MESSAGES.resetInvalid);

/**
 * A staff account's own security (issue 38): the second step of sign-in, passkeys, where one is
 * signed in, and the links by email (invitations, password resets). Identity decides; the
 * gateway passes the session's token, the browser's device and the page's origin.
 */
@Controller('auth')
export class AccountController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionResolver,
    private readonly throttle: LoginThrottle,
    @InjectEnv(GATEWAY_ENV) private readonly env: GatewayEnv,
    @InjectEnv(PLATFORM_ENV) private readonly platform: PlatformEnv,
  ) {}

  private signedIn(user: CurrentUser): SignedInUser {
    return signedIn(user, { ...this.env, ...this.platform });
  }

  /** The second step: counted by the sign-in throttle as a password is. */
  @SignInStep()
  @Doc(
    'Finish signing in with the authenticator app’s code or a recovery code',
    signedInUserSchema,
    {
      calls: ['identity.mfa.verify'],
      answers: [{ status: 429, description: 'Too many sign-in attempts (see `Retry-After`).' }],
    },
  )
  @Post('login/mfa')
  @HttpCode(200)
  async loginMfa(
    @Body(new Contract(mfaLoginSchema)) proof: z.infer<typeof mfaLoginSchema>,
    @User() user: CurrentUser,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SignedInUser> {
    const ip = req.ip ?? 'unknown';
    this.throttled(res, () => this.throttle.check(user.username, ip, Date.now(), true));
    const token = tokenOf(req);
    try {
      const session = await this.rpc.call('identity.mfa.verify', {
        token,
        proof,
        client: signInClient(req, res),
      });
      this.throttle.succeeded(user.username, ip);
      this.sessions.forget(token);
      setSessionCookie(req, res, session.token); // signed in under a new token
      return this.signedIn(session.user);
    } catch (error) {
      if (error instanceof RpcCallError && error.status === 401)
        this.throttle.failed(user.username, ip, Date.now(), true);
      throw error;
    }
  }

  @SignInStep()
  @Doc('The account’s second steps (Security page)', 'identity.mfa.status')
  @Get('security')
  security(@Req() req: Request) {
    return this.rpc.call('identity.mfa.status', { token: tokenOf(req) });
  }

  @SignInStep()
  @Doc(
    'Start setting up an authenticator app: its secret and otpauth URL',
    'identity.mfa.totp-setup',
  )
  @Post('mfa/totp/setup')
  @HttpCode(200)
  totpSetup(@Req() req: Request) {
    return this.rpc.call('identity.mfa.totp-setup', { token: tokenOf(req) });
  }

  @SignInStep()
  @Doc(
    'Turn the authenticator app on with its first code: ten recovery codes',
    recoveryCodesSchema,
    {
      calls: ['identity.mfa.totp-confirm'],
    },
  )
  @Post('mfa/totp/confirm')
  @HttpCode(200)
  async totpConfirm(
    @Body(new Contract(totpConfirmSchema)) { code }: { code: string },
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RecoveryCodes> {
    const token = tokenOf(req);
    const { token: signedIn, recoveryCodes } = await this.rpc.call('identity.mfa.totp-confirm', {
      token,
      code,
    });
    this.signedInAnew(req, res, token, signedIn);
    return { recoveryCodes };
  }

  /** A session that had to set a second step up is signed in now, under a new token. */
  private signedInAnew(req: Request, res: Response, old: string, token: string | undefined) {
    if (!token) return;
    this.sessions.forget(old);
    setSessionCookie(req, res, token);
  }

  @SignInStep()
  @Doc(
    'Start registering a passkey (WebAuthn creation options)',
    'identity.passkeys.registration-options',
  )
  @Post('passkeys/registration/options')
  @HttpCode(200)
  registrationOptions(@Req() req: Request) {
    return this.rpc.call('identity.passkeys.registration-options', {
      token: tokenOf(req),
      rp: relyingParty(req),
    });
  }

  @SignInStep()
  @Doc('Register the passkey the browser made', passkeySchema, {
    calls: ['identity.passkeys.register'],
  })
  @Post('passkeys/registration')
  async register(
    @Body(new Contract(passkeyRegistrationSchema)) body: z.infer<typeof passkeyRegistrationSchema>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Passkey> {
    const token = tokenOf(req);
    const { token: signedIn, ...passkey } = await this.rpc.call('identity.passkeys.register', {
      ...body,
      token,
      rp: relyingParty(req),
    });
    this.signedInAnew(req, res, token, signedIn);
    return passkey;
  }

  @Public()
  @Doc(
    'Start a passkey sign-in (WebAuthn request options)',
    'identity.passkeys.authentication-options',
  )
  @Post('passkeys/authentication/options')
  @HttpCode(200)
  authenticationOptions(@Req() req: Request) {
    return this.rpc.call('identity.passkeys.authentication-options', { rp: relyingParty(req) });
  }

  /** A passkey signs in on its own: a new, full session (a pending one is replaced). */
  @Public()
  @Doc('Sign in with a passkey: sets the session cookie', signedInUserSchema, {
    calls: ['identity.passkeys.authenticate'],
  })
  @Post('passkeys/authentication')
  @HttpCode(200)
  async authenticate(
    @Body(new Contract(passkeyAuthenticationSchema))
    body: z.infer<typeof passkeyAuthenticationSchema>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SignedInUser> {
    const session = await this.rpc.call('identity.passkeys.authenticate', {
      ...body,
      rp: relyingParty(req),
      client: signInClient(req, res),
    });
    const previous = readCookie(req, SESSION.cookieName);
    if (previous) await this.rpc.call('identity.sessions.end', { token: previous });
    setSessionCookie(req, res, session.token);
    return this.signedIn(session.user);
  }

  @Doc('Remove one of one’s passkeys', 'identity.passkeys.delete')
  @Delete('passkeys/:id')
  removePasskey(@Param('id', PathId) id: number, @Req() req: Request) {
    return this.rpc.call('identity.passkeys.delete', { token: tokenOf(req), id });
  }

  /** One's own new password, with the current one: counted by the sign-in throttle when wrong. */
  @Doc('Change one’s own password (the other sessions end)', z.object({ message: z.string() }), {
    calls: ['identity.password.change'],
    answers: [{ status: 429, description: 'Too many sign-in attempts (see `Retry-After`).' }],
  })
  @Post('password')
  @HttpCode(200)
  async changePassword(
    @Body(new Contract(passwordChangeSchema)) body: PasswordChange,
    @User() user: CurrentUser,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const ip = req.ip ?? 'unknown';
    this.throttled(res, () => this.throttle.check(user.username, ip));
    try {
      return await this.rpc.call('identity.password.change', { ...body, token: tokenOf(req) });
    } catch (error) {
      if (error instanceof RpcCallError && error.status === 401)
        this.throttle.failed(user.username, ip);
      throw error;
    }
  }

  /** Runs a throttle's check; a 429 carries its Retry-After. */
  private throttled(res: Response, check: () => void): void {
    try {
      check();
    } catch (error) {
      if (error instanceof LoginThrottled)
        res.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  }

  @Doc('Where you’re signed in', z.array(accountSessionSchema), {
    calls: ['identity.sessions.list'],
  })
  @Get('sessions')
  listSessions(@Req() req: Request) {
    return this.rpc.call('identity.sessions.list', { token: tokenOf(req) });
  }

  @Doc('Sign out one of one’s sessions', z.object({ message: z.string() }), {
    calls: ['identity.sessions.end-one'],
  })
  @Delete('sessions/:id')
  async endSession(@Param('id', PathId) id: number, @Req() req: Request) {
    await this.rpc.call('identity.sessions.end-one', { token: tokenOf(req), id });
    return { message: 'Signed out' };
  }

  @Doc('Sign out everywhere else', 'identity.sessions.end-others')
  @Post('sessions/revoke-others')
  @HttpCode(200)
  revokeOthers(@Req() req: Request) {
    return this.rpc.call('identity.sessions.end-others', { token: tokenOf(req) });
  }

  @Public()
  @Doc('The invitation behind a link', 'identity.invitations.read')
  @Get('invitations/:token')
  readInvitation(@Param('token', InvitationToken) token: string) {
    return this.rpc.call('identity.invitations.read', { token });
  }

  @Public()
  @Doc(
    'Accept an invitation: the account, with the username and password chosen',
    'identity.invitations.accept',
  )
  @Post('invitations/:token/accept')
  accept(
    @Param('token', InvitationToken) token: string,
    @Body(new Contract(invitationAcceptSchema)) body: InvitationAccept,
  ) {
    return this.rpc.call('identity.invitations.accept', { ...body, token });
  }

  /** Always 202 with the same words: it tells nobody which accounts exist. */
  @Public()
  @Doc(
    'Forgot password: a link by email, when the account has one',
    'identity.password-reset.request',
  )
  @Post('password-reset')
  @HttpCode(202)
  requestReset(
    @Body(new Contract(passwordResetRequestSchema))
    body: z.infer<typeof passwordResetRequestSchema>,
  ) {
    return this.rpc.call('identity.password-reset.request', body);
  }

  @Public()
  @Doc(
    'Choose a new password with a reset link; every session of the account ends',
    'identity.password-reset.complete',
  )
  @Post('password-reset/:token')
  @HttpCode(200)
  reset(
    @Param('token', ResetToken) token: string,
    @Body(new Contract(passwordResetSchema)) { password }: { password: string },
  ) {
    return this.rpc.call('identity.password-reset.complete', { token, password });
  }
}
