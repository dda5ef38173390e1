import { EventEnvelope, EventsMatching } from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { ServiceRecordEntity } from '../service-records/service-record.entity';
import { CustomerCopyEntity } from './customer-copy.entity';

type BookingEvent = EventEnvelope<EventsMatching<'booking.>'>>;

/**
 * Keeps inventory's copy of booking's customers, and begins the copy of each job they request:
 * pending with no technician, what dispatch's 'opened' would say, so that event is ignored
 * (`CONSUMERS`); version 0 is older than any of dispatch's, which may come first. A deleted
 * customer's name and phone go, and so do the notes on their service records; the records
 * themselves stay (stock and warranty totals).
 */
@Injectable()
export class CustomerCopiesService implements OnModuleInit {
  constructor(private readonly consumers: EventConsumers) {}

  onModuleInit() {
    this.consumers.subscribe('inventory-customers', (event, tx) => this.apply(event, tx));
  }

  async apply(event: BookingEvent, { manager }: Transaction): Promise<void> {
    switch (event.type) {
      case 'booking.appointment.requested': {
        const { appointmentId, customerId, customer } = event.payload;
        // One statement per booking: the customer as booked, and their job begun.
        await manager.query(
          `WITH customer AS (
             INSERT INTO customers (id, name, phone) VALUES ($2, $3, $4)
             ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, phone = EXCLUDED.phone
           )
           INSERT INTO appointments (id, customer_id, status, version)
           VALUES ($1, $2, 'pending', 0) ON CONFLICT (id) DO NOTHING`,
          [appointmentId, customerId, customer.name, customer.phone],
        );
        return;
      }
      case 'booking.customer.updated': {
        const { id, name, phone } = event.payload.customer;
        await manager.upsert(CustomerCopyEntity, { id, name, phone }, ['id']);
        return;
      }
      case 'booking.customer.deleted': {
        const { customerId } = event.payload;
        await manager.delete(CustomerCopyEntity, { id: customerId });
        await manager.update(ServiceRecordEntity, { customerId }, { completionNotes: null });
        return;
      }
    }
  }
}
