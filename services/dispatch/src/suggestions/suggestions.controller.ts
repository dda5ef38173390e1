import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { SuggestionsService } from './suggestions.service';

type Suggestions = RpcMessage<'dispatch.appointments.suggestions'>;

@Controller()
export class SuggestionsController {
  constructor(private readonly suggestions: SuggestionsService) {}

  @RpcHandler('dispatch.appointments.suggestions')
  list(@RpcPayload('dispatch.appointments.suggestions') { id }: Suggestions) {
    return this.suggestions.list(id);
  }
}
