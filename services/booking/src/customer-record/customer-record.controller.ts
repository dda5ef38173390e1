import { RpcMessage, RpcSubject } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { CustomerRecordService, addressInput, vehicleInput } from './customer-record.service';

type M<S extends RpcSubject> = RpcMessage<S>;

@Controller()
export class CustomerRecordController {
  constructor(private readonly record: CustomerRecordService) {}

  @RpcHandler('booking.customer-addresses.list')
  addresses(
    @RpcPayload('booking.customer-addresses.list') m: M<'booking.customer-addresses.list'>,
  ) {
    return this.record.list('address', m.customerId);
  }

  @RpcHandler('booking.customer-addresses.add')
  addAddress(@RpcPayload('booking.customer-addresses.add') m: M<'booking.customer-addresses.add'>) {
    return this.record.add('address', m.customerId, addressInput(m.address));
  }

  @RpcHandler('booking.customer-addresses.update')
  updateAddress(
    @RpcPayload('booking.customer-addresses.update') m: M<'booking.customer-addresses.update'>,
  ) {
    return this.record.update('address', m.customerId, m.id, addressInput(m.address));
  }

  @RpcHandler('booking.customer-addresses.set-default')
  defaultAddress(
    @RpcPayload('booking.customer-addresses.set-default')
    m: M<'booking.customer-addresses.set-default'>,
  ) {
    return this.record.setDefault('address', m.customerId, m.id);
  }

  @RpcHandler('booking.customer-addresses.delete')
  removeAddress(
    @RpcPayload('booking.customer-addresses.delete') m: M<'booking.customer-addresses.delete'>,
  ) {
    return this.record.remove('address', m.customerId, m.id);
  }

  @RpcHandler('booking.customer-vehicles.list')
  vehicles(@RpcPayload('booking.customer-vehicles.list') m: M<'booking.customer-vehicles.list'>) {
    return this.record.list('vehicle', m.customerId);
  }

  @RpcHandler('booking.customer-vehicles.add')
  addVehicle(@RpcPayload('booking.customer-vehicles.add') m: M<'booking.customer-vehicles.add'>) {
    return this.record.add('vehicle', m.customerId, vehicleInput(m.vehicle));
  }

  @RpcHandler('booking.customer-vehicles.update')
  updateVehicle(
    @RpcPayload('booking.customer-vehicles.update') m: M<'booking.customer-vehicles.update'>,
  ) {
    return this.record.update('vehicle', m.customerId, m.id, vehicleInput(m.vehicle));
  }

  @RpcHandler('booking.customer-vehicles.set-default')
  defaultVehicle(
    @RpcPayload('booking.customer-vehicles.set-default')
    m: M<'booking.customer-vehicles.set-default'>,
  ) {
    return this.record.setDefault('vehicle', m.customerId, m.id);
  }

  @RpcHandler('booking.customer-vehicles.delete')
  removeVehicle(
    @RpcPayload('booking.customer-vehicles.delete') m: M<'booking.customer-vehicles.delete'>,
  ) {
    return this.record.remove('vehicle', m.customerId, m.id);
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
