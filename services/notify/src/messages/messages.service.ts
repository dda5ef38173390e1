import {
  Actor,
  ERROR_CODES,
  Message,
  MessageKind,
  MessagesQuery,
  NOTIFY_MESSAGES,
  TRACKING_MESSAGES,
  businessDate,
  firstNameOf,
  laterDayArrival,
  sendableAt,
} from '@cincy/contracts';
import {
  AppLogger,
  DomainError,
  InjectEnv,
  Outbox,
  RpcCallError,
  RpcClient,
} from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { SendWake } from '../common/send-wake';
import { InjectTemplates, MessageData, ReceiptData, Templates } from '../common/templates';
import { NOTIFY_ENV, NotifyEnv, publicUrlOf } from '../config';
import { AppointmentCopy, CopiesRepository, CustomerCopy } from '../copies';
import { STILL_NEWS_MS } from './claim-rules';
import { toMessage } from './message.mapper';
import { messagesFailed } from './message-metrics';
import { businessDayRange, isStale, recipientsOf, scheduledLabel } from './message-rules';
import { MessagesRepository, NewMessage } from './messages.repository';

/** One step of a visit a customer hears of (one event). */
export interface Step {
  eventId: string;
  occurredAt: string;
  appointmentId: number;
  /**
   * The visit's customer as the consumer locked it before its first write (lockCustomerOf, or
   * CopiesRepository.lockCustomer); null when the visit was not known then.
   */
  customerId: number | null;
  kind: MessageKind;
  /** The technician's full name as the event tells it (the message says the first). */
  technicianName?: string | null;
  /** The estimate, asked for only when a message is made. */
  eta?: () => Promise<number | null>;
  receipt?: ReceiptData | null;
  payment?: MessageData['payment'];
  /** The copies as the consumer has just written or read them, so they are not read again. */
  copies?: { appointment: AppointmentCopy; customer: CustomerCopy };
}

/** Why a message did not go out (last_error), beyond a provider's own words. */
export const UNSENT_REASONS = {
  optedOut: 'opted out',
  customerDeleted: 'customer deleted',
} as const;

/** A resend the customer's own choice forbids. */
const RESEND_OPTED_OUT = 'The customer opted out of texts and emails.';

