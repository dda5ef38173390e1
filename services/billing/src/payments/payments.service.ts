import { randomBytes, randomUUID } from 'node:crypto';
import {
  Actor,
  ERROR_CODES,
  Invoice,
  PAYMENT_MESSAGES,
  PaymentInput,
  PaymentLink,
  REFUND_MESSAGES,
  RefundInput,
  formatDollars,
  moreThanOwed,
} from '@cincy/contracts';
import {
  AppLogger,
  DomainError,
  Outbox,
  RpcClient,
  Transaction,
  requestKey,
} from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import {
  INVOICE_MESSAGES,
  InvoicesRepository,
  IssuedInvoice,
  invoiceStatus,
  owedCents,
} from '../invoices';
import { BillableJobsRepository } from '../jobs';
import { CardPaymentsRepository, PaymentLinkRow } from './card-payments.repository';
import { CardProvider } from './card-provider';

export const WEBHOOK_MESSAGES = {
  signature: 'The webhook signature is not valid.',
} as const;

/** The customer's short payment link: `${PUBLIC_URL}/pay/<code>` (the gateway redirects it). */
export const PAY_LINK_PATH = '/pay';

/** How long a job's payment waits for its invoice (well inside the gateway's RPC timeout). */
const INVOICE_WAIT_MS = 2_000;

/** A link is sent again, rather than made anew, while it works for this much longer. */
const LINK_REUSE_MARGIN_MS = 3_600_000;

const received = (invoice: Invoice) => invoice.paidCents + invoice.refundedCents;
const dollars = (cents: number) => formatDollars(cents / 100);

/**
 * Every payment decision (ADR 0114): cash and checks taken at the door, card payment links and
 * the provider's word that one was paid, and refunds. Each runs with the invoice locked, so
 * payments of one invoice take turns and nothing is ever counted twice.
 */
@Injectable()
export class PaymentsService {
  constructor(
    private readonly invoices: InvoicesRepository,
    private readonly cards: CardPaymentsRepository,
    private readonly jobs: BillableJobsRepository,
    private readonly provider: CardProvider,
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly rpc: RpcClient,
    private readonly logger: AppLogger,
  ) {}

  /**
   * Cash or a check taken for an invoice, once per Idempotency-Key (a phone's outbox may send it
   * twice). Never more than is owed: the technician gives change, and the record says what the
   * house kept.
   */
  async recordPayment(
    invoiceId: number,
    payment: PaymentInput,
    actor: Actor,
    idempotencyKey?: string,
  ): Promise<Invoice> {
    const asked = { invoiceId, payment };
    return this.outbox.transactionOnce(requestKey(idempotencyKey, asked, actor.id), async (tx) => {
      const { invoice } = await this.payable(tx, invoiceId, actor);
      const owed = owedCents(invoice.totalCents, received(invoice));
      if (payment.amountCents > owed)
        throw new DomainError(ERROR_CODES.validation, moreThanOwed(owed), {
          amountCents: moreThanOwed(owed),
        });
      const recorded = await this.invoices.addPayment(tx.manager, invoiceId, {
        method: payment.method,
        amountCents: payment.amountCents,
        checkNumber: payment.checkNumber,
        receivedAt: receivedAt(payment.occurredAt, new Date(invoice.issuedAt)),
        recordedBy: actor.id,
        status: invoiceStatus(
          invoice.totalCents,
          received(invoice) + payment.amountCents,
          invoice.refundedCents,
        ),
      });
      await tx.emit('billing.payment.recorded', recorded);
      return recorded.invoice;
    });
  }

