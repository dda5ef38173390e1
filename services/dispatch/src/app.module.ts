import { PlatformModule, ServiceDefinition } from '@cincy/platform';
import { Module } from '@nestjs/common';
import {
  BoardAppointmentEntity,
  BoardController,
  BoardRepository,
  BoardService,
  CustomerDetailsService,
} from './board';
import { LifecycleController, LifecycleService } from './lifecycle';
import { CreateBoardAppointments1732200000001 } from './migrations/1732200000001-create-board-appointments';
import { LifecycleAndMetrics1732400000001 } from './migrations/1732400000001-lifecycle-and-metrics';
import { HandBack1732700000001 } from './migrations/1732700000001-hand-back';
import {
  DailyMetricEntity,
  JobMetricEntity,
  StatsController,
  StatsRepository,
  StatsService,
} from './stats';
import { TechnicianEntity, TechniciansRepository, TechniciansService } from './technicians';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'dispatch',
      entities: [BoardAppointmentEntity, TechnicianEntity, JobMetricEntity, DailyMetricEntity],
      migrations: [
        CreateBoardAppointments1732200000001,
        LifecycleAndMetrics1732400000001,
        HandBack1732700000001,
      ],
    }),
  ],
  controllers: [BoardController, LifecycleController, StatsController],
  providers: [
    BoardRepository,
    BoardService,
    CustomerDetailsService,
    LifecycleService,
    StatsRepository,
    StatsService,
    TechniciansRepository,
    TechniciansService,
  ],
})
export class AppModule {}

export const dispatchService: ServiceDefinition = { name: 'dispatch', module: AppModule };
