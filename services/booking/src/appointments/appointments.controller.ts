import { AppointmentRequest, RpcMessage } from '@cincy/contracts';
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

  @RpcHandler('booking.appointments.reschedule')
  reschedule(
    @RpcPayload('booking.appointments.reschedule')
    { id, by, ...slot }: RpcMessage<'booking.appointments.reschedule'>,
  ) {
    return this.appointments.reschedule(id, slot, by);
  }
}
