import {
  ConsumerEvent,
  EventEnvelope,
  InvoiceStatus,
  MessageKind,
  PAYMENT_REMINDER_DAYS,
  invoiceOwedCents,
  takesBattery,
} from '@cincy/contracts';
import { createHash } from 'node:crypto';
import { AppLogger, EventConsumers, InjectEnv, RpcClient, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { NOTIFY_ENV, NotifyEnv } from '../config';
import { CopiesRepository } from '../copies';
import { MessagesService, VISIT_STEP_KINDS } from '../messages';
import { ReceiptsRepository, buildReceipt } from '../receipts';

type Of<C extends Parameters<EventConsumers['subscribe']>[0]> = EventEnvelope<ConsumerEvent<C>>;

/**
 * Notify's four consumers: the copies it keeps (customers, bookings, item names) and the steps a
 * customer hears of. Each runs in the consumer's transaction with its inbox row, so a step's
 * messages are made once even when the event comes twice. One that makes messages locks the
 * customer before its first write (CopiesRepository.lockCustomer, whose lock order this is), so
 * an opt-out or a deletion takes turns with it.
 */
const WITH_ETA: readonly MessageKind[] = ['assigned', 'on_the_way'];

const owes = (status: InvoiceStatus) => status === 'open' || status === 'partially_paid';

@Injectable()
export class StepsService implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly copies: CopiesRepository,
    private readonly receipts: ReceiptsRepository,
    private readonly messages: MessagesService,
    private readonly rpc: RpcClient,
    private readonly logger: AppLogger,
    @InjectEnv(NOTIFY_ENV) private readonly env: Pick<NotifyEnv, 'TEST_OFFER_MONTHS'>,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('notify-bookings', (event, tx) => this.onBooking(event, tx));
    this.consumers.subscribe('notify-visits', (event, tx) => this.onVisit(event, tx));
    this.consumers.subscribe('notify-records', (event, tx) => this.onRecord(event, tx));
    this.consumers.subscribe('notify-items', (event, tx) => this.onItem(event, tx));
    this.consumers.subscribe('notify-payment-links', (event, tx) => this.onPaymentLink(event, tx));
    this.consumers.subscribe('notify-payments', (event, tx) => this.onPayment(event, tx));
  }

  /**
   * The visit's invoice and what was paid: kept on the copy (a reminder checks it when it goes);
   * an invoice issued owing gets one reminder PAYMENT_REMINDER_DAYS later (dropped if paid).
   */
  async onPayment(event: Of<'notify-payments'>, { manager }: Transaction): Promise<void> {
    // The link is the other consumer's; the price list none of notify's (both never delivered).
    if (
      event.type === 'billing.payment-link.created' ||
      event.type === 'billing.price-list.changed'
    )
      return;
    const { invoice } = event.payload;
    const customerId = await this.messages.lockCustomerOf(manager, invoice.appointmentId);
    await this.copies.setPaymentStatus(manager, invoice.appointmentId, invoice.status);
    if (event.type === 'billing.payment.recorded') {
      // The customer's receipt of the money: how much, how and when, and what is still owed.
      const { payment } = event.payload;
      await this.messages.createFor(manager, {
        eventId: event.id,
        occurredAt: event.occurredAt,
        appointmentId: invoice.appointmentId,
        customerId,
        kind: 'payment_received',
        payment: {
          url: null,
          amountCents: payment.amountCents,
          invoiceNumber: invoice.number,
          received: {
            method: payment.method,
            at: payment.receivedAt,
            owedCents: invoiceOwedCents(invoice),
          },
        },
      });
      return;
    }
    if (event.type !== 'billing.invoice.issued' || !owes(invoice.status)) return;
    const due = new Date(invoice.issuedAt);
    due.setUTCDate(due.getUTCDate() + PAYMENT_REMINDER_DAYS);
    await this.messages.createFor(manager, {
      eventId: event.id,
      occurredAt: due.toISOString(),
      appointmentId: invoice.appointmentId,
      customerId,
      kind: 'payment_reminder',
      payment: { url: null, amountCents: invoice.totalCents, invoiceNumber: invoice.number },
    });
  }

  /** A card payment link for the visit's invoice: sent to the customer by email and text. */
  async onPaymentLink(event: Of<'notify-payment-links'>, { manager }: Transaction): Promise<void> {
    const p = event.payload;
    await this.messages.createFor(manager, {
      eventId: event.id,
      occurredAt: event.occurredAt,
      appointmentId: p.appointmentId,
      customerId: await this.messages.lockCustomerOf(manager, p.appointmentId),
      kind: 'payment_link',
      payment: { url: p.url, amountCents: p.amountCents, invoiceNumber: p.number },
    });
  }

  async onBooking(event: Of<'notify-bookings'>, { manager }: Transaction): Promise<void> {
    switch (event.type) {
      case 'booking.appointment.requested': {
        const p = event.payload;
        // The customer first, before their copy's row.
        await this.copies.lockCustomer(manager, p.customerId);
        const copies = await this.copies.upsertBooking(
          manager,
          { id: p.customerId, ...p.customer },
          {
            id: p.appointmentId,
            customerId: p.customerId,
            reference: p.reference,
            scheduledDate: p.scheduledDate,
            scheduledTime: p.scheduledTime,
            preferredTime: p.preferredTime,
          },
        );
        // The customer was deleted first: nothing of theirs is kept, nothing is sent.
        if (!copies) return;
        await this.messages.createFor(manager, {
          eventId: event.id,
          occurredAt: event.occurredAt,
          appointmentId: p.appointmentId,
          customerId: p.customerId,
          kind: 'received',
          copies,
        });
        return;
      }
      case 'booking.appointment.rescheduled': {
        const p = event.payload;
        const customerId = await this.messages.lockCustomerOf(manager, p.appointmentId);
        if (!(await this.copies.moveAppointment(manager, p.appointmentId, p))) return;
        await this.messages.createFor(manager, {
          eventId: event.id,
          occurredAt: event.occurredAt,
          appointmentId: p.appointmentId,
          customerId,
          kind: 'moved',
        });
        return;
      }
      case 'booking.customer.updated': {
        const { customer } = event.payload;
        // Takes turns with their deletion, so one applied first is seen: the copy stays gone.
        await this.copies.lockCustomer(manager, customer.id);
        return this.copies.upsertCustomer(manager, customer);
      }
      case 'booking.customer.deleted': {
        const { customerId } = event.payload;
        // Takes turns with a step's messages being made: none is left queued for them.
        await this.copies.lockCustomer(manager, customerId);
        await this.messages.forgetCustomer(manager, customerId);
        await this.receipts.forgetCustomer(manager, customerId);
        return this.copies.removeCustomer(manager, customerId);
      }
    }
  }

  async onVisit(event: Of<'notify-visits'>, { manager }: Transaction): Promise<void> {
    const { appointment } = event.payload;
    const kind = VISIT_STEP_KINDS[event.type];
    const customerId = kind ? await this.messages.lockCustomerOf(manager, appointment.id) : null;
    // What a held message is checked against when it goes (a cancelled visit, one handed back).
    await this.copies.setStatus(manager, appointment.id, appointment.status, appointment.version);
    if (!kind) return;
    await this.messages.createFor(manager, {
      eventId: event.id,
      occurredAt: event.occurredAt,
      appointmentId: appointment.id,
      customerId,
      kind,
      technicianName: appointment.technician?.name ?? null,
      // Who is coming and when: the queue's estimate once accepted, the drive once on the way.
      eta: WITH_ETA.includes(kind) ? () => this.etaOf(appointment.id) : undefined,
    });
  }

  async onRecord(event: Of<'notify-records'>, { manager }: Transaction): Promise<void> {
    const record = event.payload.serviceRecord;
    const customerId = await this.messages.lockCustomerOf(manager, record.appointmentId);
    const appointment = await this.copies.appointment(manager, record.appointmentId);
    const customer = await this.copies.customer(manager, record.customerId);
    const receipt = buildReceipt(record, {
      reference: appointment?.reference ?? null,
      customerName: customer?.name ?? '',
      batteryModel:
        record.inventoryItemId === null
          ? null
          : await this.copies.itemName(manager, record.inventoryItemId),
    });
    await this.receipts.store(manager, record.appointmentId, receipt);
    await this.messages.createFor(manager, {
      eventId: event.id,
      occurredAt: event.occurredAt,
      appointmentId: record.appointmentId,
      customerId,
      kind: 'completed',
      technicianName: record.technicianName,
      receipt,
      copies:
        appointment && customer?.id === appointment.customerId
          ? { appointment, customer }
          : undefined,
    });
    // A battery put in: one offer of a free test when it is TEST_OFFER_MONTHS old (quiet hours,
    // opt-out and a deleted customer are the sender's rules then, as for every message).
    if (takesBattery(record.serviceCode))
      await this.messages.createFor(manager, {
        eventId: derivedEventId(event.id, 'test_offer'),
        occurredAt: addMonths(new Date(record.completedAt), this.env.TEST_OFFER_MONTHS),
        appointmentId: record.appointmentId,
        customerId,
        kind: 'test_offer',
      });
  }

  async onItem(event: Of<'notify-items'>, { manager }: Transaction): Promise<void> {
    // A removed item keeps its name here: a receipt may still name it.
    if (event.type === 'inventory.item.changed')
      await this.copies.upsertItem(manager, event.payload.item.id, event.payload.item.name);
  }

  /** The technician's estimate as the tracking page shows it; a failure leaves it out. */
  private async etaOf(id: number): Promise<number | null> {
    try {
      return (await this.rpc.call('dispatch.tracking.view', { id })).state.etaMinutes;
    } catch (error) {
      this.logger.warn({
        msg: 'no estimate for the message',
        appointmentId: id,
        error: String(error),
      });
      return null;
    }
  }
}

/**
 * A second message of one event (a message is once per event and channel): a UUID of its own,
 * the same for every delivery of that event, so the offer is still made once.
 */
function derivedEventId(eventId: string, purpose: string): string {
  const hex = createHash('sha256').update(`${eventId}:${purpose}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The same instant `months` later (a day past the month's end rolls into the next, as Date does). */
function addMonths(date: Date, months: number): string {
  const later = new Date(date);
  later.setUTCMonth(later.getUTCMonth() + months);
  return later.toISOString();
}
