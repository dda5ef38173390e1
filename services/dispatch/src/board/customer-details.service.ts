import {
  EventEnvelope,
  EventsMatching,
  businessDate,
  businessInstant,
  isClosed,
} from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { ReportsService } from '../reports';
import { BoardAppointmentEntity } from './board-appointment.entity';
import { BoardRepository } from './board.repository';

type CustomerEvent = EventEnvelope<EventsMatching<'booking.customer.>'>>;

/** What the board shows of a deleted customer. */
export const DELETED_CUSTOMER = { name: 'Deleted customer', location: '(removed)' } as const;

/** A deleted customer's personal data leaves the job. */
export function anonymize(job: BoardAppointmentEntity): void {
  Object.assign(job, {
    customerName: DELETED_CUSTOMER.name,
    customerPhone: '',
    location: DELETED_CUSTOMER.location,
    customerLocation: null,
    vehicle: null,
    notes: null,
  });
}

/** Only jobs the board still shows need telling; older history changes quietly. */
const onBoard = (job: BoardAppointmentEntity, wasOpen: boolean, now: Date) =>
  wasOpen || (job.closedAt !== null && job.closedAt >= businessInstant(businessDate(now), 0));

/**
 * Keeps the customer's details on dispatch's jobs as booking changes them. A deleted customer's
 * personal data leaves every job, and their open jobs are declined (nobody is left to visit). Their
 * id stays, so a booking or an edit of theirs applied later brings nothing back (ADR 0126).
 */
@Injectable()
export class CustomerDetailsService implements OnModuleInit {
  constructor(
    private readonly board: BoardRepository,
    private readonly reports: ReportsService,
    private readonly consumers: EventConsumers,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('dispatch-customers', (event, tx) => this.apply(event, tx));
  }

  async apply(event: CustomerEvent, tx: Transaction): Promise<void> {
    const customerId =
      event.type === 'booking.customer.updated'
        ? event.payload.customer.id
        : event.payload.customerId;
    // Before any row lock: a booking of theirs reaching the board now waits, or is waited for.
    await this.board.lockCustomer(tx.manager, customerId);
    if (event.type === 'booking.customer.deleted') {
      await this.board.recordErased(tx.manager, customerId);
      await this.erase(tx, await this.board.lockAllOfCustomer(tx.manager, customerId));
      return;
    }
    // An edit applied after the deletion would bring the details back.
    if (await this.board.isErased(tx.manager, customerId)) return;
    const now = new Date();
    for (const job of await this.board.lockAllOfCustomer(tx.manager, customerId)) {
      const wasOpen = !isClosed(job.status);
      job.customerName = event.payload.customer.name;
      job.customerPhone = event.payload.customer.phone;
      const appointment = await this.board.save(tx.manager, job, now);
      if (onBoard(job, wasOpen, now))
        await tx.emit('dispatch.appointment.updated', { appointment });
    }
  }

  /**
   * A deleted customer's jobs: their personal data leaves each, and the open ones are declined.
   * Also for a job of theirs that reaches the board after the deletion (`BoardService.open`).
   */
  async erase(tx: Transaction, jobs: BoardAppointmentEntity[]): Promise<void> {
    const now = new Date();
    let declined = false;
    for (const job of jobs) {
      const wasOpen = !isClosed(job.status);
      anonymize(job);
      if (wasOpen) Object.assign(job, { status: 'declined', closedAt: now });
      declined ||= wasOpen;
      const appointment = await this.board.save(tx.manager, job, now);
      if (!onBoard(job, wasOpen, now)) continue;
      const type = wasOpen ? 'dispatch.appointment.declined' : 'dispatch.appointment.updated';
      await tx.emit(type, { appointment });
    }
    // Today's report counts the jobs closed without service here.
    if (declined) await this.reports.jobClosed(tx.manager, { completedAt: null, closedAt: now });
  }
}
