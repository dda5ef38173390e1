import {
  CurrentUser,
  SESSION,
  Session,
  LoginAnswer,
  SignedInUser,
  loginAnswerSchema,
  loginRequestSchema,
  signedInUserSchema,
} from '@cincy/contracts';
import { InjectEnv, PLATFORM_ENV, PlatformEnv, RpcClient } from '@cincy/platform';
import { Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { Doc } from '../routes/route-doc.decorator';
import type { Request, Response } from 'express';
import { GATEWAY_ENV, GatewayEnv } from '../config';
import { Public, SignInStep, User } from '../access/access.decorators';
import { LoginGuard } from './local.strategy';
import { signedIn } from '../access/privilege';
import { clearSessionCookie, readCookie, setSessionCookie } from '../access/session-cookie';
import { SessionResolver } from '../access/session-resolver';
import { StaffPush } from '../push/staff-push';

@Controller()
export class AuthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionResolver,
    private readonly push: StaffPush,
    @InjectEnv(GATEWAY_ENV) private readonly env: GatewayEnv,
    @InjectEnv(PLATFORM_ENV) private readonly platform: PlatformEnv,
  ) {}

  private signedIn(user: CurrentUser): SignedInUser {
    return signedIn(user, { ...this.env, ...this.platform });
  }

  /**
   * The password: signed in, or (for an account with a second step, or an admin who must set
   * one up) a session that may only finish signing in.
   */
  @Public()
  @UseGuards(LoginGuard)
  @Doc(
    'Sign in: sets the session cookie; an account with a second step answers `mfa`',
    loginAnswerSchema,
    { body: loginRequestSchema, calls: ['identity.sessions.create'] },
  )
  @Post('auth/login')
  @HttpCode(200)
  login(@Req() req: Request, @Res({ passthrough: true }) res: Response): LoginAnswer {
    const session = req.user as Session;
    setSessionCookie(req, res, session.token);
    if (session.stage === 'mfa') return { mfa: 'required', methods: session.methods };
    if (session.stage === 'enroll') return { mfa: 'enroll' };
    return this.signedIn(session.user);
  }

  /** Ends the server session and clears the cookie; answers 200 even when already signed out. */
  @Public()
  @SignInStep()
  @Doc(
    'Sign out: ends the session and clears its cookie',
    z.object({ message: z.literal('Logged out') }),
    { calls: ['identity.sessions.end'] },
  )
  @Post('auth/logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const token = readCookie(req, SESSION.cookieName);
    if (token) {
      this.sessions.forget(token);
      await this.rpc.call('identity.sessions.end', { token });
      this.push.announceSessionEnded(token);
    }
    clearSessionCookie(req, res);
    return { message: 'Logged out' };
  }

  /** Any signed-in user; a visitor gets the session guard's 401 (the browser ignores it). */
  @Doc('The signed-in user', signedInUserSchema)
  @Get('users/current')
  current(@User() user: CurrentUser): SignedInUser {
    return this.signedIn(user);
  }
}
