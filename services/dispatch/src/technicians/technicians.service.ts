import { EventEnvelope, EventsMatching, UserFacts } from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { hoursByBusinessDay } from '../stats/dashboard-stats';
import { StatsService } from '../stats/stats.service';
import { TechnicianEntity } from './technician.entity';

type UserEvent = EventEnvelope<EventsMatching<'identity.user.>'>>;

/** Keeps dispatch's copy of the staff from identity's events; online stretches feed the stats. */
@Injectable()
export class TechniciansService implements OnModuleInit {
  constructor(
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
        return this.upsert(event.payload.user, tx);
      case 'identity.user.deleted':
        return this.goOffline(event.payload.userId, new Date(event.occurredAt), tx, true);
      case 'identity.user.presence-changed': {
        const { user } = event.payload;
        await this.upsert(user, tx);
        const at = new Date(user.lastSeen ?? event.occurredAt);
        if (user.status === 'online') return this.goOnline(user.id, at, tx);
        return this.goOffline(user.id, at, tx, false);
      }
    }
  }

  private async upsert(
    user: Pick<UserFacts, 'id' | 'username' | 'name' | 'role'>,
    tx: Transaction,
  ) {
    await tx.manager.upsert(
      TechnicianEntity,
      { userId: user.id, username: user.username, name: user.name, role: user.role },
      ['userId'],
    );
  }

  private async goOnline(userId: number, at: Date, tx: Transaction) {
    const { affected } = await tx.manager
      .createQueryBuilder()
      .update(TechnicianEntity)
      .set({ onlineSince: at })
      .where('user_id = :userId AND online_since IS NULL', { userId })
      .execute();
    if (affected) await this.stats.announce(tx);
  }

  /** Ends an online stretch: its hours count towards the days it covered. */
  private async goOffline(userId: number, at: Date, tx: Transaction, remove: boolean) {
    const technician = await tx.manager.findOne(TechnicianEntity, {
      where: { userId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!technician) return;
    const since = technician.onlineSince;
    if (since && technician.role === 'technician' && at > since) {
      await this.stats.addAvailableHours(tx.manager, hoursByBusinessDay(since, at));
    }
    if (remove) await tx.manager.delete(TechnicianEntity, { userId });
    else await tx.manager.update(TechnicianEntity, { userId }, { onlineSince: null });
    if (since) await this.stats.announce(tx);
  }
}
