import { CurrentUser, SESSION, Session, SignedInUser } from '@cincy/contracts';
import { InjectEnv, RpcClient } from '@cincy/platform';
import { Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { unauthenticated } from '../common/api-exception';
import { GATEWAY_ENV, GatewayEnv } from '../config';
import { Public, User } from './access.decorators';
import { LoginGuard } from './local.strategy';
import { signedIn } from './privilege';
import { clearSessionCookie, readCookie, setSessionCookie } from './session-cookie';
import { SessionResolver } from './session-resolver';

@Controller()
export class AuthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionResolver,
    @InjectEnv(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Public()
  @UseGuards(LoginGuard)
  @Post('auth/login')
  @HttpCode(200)
  login(@Req() req: Request, @Res({ passthrough: true }) res: Response): SignedInUser {
    const session = req.user as Session;
    setSessionCookie(req, res, session.token);
    return signedIn(session.user, this.env.SUPERVISOR_USERNAME);
  }

  /** Ends the server session and clears the cookie; answers 200 even when already signed out. */
  @Public()
  @Post('auth/logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const token = readCookie(req, SESSION.cookieName);
    if (token) {
      this.sessions.forget(token);
      await this.rpc.call('identity.sessions.end', { token });
    }
    clearSessionCookie(req, res);
    return { message: 'Logged out' };
  }

  @Public()
  @Get('users/current')
  current(@User() user: CurrentUser | undefined): SignedInUser {
    if (!user) throw unauthenticated();
    return signedIn(user, this.env.SUPERVISOR_USERNAME);
  }
}
