import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { UsersService } from './users.service';

type Create = RpcMessage<'identity.users.create'>;

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @RpcHandler('identity.users.create')
  create(@RpcPayload('identity.users.create') { user }: Create) {
    return this.users.create(user);
  }
}
