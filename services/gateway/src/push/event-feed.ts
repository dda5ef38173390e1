import { EVENT_PAYLOADS, EventEnvelope, EventFilter, eventEnvelopeSchema } from '@cincy/contracts';
import {
  InjectEnv,
  AppLogger,
  NatsConnectionHolder,
  PLATFORM_ENV,
  PlatformEnv,
  eventCodec,
} from '@cincy/platform';
import { BeforeApplicationShutdown, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ConsumerMessages, DeliverPolicy } from 'nats';

/** The event streams the pushes follow (one filter per consumer on nats-server 2.9). */
const FOLLOWED: readonly EventFilter[] = ['dispatch.>', 'inventory.>', 'identity.user.>'];

export type EventListener = (event: EventEnvelope) => void;

/** Decodes and checks a delivered event; anything that breaks its contract is dropped. */
export function decodeEvent(data: Uint8Array): EventEnvelope | null {
  const envelope = eventEnvelopeSchema.safeParse(eventCodec.decode(data));
  if (!envelope.success || !(envelope.data.type in EVENT_PAYLOADS)) return null;
  const type = envelope.data.type as keyof typeof EVENT_PAYLOADS;
  const payload = EVENT_PAYLOADS[type].safeParse(envelope.data.payload);
  return payload.success ? ({ ...envelope.data, payload: payload.data } as EventEnvelope) : null;
}

/**
 * The domain events this replica's sockets are told of, read once for all of them (staff boards
 * and tracking pages). Each gateway replica reads them itself with ordered (ephemeral) consumers
 * from the moment it starts, so replicas need no shared adapter.
 */
@Injectable()
export class EventFeed implements BeforeApplicationShutdown, OnApplicationShutdown {
  private nats?: NatsConnectionHolder;
  private readonly feeds: ConsumerMessages[] = [];
  private readonly listeners: EventListener[] = [];

  constructor(
    private readonly logger: AppLogger,
    @InjectEnv(PLATFORM_ENV) private readonly env: PlatformEnv,
  ) {}

  /** Every event from now on, in order per stream; a listener that throws spoils no other. */
  onEvent(listener: EventListener): void {
    this.listeners.push(listener);
  }

  /** Opens the connection and the consumers; the connection is the pushes' to broadcast on too. */
  async start(): Promise<NatsConnectionHolder> {
    this.nats = await NatsConnectionHolder.open({
      url: this.env.NATS_URL,
      prefix: this.env.NATS_PREFIX,
      name: 'gateway',
      replicas: this.env.NATS_REPLICAS,
    });
    for (const filter of FOLLOWED) await this.follow(this.nats, filter);
    return this.nats;
  }

  private async follow(nats: NatsConnectionHolder, filter: EventFilter): Promise<void> {
    const consumer = await nats.jetstream.consumers.get(nats.names.stream, {
      filterSubjects: nats.names.event(filter),
      deliver_policy: DeliverPolicy.New,
    });
    const messages = await consumer.consume();
    this.feeds.push(messages);
    void (async () => {
      for await (const msg of messages) {
        const event = decodeEvent(msg.data);
        if (event) this.tell(event);
      }
    })().catch((error) =>
      this.logger.error({ msg: 'event feed stopped', filter, error: String(error) }),
    );
  }

  private tell(event: EventEnvelope): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error({ msg: 'push failed', type: event.type, error: String(error) });
      }
    }
  }

  beforeApplicationShutdown(): void {
    for (const feed of this.feeds) feed.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nats?.close();
  }
}
