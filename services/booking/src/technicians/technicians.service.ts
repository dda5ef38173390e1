import { EventEnvelope, EventsMatching, UserFacts } from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { toCurrentLocation, toTechnicianRow } from './technician.mapper';
import { TechniciansRepository } from './technicians.repository';

type UserEvent = EventEnvelope<EventsMatching<'identity.user.>'>>;

/** Keeps booking's technicians (one booking per technician per hour) from identity's events. */
@Injectable()
export class TechniciansService implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly technicians: TechniciansRepository,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('booking-users', (event, tx) => this.apply(event, tx));
  }

  async apply(event: UserEvent, { manager }: Transaction): Promise<void> {
    switch (event.type) {
      case 'identity.user.created':
      case 'identity.user.updated':
        return this.follow(event.payload.user, { manager });
      case 'identity.user.deleted':
        return this.technicians.deleteByUserId(manager, event.payload.userId);
      case 'identity.user.presence-changed': {
        const { id, status, currentLocation } = event.payload.user;
        return this.technicians.updatePresence(manager, id, {
          status,
          currentLocation: toCurrentLocation(currentLocation),
        });
      }
    }
  }

  /** A user counts while their role is technician; a demoted one stops counting. */
  private async follow(user: UserFacts, { manager }: Pick<Transaction, 'manager'>) {
    if (user.role !== 'technician') return this.technicians.deleteByUserId(manager, user.id);
    return this.technicians.upsert(manager, toTechnicianRow(user));
  }
}
