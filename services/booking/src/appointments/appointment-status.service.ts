import { EventEnvelope, EventsMatching, isCalledOff } from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { AppointmentsRepository } from './appointments.repository';

type AppointmentEvent = EventEnvelope<EventsMatching<'dispatch.appointment.>'>>;

/**
 * Follows dispatch's lifecycle on booking's own appointments: a declined or cancelled one frees
 * its hour and no longer counts among the customer's jobs. Only a newer version than the one
 * applied counts, so the order the types come in does not matter (the consumer is `perType`).
 */
@Injectable()
export class AppointmentStatusService implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly appointments: AppointmentsRepository,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('booking-appointments', (event, tx) => this.apply(event, tx));
  }

  async apply({ payload: { appointment } }: AppointmentEvent, { manager }: Transaction) {
    const mine = await this.appointments.applyStatus(manager, appointment);
    if (!mine) return;
    const releasedNow = isCalledOff(appointment.status) && !isCalledOff(mine.previous);
    if (releasedNow && mine.customerId !== null) {
      await this.appointments.uncountJob(manager, mine.customerId);
    }
  }
}
