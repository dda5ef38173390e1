import { EventEnvelope, EventsMatching } from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { CustomerEntity } from '../customers/customer.entity';

type AppointmentEvent = EventEnvelope<EventsMatching<'dispatch.appointment.>'>>;

/**
 * Follows dispatch's lifecycle on booking's own appointments: a declined one frees its hour and no
 * longer counts among the customer's jobs. Only a newer version than the one applied counts, so
 * the order the types come in does not matter (the consumer is `perType`).
 */
@Injectable()
export class AppointmentStatusService implements OnModuleInit {
  constructor(private readonly consumers: EventConsumers) {}

  onModuleInit() {
    this.consumers.subscribe('booking-appointments', (event, tx) => this.apply(event, tx));
  }

  async apply({ payload: { appointment } }: AppointmentEvent, { manager }: Transaction) {
    // One statement: lock the row, skip an older version, update, and answer the status it had,
    // for the decline rule below.
    const changed: { previous: string; customerId: number | null }[] = await manager.query(
      `WITH mine AS (
         SELECT id, status, customer_id FROM appointments
          WHERE id = $1 AND status_version < $2 FOR UPDATE),
       changed AS (
         UPDATE appointments a SET status = $3, status_version = $2 FROM mine
          WHERE a.id = mine.id RETURNING mine.status AS previous, mine.customer_id AS "customerId")
       SELECT * FROM changed`,
      [appointment.id, appointment.version, appointment.status],
    );
    const mine = changed[0];
    if (!mine) return;
    const declinedNow = appointment.status === 'declined' && mine.previous !== 'declined';
    if (declinedNow && mine.customerId !== null) {
      await manager.decrement(CustomerEntity, { id: mine.customerId }, 'totalJobs', 1);
    }
  }
}
