import { BookingRequest, CreatedAppointment } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { requestFingerprint } from '@cincy/platform';
import { AppointmentsService } from '../appointments';
import { CustomersService } from '../customers';

/**
 * The public form's booking (POST /api/bookings, ADR 0105): the two steps of the spec's two calls
 * (POST /api/customers, POST /api/appointments), the same code, in one transaction.
 */
@Injectable()
export class BookingsService {
  constructor(
    private readonly customers: CustomersService,
    private readonly appointments: AppointmentsService,
  ) {}

  /**
   * The customer (a returning one found again) and their appointment, stored together or not at
   * all, once per Idempotency-Key: the key covers the customer's details too.
   */
  book({
    idempotencyKey,
    name,
    phone,
    email,
    ...details
  }: BookingRequest): Promise<CreatedAppointment> {
    const customer = { name, phone, email };
    const keyed = idempotencyKey
      ? { key: idempotencyKey, fingerprint: requestFingerprint({ ...customer, ...details }) }
      : null;
    return this.appointments.bookOnce(
      details,
      async (manager) => (await this.customers.register(customer, manager)).id,
      keyed,
    );
  }
}
