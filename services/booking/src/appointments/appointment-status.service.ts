import { EventEnvelope, EventsMatching } from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';

type AppointmentEvent = EventEnvelope<EventsMatching<'dispatch.appointment.>'>>;

/** Follows dispatch's lifecycle on booking's own appointments: a declined one frees its hour. */
@Injectable()
export class AppointmentStatusService implements OnModuleInit {
  constructor(private readonly consumers: EventConsumers) {}

  onModuleInit() {
    this.consumers.subscribe('booking-appointments', (event, tx) => this.apply(event, tx));
  }

  async apply({ payload: { appointment } }: AppointmentEvent, { manager }: Transaction) {
    await manager.query(
      `UPDATE appointments SET status = $2, status_version = $3
        WHERE id = $1 AND status_version < $3`,
      [appointment.id, appointment.status, appointment.version],
    );
  }
}
