import { EventEnvelope, EventsMatching } from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { AppointmentCopiesService } from '../appointments/appointment-copies.service';
import { ServiceRecordEntity } from '../service-records/service-record.entity';
import { CustomerCopyEntity } from './customer-copy.entity';

type BookingEvent = EventEnvelope<EventsMatching<'booking.>'>>;

/**
 * Keeps inventory's copy of booking's customers, and begins the copy of each job they request. A
 * deleted customer's name and phone go, and so do the notes on their service records; the records
 * themselves stay (stock and warranty totals).
 */
@Injectable()
export class CustomerCopiesService implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly appointments: AppointmentCopiesService,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('inventory-customers', (event, tx) => this.apply(event, tx));
  }

  async apply(event: BookingEvent, { manager }: Transaction): Promise<void> {
    switch (event.type) {
      case 'booking.appointment.requested': {
        const { appointmentId, customerId, customer } = event.payload;
        await manager.upsert(CustomerCopyEntity, { id: customerId, ...customer }, ['id']);
        await this.appointments.begin(appointmentId, customerId, { manager });
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
