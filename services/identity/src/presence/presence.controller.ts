import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { PresenceService } from './presence.service';

type Report = RpcMessage<'identity.users.report-location'>;
type Heartbeat = RpcMessage<'identity.users.heartbeat'>;

@Controller()
export class PresenceController {
  constructor(private readonly presence: PresenceService) {}

  @RpcHandler('identity.users.locations')
  locations() {
    return this.presence.locations();
  }

  @RpcHandler('identity.users.report-location')
  reportLocation(
    @RpcPayload('identity.users.report-location') { userId, location, token }: Report,
  ) {
    return this.presence.reportLocation(userId, location, token);
  }

  @RpcHandler('identity.users.heartbeat')
  heartbeat(@RpcPayload('identity.users.heartbeat') { userId }: Heartbeat) {
    return this.presence.heartbeat(userId);
  }
}
