import { createHash } from 'node:crypto';
import { ERROR_CODES, LOCATION, LocationReport, UserLocation, UserStatus } from '@cincy/contracts';
import { DomainError, AppLogger, Outbox, Transaction } from '@cincy/platform';
import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { UserEntity, UsersRepository, toUserLocation } from '../users';
import { toLocationRow } from './location-tracking.mapper';
import { PresenceRepository } from './presence.repository';

export const PRESENCE = {
  /** Silent this long (two missed 5-minute heartbeats, and slack) counts as offline. */
  offlineAfterMs: 2 * LOCATION.heartbeatIntervalMs + 2 * 60_000,
  sweepEveryMs: 60_000,
  /** Staff lists are small; the map and Online Team never need more. */
  maxListed: 500,
} as const;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Who is online and where: set automatically by sign-in, heartbeat, position reports, sign-out
 * and silence (a sweep), and announced on every change so the boards' map and Online Team follow.
 */
@Injectable()
export class PresenceService implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly users: UsersRepository,
    private readonly tracking: PresenceRepository,
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
    return (await this.users.listByName(PRESENCE.maxListed)).map(toUserLocation);
  }

  async heartbeat(userId: number): Promise<{ message: string }> {
    await this.outbox.transaction(async (tx) =>
      this.seen(tx, await this.lockUser(tx.manager, userId)),
    );
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
      const user = await this.lockUser(tx.manager, userId);
      const now = new Date();
      const due =
        !user.locationUpdatedAt ||
        now.getTime() - user.locationUpdatedAt.getTime() >= LOCATION.reportThrottleMs;
      if (!due) {
        await this.seen(tx, user, now);
        return { message: 'Location received; stored less than 30 s ago', stored: false };
      }
      const sessionId = await this.tracking.findSessionId(tx.manager, userId, hashToken(token));
      await this.tracking.insertLocation(tx.manager, toLocationRow(userId, sessionId, report, now));
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
    if ((await this.tracking.countActiveSessions(tx.manager, userId)) > 0) return;
    const user = await this.users.lockById(tx.manager, userId);
    if (user) await this.setStatus(tx, user, 'offline', user.lastSeen ?? new Date(), false);
  }

  /** Marks offline whoever went silent; replicas may sweep at once, each user flips once. */
  async sweep(now = new Date()): Promise<number> {
    return this.outbox.transaction(async (tx) => {
      const silentSince = new Date(now.getTime() - PRESENCE.offlineAfterMs);
      const users = await this.users.lockOnlineSilentSince(tx.manager, silentSince);
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
    await this.users.save(tx.manager, user);
    if (changed || moved) {
      await tx.emit('identity.user.presence-changed', { user: toUserLocation(user) });
    }
  }

  private async lockUser(manager: EntityManager, id: number): Promise<UserEntity> {
    const user = await this.users.lockById(manager, id);
    if (!user) throw new DomainError(ERROR_CODES.notFound, 'User not found');
    return user;
  }
}
