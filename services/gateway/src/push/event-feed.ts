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
import { AckPolicy, ConsumerEvents, ConsumerMessages, DeliverPolicy, nanos } from 'nats';

/** The event streams the pushes follow (one filter per consumer on nats-server 2.9). */
const FOLLOWED: readonly EventFilter[] = ['dispatch.>', 'inventory.>', 'identity.user.>'];
/**
 * Each pull waits this long; the server's heartbeats come at half of it, and two missed ones
 * (a NATS server of the cluster lost with the consumer on it) make the feed open a new consumer
 * from where it was: about 5 s of pushes held, none lost. nats.js's own recovery waits 30 s per
 * try for a consumer whose server is gone.
 */
const PULL_EXPIRES_MS = 2_500;
const REOPEN_DELAY_MS = 500;
/** A consumer nobody pulls from (its gateway gone) is removed by the server after this. */
const INACTIVE_MS = 60_000;

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
 * and tracking pages). Each gateway replica reads them itself with consumers of its own
 * from the moment it starts, so replicas need no shared adapter.
 */
@Injectable()
export class EventFeed implements BeforeApplicationShutdown, OnApplicationShutdown {
  private nats?: NatsConnectionHolder;
  private readonly feeds = new Set<ConsumerMessages>();
  private stopping = false;
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

  /**
   * Follows one filter from now on, in order; resolves once the first consumer is open. The
   * consumer is this gateway's own, kept in memory on as many servers as the stream (a server of
   * the cluster lost, another leads it; nats.js's ordered consumers are kept on one, and a new one
   * can be placed on the lost server). Should it fail all the same (missed heartbeats, deleted, a
   * gap in its deliveries), a new one starts at the stream sequence after the last event told:
   * pushes are late then, never lost or twice.
   */
  private async follow(nats: NatsConnectionHolder, filter: EventFilter): Promise<void> {
    const { manager, jetstream, names } = nats;
    let next: number | undefined;
    const open = async () => {
      const { name, delivered } = await manager.consumers.add(names.stream, {
        filter_subject: names.event(filter),
        ...(next === undefined
          ? { deliver_policy: DeliverPolicy.New }
          : { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: next }),
        ack_policy: AckPolicy.None,
        mem_storage: true,
        num_replicas: nats.replicas,
        inactive_threshold: nanos(INACTIVE_MS),
      });
      // From the stream's end at the first open: a consumer lost before any event came is
      // reopened there, not at the stream's new end.
      next ??= delivered.stream_seq + 1;
      const messages = await (
        await jetstream.consumers.get(names.stream, name)
      ).consume({ expires: PULL_EXPIRES_MS });
      this.feeds.add(messages);
      void this.stopWhenUnhealthy(messages);
      return { name, messages };
    };
    const read = async ({ name, messages }: Awaited<ReturnType<typeof open>>) => {
      let delivered = 0;
      try {
        for await (const msg of messages) {
          // Unacknowledged deliveries are never sent again: one lost on the way is a gap.
          if (msg.info.deliverySequence !== delivered + 1) break;
          delivered = msg.info.deliverySequence;
          next = msg.seq + 1;
          const event = decodeEvent(msg.data);
          if (event) this.tell(event);
        }
      } finally {
        messages.stop();
        this.feeds.delete(messages);
        void manager.consumers.delete(names.stream, name).catch(() => undefined);
      }
    };
    let current = await open();
    void (async () => {
      for (;;) {
        await read(current).catch((error) =>
          this.logger.warn({ msg: 'event feed interrupted', filter, error: String(error) }),
        );
        for (;;) {
          if (this.stopping) return;
          await new Promise((resolve) => setTimeout(resolve, REOPEN_DELAY_MS));
          try {
            current = await open();
            this.logger.log({ msg: 'event feed reopened', filter, from: next });
            break;
          } catch (error) {
            this.logger.warn({ msg: 'event feed not reopened yet', filter, error: String(error) });
          }
        }
      }
    })();
  }

  /** Stops a consumer whose heartbeats stopped or that vanished, so `follow` opens a new one. */
  private async stopWhenUnhealthy(messages: ConsumerMessages): Promise<void> {
    for await (const status of await messages.status()) {
      const lost =
        (status.type === ConsumerEvents.HeartbeatsMissed && Number(status.data) >= 2) ||
        status.type === ConsumerEvents.ConsumerNotFound ||
        status.type === ConsumerEvents.ConsumerDeleted;
      if (lost) {
        this.logger.warn({ msg: 'event feed lost its consumer', status: status.type });
        messages.stop();
        return;
      }
    }
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
    this.stopping = true;
    for (const feed of this.feeds) feed.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nats?.close();
  }
}
