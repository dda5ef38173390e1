import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { UsersService } from './users.service';

type Create = RpcMessage<'identity.users.create'>;
type Update = RpcMessage<'identity.users.update'>;
type Remove = RpcMessage<'identity.users.delete'>;

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @RpcHandler('identity.users.list')
  list() {
    return this.users.list();
  }

  @RpcHandler('identity.users.create')
  create(@RpcPayload('identity.users.create') { user }: Create) {
    return this.users.create(user);
  }

  @RpcHandler('identity.users.update')
  update(@RpcPayload('identity.users.update') { id, user }: Update) {
    return this.users.update(id, user);
  }

  @RpcHandler('identity.users.delete')
  remove(@RpcPayload('identity.users.delete') { id, actor }: Remove) {
    return this.users.remove(id, actor);
  }
}
