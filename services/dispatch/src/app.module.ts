import { PlatformModule, ServiceDefinition } from '@cincy/platform';
import { Module } from '@nestjs/common';
import { BoardAppointmentEntity } from './board/board-appointment.entity';
import { BoardController } from './board/board.controller';
import { BoardService } from './board/board.service';
import { CreateBoardAppointments1732200000001 } from './migrations/1732200000001-create-board-appointments';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'dispatch',
      entities: [BoardAppointmentEntity],
      migrations: [CreateBoardAppointments1732200000001],
    }),
  ],
  controllers: [BoardController],
  providers: [BoardService],
})
export class AppModule {}

export const dispatchService: ServiceDefinition = { name: 'dispatch', module: AppModule };
