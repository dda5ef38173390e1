import { EventEnvelope } from '@cincy/contracts';
import { headers, JSONCodec } from 'nats';
import { CORRELATION_HEADER } from '../logging/request-context';
import { NatsConnectionHolder } from './nats-connection';

export const eventCodec = JSONCodec<EventEnvelope>();

export interface EventPublisher {
  publish(event: EventEnvelope): Promise<void>;
}

/** Publishes an event to JetStream; `Nats-Msg-Id` is the event id, so the server drops a repeat. */
export class JetStreamPublisher implements EventPublisher {
  constructor(private readonly nats: NatsConnectionHolder) {}

  async publish(event: EventEnvelope): Promise<void> {
    const h = headers();
    h.set(CORRELATION_HEADER, event.correlationId);
    await this.nats.jetstream.publish(this.nats.names.event(event.type), eventCodec.encode(event), {
      msgID: event.id,
      headers: h,
    });
  }
}
