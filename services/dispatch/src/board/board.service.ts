import { randomInt } from 'node:crypto';
import {
  DashboardAppointment,
  EventEnvelope,
  FIELD_POOL,
  FieldJobs,
  addDays,
  businessDate,
  businessInstant,
} from '@cincy/contracts';
import { EventConsumers, InjectEnv, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { DISPATCH_ENV, DispatchEnv } from '../config';
import { fromRequested, toDashboardAppointment } from './board-appointment.mapper';
import { BoardRepository } from './board.repository';
import { CustomerDetailsService, anonymize } from './customer-details.service';

/** Four digits from the system's secure random source: not guessable from other jobs' codes. */
const newArrivalCode = () => String(randomInt(10_000)).padStart(4, '0');

/** Cincinnati's day around `now`, as instants [from, until). */
function businessDay(now: Date): { from: Date; until: Date } {
  const today = businessDate(now);
  return { from: businessInstant(today, 0), until: businessInstant(addDays(today, 1), 0) };
}

@Injectable()
export class BoardService implements OnModuleInit {
  constructor(
    private readonly board: BoardRepository,
    private readonly customers: CustomerDetailsService,
    private readonly consumers: EventConsumers,
    @InjectEnv(DISPATCH_ENV) private readonly env: Pick<DispatchEnv, 'REQUIRE_ARRIVAL_CODE'>,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('dispatch-board-requested', (event, tx) => this.open(event, tx));
  }

  /**
   * A booked appointment joins the board as pending, and the board announces it. When its
   * customer was deleted first (the deletion comes by another consumer), it joins without their
   * details and is then declined, as the deletion would have left it.
   */
  async open(event: EventEnvelope<'booking.appointment.requested'>, tx: Transaction) {
    const { manager, emit } = tx;
    // Before any row lock: a deletion of the customer now waits, or is waited for and seen.
    await this.board.lockCustomer(manager, event.payload.customerId);
    const erased = await this.board.isErased(manager, event.payload.customerId);
    const arrivalCode = this.env.REQUIRE_ARRIVAL_CODE ? newArrivalCode() : null;
    const job = fromRequested(event.payload, new Date(), arrivalCode);
    if (erased) anonymize(job);
    await this.board.insert(manager, job);
    await emit('dispatch.appointment.opened', { appointment: toDashboardAppointment(job) });
    if (erased) await this.customers.erase(tx, [job]);
  }

  /** Open appointments, and those closed today (Cincinnati's day), oldest request first. */
  list(now = new Date()): Promise<DashboardAppointment[]> {
    const { from, until } = businessDay(now);
    return this.board.listOpenAndClosedBetween(from, until);
  }

  /** A technician's phone's jobs: theirs, open or closed today, and the oldest of today's pool. */
  forTechnician(technicianId: number, now = new Date()): Promise<FieldJobs> {
    return this.board.listForTechnician(technicianId, {
      ...businessDay(now),
      today: businessDate(now),
      poolLimit: FIELD_POOL.sent,
    });
  }
}
