import {
  Actor,
  DOOR_RECORD_MESSAGES,
  BatteryTest,
  ERROR_CODES,
  RpcMessage,
  checkDoorRecord,
  stepInstant,
} from '@cincy/contracts';
import { DomainError, Outbox, requestKey } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BoardAppointmentEntity, BoardRepository } from '../board';
import { BatteryTestsRepository } from './battery-tests.repository';

type RecordRequest = RpcMessage<'dispatch.battery-tests.record'>;

/** When a test was taken: the phone's time when it sent one (not before the arrival), else now. */
function testedAt(occurredAt: string | undefined, job: BoardAppointmentEntity): Date {
  const decided = stepInstant(
    occurredAt ? new Date(occurredAt) : undefined,
    new Date(),
    job.onLocationAt ?? job.requestedAt,
  );
  if ('refusal' in decided) {
    const { code, message, fieldErrors } = decided.refusal;
    throw new DomainError(code, message, fieldErrors);
  }
  return decided.at;
}

/**
 * The battery tests taken on a job (issue 35): recorded at the car by its technician (or typed in
 * by the office), read by both; a completion carries them into the service record.
 */
@Injectable()
export class BatteryTestsService {
  constructor(
    private readonly tests: BatteryTestsRepository,
    private readonly board: BoardRepository,
    private readonly outbox: Outbox,
    private readonly dataSource: DataSource,
  ) {}

  /** One test, once per Idempotency-Key, at the time the phone recorded it. */
  record({ id, actor, idempotencyKey, occurredAt, ...test }: RecordRequest): Promise<BatteryTest> {
    const asked = { step: 'battery-test', id, test, occurredAt };
    return this.outbox.transactionOnce(requestKey(idempotencyKey, asked, actor.id), async (tx) => {
      const job = await this.board.lock(tx.manager, id);
      if (!job) throw new DomainError(ERROR_CODES.notFound, 'Appointment not found');
      const refusal = checkDoorRecord(job, actor);
      if (refusal) throw new DomainError(refusal.code, refusal.message);
      const saved = await this.tests.insert(tx.manager, {
        ...test,
        appointmentId: id,
        technicianId: actor.id,
        technicianName: actor.name,
        testedAt: testedAt(occurredAt, job).toISOString(),
      });
      await tx.emit('dispatch.battery-test.recorded', { test: saved });
      return saved;
    });
  }

  /** The job's tests, for the office or the technician on it. */
  async list(id: number, actor: Actor): Promise<BatteryTest[]> {
    const [job] = await this.dataSource.query<{ technician_id: number | null }[]>(
      'SELECT technician_id FROM board_appointments WHERE id = $1',
      [id],
    );
    if (!job) throw new DomainError(ERROR_CODES.notFound, 'Appointment not found');
    if (actor.role !== 'admin' && job.technician_id !== actor.id)
      throw new DomainError(ERROR_CODES.forbidden, DOOR_RECORD_MESSAGES.notYourJob);
    return this.tests.ofJob(this.dataSource.manager, id);
  }
}
