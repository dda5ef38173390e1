import { createHash } from 'node:crypto';
import { ERROR_CODES, LOCATION, LocationReport, UserLocation, UserStatus } from '@cincy/contracts';
import { DomainError, AppLogger, Outbox, Transaction } from '@cincy/platform';
import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { UserEntity } from '../users/user.entity';
import { LocationTrackingEntity } from './location-tracking.entity';

export const PRESENCE = {
  /** Silent this long (two missed 5-minute heartbeats, and slack) counts as offline. */
  offlineAfterMs: 2 * LOCATION.heartbeatIntervalMs + 2 * 60_000,
  sweepEveryMs: 60_000,
  /** Staff lists are small; the map and Online Team never need more. */
  maxListed: 500,
} as const;

export const toUserLocation = (u: UserEntity): UserLocation => ({
  id: u.id,
  name: u.name,
  username: u.username,
  role: u.role,
  status: u.status,
  currentLocation: u.currentLocation,
  lastSeen: u.lastSeen?.toISOString() ?? null,
});

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Who is online and where: set automatically by sign-in, heartbeat, position reports, sign-out
 * and silence (a sweep), and announced on every change so the boards' map and Online Team follow.
 */
@Injectable()
export class PresenceService implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly logger: AppLogger,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => {
      this.sweep().catch((error) =>
        this.logger.warn({ msg: 'presence sweep failed', error: String(error) }),
      );
    }, PRESENCE.sweepEveryMs);
    this.timer.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }

  /** GET /api/users/locations: every user with status and position, by name. */
  async locations(): Promise<UserLocation[]> {
    const users = await this.dataSource.manager.find(UserEntity, {
      order: { name: 'ASC', id: 'ASC' },
      take: PRESENCE.maxListed,
    });
    return users.map(toUserLocation);
  }

  async heartbeat(userId: number): Promise<{ message: string }> {
    await this.outbox.transaction(async (tx) => this.seen(tx, await lockUser(tx.manager, userId)));
    return { message: 'Heartbeat received' };
  }

  /**
   * Stores a position at most once per 30 s per user (the conditional update is the throttle, so
   * two reports at once store one), and announces it.
   */
  async reportLocation(
    userId: number,
    report: LocationReport,
    token: string,
  ): Promise<{ message: string; stored: boolean }> {
    return this.outbox.transaction(async (tx) => {
      const user = await lockUser(tx.manager, userId);
      const now = new Date();
      const due =
        !user.locationUpdatedAt ||
        now.getTime() - user.locationUpdatedAt.getTime() >= LOCATION.reportThrottleMs;
      if (!due) {
        await this.seen(tx, user, now);
        return { message: 'Location received; stored less than 30 s ago', stored: false };
      }
      const [session]: { id: number }[] = await tx.manager.query(
        'SELECT id FROM user_sessions WHERE session_token = $1 AND user_id = $2',
        [hashToken(token), userId],
      );
      await tx.manager.insert(LocationTrackingEntity, {
        userId,
        sessionId: session?.id ?? null,
        latitude: report.latitude,
        longitude: report.longitude,
        accuracy: report.accuracy ?? null,
        timestamp: now,
        isActive: true,
      });
      user.currentLocation = { lat: report.latitude, lng: report.longitude };
      user.locationUpdatedAt = now;
      await this.setStatus(tx, user, 'online', now, true);
      return { message: 'Location updated', stored: true };
    });
  }

  /** The user was just heard from: online, announced when that is news. */
  async seen(tx: Transaction, user: UserEntity, now = new Date()): Promise<void> {
    await this.setStatus(tx, user, 'online', now, false);
  }

  /** Signed out everywhere: offline. */
  async signedOut(tx: Transaction, userId: number): Promise<void> {
    const [{ active }]: { active: number }[] = await tx.manager.query(
      'SELECT count(*)::int AS active FROM user_sessions WHERE user_id = $1 AND is_active',
      [userId],
    );
    if (active > 0) return;
    const user = await tx.manager.findOne(UserEntity, {
      where: { id: userId },
      lock: { mode: 'pessimistic_write' },
    });
    if (user) await this.setStatus(tx, user, 'offline', user.lastSeen ?? new Date(), false);
  }

  /** Marks offline whoever went silent; replicas may sweep at once, each user flips once. */
  async sweep(now = new Date()): Promise<number> {
    return this.outbox.transaction(async (tx) => {
      const silentSince = new Date(now.getTime() - PRESENCE.offlineAfterMs);
      const users = await tx.manager
        .createQueryBuilder(UserEntity, 'u')
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .where("u.status = 'online' AND (u.last_seen IS NULL OR u.last_seen < :silentSince)", {
          silentSince,
        })
        .getMany();
      for (const user of users)
        await this.setStatus(tx, user, 'offline', user.lastSeen ?? now, false);
      return users.length;
    });
  }

  private async setStatus(
    tx: Transaction,
    user: UserEntity,
    status: UserStatus,
    at: Date,
    moved: boolean,
  ): Promise<void> {
    const changed = user.status !== status;
    user.status = status;
    if (status === 'online') user.lastSeen = at;
    await tx.manager.save(user);
    if (changed || moved) {
      await tx.emit('identity.user.presence-changed', { user: toUserLocation(user) });
    }
  }
}

async function lockUser(manager: EntityManager, id: number): Promise<UserEntity> {
  const user = await manager.findOne(UserEntity, {
    where: { id },
    lock: { mode: 'pessimistic_write' },
  });
  if (!user) throw new DomainError(ERROR_CODES.notFound, 'User not found');
  return user;
}
