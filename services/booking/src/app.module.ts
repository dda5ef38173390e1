import { PlatformModule } from '@cincy/platform';
import { Module } from '@nestjs/common';
import { AppointmentEntity } from './appointments/appointment.entity';
import { AppointmentsController } from './appointments/appointments.controller';
import { AppointmentsService } from './appointments/appointments.service';
import { CustomerEntity } from './customers/customer.entity';
import { CustomersController } from './customers/customers.controller';
import { CustomersService } from './customers/customers.service';
import { CreateCustomersAndAppointments1732200000001 } from './migrations/1732200000001-create-customers-and-appointments';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'booking',
      entities: [CustomerEntity, AppointmentEntity],
      migrations: [CreateCustomersAndAppointments1732200000001],
    }),
  ],
  controllers: [CustomersController, AppointmentsController],
  providers: [CustomersService, AppointmentsService],
})
export class AppModule {}
