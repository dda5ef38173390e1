import { EventEnvelope, EventsMatching } from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { LocationsRepository } from '../items';

type UserEvent = EventEnvelope<EventsMatching<'identity.user.>'>>;

/**
 * A van for each technician, named after them, from identity's events. A technician deleted or
 * made an admin keeps the van (and what it holds) until it is emptied back to the warehouse.
 */
@Injectable()
export class VansService implements OnModuleInit {
  constructor(
    private readonly locations: LocationsRepository,
    private readonly consumers: EventConsumers,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('inventory-vans', (event, tx) => this.apply(event, tx));
  }

  async apply(event: UserEvent, { manager }: Transaction): Promise<void> {
    if (event.type !== 'identity.user.created' && event.type !== 'identity.user.updated') return;
    const { user } = event.payload;
    if (user.role === 'technician')
      await this.locations.saveVan(manager, user.id, `${user.name || user.username}'s van`);
  }
}
