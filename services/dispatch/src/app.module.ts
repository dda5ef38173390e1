import { PlatformModule, ServiceDefinition } from '@cincy/platform';
import { Module } from '@nestjs/common';
import { BoardAppointmentEntity } from './board/board-appointment.entity';
import { BoardController } from './board/board.controller';
import { BoardService } from './board/board.service';
import { CustomerDetailsService } from './board/customer-details.service';
import { LifecycleController } from './lifecycle/lifecycle.controller';
import { LifecycleService } from './lifecycle/lifecycle.service';
import { CreateBoardAppointments1732200000001 } from './migrations/1732200000001-create-board-appointments';
import { LifecycleAndMetrics1732400000001 } from './migrations/1732400000001-lifecycle-and-metrics';
import { DailyMetricEntity } from './stats/daily-metric.entity';
import { JobMetricEntity } from './stats/job-metric.entity';
import { StatsController } from './stats/stats.controller';
import { StatsService } from './stats/stats.service';
import { TechnicianEntity } from './technicians/technician.entity';
import { TechniciansService } from './technicians/technicians.service';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'dispatch',
      entities: [BoardAppointmentEntity, TechnicianEntity, JobMetricEntity, DailyMetricEntity],
      migrations: [CreateBoardAppointments1732200000001, LifecycleAndMetrics1732400000001],
    }),
  ],
  controllers: [BoardController, LifecycleController, StatsController],
  providers: [
    BoardService,
    CustomerDetailsService,
    LifecycleService,
    StatsService,
    TechniciansService,
  ],
})
export class AppModule {}

export const dispatchService: ServiceDefinition = { name: 'dispatch', module: AppModule };
