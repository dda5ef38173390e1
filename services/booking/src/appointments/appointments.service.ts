import { AppointmentInput, CreatedAppointment, ERROR_CODES, businessInstant } from '@cincy/contracts';
import { DomainError, Outbox } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { CustomerEntity } from '../customers/customer.entity';
import { AppointmentEntity } from './appointment.entity';

@Injectable()
export class AppointmentsService {
  constructor(private readonly outbox: Outbox) {}

  /** Stores the request as pending/normal and announces it, in one transaction. */
  async book(input: AppointmentInput): Promise<CreatedAppointment> {
    const scheduledStartTime = scheduledStart(input);
    return this.outbox.transaction(async ({ manager, emit }) => {
      const customer = await manager.findOneBy(CustomerEntity, { id: input.customerId });
      if (!customer) throw new DomainError(ERROR_CODES.notFound, 'Customer not found');
      const appointment = await manager.save(
        manager.create(AppointmentEntity, {
          customerId: customer.id,
          location: input.location.replace(/\s+/g, ' '),
          customerLocation: null,
          vehicle: input.vehicle,
          preferredTime: input.preferredTime ?? (input.scheduledDate ? input.scheduledDate : 'ASAP'),
          scheduledDate: input.scheduledDate,
          scheduledTime: input.scheduledTime,
          scheduledStartTime,
          notes: input.notes,
          priority: 'normal',
          status: 'pending',
          requestedAt: new Date(),
        }),
      );
      await emit('booking.appointment.requested', {
        appointmentId: appointment.id,
        customerId: customer.id,
        customer: { name: customer.name, phone: customer.phone },
        location: appointment.location,
        customerLocation: appointment.customerLocation,
        vehicle: appointment.vehicle,
        preferredTime: appointment.preferredTime,
        scheduledDate: appointment.scheduledDate,
        scheduledTime: appointment.scheduledTime,
        scheduledStartTime: scheduledStartTime?.toISOString() ?? null,
        notes: appointment.notes,
        priority: appointment.priority,
        requestedAt: appointment.requestedAt.toISOString(),
      });
      return {
        id: appointment.id,
        customerId: customer.id,
        status: 'pending',
        priority: appointment.priority,
        location: appointment.location,
        scheduledDate: appointment.scheduledDate,
        scheduledTime: appointment.scheduledTime,
        requestedAt: appointment.requestedAt.toISOString(),
      };
    });
  }
}

/** A scheduled booking names both a day and an hour; the instant is on Cincinnati's clock. */
function scheduledStart({ scheduledDate, scheduledTime }: AppointmentInput): Date | null {
  if (!scheduledDate && !scheduledTime) return null;
  if (!scheduledDate || !scheduledTime) {
    const field = scheduledDate ? 'scheduledTime' : 'scheduledDate';
    const message = 'A scheduled appointment needs both a date and a time';
    throw new DomainError(ERROR_CODES.validation, message, { [field]: message });
  }
  const [hour, minute] = scheduledTime.split(':').map(Number);
  return businessInstant(scheduledDate, hour, minute);
}
