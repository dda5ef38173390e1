import { ERROR_CODES, RpcMessage, WarrantyClaim, missingTest } from '@cincy/contracts';
import { DomainError, RpcCallError, RpcClient } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BatteryTestsRepository } from './battery-tests.repository';
import { checkMaySee } from './door-record';

/**
 * A warranty claim opened from a job's failing test of the old battery (issue 37): the job's
 * technician or the office; dispatch holds the tests, inventory the battery and its warranty.
 */
@Injectable()
export class WarrantyClaimsService {
  constructor(
    private readonly tests: BatteryTestsRepository,
    private readonly dataSource: DataSource,
    private readonly inventory: RpcClient,
  ) {}

  async open({
    appointmentId,
    batterySerialNumber,
    actor,
  }: RpcMessage<'dispatch.warranty-claims.open'>): Promise<WarrantyClaim> {
    const manager = this.dataSource.manager;
    await checkMaySee(manager, appointmentId, actor);
    const missing = missingTest(
      'warranty_replacement',
      await this.tests.ofJob(manager, appointmentId),
    );
    if (missing) throw new DomainError(ERROR_CODES.conflict, missing);
    const [{ customer_id: customerId }] = await manager.query<{ customer_id: number }[]>(
      'SELECT customer_id FROM board_appointments WHERE id = $1',
      [appointmentId],
    );
    return this.inventory
      .call('inventory.warranty.open-claim', {
        appointmentId,
        customerId,
        batterySerialNumber,
        actor,
      })
      .catch((error: unknown) => {
        // Inventory's refusal is this call's answer, with its code and fields.
        if (error instanceof RpcCallError) {
          const { code, message, fieldErrors } = error.body;
          throw new DomainError(code as never, message, fieldErrors);
        }
        throw error;
      });
  }
}
