import {
  Actor,
  ERROR_CODES,
  EventEnvelope,
  EventsMatching,
  Invoice,
  InvoiceListQuery,
  businessParts,
  defaultBatteryPrice,
  zipOf,
} from '@cincy/contracts';
import { DomainError, EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { BillableJob, BillableJobsRepository } from '../jobs';
import { taxJurisdictionOf } from '../tax';
import { PriceListRepository } from '../prices';
import { invoiceLines, invoiceNumber, invoiceTotals } from './invoice-rules';
import { invoiceStatus } from './invoice-status';
import { invoicePdf } from './invoice-pdf';
import { InvoicesRepository, IssuedInvoice } from './invoices.repository';

type ItemEvent = EventEnvelope<EventsMatching<'inventory.item.>'>>;

export const INVOICE_MESSAGES = {
  notFound: 'Invoice not found',
  notYourJob: 'You can only see the invoices of jobs you completed.',
} as const;

/**
 * Bills each completed job once (ADR 0113). A job is billed when billing knows where it was (the
 * booking), what was done (the service record) and, for a battery, its name (the items); the
 * three arrive by separate consumers in any order, and whichever brings the last fact issues.
 */
@Injectable()
export class InvoicesService implements OnModuleInit {
  constructor(
    private readonly invoices: InvoicesRepository,
    private readonly jobs: BillableJobsRepository,
    private readonly prices: PriceListRepository,
    private readonly consumers: EventConsumers,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('billing-bookings', async ({ payload }, tx) => {
      if (await this.billed(tx.manager, payload.appointmentId)) return;
      const zip = zipOf(payload.location);
      const job = await this.jobs.booked(
        tx.manager,
        payload.appointmentId,
        payload.customerId,
        zip,
      );
      await this.issueIfReady(job, tx);
    });
    this.consumers.subscribe('billing-records', async ({ payload: { serviceRecord } }, tx) => {
      // The battery before the job's row, in the order the battery's own event takes them.
      if (serviceRecord.inventoryItemId !== null)
        await this.jobs.lockBattery(tx.manager, serviceRecord.inventoryItemId);
      if (await this.billed(tx.manager, serviceRecord.appointmentId)) return;
      await this.issueIfReady(await this.jobs.completed(tx.manager, serviceRecord), tx);
    });
    this.consumers.subscribe('billing-items', (event, tx) => this.itemChanged(event, tx));
  }

  list(query: InvoiceListQuery): Promise<Invoice[]> {
    return this.invoices.list(this.dataSource.manager, query);
  }

  async ofAppointment(appointmentId: number, actor: Actor): Promise<Invoice> {
    return this.visibleTo(
      await this.invoices.ofAppointment(this.dataSource.manager, appointmentId),
      actor,
    );
  }

  /** The invoice as a PDF, to whoever may see it. */
  async pdf(invoiceId: number, actor: Actor) {
    const invoice = this.visibleTo(
      await this.invoices.ofId(this.dataSource.manager, invoiceId),
      actor,
    );
    return {
      filename: `${invoice.number}.pdf`,
      contentBase64: (await invoicePdf(invoice)).toString('base64'),
    };
  }

  /** The office sees any invoice; a technician those of jobs they completed. */
  private visibleTo(found: IssuedInvoice | null, actor: Actor): Invoice {
    if (!found) throw new DomainError(ERROR_CODES.notFound, INVOICE_MESSAGES.notFound);
    if (actor.role !== 'admin' && found.technicianId !== actor.id)
      throw new DomainError(ERROR_CODES.forbidden, INVOICE_MESSAGES.notYourJob);
    return found.invoice;
  }

  private billed(manager: EntityManager, appointmentId: number) {
    return this.invoices.exists(manager, appointmentId);
  }

  /**
   * A battery's name and price, and the jobs that waited for it. A removed item keeps both here.
   * A price changed after a job was billed changes nothing of its invoice.
   */
  private async itemChanged(event: ItemEvent, tx: Transaction) {
    if (event.type !== 'inventory.item.changed') return;
    const { item } = event.payload;
    const priceCents = item.price === null ? null : Math.round(item.price * 100);
    await this.jobs.lockBattery(tx.manager, item.id);
    await this.jobs.saveBattery(tx.manager, item.id, item.name, priceCents);
    for (const job of await this.jobs.waitingFor(tx.manager, item.id))
      await this.issueIfReady(job, tx);
  }

  private async issueIfReady(job: BillableJob, tx: Transaction): Promise<void> {
    const { record } = job;
    if (!job.booked || job.customerId === null || !record) return;
    let battery: { name: string; priceCents: number } | null = null;
    if (record.inventoryItemId !== null) {
      const item = await this.jobs.battery(tx.manager, record.inventoryItemId);
      if (!item) return; // the item's event has not come yet: it issues then
      // An item that has no price (not sold alone, or not seen since prices came): its kind's.
      battery = {
        name: item.name,
        priceCents: item.priceCents ?? defaultBatteryPrice(item.name) * 100,
      };
    }
    const lines = invoiceLines(
      { serviceCode: record.serviceCode, battery, oldBatteryTaken: !record.oldBatteryKept },
      await this.prices.read(tx.manager),
    );
    if (!lines) return this.jobs.forget(tx.manager, job.appointmentId);
    const tax = taxJurisdictionOf(job.zip);
    const totals = invoiceTotals(lines, tax);
    const issuedAt = new Date(record.completedAt);
    const year = businessParts(issuedAt).year;
    const issued = await this.invoices.insert(tx.manager, {
      number: invoiceNumber(year, await this.invoices.nextSequence(tx.manager, year)),
      appointmentId: job.appointmentId,
      customerId: job.customerId,
      technicianId: record.technicianId,
      status: invoiceStatus(totals.totalCents, 0),
      totals,
      tax,
      issuedAt,
    });
    await this.jobs.forget(tx.manager, job.appointmentId);
    await tx.emit('billing.invoice.issued', { invoice: issued.invoice });
  }
}
