import { EventEnvelope, isClosed } from '@cincy/contracts';
import { AppLogger, EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { BoardRepository } from './board.repository';

/** The job's appointment id is unknown here yet: booking's `requested` is still on its way. */
export class JobNotOnBoardYet extends Error {
  constructor(readonly appointmentId: number) {
    super(`appointment ${appointmentId} is not on the board yet`);
  }
}

/** A customer moved their visit to another hour in booking: the board's copy follows. */
@Injectable()
export class ReschedulesService implements OnModuleInit {
  constructor(
    private readonly board: BoardRepository,
    private readonly consumers: EventConsumers,
    private readonly logger: AppLogger,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('dispatch-reschedules', (event, tx) => this.apply(event, tx));
  }

  /**
   * Moves an open job to its new hour and tells the board. A job that closed meanwhile (declined,
   * cancelled, done) keeps the hour it had: a late move changes nothing.
   */
  async apply(
    event: EventEnvelope<'booking.appointment.rescheduled'>,
    { manager, emit }: Transaction,
  ): Promise<void> {
    const p = event.payload;
    const job = await this.board.lock(manager, p.appointmentId);
    // Another consumer brings the job to the board: failing retries this one until it is there.
    if (!job) throw new JobNotOnBoardYet(p.appointmentId);
    if (isClosed(job.status)) {
      this.logger.warn({ msg: 'move of a closed job ignored', id: job.id, status: job.status });
      return;
    }
    job.preferredTime = p.preferredTime;
    job.scheduledDate = p.scheduledDate;
    job.scheduledTime = p.scheduledTime;
    job.scheduledStartTime = new Date(p.scheduledStartTime);
    const appointment = await this.board.save(manager, job);
    await emit('dispatch.appointment.updated', { appointment });
  }
}
