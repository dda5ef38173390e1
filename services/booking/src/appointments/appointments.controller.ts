import { AppointmentRequest } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { AppointmentsService } from './appointments.service';

@Controller()
export class AppointmentsController {
  constructor(private readonly appointments: AppointmentsService) {}

  @RpcHandler('booking.appointments.create')
  create(@RpcPayload('booking.appointments.create') body: AppointmentRequest) {
    return this.appointments.book(body);
  }
}
