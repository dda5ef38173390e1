import { LoginRequest, SessionToken } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { SessionsService } from './sessions.service';

@Controller()
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @RpcHandler('identity.sessions.create')
  create(@RpcPayload('identity.sessions.create') body: LoginRequest) {
    return this.sessions.login(body);
  }

  @RpcHandler('identity.sessions.resolve')
  resolve(@RpcPayload('identity.sessions.resolve') { token }: SessionToken) {
    return this.sessions.resolve(token);
  }

  @RpcHandler('identity.sessions.end')
  async end(@RpcPayload('identity.sessions.end') { token }: SessionToken) {
    return { ended: await this.sessions.end(token) };
  }
}
