import {
  DashboardAppointment,
  EventEnvelope,
  addDays,
  businessDate,
  businessInstant,
} from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { fromRequested, toDashboardAppointment } from './board-appointment.mapper';
import { BoardRepository } from './board.repository';

@Injectable()
export class BoardService implements OnModuleInit {
  constructor(
    private readonly board: BoardRepository,
    private readonly consumers: EventConsumers,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('dispatch-board-requested', (event, tx) => this.open(event, tx));
  }

  /** A booked appointment joins the board as pending, and the board announces it. */
  async open(
    event: EventEnvelope<'booking.appointment.requested'>,
    { manager, emit }: Transaction,
  ) {
    const job = fromRequested(event.payload, new Date());
    await this.board.insert(manager, job);
    await emit('dispatch.appointment.opened', { appointment: toDashboardAppointment(job) });
  }

  /** Open appointments, and those closed today (Cincinnati's day), oldest request first. */
  list(now = new Date()): Promise<DashboardAppointment[]> {
    const today = businessDate(now);
    return this.board.listOpenAndClosedBetween(
      businessInstant(today, 0),
      businessInstant(addDays(today, 1), 0),
    );
  }
}
