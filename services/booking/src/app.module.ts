import { PlatformModule, ServiceDefinition } from '@cincy/platform';
import { Module } from '@nestjs/common';
import {
  AppointmentEntity,
  AppointmentStatusService,
  AppointmentsController,
  AppointmentsRepository,
  AppointmentsService,
} from './appointments';
import { BookingsController, BookingsService } from './bookings';
import { clockProvider } from './common/clock.provider';
import {
  CustomerRecordController,
  CustomerRecordRepository,
  CustomerRecordService,
} from './customer-record';
import { BOOKING_ENV } from './config';
import {
  CustomerEntity,
  CustomersController,
  CustomersRepository,
  CustomersService,
} from './customers';
import { FitmentController, FitmentRepository, FitmentService } from './fitment';
import { GeocodingService } from './geocoding';
import { LinksController, LinksRepository, LinksService } from './links';
import { CreateCustomersAndAppointments1732200000001 } from './migrations/1732200000001-create-customers-and-appointments';
import { AddTechniciansAndSlotIndex1732300000001 } from './migrations/1732300000001-add-technicians-and-slot-index';
import { AppointmentStatusVersion1732400000001 } from './migrations/1732400000001-appointment-status-version';
import { CustomerDatabase1732500000001 } from './migrations/1732500000001-customer-database';
import { AppointmentIdempotencyKey1732600000001 } from './migrations/1732600000001-appointment-idempotency-key';
import { TechnicianSchedules1732700000001 } from './migrations/1732700000001-technician-schedules';
import { ReferencesAndLinks1732800000001 } from './migrations/1732800000001-references-and-links';
import { PhonesAndStateCodes1732850000001 } from './migrations/1732850000001-phones-and-state-codes';
import { CustomerAddressesAndVehicles1732900000001 } from './migrations/1732900000001-customer-addresses-and-vehicles';
import { AppointmentMoveCount1733000000001 } from './migrations/1733000000001-appointment-move-count';
import { IdempotencyKeyAlone1733100000001 } from './migrations/1733100000001-idempotency-key-alone';
import { VisitPaymentStatus1733700000001 } from './migrations/1733700000001-visit-payment-status';
import { Fitment1733800000001 } from './migrations/1733800000001-fitment';
import { ScheduleVersions1733900000001 } from './migrations/1733900000001-schedule-versions';
import { SchedulesRepository, SchedulesService, TechnicianScheduleEntity } from './schedules';
import { TechnicianEntity, TechniciansRepository, TechniciansService } from './technicians';
import { TimeSlotsController, TimeSlotsRepository, TimeSlotsService } from './time-slots';
import { VinController } from './vehicles';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'booking',
      entities: [CustomerEntity, AppointmentEntity, TechnicianEntity, TechnicianScheduleEntity],
      migrations: [
        CreateCustomersAndAppointments1732200000001,
        AddTechniciansAndSlotIndex1732300000001,
        AppointmentStatusVersion1732400000001,
        CustomerDatabase1732500000001,
        AppointmentIdempotencyKey1732600000001,
        TechnicianSchedules1732700000001,
        ReferencesAndLinks1732800000001,
        PhonesAndStateCodes1732850000001,
        CustomerAddressesAndVehicles1732900000001,
        AppointmentMoveCount1733000000001,
        IdempotencyKeyAlone1733100000001,
        VisitPaymentStatus1733700000001,
        Fitment1733800000001,
        ScheduleVersions1733900000001,
      ],
    }),
  ],
  controllers: [
    CustomersController,
    AppointmentsController,
    BookingsController,
    TimeSlotsController,
    LinksController,
    CustomerRecordController,
    VinController,
    FitmentController,
  ],
  providers: [
    clockProvider,
    CustomersRepository,
    CustomersService,
    AppointmentsRepository,
    AppointmentsService,
    BookingsService,
    AppointmentStatusService,
    TimeSlotsRepository,
    TimeSlotsService,
    GeocodingService,
    TechniciansRepository,
    TechniciansService,
    SchedulesRepository,
    SchedulesService,
    LinksRepository,
    LinksService,
    CustomerRecordRepository,
    CustomerRecordService,
    FitmentRepository,
    FitmentService,
  ],
})
export class AppModule {}

export const bookingService: ServiceDefinition = {
  name: 'booking',
  module: AppModule,
  env: [BOOKING_ENV],
};