@Injectable()
export class MessagesService {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly copies: CopiesRepository,
    private readonly rpc: RpcClient,
    private readonly outbox: Outbox,
    private readonly wake: SendWake,
    private readonly logger: AppLogger,
    @InjectTemplates() private readonly templates: Templates,
    @InjectEnv(NOTIFY_ENV) private readonly env: NotifyEnv,
  ) {}

  /**
   * Makes a step's messages in the consumer's transaction: rendered now (what the customer is
   * told is what was true then) and stored queued, or failed when the address cannot be one.
   * Throws when booking cannot issue the link, or when the visit's copy has not arrived yet (a
   * notify that was down catches up on its consumers in no fixed order), so the event is retried
   * until the step is too old to be news. The consumer locks the customer first (`customerId`).
   */
  async createFor(manager: EntityManager, step: Step): Promise<number> {
    const now = new Date();
    if (isStale(step.kind, step.occurredAt, now)) return 0;
    const copy =
      step.copies?.appointment ?? (await this.copies.appointment(manager, step.appointmentId));
    // Only for the customer locked before the consumer's first write: a visit not known then
    // waits for the event's retry, rather than lock its customer now, after a row.
    const appointment = copy?.customerId === step.customerId ? copy : null;
    const customer =
      step.copies?.customer ??
      (appointment && (await this.copies.customer(manager, appointment.customerId)));
    if (!appointment || !customer) {
      // A deleted customer's copy is gone for good: they hear nothing more, even of an event
      // applied after their deletion (replicas, a batch retried event by event). Under their
      // lock, a deletion under way is seen.
      if (step.customerId !== null && (await this.copies.isErased(manager, step.customerId)))
        return 0;
      throw new Error(`visit ${step.appointmentId} is not known yet: its booking comes first`);
    }
    const recipients = recipientsOf(customer);
    if (!recipients.length) return 0;
    const link = await this.issueLink(step.appointmentId);
    if (!link) return 0;
    const site = publicUrlOf(this.env);
    const etaMinutes = step.eta ? await step.eta() : null;
    const data: MessageData = {
      kind: step.kind,
      firstName: firstNameOf(customer.name) ?? '',
      reference: link.reference,
      trackingUrl: `${site}/track/${link.token}`,
      rebookUrl: `${site}/customer-form`,
      technicianFirstName: firstNameOf(step.technicianName ?? null),
      etaMinutes,
      laterArrival:
        etaMinutes !== null && Number.isFinite(etaMinutes)
          ? laterDayArrival(etaMinutes, now)
          : null,
      scheduledLabel: scheduledLabel(appointment.scheduledDate, appointment.scheduledTime),
      receipt: step.receipt ?? null,
      payment: step.payment ?? null,
    };
    // A step still to come (a reminder) goes at its time.
    const due = new Date(step.occurredAt) > now ? new Date(step.occurredAt) : now;
    const rows: NewMessage[] = [];
    for (const { channel, to, problem } of recipients) {
      const sendAt = problem
        ? null
        : sendableAt(step.kind, channel, due, appointment.scheduledDate, this.env.SMS_QUIET_HOURS);
      // A text held for the quiet hours goes hours after its step, when "35 min away" is wrong:
      // it leaves the estimate to the tracking page it links to.
      const held = sendAt !== null && sendAt.getTime() - due.getTime() > STILL_NEWS_MS;
      const rendered = await this.templates.render(
        channel,
        held ? { ...data, etaMinutes: null, laterArrival: null } : data,
      );
      rows.push({
        eventId: step.eventId,
        appointmentId: appointment.id,
        customerId: customer.id,
        reference: link.reference,
        kind: step.kind,
        occurredAt: step.occurredAt,
        channel,
        to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        state: problem ? 'failed' : 'queued',
        nextAttemptAt: sendAt,
        lastError: problem,
      });
    }
    const created = await this.messages.insert(manager, rows);
    if (created) {
      this.wake.afterCommit(manager);
      // Counted before the commit: a transaction that rolls back is retried and counts again, a
      // rare overcount that an alert on a rate does not mind.
      for (const row of rows)
        if (row.state === 'failed') messagesFailed.inc({ channel: row.channel });
    }
    return created;
  }

  /**
   * Locks the visit's customer for the rest of the transaction (CopiesRepository.lockCustomer)
   * and answers their id; null when the visit is not known here (nothing locked). A consumer that
   * makes a step's messages calls it before its first write, and hands the id to createFor.
   */
  async lockCustomerOf(manager: EntityManager, appointmentId: number): Promise<number | null> {
    const appointment = await this.copies.appointment(manager, appointmentId);
    if (!appointment) return null;
    await this.copies.lockCustomer(manager, appointment.customerId);
    return appointment.customerId;
  }

  /** A fresh private link for the message; null when booking no longer has the visit. */
  private async issueLink(appointmentId: number) {
    try {
      return await this.rpc.call('booking.links.issue', { appointmentId });
    } catch (error) {
      if (error instanceof RpcCallError && error.status === 404) return null;
      throw error;
    }
  }

  async ofAppointment(appointmentId: number): Promise<Message[]> {
    return (await this.messages.ofAppointment(appointmentId)).map(toMessage);
  }

  /** One business day's messages (today by default), newest first. */
  async list({ date, state }: MessagesQuery): Promise<Message[]> {
    const { from, until } = businessDayRange(date ?? businessDate(new Date()));
    return (await this.messages.list(from, until, state ?? null)).map(toMessage);
  }

  /** An admin sends a failed message again, from its first attempt. */
  async resend(id: number, actor: Actor): Promise<Message> {
    const requeued = await this.outbox.transaction(async ({ manager }) => {
      const message = await this.messages.byId(id, manager);
      const notFound = new DomainError(ERROR_CODES.notFound, NOTIFY_MESSAGES.messageNotFound);
      // A deleted customer's messages no longer say where they went.
      if (!message || message.customer_id === null) throw notFound;
      if (message.state !== 'failed')
        throw new DomainError(ERROR_CODES.conflict, NOTIFY_MESSAGES.notFailed);
      // The customer read under their lock: an opt-out or a deletion under way has committed.
      await this.copies.lockCustomer(manager, message.customer_id);
      const customer = await this.copies.customer(manager, message.customer_id);
      if (!customer) throw notFound;
      if (customer.optedOut) throw new DomainError(ERROR_CODES.conflict, RESEND_OPTED_OUT);
      const row = await this.messages.requeue(manager, id);
      if (!row) throw new DomainError(ERROR_CODES.conflict, NOTIFY_MESSAGES.notFailed);
      return row;
    });
    this.logger.log({ msg: 'message resent', messageId: id, by: actor.username });
    this.wake.now();
    return toMessage(requeued);
  }

  /** The customer asks for no more messages: what is not out yet stays unsent. */
  async optOut(appointmentId: number): Promise<{ message: string }> {
    await this.outbox.transaction(async ({ manager }) => {
      // The customer locked first: a step's messages being made meanwhile are committed before
      // (and failed here), or made after, for a customer who opted out (none then).
      const customerId = await this.lockCustomerOf(manager, appointmentId);
      if (customerId === null)
        throw new DomainError(ERROR_CODES.notFound, TRACKING_MESSAGES.notFound);
      await this.copies.optOut(manager, customerId);
      await this.messages.failUnsentOf(manager, customerId, UNSENT_REASONS.optedOut);
    });
    return { message: NOTIFY_MESSAGES.optedOut };
  }

  /**
   * A deleted customer: nothing more goes to them, and their messages forget them. The caller
   * has locked the customer (CopiesRepository.lockCustomer).
   */
  async forgetCustomer(manager: EntityManager, customerId: number): Promise<void> {
    await this.messages.failUnsentOf(manager, customerId, UNSENT_REASONS.customerDeleted);
    await this.messages.forgetCustomer(manager, customerId);
  }
}
