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
import { BoardRepository } from './board.repository';

type CustomerEvent = EventEnvelope<EventsMatching<'booking.customer.>'>>;

/** What the board shows of a deleted customer. */
export const DELETED_CUSTOMER = { name: 'Deleted customer', location: '(removed)' } as const;

/**
 * Keeps the customer's details on dispatch's jobs as booking changes them. A deleted customer's
 * personal data leaves every job, and their open jobs are declined (nobody is left to visit).
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
    const jobs = await this.board.lockAllOfCustomer(tx.manager, customerId);
    const now = new Date();
    const startOfToday = businessInstant(businessDate(now), 0);
    let declined = false;
    for (const job of jobs) {
      const wasOpen = !isClosed(job.status);
      if (event.type === 'booking.customer.updated') {
        job.customerName = event.payload.customer.name;
        job.customerPhone = event.payload.customer.phone;
      } else {
        Object.assign(job, {
          customerName: DELETED_CUSTOMER.name,
          customerPhone: '',
          location: DELETED_CUSTOMER.location,
          customerLocation: null,
          vehicle: null,
          notes: null,
        });
        if (wasOpen) Object.assign(job, { status: 'declined', closedAt: now });
        declined ||= wasOpen;
      }
      const appointment = await this.board.save(tx.manager, job, now);
      // Only jobs the board still shows need telling; older history changed quietly.
      const onBoard = wasOpen || (job.closedAt !== null && job.closedAt >= startOfToday);
      if (!onBoard) continue;
      const type =
        job.status === 'declined' && wasOpen
          ? 'dispatch.appointment.declined'
          : 'dispatch.appointment.updated';
      await tx.emit(type, { appointment });
    }
    // Today's report counts the jobs closed without service here.
    if (declined) await this.reports.jobClosed(tx.manager, { completedAt: null, closedAt: now });
  }
}
