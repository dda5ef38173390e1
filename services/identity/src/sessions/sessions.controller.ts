import { RpcMessage, SessionToken } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { SessionsService } from './sessions.service';

type Create = RpcMessage<'identity.sessions.create'>;
type EndOne = RpcMessage<'identity.sessions.end-one'>;
type EndOfUser = RpcMessage<'identity.sessions.end-of-user'>;

@Controller()
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @RpcHandler('identity.sessions.create')
  create(@RpcPayload('identity.sessions.create') body: Create) {
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

  @RpcHandler('identity.sessions.list')
  list(@RpcPayload('identity.sessions.list') { token }: SessionToken) {
    return this.sessions.list(token);
  }

  @RpcHandler('identity.sessions.end-one')
  endOne(@RpcPayload('identity.sessions.end-one') { token, id }: EndOne) {
    return this.sessions.endOne(token, id);
  }

  @RpcHandler('identity.sessions.end-others')
  endOthers(@RpcPayload('identity.sessions.end-others') { token }: SessionToken) {
    return this.sessions.endOthers(token);
  }

  @RpcHandler('identity.sessions.end-of-user')
  endOfUser(@RpcPayload('identity.sessions.end-of-user') { userId, actor }: EndOfUser) {
    return this.sessions.endOfUser(userId, actor);
  }
}
