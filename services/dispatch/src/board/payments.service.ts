import { EventEnvelope, EventsMatching, jobPaymentOf } from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { BoardRepository } from './board.repository';
import { JobNotOnBoardYet } from './reschedules.service';

type BillingEvent = EventEnvelope<EventsMatching<'billing.>'>>;

/**
 * Billing's word on a job's money (issued, paid, refunded, flagged): the board's copy follows and
 * the board, the phone and the history are told, as for any change of the job.
 */
@Injectable()
export class PaymentsService implements OnModuleInit {
  constructor(
    private readonly board: BoardRepository,
    private readonly consumers: EventConsumers,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('dispatch-payments', (event, tx) => this.apply(event, tx));
  }

  async apply(event: BillingEvent, { manager, emit }: Transaction): Promise<void> {
    // Ignored by the consumer (never delivered): narrowed here for the compiler.
    if (
      event.type === 'billing.payment-link.created' ||
      event.type === 'billing.price-list.changed'
    )
      return;
    const payment = jobPaymentOf(event.payload.invoice);
    const job = await this.board.lock(manager, event.payload.invoice.appointmentId);
    if (!job) throw new JobNotOnBoardYet(event.payload.invoice.appointmentId);
    // One durable delivers billing's events in order; a redelivery brings nothing newer.
    if (JSON.stringify(job.payment) === JSON.stringify(payment)) return;
    job.payment = payment;
    const appointment = await this.board.save(manager, job);
    await emit('dispatch.appointment.updated', { appointment });
  }
}
