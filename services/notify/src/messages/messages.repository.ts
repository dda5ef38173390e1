import {
  AppointmentStatus,
  MESSAGE_KINDS,
  MESSAGES_SHOWN,
  MessageChannel,
  MessageKind,
  MessageRoute,
  MessageState,
  InvoiceStatus,
} from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { ClaimDecision, VisitFacts, VisitMessage } from './claim-rules';

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
  /** When its step happened. */
  occurred_at: Date;
}

/** A claimed message, with its visit's day (null: ASAP) for when a retry may go. */
export type ClaimedMessage = MessageRow & { visit_date: string | null };

/** Decides, in the claim, what becomes of one visit's messages (claim-rules.ts). */
export type ClaimRule = (
  visit: VisitFacts,
  messages: VisitMessage[],
  now: Date,
) => Map<number, ClaimDecision>;

interface VisitRow {
  id: number;
  status: AppointmentStatus | null;
  scheduled_date: string | null;
  payment_status: InvoiceStatus | null;
  now: Date;
}

export interface NewMessage {
  eventId: string;
  appointmentId: number;
  customerId: number;
  reference: string | null;
  kind: MessageKind;
  /** When the step happened (the event's occurredAt). */
  occurredAt: string;
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

/** Not out yet and no live sender has it (as claim-rules' isClaimable). */
const CLAIMABLE = `(m.state = 'queued' OR (m.state = 'sending' AND m.lease_until <= now()))`;
/**
 * Due messages the claim reads per visit it wants: a text and an email for each kind of step (a
 * visit has no more at once, but for repeated moves).
 */
const MESSAGES_PER_VISIT = 2 * MESSAGE_KINDS.length;
/** Due visits the claim tries per visit it takes: room for those another sender holds. */
const SPARE_VISITS = 2;

/** What the claim reads of a visit's messages to decide them. */
type DecidedRow = Pick<
  MessageRow,
  | 'id'
  | 'appointment_id'
  | 'event_id'
  | 'kind'
  | 'channel'
  | 'state'
  | 'occurred_at'
  | 'next_attempt_at'
  | 'lease_until'
>;

const toVisitMessage = (row: DecidedRow): VisitMessage => ({
  id: row.id,
  eventId: row.event_id,
  kind: row.kind,
  channel: row.channel,
  state: row.state,
  occurredAt: new Date(row.occurred_at),
  nextAttemptAt: row.next_attempt_at && new Date(row.next_attempt_at),
  leaseUntil: row.lease_until && new Date(row.lease_until),
});

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
                             last_error, occurred_at)
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[],
                            $7::text[], $8::text[], $9::text[], $10::text[], $11::text[],
                            $12::timestamptz[], $13::text[], $14::timestamptz[])
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
        column('occurredAt'),
      ],
    );
    return rows.length;
  }

  async byId(
    id: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<MessageRow | null> {
    const [row]: MessageRow[] = await manager.query('SELECT * FROM messages WHERE id = $1', [id]);
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
  async requeue(manager: EntityManager, id: number): Promise<MessageRow | null> {
    const [rows]: [MessageRow[], number] = await manager.query(
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
   * Claims what is due for this sender, atomically across replicas, in one transaction: the
   * visits with a due message (up to `limit`, the longest waiting first) are locked, each
   * visit's messages are decided by `rule` against the visit as the copy knows it, and what it
   * drops, holds or sends is written, all before anything is sent. Locking the visit, not the
   * message, makes one sender at a time decide all of a visit's messages, so no two decide its
   * order apart; SKIP LOCKED lets two senders take other visits side by side, never waiting on
   * each other (or on a consumer writing that visit: it is taken at the next look).
   *
   * A claimed message is marked 'sending' with a lease and its attempt counted. A row left
   * 'sending' (a crashed sender) is due again once its lease ends; the only window for a
   * duplicate is a crash between the provider's acceptance and the outcome's update, a few
   * milliseconds. Every write is guarded by the state the rule saw, so a message an opt-out or
   * a deletion failed meanwhile stays failed.
   */
  claimDue(limit: number, leaseMs: number, rule: ClaimRule): Promise<ClaimedMessage[]> {
    return this.dataSource.transaction(async (manager) => {
      // The longest-due messages first, MESSAGES_PER_VISIT for each visit wanted, each half
      // (queued, and sending with an ended lease) by its own index: the claim reads what it may
      // take, not the whole backlog (ADR 0106).
      const due: { appointment_id: number }[] = await manager.query(
        `SELECT appointment_id FROM (
            (SELECT appointment_id, next_attempt_at AS due_at FROM messages
              WHERE state = 'queued' AND next_attempt_at <= now()
              ORDER BY next_attempt_at LIMIT $1)
            UNION ALL
            (SELECT appointment_id, next_attempt_at FROM messages
              WHERE state = 'sending' AND lease_until <= now()
              ORDER BY lease_until LIMIT $1)
          ) due GROUP BY appointment_id ORDER BY min(due_at) LIMIT $2`,
        [limit * MESSAGES_PER_VISIT, limit * SPARE_VISITS],
      );
      if (!due.length) return [];
      // Their visits by key, in that order (a join, or many more keys, were planned as a scan of
      // every visit), the first `limit` another sender has not locked.
      const visits: VisitRow[] = await manager.query(
        `SELECT id, status, scheduled_date, payment_status, now() AS now FROM appointments
          WHERE id = ANY($1) ORDER BY array_position($1, id) LIMIT $2
            FOR UPDATE SKIP LOCKED`,
        [due.map((d) => d.appointment_id), limit],
      );
      if (!visits.length) return [];
      const rows: DecidedRow[] = await manager.query(
        `SELECT id, appointment_id, event_id, kind, channel, state, occurred_at, next_attempt_at,
                lease_until
           FROM messages WHERE appointment_id = ANY($1)`,
        [visits.map((v) => v.id)],
      );
      const drops: { id: number; reason: string }[] = [];
      const holds: { id: number; until: Date }[] = [];
      const sends: number[] = [];
      for (const visit of visits) {
        const facts = {
          status: visit.status,
          scheduledDate: visit.scheduled_date,
          paymentStatus: visit.payment_status,
        };
        const own = rows.filter((row) => row.appointment_id === visit.id).map(toVisitMessage);
        for (const [id, decision] of rule(facts, own, visit.now)) {
          if (decision.action === 'drop') drops.push({ id, reason: decision.reason });
          else if (decision.action === 'hold') holds.push({ id, until: decision.until });
          else sends.push(id);
        }
      }
      if (drops.length)
        await manager.query(
          `UPDATE messages m SET state = 'dropped', last_error = d.reason, next_attempt_at = NULL,
                  lease_until = NULL
             FROM unnest($1::int[], $2::text[]) AS d(id, reason)
            WHERE m.id = d.id AND ${CLAIMABLE}`,
          [drops.map((d) => d.id), drops.map((d) => d.reason)],
        );
      if (holds.length)
        await manager.query(
          `UPDATE messages m SET state = 'queued', next_attempt_at = h.until, lease_until = NULL
             FROM unnest($1::int[], $2::timestamptz[]) AS h(id, until)
            WHERE m.id = h.id AND ${CLAIMABLE}`,
          [holds.map((h) => h.id), holds.map((h) => h.until)],
        );
      if (!sends.length) return [];
      const [claimed]: [ClaimedMessage[], number] = await manager.query(
        // The visit's date by key: a join here was planned as a scan of every visit.
        `UPDATE messages m SET state = 'sending', attempts = attempts + 1,
                lease_until = now() + make_interval(secs => $2::double precision / 1000)
          WHERE m.id = ANY($1) AND ${CLAIMABLE}
          RETURNING m.*,
                    (SELECT a.scheduled_date FROM appointments a WHERE a.id = m.appointment_id)
                      AS visit_date`,
        [sends, leaseMs],
      );
      return claimed;
    });
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
