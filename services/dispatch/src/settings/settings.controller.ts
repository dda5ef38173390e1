import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { SettingsService } from './settings.service';

type Update = RpcMessage<'dispatch.settings.update'>;

@Controller()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @RpcHandler('dispatch.settings.get')
  get() {
    return this.settings.get();
  }

  @RpcHandler('dispatch.settings.update')
  update(@RpcPayload('dispatch.settings.update') { settings }: Update) {
    return this.settings.update(settings);
  }
}
