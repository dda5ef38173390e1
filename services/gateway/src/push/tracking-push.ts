import type { IncomingHttpHeaders } from 'node:http';
import {
  EventEnvelope,
  LinkedBooking,
  TRACK_SOCKET,
  TrackingFacts,
  isChangeableByCustomer,
  isLinkToken,
  withTechnicianPosition,
} from '@cincy/contracts';
import { AppLogger, InjectEnv, RpcCallError } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import type { Namespace, Server, Socket } from 'socket.io';
import { BookingRateLimits } from '../booking/booking-rate-limit.guard';
import { GATEWAY_ENV, GatewayEnv } from '../config';
import { TrackingViews, toTrackingView } from '../tracking/tracking-views';
import { EventFeed } from './event-feed';

/** A visit's room: named by its appointment id, never by a token. */
export const trackRoom = (appointmentId: number) => `track:${appointmentId}`;
const appointmentOfRoom = (room: string) =>
  room.startsWith('track:') ? Number(room.slice('track:'.length)) : null;

/**
 * The address a handshake came from, as express's `req.ip` reads it: behind the one trusted
 * proxy (TRUST_PROXY), the last address it appended to X-Forwarded-For.
 */
export function handshakeAddress(
  handshake: { address: string; headers: IncomingHttpHeaders },
  trustProxy: boolean,
): string {
  const forwarded = handshake.headers['x-forwarded-for'];
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  return (trustProxy && hops.at(-1)) || handshake.address || 'unknown';
}

/** What is kept of a watched visit: dispatch's facts and the booking the token opened. */
interface Watched {
  facts: TrackingFacts;
  linked: LinkedBooking;
  /** Which refresh is the newest asked for, so an older answer arriving late is ignored. */
  asked: number;
  /**
   * The last position heard of its technician, at any step: dispatch hears positions by event
   * too, so its answer may lack one this replica already heard (the van never drops off the map).
   */
  van?: VanPosition;
}

type VanPosition = { technicianId: number; lat: number; lng: number; at: Date };

/** Dispatch's facts, with the van where it was last heard when that is newer than theirs. */
function withLastHeard(facts: TrackingFacts, van: VanPosition | undefined): TrackingFacts {
  if (!van || van.technicianId !== facts.technicianId) return facts;
  const known = facts.state.position;
  if (known && Date.parse(known.at) >= van.at.getTime()) return facts;
  return { ...facts, state: withTechnicianPosition(facts.state, facts.destination, van) };
}

/**
 * The tracking page's live view on the `/track` namespace. A socket shows its link's token in the
 * handshake (rate-limited like the routes) and joins its visit's room; what changed is sent as the
 * whole view. The van moves on each position its technician reports, without asking dispatch,
 * and only while on the way: the view has no position once they arrive.
 */
@Injectable()
export class TrackingPush {
  private namespace?: Namespace;
  /** Only visits someone watches here, dropped when their last socket leaves. */
  private readonly watched = new Map<number, Watched>();

  constructor(
    private readonly views: TrackingViews,
    private readonly limits: BookingRateLimits,
    private readonly feed: EventFeed,
    private readonly logger: AppLogger,
    @InjectEnv(GATEWAY_ENV) private readonly gateway: Pick<GatewayEnv, 'TRUST_PROXY'>,
  ) {}

  attach(io: Server): void {
    const namespace = io.of(TRACK_SOCKET.namespace);
    namespace.use((socket, next) => {
      this.admit(socket).then(
        () => next(),
        (error: Error) => next(error),
      );
    });
    namespace.on('connection', (socket) => void this.watch(socket));
    namespace.adapter.on('delete-room', (room: string) => {
      const id = appointmentOfRoom(room);
      if (id !== null) this.watched.delete(id);
    });
    this.namespace = namespace;
    this.feed.onEvent((event) => this.follow(event));
  }

  /** How many visits this replica keeps facts of (tests: none left once every page closed). */
  get watchedCount(): number {
    return this.watched.size;
  }

  /** The handshake: the token opens one visit, or nothing (the same "not found" either way). */
  private async admit(socket: Socket): Promise<void> {
    const address = handshakeAddress(socket.handshake, this.gateway.TRUST_PROXY);
    if (!this.limits.hit('tracking', address).allowed) throw new Error('too many requests');
    const token: unknown = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !isLinkToken(token)) throw new Error('not found');
    try {
      const linked = await this.views.resolve(token);
      socket.data = { linked, facts: await this.views.facts(linked) };
    } catch (error) {
      if (error instanceof RpcCallError && error.status === 404) throw new Error('not found');
      throw new Error('unavailable');
    }
  }

  private async watch(socket: Socket): Promise<void> {
    const { linked, facts } = socket.data as { linked: LinkedBooking; facts: TrackingFacts };
    await socket.join(trackRoom(linked.appointmentId));
    if (!socket.connected) return;
    const known = this.watched.get(linked.appointmentId);
    const watched = { facts: withLastHeard(facts, known?.van), linked, asked: known?.asked ?? 0 };
    this.watched.set(linked.appointmentId, { ...watched, van: known?.van });
    socket.emit(TRACK_SOCKET.changed, toTrackingView(watched.facts, linked.reference));
  }

  private follow(event: EventEnvelope): void {
    if (event.type.startsWith('dispatch.appointment.') && 'appointment' in event.payload) {
      const { id } = event.payload.appointment;
      if (this.watched.has(id)) void this.refresh(id);
    } else if (event.type === 'dispatch.queue.updated') {
      // A waiting visit's place and estimate move with the queue.
      for (const [id, { facts }] of this.watched) {
        if (isChangeableByCustomer(facts.state.status)) void this.refresh(id);
      }
    } else if (event.type === 'identity.user.presence-changed') {
      const { user } = event.payload;
      if (user.currentLocation) {
        const at = new Date(user.lastSeen ?? event.occurredAt);
        this.moveVan(user.id, { ...user.currentLocation, at });
      }
    }
  }

  /** A position of a technician on the way to watched visits: the van and its estimate move. */
  private moveVan(technicianId: number, position: { lat: number; lng: number; at: Date }): void {
    for (const [id, watched] of this.watched) {
      if (watched.facts.technicianId !== technicianId) continue;
      watched.van = { technicianId, ...position };
      if (watched.facts.state.status !== 'en_route') continue;
      const { facts } = watched;
      const state = withTechnicianPosition(facts.state, facts.destination, position);
      watched.facts = { ...facts, state };
      this.emit(id, watched);
    }
  }

  private async refresh(appointmentId: number): Promise<void> {
    const before = this.watched.get(appointmentId);
    if (!before) return;
    const asked = ++before.asked;
    try {
      const facts = await this.views.facts(before.linked);
      const watched = this.watched.get(appointmentId);
      if (!watched || watched.asked !== asked) return;
      watched.facts = withLastHeard(facts, watched.van);
      this.emit(appointmentId, watched);
    } catch (error) {
      this.logger.warn({ msg: 'tracking refresh failed', appointmentId, error: String(error) });
    }
  }

  private emit(appointmentId: number, { facts, linked }: Watched): void {
    this.namespace
      ?.to(trackRoom(appointmentId))
      .emit(TRACK_SOCKET.changed, toTrackingView(facts, linked.reference));
  }
}
