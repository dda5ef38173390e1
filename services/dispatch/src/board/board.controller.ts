import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { BoardService } from './board.service';

type FieldJobsRequest = RpcMessage<'dispatch.appointments.field'>;

@Controller()
export class BoardController {
  constructor(private readonly board: BoardService) {}

  @RpcHandler('dispatch.appointments.list')
  list() {
    return this.board.list();
  }

  @RpcHandler('dispatch.appointments.field')
  field(@RpcPayload('dispatch.appointments.field') { technicianId }: FieldJobsRequest) {
    return this.board.forTechnician(technicianId);
  }
}
