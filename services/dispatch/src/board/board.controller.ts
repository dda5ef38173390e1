import { RpcHandler } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { BoardService } from './board.service';

@Controller()
export class BoardController {
  constructor(private readonly board: BoardService) {}

  @RpcHandler('dispatch.appointments.list')
  list() {
    return this.board.list();
  }
}
