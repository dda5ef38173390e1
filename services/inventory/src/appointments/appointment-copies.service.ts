import { EventEnvelope, EventsMatching } from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';

type AppointmentEvent = EventEnvelope<EventsMatching<'dispatch.appointment.>'>>;

/**
 * Keeps inventory's copy of each job: begun from booking's request (`CustomerCopiesService`),
 * then dispatch's events (event-carried state).
 */
@Injectable()
export class AppointmentCopiesService implements OnModuleInit {
  constructor(private readonly consumers: EventConsumers) {}

  onModuleInit() {
    this.consumers.subscribe('inventory-appointments', (event, tx) => this.apply(event, tx));
  }

  /**
   * Writes the carried state unless a newer version is already here: events may arrive late, and
   * the types in no common order (the consumer is `perType`).
   */
  async apply({ payload: { appointment: a } }: AppointmentEvent, { manager }: Transaction) {
    await manager.query(
      `INSERT INTO appointments
         (id, customer_id, status, technician_id, technician_username, technician_name, version)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET
         customer_id = EXCLUDED.customer_id, status = EXCLUDED.status,
         technician_id = EXCLUDED.technician_id,
         technician_username = EXCLUDED.technician_username,
         technician_name = EXCLUDED.technician_name, version = EXCLUDED.version
       WHERE appointments.version < EXCLUDED.version`,
      [
        a.id,
        a.customerId,
        a.status,
        a.technicianId,
        a.technicianUsername,
        a.technician?.name ?? null,
        a.version,
      ],
    );
  }
}
