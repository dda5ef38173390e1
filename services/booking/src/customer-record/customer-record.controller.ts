import { RpcMessage, RpcSubject } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { CustomerRecordService } from './customer-record.service';

type M<S extends RpcSubject> = RpcMessage<S>;

@Controller()
export class CustomerRecordController {
  constructor(private readonly record: CustomerRecordService) {}

  @RpcHandler('booking.customer-records.list')
  list(@RpcPayload('booking.customer-records.list') m: M<'booking.customer-records.list'>) {
    return this.record.list(m.kind, m.customerId);
  }

  @RpcHandler('booking.customer-records.add')
  add(@RpcPayload('booking.customer-records.add') m: M<'booking.customer-records.add'>) {
    return this.record.add(m.kind, m.customerId, m);
  }

  @RpcHandler('booking.customer-records.update')
  update(@RpcPayload('booking.customer-records.update') m: M<'booking.customer-records.update'>) {
    return this.record.update(m.kind, m.customerId, m.id, m);
  }

  @RpcHandler('booking.customer-records.set-default')
  setDefault(
    @RpcPayload('booking.customer-records.set-default')
    m: M<'booking.customer-records.set-default'>,
  ) {
    return this.record.setDefault(m.kind, m.customerId, m.id);
  }

  @RpcHandler('booking.customer-records.delete')
  remove(@RpcPayload('booking.customer-records.delete') m: M<'booking.customer-records.delete'>) {
    return this.record.remove(m.kind, m.customerId, m.id);
  }

  @RpcHandler('booking.customers.visits')
  visits(@RpcPayload('booking.customers.visits') m: M<'booking.customers.visits'>) {
    return this.record.visits(m.customerId);
  }

  @RpcHandler('booking.appointments.vehicles')
  appointmentVehicles(
    @RpcPayload('booking.appointments.vehicles') m: M<'booking.appointments.vehicles'>,
  ) {
    return this.record.appointmentVehicles(m.appointmentIds);
  }
}
