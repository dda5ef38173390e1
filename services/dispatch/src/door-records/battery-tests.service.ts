import { Actor, BatteryTest, RpcMessage } from '@cincy/contracts';
import { Outbox, requestKey } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BoardRepository } from '../board';
import { BatteryTestsRepository } from './battery-tests.repository';
import { checkMaySee, lockForRecord, takenAt } from './door-record';

type RecordRequest = RpcMessage<'dispatch.battery-tests.record'>;

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
      const job = await lockForRecord(this.board, tx.manager, id, actor);
      const saved = await this.tests.insert(tx.manager, {
        ...test,
        appointmentId: id,
        technicianId: actor.id,
        technicianName: actor.name,
        testedAt: takenAt(occurredAt, job),
      });
      await tx.emit('dispatch.battery-test.recorded', { test: saved });
      return saved;
    });
  }

  /** The job's tests, for the office or the technician on it. */
  async list(id: number, actor: Actor): Promise<BatteryTest[]> {
    await checkMaySee(this.dataSource.manager, id, actor);
    return this.tests.ofJob(this.dataSource.manager, id);
  }
}
