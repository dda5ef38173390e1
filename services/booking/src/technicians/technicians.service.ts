import { EventEnvelope, EventsMatching, UserFacts } from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { TechnicianEntity } from './technician.entity';

type UserEvent = EventEnvelope<EventsMatching<'identity.user.>'>>;

/** Keeps booking's technicians (one booking per technician per hour) from identity's events. */
@Injectable()
export class TechniciansService implements OnModuleInit {
  constructor(private readonly consumers: EventConsumers) {}

  onModuleInit() {
    this.consumers.subscribe('booking-users', (event, tx) => this.apply(event, tx));
  }

  async apply(event: UserEvent, { manager }: Transaction): Promise<void> {
    switch (event.type) {
      case 'identity.user.created':
      case 'identity.user.updated':
        return this.follow(event.payload.user, { manager });
      case 'identity.user.deleted':
        await manager.delete(TechnicianEntity, { userId: event.payload.userId });
        return;
      case 'identity.user.presence-changed': {
        const { id, status, currentLocation } = event.payload.user;
        const where = currentLocation ? `${currentLocation.lat},${currentLocation.lng}` : null;
        await manager.update(TechnicianEntity, { userId: id }, { status, currentLocation: where });
        return;
      }
    }
  }

  /** A user counts while their role is technician; a demoted one stops counting. */
  private async follow(user: UserFacts, { manager }: Pick<Transaction, 'manager'>) {
    if (user.role !== 'technician') {
      await manager.delete(TechnicianEntity, { userId: user.id });
      return;
    }
    await manager.upsert(
      TechnicianEntity,
      { userId: user.id, name: user.name, employeeId: user.employeeId ?? '' },
      ['userId'],
    );
  }
}
