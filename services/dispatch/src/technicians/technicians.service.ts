import { EventEnvelope, EventsMatching } from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { StatsService } from '../stats';
import { TechniciansRepository } from './technicians.repository';

type UserEvent = EventEnvelope<EventsMatching<'identity.user.>'>>;

/** Keeps dispatch's copy of the staff from identity's events; online stretches feed the stats. */
@Injectable()
export class TechniciansService implements OnModuleInit {
  constructor(
    private readonly technicians: TechniciansRepository,
    private readonly consumers: EventConsumers,
    private readonly stats: StatsService,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('dispatch-users', (event, tx) => this.apply(event, tx));
  }

  async apply(event: UserEvent, tx: Transaction): Promise<void> {
    switch (event.type) {
      case 'identity.user.created':
      case 'identity.user.updated':
        return this.technicians.upsert(tx.manager, event.payload.user);
      case 'identity.user.deleted':
        return this.goOffline(event.payload.userId, new Date(event.occurredAt), tx, true);
      case 'identity.user.presence-changed': {
        const { user } = event.payload;
        await this.technicians.upsert(tx.manager, user);
        const at = new Date(user.lastSeen ?? event.occurredAt);
        if (user.status !== 'online') return this.goOffline(user.id, at, tx, false);
        if (await this.technicians.startOnline(tx.manager, user.id, at)) {
          await this.stats.announce(tx);
        }
      }
    }
  }

  /** Ends an online stretch: its hours count towards the days it covered. */
  private async goOffline(userId: number, at: Date, tx: Transaction, remove: boolean) {
    const technician = await this.technicians.lock(tx.manager, userId);
    if (!technician) return;
    const since = technician.onlineSince;
    if (since && technician.role === 'technician' && at > since) {
      await this.stats.addOnlineStretch(tx.manager, since, at);
    }
    if (remove) await this.technicians.remove(tx.manager, userId);
    else await this.technicians.endOnline(tx.manager, userId);
    if (since) await this.stats.announce(tx);
  }
}
