import {
  ERROR_CODES,
  RpcMessage,
  WARRANTY_CLAIM_MESSAGES,
  WarrantyClaim,
  warrantyEndedBefore,
  warrantyEndedMessage,
} from '@cincy/contracts';
import { DomainError } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RECORD_MESSAGES, ServiceRecordsRepository } from '../service-records';
import { WarrantyClaimsRepository } from './warranty-claims.repository';

/**
 * A warranty claim opened from a failing test (issue 37): the battery must be one the customer had
 * from us, its warranty running today, and not claimed already. The swap (a warranty
 * replacement) ends it; the claims list shows it open until then.
 */
@Injectable()
export class WarrantyClaimsService {
  constructor(
    private readonly claims: WarrantyClaimsRepository,
    private readonly records: ServiceRecordsRepository,
    private readonly dataSource: DataSource,
  ) {}

  open({
    appointmentId,
    customerId,
    batterySerialNumber: serial,
    actor,
  }: RpcMessage<'inventory.warranty.open-claim'>): Promise<WarrantyClaim> {
    const refuse = (code: 'validation' | 'conflict', message: string) =>
      new DomainError(ERROR_CODES[code], message, { batterySerialNumber: message });
    return this.dataSource.transaction(async (manager) => {
      const installed = await this.records.customerInstallOf(manager, customerId, serial);
      if (!installed) throw refuse('validation', RECORD_MESSAGES.serialNotInHistory);
      const ended = warrantyEndedBefore(installed.warrantyEndsOn, new Date());
      if (ended) throw refuse('conflict', warrantyEndedMessage(ended));
      const claim = { appointmentId, customerId, serial: installed.serial, actor };
      if (!(await this.claims.open(manager, claim)))
        throw refuse('conflict', WARRANTY_CLAIM_MESSAGES.alreadyClaimed(installed.serial));
      return (await this.claims.ofSerial(manager, installed.serial))!;
    });
  }
}