  /**
   * A payment for the invoice of a job, as the phone sends it. The invoice is issued from the
   * completion's events a moment after it: a payment sent with the completion waits for it a
   * little, then is answered 503 so the phone sends it again (never refused for being early).
   */
  async recordPaymentForJob(
    appointmentId: number,
    payment: PaymentInput,
    actor: Actor,
    idempotencyKey?: string,
  ): Promise<Invoice> {
    const deadline = Date.now() + INVOICE_WAIT_MS;
    for (;;) {
      const found = await this.invoices.ofAppointment(this.dataSource.manager, appointmentId);
      if (found) return this.recordPayment(found.invoice.id, payment, actor, idempotencyKey);
      // Not a job billing knows, or one that is never billed (nothing was done).
      if (!(await this.jobs.waiting(this.dataSource.manager, appointmentId)))
        throw new DomainError(ERROR_CODES.notFound, INVOICE_MESSAGES.notFound);
      if (Date.now() >= deadline)
        throw new DomainError(ERROR_CODES.serviceUnavailable, PAYMENT_MESSAGES.notIssuedYet);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * A card payment link for what is still owed, sent to the customer by text and email (notify).
   * A link made earlier for the same amount that still works is sent again instead of a new one.
   */
  async paymentLink(invoiceId: number, actor: Actor): Promise<PaymentLink> {
    const found = await this.invoices.ofId(this.dataSource.manager, invoiceId);
    const { invoice } = this.checkPayable(found, actor);
    const link = await this.liveOrNewLink(invoice);
    const url = this.payLinkUrl(link.code);
    await this.outbox.transaction(async ({ manager, emit }) => {
      await this.cards.insertLink(manager, link);
      await emit('billing.payment-link.created', {
        invoiceId,
        number: invoice.number,
        appointmentId: invoice.appointmentId,
        customerId: invoice.customerId,
        url,
        amountCents: link.amountCents,
      });
    });
    return { url, amountCents: link.amountCents, expiresAt: link.expiresAt.toISOString() };
  }

  /**
   * "Pay now" on the customer's own visit page: the provider's checkout for what is owed (the
   * customer is there: nothing is sent). Not found until the visit is billed; 409 once paid.
   */
  async payVisit(appointmentId: number): Promise<{ url: string }> {
    const found = await this.invoices.ofAppointment(this.dataSource.manager, appointmentId);
    const { invoice } = this.checkPayable(found, null);
    const link = await this.liveOrNewLink(invoice);
    await this.cards.insertLink(this.dataSource.manager, link);
    return { url: link.url };
  }

  private payLinkUrl = (code: string) =>
    `${this.provider.settings.publicUrl}${PAY_LINK_PATH}/${code}`;

  /**
   * A checkout for what the invoice owes now: one made earlier for that amount that still works
   * an hour from now, else a new one from the provider (503 when it does not answer).
   */
  private async liveOrNewLink(invoice: Invoice): Promise<PaymentLinkRow> {
    const amountCents = owedCents(invoice.totalCents, received(invoice));
    const soon = new Date(Date.now() + LINK_REUSE_MARGIN_MS);
    const live = await this.cards.liveLink(this.dataSource.manager, invoice.id, amountCents, soon);
    if (live) return live;
    try {
      const returnUrl = await this.returnUrl(invoice.appointmentId);
      const made = await this.provider.checkout(invoice, amountCents, returnUrl, randomUUID());
      const code = randomBytes(12).toString('base64url');
      return { ...made, code, returnUrl, invoiceId: invoice.id, amountCents };
    } catch (error) {
      this.logger.warn({
        msg: 'payment link not made',
        invoiceId: invoice.id,
        error: String(error),
      });
      throw new DomainError(ERROR_CODES.serviceUnavailable, PAYMENT_MESSAGES.cardsUnavailable);
    }
  }

  /**
   * Where a customer's /pay/<code> goes: the provider's checkout while the link works and the
   * invoice still owes what it asks; their visit's page once paid (or the link is spent).
   */
  async openLink(code: string): Promise<{ url: string }> {
    const { manager } = this.dataSource;
    const link = await this.cards.linkByCode(manager, code);
    const found = link && (await this.invoices.ofId(manager, link.invoiceId));
    if (!link || !found) throw new DomainError(ERROR_CODES.notFound, PAYMENT_MESSAGES.noSuchLink);
    const { invoice } = found;
    const owed = owedCents(invoice.totalCents, received(invoice));
    const live = !link.completedAt && link.expiresAt > new Date() && owed === link.amountCents;
    return { url: live && owed > 0 ? link.url : link.returnUrl };
  }

  /**
   * The provider's webhook: taken only with our signature, once per event id. A paid Checkout
   * Session pays its invoice when its amount and currency are what the link asked and still owed;
   * otherwise it is flagged for an admin and counted as nothing.
   */
  async webhook(payload: string, signature: string): Promise<{ received: true }> {
    let event: Stripe.Event;
    try {
      event = this.provider.event(payload, signature);
    } catch {
      throw new DomainError(ERROR_CODES.validation, WEBHOOK_MESSAGES.signature, {
        'stripe-signature': WEBHOOK_MESSAGES.signature,
      });
    }
    if (event.type !== 'checkout.session.completed') return { received: true };
    const session = event.data.object;
    await this.outbox.transaction(async (tx) => {
      if (!(await this.cards.takeEvent(tx.manager, event.id, event.type))) return;
      const link = await this.cards.linkOf(tx.manager, session.id);
      if (!link || session.payment_status !== 'paid') {
        this.logger.warn({ msg: 'checkout session not ours or not paid', session: session.id });
        return;
      }
      await this.cards.complete(tx.manager, session.id);
      const found = await this.invoices.lock(tx.manager, link.invoiceId);
      if (!found) return;
      const { invoice } = found;
      const amount = session.amount_total ?? 0;
      const mismatch = cardMismatch(invoice, link.amountCents, amount, session.currency ?? '');
      if (mismatch) {
        const flagged = await this.invoices.addFlag(tx.manager, invoice.id, mismatch);
        await tx.emit('billing.payment.flagged', { invoice: flagged, reason: mismatch });
        return;
      }
      const recorded = await this.invoices.addPayment(tx.manager, invoice.id, {
        method: 'card',
        amountCents: amount,
        checkNumber: null,
        receivedAt: new Date(),
        recordedBy: null,
        providerRef: paymentIntentOf(session),
        status: invoiceStatus(
          invoice.totalCents,
          received(invoice) + amount,
          invoice.refundedCents,
        ),
      });
      await tx.emit('billing.payment.recorded', recorded);
    });
    return { received: true };
  }

  /**
   * Part or all of one payment given back by an admin, with the reason; a card's through the
   * provider (inside the invoice's lock, with a key of what was refunded before, so a retry never
   * refunds twice), cash or a check handed back.
   */
  async refund(
    invoiceId: number,
    refund: RefundInput,
    actor: Actor,
    idempotencyKey?: string,
  ): Promise<Invoice> {
    const asked = { invoiceId, refund };
    return this.outbox.transactionOnce(requestKey(idempotencyKey, asked, actor.id), async (tx) => {
      const found = await this.invoices.lock(tx.manager, invoiceId);
      if (!found) throw new DomainError(ERROR_CODES.notFound, INVOICE_MESSAGES.notFound);
      const { invoice } = found;
      const payment = invoice.payments.find((p) => p.id === refund.paymentId && p.amountCents > 0);
      if (!payment)
        throw new DomainError(ERROR_CODES.validation, REFUND_MESSAGES.paymentNotFound, {
          paymentId: REFUND_MESSAGES.paymentNotFound,
        });
      const refundedBefore = invoice.payments
        .filter((p) => p.refundOf === payment.id)
        .reduce((sum, p) => sum - p.amountCents, 0);
      const left = payment.amountCents - refundedBefore;
      if (refund.amountCents > left)
        throw new DomainError(ERROR_CODES.validation, REFUND_MESSAGES.moreThanPaid(left), {
          amountCents: REFUND_MESSAGES.moreThanPaid(left),
        });
      let providerRef: string | null = null;
      if (payment.method === 'card') {
        const paymentIntent = await this.invoices.providerRefOf(tx.manager, payment.id);
        try {
          if (!paymentIntent) throw new Error('the card payment has no payment intent');
          providerRef = await this.provider.refund(
            paymentIntent,
            refund.amountCents,
            `refund:${payment.id}:${refundedBefore}:${refund.amountCents}`,
          );
        } catch (error) {
          this.logger.warn({ msg: 'card refund failed', invoiceId, error: String(error) });
          throw new DomainError(ERROR_CODES.serviceUnavailable, REFUND_MESSAGES.providerFailed);
        }
      }
      const recorded = await this.invoices.addPayment(tx.manager, invoiceId, {
        method: payment.method,
        amountCents: -refund.amountCents,
        checkNumber: null,
        receivedAt: new Date(),
        recordedBy: actor.id,
        providerRef,
        refundOf: payment.id,
        reason: refund.reason,
        status: invoiceStatus(
          invoice.totalCents,
          received(invoice),
          invoice.refundedCents + refund.amountCents,
        ),
      });
      await tx.emit('billing.refund.recorded', {
        invoice: recorded.invoice,
        refund: recorded.payment,
      });
      return recorded.invoice;
    });
  }

  /** The invoice, locked, if this actor may take a payment for it now. */
  private async payable(tx: Transaction, invoiceId: number, actor: Actor) {
    return this.checkPayable(await this.invoices.lock(tx.manager, invoiceId), actor);
  }

  /** The invoice if it takes a payment now, from this staff member (or the customer: null). */
  private checkPayable(found: IssuedInvoice | null, actor: Actor | null): IssuedInvoice {
    if (!found) throw new DomainError(ERROR_CODES.notFound, INVOICE_MESSAGES.notFound);
    if (actor && actor.role !== 'admin' && found.technicianId !== actor.id)
      throw new DomainError(ERROR_CODES.forbidden, PAYMENT_MESSAGES.notYourJob);
    const { status } = found.invoice;
    if (status === 'paid')
      throw new DomainError(ERROR_CODES.conflict, PAYMENT_MESSAGES.alreadyPaid);
    if (status === 'refunded' || status === 'void')
      throw new DomainError(ERROR_CODES.conflict, PAYMENT_MESSAGES.notOpen);
    return found;
  }

  /** Where the customer lands after paying: their visit's page, or the site when it is gone. */
  private async returnUrl(appointmentId: number): Promise<string> {
    const site = this.provider.settings.publicUrl;
    try {
      const { token } = await this.rpc.call('booking.links.issue', { appointmentId });
      return `${site}/track/${token}`;
    } catch {
      return site;
    }
  }
}

/**
 * Why a paid Checkout Session does not pay its invoice, or null when it does: another currency,
 * another amount than the link asked, or more than is owed now (paid meanwhile in cash).
 */
export function cardMismatch(
  invoice: Invoice,
  askedCents: number,
  amountCents: number,
  currency: string,
): string | null {
  const paid = `A card payment of ${dollars(amountCents)}`;
  if (currency.toLowerCase() !== 'usd')
    return `${paid} came in ${currency.toUpperCase() || 'no currency'}, not US dollars: not counted.`;
  if (amountCents !== askedCents)
    return `${paid} does not match the ${dollars(askedCents)} its link asked: not counted.`;
  const owed = owedCents(invoice.totalCents, received(invoice));
  if (invoice.status === 'refunded' || invoice.status === 'void' || amountCents > owed)
    return `${paid} came when ${dollars(owed)} was owed: not counted; refund it to the customer.`;
  return null;
}

const paymentIntentOf = (session: Stripe.Checkout.Session) =>
  typeof session.payment_intent === 'string'
    ? session.payment_intent
    : (session.payment_intent?.id ?? null);

/** When the money was taken: as the phone says, but never ahead of now or before the invoice. */
function receivedAt(occurredAt: string | undefined, issuedAt: Date): Date {
  const now = new Date();
  if (!occurredAt) return now;
  const at = new Date(occurredAt);
  return at > now ? now : at < issuedAt ? issuedAt : at;
}
