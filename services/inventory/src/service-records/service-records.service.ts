import {
  Actor,
  BatterySearchResult,
  ERROR_CODES,
  SERVICE_CODE_LABELS,
  SERVICE_RECORDS_LIMIT,
  ServiceRecord,
  ServiceRecordInput,
  takesBattery,
} from '@cincy/contracts';
import { DomainError, Outbox, containsPattern } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { AppointmentCopyEntity } from '../appointments/appointment-copy.entity';
import { CustomerCopyEntity } from '../customers/customer-copy.entity';
import { StockService } from '../items/stock.service';
import { SalesService } from '../sales/sales.service';
import { COMPLETION_MESSAGES, Refusal, checkCompletion } from './completion-rules';
import { ServiceRecordEntity } from './service-record.entity';

export const toServiceRecord = (r: ServiceRecordEntity): ServiceRecord => ({
  id: r.id,
  appointmentId: r.appointmentId,
  customerId: r.customerId,
  serviceCode: r.serviceCode,
  completionNotes: r.completionNotes,
  technicianId: r.technicianId,
  technicianName: r.technicianName,
  batterySerialNumber: r.batterySerialNumber,
  previousBatterySerialNumber: r.previousBatterySerialNumber,
  vehicleYear: r.vehicleYear,
  vehicleMake: r.vehicleMake,
  vehicleModel: r.vehicleModel,
  vehicleColor: r.vehicleColor,
  vehicleMileage: r.vehicleMileage,
  inventoryItemId: r.inventoryItemId,
  completedAt: r.completedAt.toISOString(),
});

@Injectable()
export class ServiceRecordsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly stock: StockService,
    private readonly sales: SalesService,
  ) {}

  /**
   * Completes a job: the record, and for a battery one unit of the chosen item with its
   * inventory_transactions row, all in one transaction with the event that completes the job on
   * the board. The job's copy is locked, so two completions of one job take turns and the second
   * finds the first.
   */
  async create(input: ServiceRecordInput, actor: Actor): Promise<ServiceRecord> {
    return this.outbox.transaction(async (tx) => {
      const { manager } = tx;
      const job = await manager.findOne(AppointmentCopyEntity, {
        where: { id: input.appointmentId },
        lock: { mode: 'pessimistic_write' },
      });
      const recorded = await manager.existsBy(ServiceRecordEntity, {
        appointmentId: input.appointmentId,
      });
      refuseIf(checkCompletion(job, input, actor, recorded));
      if (
        input.serviceCode === 'warranty_replacement' &&
        !(await hasSerial(manager, input.customerId, input.previousBatterySerialNumber!))
      ) {
        refuseIf({
          code: ERROR_CODES.validation,
          message: COMPLETION_MESSAGES.serialNotInHistory,
          field: 'previousBatterySerialNumber',
        });
      }
      const completedAt = new Date();
      const record = await manager.save(
        manager.create(ServiceRecordEntity, {
          ...input,
          // The record is the job's technician's, whoever saves it (an admin acts for them).
          technicianId: job!.technicianId,
          technicianName:
            job!.technicianName ?? job!.technicianUsername ?? input.technicianName ?? null,
          inventoryItemId: takesBattery(input.serviceCode) ? input.inventoryItemId! : null,
          completedAt,
        }),
      );
      if (takesBattery(input.serviceCode)) {
        await this.stock.takeOne(tx, record.inventoryItemId!, {
          transactionType: input.serviceCode,
          reason: `${SERVICE_CODE_LABELS[input.serviceCode]} on appointment ${input.appointmentId}`,
          actor,
          appointmentId: input.appointmentId,
          serviceRecordId: record.id,
        });
      }
      // A warranty replacement is free: only an installed battery is a sale.
      if (input.serviceCode === 'battery_installed') await this.sales.recordSale(tx, completedAt);
      const serviceRecord = toServiceRecord(record);
      await tx.emit('inventory.service-record.created', { serviceRecord });
      return serviceRecord;
    });
  }

  /** GET /api/customers/{id}/service-records: the service history, newest first. */
  async ofCustomer(customerId: number): Promise<ServiceRecord[]> {
    const records = await this.dataSource.manager.find(ServiceRecordEntity, {
      where: { customerId },
      order: { completedAt: 'DESC', id: 'DESC' },
      take: SERVICE_RECORDS_LIMIT,
    });
    return records.map(toServiceRecord);
  }

  /** Battery Search: records whose serial contains the text, newest first, with whose they are. */
  async searchSerial(serialNumber: string): Promise<BatterySearchResult[]> {
    const { manager } = this.dataSource;
    const records = await manager
      .createQueryBuilder(ServiceRecordEntity, 'r')
      .where('r.battery_serial_number ILIKE :text', { text: containsPattern(serialNumber) })
      .orderBy('r.completedAt', 'DESC')
      .addOrderBy('r.id', 'DESC')
      .limit(SERVICE_RECORDS_LIMIT)
      .getMany();
    const ids = [...new Set(records.map((r) => r.customerId))];
    const customers = new Map(
      (ids.length ? await manager.findBy(CustomerCopyEntity, { id: In(ids) }) : []).map((c) => [
        c.id,
        { name: c.name, phone: c.phone },
      ]),
    );
    return records.map((r) => ({
      ...toServiceRecord(r),
      customer: customers.get(r.customerId) ?? null,
    }));
  }

  /** Is this serial in the customer's own service history? */
  async verifySerial(customerId: number, serialNumber: string): Promise<{ verified: boolean }> {
    return { verified: await hasSerial(this.dataSource.manager, customerId, serialNumber) };
  }
}

async function hasSerial(manager: EntityManager, customerId: number, serial: string) {
  const rows: unknown[] = await manager.query(
    `SELECT 1 FROM service_records
      WHERE customer_id = $1 AND lower(battery_serial_number) = lower($2) LIMIT 1`,
    [customerId, serial.trim()],
  );
  return rows.length > 0;
}

function refuseIf(refusal: Refusal | null): void {
  if (!refusal) return;
  const { code, message, field } = refusal;
  throw new DomainError(code, message, field ? { [field]: message } : undefined);
}
