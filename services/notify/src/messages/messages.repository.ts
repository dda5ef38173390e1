import {
  MESSAGES_SHOWN,
  MessageChannel,
  MessageKind,
  MessageRoute,
  MessageState,
} from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export interface MessageRow {
  id: number;
  event_id: string;
  appointment_id: number;
  customer_id: number | null;
  reference: string | null;
  kind: MessageKind;
  channel: MessageChannel;
  to_address: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  state: MessageState;
  route: MessageRoute | null;
  attempts: number;
  last_error: string | null;
  provider_id: string | null;
  next_attempt_at: Date | null;
  lease_until: Date | null;
  created_at: Date;
  sent_at: Date | null;
}

export interface NewMessage {
  eventId: string;
  appointmentId: number;
  customerId: number;
  reference: string | null;
  kind: MessageKind;
  channel: MessageChannel;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  /** 'queued' to be sent at `nextAttemptAt`, or 'failed' at once with `lastError`. */
  state: 'queued' | 'failed';
  nextAttemptAt: Date | null;
  lastError: string | null;
}

/** How one claimed attempt ended, as the sender decided (outbound/outcome.ts). */
export type AttemptOutcome =
  | { state: 'sent'; route: MessageRoute; providerId: string | null }
  | { state: 'queued'; nextAttemptAt: Date; lastError: string }
  | { state: 'failed'; lastError: string }
  /** Given back unsent (the process is stopping): due again at once, the attempt not counted. */
  | { state: 'released' };

/** Every statement on messages. */
@Injectable()
export class MessagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores a step's messages; one per event and channel, whatever delivered the event twice. */
  async insert(manager: EntityManager, messages: readonly NewMessage[]): Promise<number> {
    if (!messages.length) return 0;
    const column = <K extends keyof NewMessage>(key: K) => messages.map((m) => m[key]);
    const rows: unknown[] = await manager.query(
      `INSERT INTO messages (event_id, appointment_id, customer_id, reference, kind, channel,
                             to_address, subject, body_text, body_html, state, next_attempt_at,
                             last_error)
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[],
                            $7::text[], $8::text[], $9::text[], $10::text[], $11::text[],
                            $12::timestamptz[], $13::text[])
       ON CONFLICT (event_id, channel) DO NOTHING
       RETURNING id`,
      [
        column('eventId'),
        column('appointmentId'),
        column('customerId'),
        column('reference'),
        column('kind'),
        column('channel'),
        column('to'),
        column('subject'),
        column('text'),
        column('html'),
        column('state'),
        column('nextAttemptAt'),
        column('lastError'),
      ],
    );
    return rows.length;
  }

  async byId(id: number): Promise<MessageRow | null> {
    const [row]: MessageRow[] = await this.dataSource.query(
      'SELECT * FROM messages WHERE id = $1',
      [id],
    );
    return row ?? null;
  }

  ofAppointment(appointmentId: number): Promise<MessageRow[]> {
    return this.dataSource.query(
      'SELECT * FROM messages WHERE appointment_id = $1 ORDER BY created_at, id',
      [appointmentId],
    );
  }

  /** Created in [from, until), one state or all, newest first, at most MESSAGES_SHOWN. */
  list(from: Date, until: Date, state: MessageState | null): Promise<MessageRow[]> {
    return this.dataSource.query(
      `SELECT * FROM messages
        WHERE created_at >= $1 AND created_at < $2 AND ($3::text IS NULL OR state = $3)
        ORDER BY created_at DESC, id DESC LIMIT ${MESSAGES_SHOWN}`,
      [from, until, state],
    );
  }

  /** A failed message, queued again from its first attempt; null when it was not failed. */
  async requeue(id: number): Promise<MessageRow | null> {
    const [rows]: [MessageRow[], number] = await this.dataSource.query(
      `UPDATE messages SET state = 'queued', attempts = 0, next_attempt_at = now(),
              last_error = NULL, lease_until = NULL
        WHERE id = $1 AND state = 'failed' RETURNING *`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The customer's messages not yet out (queued, or being sent) fail with `reason`. */
  async failUnsentOf(manager: EntityManager, customerId: number, reason: string): Promise<void> {
    await manager.query(
      `UPDATE messages SET state = 'failed', last_error = $2, next_attempt_at = NULL,
              lease_until = NULL
        WHERE customer_id = $1 AND state IN ('queued', 'sending')`,
      [customerId, reason],
    );
  }

  /** A deleted customer: their messages keep what happened, not where they went or what they said. */
  async forgetCustomer(manager: EntityManager, customerId: number): Promise<void> {
    await manager.query(
      `UPDATE messages SET to_address = '', subject = NULL, body_text = '', body_html = NULL,
              customer_id = NULL
        WHERE customer_id = $1`,
      [customerId],
    );
  }

  /**
   * Claims up to `limit` due messages for this sender, atomically across replicas: each row is
   * marked 'sending' with a lease and its attempt counted, and that commits before anything is
   * sent. SKIP LOCKED lets two senders claim side by side without waiting on each other or
   * taking the same row. A row left 'sending' (a crashed sender) is due again once its lease
   * ends; the only window for a duplicate is a crash between the provider's acceptance and the
   * outcome's update, a few milliseconds.
   */
  claimDue(limit: number, leaseMs: number): Promise<MessageRow[]> {
    return this.dataSource
      .query(
        `UPDATE messages SET state = 'sending', attempts = attempts + 1,
                lease_until = now() + make_interval(secs => $2::double precision / 1000)
          WHERE id IN (
            SELECT id FROM messages
             WHERE (state = 'queued' AND next_attempt_at <= now())
                OR (state = 'sending' AND lease_until < now())
             ORDER BY next_attempt_at LIMIT $1
               FOR UPDATE SKIP LOCKED)
          RETURNING *`,
        [limit, leaseMs],
      )
      .then(([rows]: [MessageRow[], number]) => rows);
  }

  /**
   * Records how the claimed attempt ended; a no-op when the row moved on meanwhile (its lease
   * ended and another sender claimed it, or the customer opted out or was deleted).
   */
  async recordOutcome(id: number, attempt: number, outcome: AttemptOutcome): Promise<void> {
    const where = `WHERE id = $1 AND state = 'sending' AND attempts = $2`;
    const params: unknown[] = [id, attempt];
    switch (outcome.state) {
      case 'sent':
        await this.dataSource.query(
          `UPDATE messages SET state = 'sent', route = $3, provider_id = $4, sent_at = now(),
                  last_error = NULL, next_attempt_at = NULL, lease_until = NULL ${where}`,
          [...params, outcome.route, outcome.providerId],
        );
        return;
      case 'queued':
        await this.dataSource.query(
          `UPDATE messages SET state = 'queued', next_attempt_at = $3, last_error = $4,
                  lease_until = NULL ${where}`,
          [...params, outcome.nextAttemptAt, outcome.lastError],
        );
        return;
      case 'failed':
        await this.dataSource.query(
          `UPDATE messages SET state = 'failed', last_error = $3, next_attempt_at = NULL,
                  lease_until = NULL ${where}`,
          [...params, outcome.lastError],
        );
        return;
      case 'released':
        await this.dataSource.query(
          `UPDATE messages SET state = 'queued', attempts = attempts - 1, next_attempt_at = now(),
                  lease_until = NULL ${where}`,
          params,
        );
        return;
    }
  }
}
