import { PlatformModule, ServiceDefinition } from '@cincy/platform';
import { Module } from '@nestjs/common';
import { AppointmentStatusService } from './appointments/appointment-status.service';
import { AppointmentEntity } from './appointments/appointment.entity';
import { AppointmentsController } from './appointments/appointments.controller';
import { AppointmentsService } from './appointments/appointments.service';
import { clockProvider } from './common/clock.provider';
import { BOOKING_ENV } from './config';
import { CustomerEntity } from './customers/customer.entity';
import { CustomersController } from './customers/customers.controller';
import { CustomersService } from './customers/customers.service';
import { GeocodingService } from './geocoding/geocoding.service';
import { CreateCustomersAndAppointments1732200000001 } from './migrations/1732200000001-create-customers-and-appointments';
import { AddTechniciansAndSlotIndex1732300000001 } from './migrations/1732300000001-add-technicians-and-slot-index';
import { AppointmentStatusVersion1732400000001 } from './migrations/1732400000001-appointment-status-version';
import { CustomerDatabase1732500000001 } from './migrations/1732500000001-customer-database';
import { TechnicianEntity } from './technicians/technician.entity';
import { TechniciansService } from './technicians/technicians.service';
import { TimeSlotsController } from './time-slots/time-slots.controller';
import { TimeSlotsService } from './time-slots/time-slots.service';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'booking',
      entities: [CustomerEntity, AppointmentEntity, TechnicianEntity],
      migrations: [
        CreateCustomersAndAppointments1732200000001,
        AddTechniciansAndSlotIndex1732300000001,
        AppointmentStatusVersion1732400000001,
        CustomerDatabase1732500000001,
      ],
    }),
  ],
  controllers: [CustomersController, AppointmentsController, TimeSlotsController],
  providers: [
    clockProvider,
    CustomersService,
    AppointmentsService,
    TimeSlotsService,
    GeocodingService,
    TechniciansService,
    AppointmentStatusService,
  ],
})
export class AppModule {}

export const bookingService: ServiceDefinition = {
  name: 'booking',
  module: AppModule,
  env: [BOOKING_ENV],
};
