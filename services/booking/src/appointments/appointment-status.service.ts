import { EventEnvelope, EventsMatching } from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { CustomerEntity } from '../customers/customer.entity';
import { AppointmentEntity } from './appointment.entity';

type AppointmentEvent = EventEnvelope<EventsMatching<'dispatch.appointment.>'>>;

/**
 * Follows dispatch's lifecycle on booking's own appointments: a declined one frees its hour and no
 * longer counts among the customer's jobs. Only a newer version than the one applied counts.
 */
@Injectable()
export class AppointmentStatusService implements OnModuleInit {
  constructor(private readonly consumers: EventConsumers) {}

  onModuleInit() {
    this.consumers.subscribe('booking-appointments', (event, tx) => this.apply(event, tx));
  }

  async apply({ payload: { appointment } }: AppointmentEvent, { manager }: Transaction) {
    const mine = await manager.findOne(AppointmentEntity, {
      where: { id: appointment.id },
      lock: { mode: 'pessimistic_write' },
    });
    if (!mine || mine.statusVersion >= appointment.version) return;
    const declinedNow = appointment.status === 'declined' && mine.status !== 'declined';
    await manager.update(
      AppointmentEntity,
      { id: mine.id },
      { status: appointment.status, statusVersion: appointment.version },
    );
    if (declinedNow && mine.customerId !== null) {
      await manager.decrement(CustomerEntity, { id: mine.customerId }, 'totalJobs', 1);
    }
  }
}
