import { EventEnvelope, EventsMatching } from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { ServiceRecordsRepository } from '../service-records';
import { CustomersRepository } from './customers.repository';

type CustomerEvent = EventEnvelope<EventsMatching<'booking.customer.>'>>;

/**
 * Keeps inventory's copy of booking's customers up to date: whose battery a serial is. (A
 * customer is first taken in with their first completed job.) A deleted customer's name and
 * phone go, and so do the notes on their service records; the records themselves stay (stock and
 * warranty totals).
 */
@Injectable()
export class CustomerCopiesService implements OnModuleInit {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly records: ServiceRecordsRepository,
    private readonly consumers: EventConsumers,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('inventory-customers', (event, tx) => this.apply(event, tx));
  }

  async apply(event: CustomerEvent, { manager }: Transaction): Promise<void> {
    switch (event.type) {
      case 'booking.customer.updated':
        return this.customers.upsert(manager, event.payload.customer);
      case 'booking.customer.deleted':
        // Before any row: a completion taking them in waits, or is waited for (`lockCustomer`).
        await this.records.lockCustomer(manager, event.payload.customerId);
        await this.customers.remove(manager, event.payload.customerId);
        return this.records.forgetNotesOf(manager, event.payload.customerId);
    }
  }
}
