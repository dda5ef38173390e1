import { EventEnvelope, EventsMatching, UserFacts } from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { ShiftsService } from '../shifts';
import { StatsService } from '../stats';
import { TechniciansRepository } from './technicians.repository';

type UserEvent = EventEnvelope<EventsMatching<'identity.user.>'>>;

/**
 * Keeps dispatch's copy of the staff from identity's events; online stretches feed the stats,
 * reported positions the suggestions. Someone who stops being a technician loses their schedule.
 */
@Injectable()
export class TechniciansService implements OnModuleInit {
  constructor(
    private readonly technicians: TechniciansRepository,
    private readonly consumers: EventConsumers,
    private readonly stats: StatsService,
    private readonly shifts: ShiftsService,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('dispatch-users', (event, tx) => this.apply(event, tx));
  }

  async apply(event: UserEvent, tx: Transaction): Promise<void> {
    switch (event.type) {
      case 'identity.user.created':
      case 'identity.user.updated':
        return this.copy(event.payload.user, tx);
      case 'identity.user.deleted':
        return this.goOffline(event.payload.userId, new Date(event.occurredAt), tx, true);
      case 'identity.user.presence-changed': {
        const { user } = event.payload;
        await this.copy(user, tx);
        const at = new Date(user.lastSeen ?? event.occurredAt);
        if (user.currentLocation) {
          await this.technicians.updatePosition(tx.manager, user.id, user.currentLocation, at);
        }
        if (user.status !== 'online') return this.goOffline(user.id, at, tx, false);
        if (await this.technicians.startOnline(tx.manager, user.id, at)) {
          await this.stats.announce(tx);
        }
      }
    }
  }

  /** Copies the user; a technician given another role no longer works shifts. */
  private async copy(user: Pick<UserFacts, 'id' | 'username' | 'name' | 'role'>, tx: Transaction) {
    const before = await this.technicians.lock(tx.manager, user.id);
    await this.technicians.upsert(tx.manager, user);
    if (before?.role === 'technician' && user.role !== 'technician') {
      await this.shifts.forget(tx, user.id);
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
    if (remove && technician.role === 'technician') await this.shifts.forget(tx, userId);
    if (since) await this.stats.announce(tx);
  }
}
