import { PlatformModule, ServiceDefinition } from '@cincy/platform';
import { Module } from '@nestjs/common';
import {
  BoardAppointmentEntity,
  BoardController,
  BoardRepository,
  BoardService,
  CustomerDetailsService,
  ReschedulesService,
  PaymentsService,
} from './board';
import {
  BatteryTestsController,
  BatteryTestsRepository,
  BatteryTestsService,
  PhotosController,
  PhotosRepository,
  PhotosService,
  WarrantyClaimsService,
} from './door-records';
import { DISPATCH_ENV } from './config';
import { DayController, DayRepository, DayService } from './day';
import { LifecycleController, LifecycleService } from './lifecycle';
import { CreateBoardAppointments1732200000001 } from './migrations/1732200000001-create-board-appointments';
import { LifecycleAndMetrics1732400000001 } from './migrations/1732400000001-lifecycle-and-metrics';
import { HandBack1732700000001 } from './migrations/1732700000001-hand-back';
import { SchedulesAndSettings1732700000002 } from './migrations/1732700000002-schedules-and-settings';
import { AppointmentQueue1732700000003 } from './migrations/1732700000003-appointment-queue';
import { CancelledByCustomer1732800000001 } from './migrations/1732800000001-cancelled-by-customer';
import { ReportDays1733000000003 } from './migrations/1733000000003-report-days';
import { BoardReferences1733300000102 } from './migrations/1733300000102-board-references';
import { QueueIndexes1733300000106 } from './migrations/1733300000106-queue-indexes';
import { BatteryTests1733400000001 } from './migrations/1733400000001-battery-tests';
import { JobPhotos1733400000002 } from './migrations/1733400000002-job-photos';
import { ArrivalCode1733500000001 } from './migrations/1733500000001-arrival-code';
import { JobPayment1733600000001 } from './migrations/1733600000001-job-payment';
import { JobBattery1733800000001 } from './migrations/1733800000001-job-battery';
import { VanBatteries1733800000002 } from './migrations/1733800000002-van-batteries';
import { ErasedCustomers1733900000001 } from './migrations/1733900000001-erased-customers';
import { ScheduleVersions1733900000002 } from './migrations/1733900000002-schedule-versions';
import { QueueController, QueueRepository, QueueService } from './queue';
import { ReportsController, ReportsRepository, ReportsService } from './reports';
import {
  DispatchSettingsEntity,
  SettingsController,
  SettingsRepository,
  SettingsService,
} from './settings';
import {
  ScheduleExceptionEntity,
  ScheduleRepository,
  ShiftsController,
  ShiftsService,
  WeeklyShiftEntity,
} from './shifts';
import {
  DailyMetricEntity,
  JobMetricEntity,
  StatsController,
  StatsRepository,
  StatsService,
} from './stats';
import {
  RoutingClient,
  SuggestionsController,
  SuggestionsRepository,
  SuggestionsService,
  VanStockService,
} from './suggestions';
import { TechnicianEntity, TechniciansRepository, TechniciansService } from './technicians';
import { TrackingController, TrackingRepository, TrackingService } from './tracking';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'dispatch',
      entities: [
        BoardAppointmentEntity,
        TechnicianEntity,
        JobMetricEntity,
        DailyMetricEntity,
        WeeklyShiftEntity,
        ScheduleExceptionEntity,
        DispatchSettingsEntity,
      ],
      migrations: [
        CreateBoardAppointments1732200000001,
        LifecycleAndMetrics1732400000001,
        HandBack1732700000001,
        SchedulesAndSettings1732700000002,
        AppointmentQueue1732700000003,
        CancelledByCustomer1732800000001,
        ReportDays1733000000003,
        BoardReferences1733300000102,
        QueueIndexes1733300000106,
        BatteryTests1733400000001,
        JobPhotos1733400000002,
        ArrivalCode1733500000001,
        JobPayment1733600000001,
        JobBattery1733800000001,
        VanBatteries1733800000002,
        ErasedCustomers1733900000001,
        ScheduleVersions1733900000002,
      ],
    }),
  ],
  controllers: [
    BoardController,
    LifecycleController,
    StatsController,
    ShiftsController,
    SettingsController,
    SuggestionsController,
    QueueController,
    DayController,
    TrackingController,
    ReportsController,
    BatteryTestsController,
    PhotosController,
  ],
  providers: [
    BoardRepository,
    BoardService,
    CustomerDetailsService,
    LifecycleService,
    ScheduleRepository,
    SettingsRepository,
    SettingsService,
    ShiftsService,
    StatsRepository,
    StatsService,
    TechniciansRepository,
    TechniciansService,
    RoutingClient,
    SuggestionsRepository,
    SuggestionsService,
    VanStockService,
    QueueRepository,
    QueueService,
    DayRepository,
    DayService,
    ReschedulesService,
    PaymentsService,
    TrackingRepository,
    TrackingService,
    ReportsRepository,
    ReportsService,
    BatteryTestsRepository,
    BatteryTestsService,
    WarrantyClaimsService,
    PhotosRepository,
    PhotosService,
  ],
})
export class AppModule {}

export const dispatchService: ServiceDefinition = {
  name: 'dispatch',
  module: AppModule,
  env: [DISPATCH_ENV],
};
