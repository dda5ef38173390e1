import {
  Actor,
  BatteryTest,
  BatteryChain,
  BatterySearchResult,
  CUSTOMER_RECORD_MESSAGES,
  ERROR_CODES,
  LIFECYCLE_MESSAGES,
  SERVICE_CODE_LABELS,
  ServiceRecord,
  ServiceHistoryRow,
  ServiceRecordInput,
  formatBusinessDay,
  warrantyEndedBefore,
  warrantyEndedMessage,
  warrantyEndsOn,
  type VerifySerialAnswer,
  servicePrice,
  takesBattery,
} from '@cincy/contracts';
import { DomainError, Outbox } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { StockService } from '../items';
import { ReservationsRepository } from '../reservations';
import { SalesService } from '../sales';
import { followChain, toHistoryRow } from './battery-chain';
import { ServiceRecordsRepository } from './service-records.repository';

export const RECORD_MESSAGES = {
  serialJustInstalled: (serial: string) =>
    `Battery serial ${serial} was just installed on another job. Check the serial on the battery.`,
  serialNotInHistory:
    "The previous battery serial number was not found in this customer's service history.",
} as const;

/** Who the record is for: the job's technician, whoever saves it (an admin acts for them). */
export interface JobTechnician {
  id: number | null;
  name: string | null;
}

@Injectable()
export class ServiceRecordsService {
  constructor(
    private readonly records: ServiceRecordsRepository,
    private readonly outbox: Outbox,
    private readonly stock: StockService,
    private readonly sales: SalesService,
    private readonly reservations: ReservationsRepository,
  ) {}

  /**
   * The record of a job dispatch has decided may complete: the record, and for a battery one unit
   * of the chosen item with its inventory_transactions row, in one transaction with the event.
   * A second record of one job, a serial already installed, an old serial that is not this
   * customer's, or an empty shelf: nothing is written. The customer, met here first, is taken in.
   */
  async record(
    input: ServiceRecordInput,
    technician: JobTechnician,
    customer: { name: string; phone: string },
    actor: Actor,
    completedAt?: string,
    batteryTests: BatteryTest[] = [],
  ): Promise<ServiceRecord> {
    const doneAt = completedAt ? new Date(completedAt) : new Date();
    return this.outbox.transaction(async (tx) => {
      const { manager } = tx;
      // Its only advisory lock, before any row: the customer's deletion takes turns with it.
      await this.records.lockCustomer(manager, input.customerId);
      if (await this.records.existsFor(manager, input.appointmentId)) {
        throw new DomainError(ERROR_CODES.conflict, LIFECYCLE_MESSAGES.alreadyCompleted);
      }
      const { erased } = await this.records.learnCustomer(manager, {
        id: input.customerId,
        ...customer,
      });
      if (input.serviceCode === 'warranty_replacement') {
        await this.checkPreviousSerial(
          manager,
          input.customerId,
          input.previousBatterySerialNumber!,
          doneAt,
        );
      }
      if (takesBattery(input.serviceCode)) {
        await this.checkNotInstalled(manager, input.batterySerialNumber!);
      }
      const inventoryItemId = takesBattery(input.serviceCode) ? input.inventoryItemId! : null;
      const battery =
        inventoryItemId === null ? null : await this.records.battery(manager, inventoryItemId);
      const batteryModel = battery?.name ?? null;
      const serviceRecord = await this.records.insert(manager, {
        ...input,
        // A deleted customer's notes went with them; a job of theirs completed since keeps none.
        completionNotes: erased ? null : input.completionNotes,
        technicianId: technician.id,
        technicianName: technician.name ?? input.technicianName ?? null,
        inventoryItemId,
        completedAt: doneAt,
        // Priced and warranted now and stored: a later change of either rewrites no past record.
        price: servicePrice(input.serviceCode, batteryModel),
        warrantyEndsOn: takesBattery(input.serviceCode)
          ? warrantyEndsOn(doneAt, battery?.warrantyMonths)
          : null,
        batteryTests,
        // Only a battery sold leaves an old one to keep (a warranty's goes back to the supplier).
        oldBatteryKept: input.serviceCode === 'battery_installed' && input.oldBatteryKept,
      });
      if (serviceRecord === 'job-taken') {
        throw new DomainError(ERROR_CODES.conflict, LIFECYCLE_MESSAGES.alreadyCompleted);
      }
      if (serviceRecord === 'serial-taken') {
        const message = RECORD_MESSAGES.serialJustInstalled(input.batterySerialNumber!);
        throw new DomainError(ERROR_CODES.conflict, message, { batterySerialNumber: message });
      }
      if (takesBattery(input.serviceCode)) {
        await this.stock.takeOne(tx, serviceRecord.inventoryItemId!, {
          transactionType: input.serviceCode,
          reason: `${SERVICE_CODE_LABELS[input.serviceCode]} on appointment ${input.appointmentId}`,
          actor,
          appointmentId: input.appointmentId,
          serviceRecordId: serviceRecord.id,
          technicianId: technician.id ?? undefined,
        });
      }
      // A warranty replacement is free: only an installed battery is a sale.
      if (input.serviceCode === 'battery_installed') {
        await this.sales.recordSale(tx, new Date(serviceRecord.completedAt));
      }
      // The visit is done: it counts on no battery any more (ADR 0119).
      await this.reservations.release(manager, input.appointmentId);
      await tx.emit('inventory.service-record.created', { serviceRecord });
      return serviceRecord;
    });
  }

  /** GET /api/customers/{id}/service-records: the service history, newest first. */
  ofCustomer(customerId: number): Promise<ServiceRecord[]> {
    return this.records.ofCustomer(customerId);
  }

  /** The history dialog's rows: each record with its vehicle, battery model and price. */
  async history(customerId: number): Promise<ServiceHistoryRow[]> {
    return (await this.records.historyOf(customerId)).map(toHistoryRow);
  }

  /** A battery's page: the chain around the record that installed it. */
  async chain(serial: string): Promise<BatteryChain> {
    const start = await this.records.installOf(serial);
    if (!start)
      throw new DomainError(ERROR_CODES.notFound, CUSTOMER_RECORD_MESSAGES.batteryNotFound);
    const chain = await followChain(
      start,
      (old) => this.records.installOf(old),
      (installed, after) => this.records.replacementOf(installed, after),
    );
    return { serial: start.record.batterySerialNumber ?? serial, chain };
  }

  /** Battery Search: records whose serial contains the text, newest first, with whose they are. */
  searchSerial(serialNumber: string): Promise<BatterySearchResult[]> {
    return this.records.searchSerial(serialNumber);
  }

  /** Is this serial in the customer's own service history, and is its warranty over? */
  async verifySerial(customerId: number, serialNumber: string): Promise<VerifySerialAnswer> {
    const installed = await this.records.customerInstallOf(
      this.records.manager,
      customerId,
      serialNumber,
    );
    return {
      verified: installed !== null,
      warrantyEndedOn: installed && warrantyEndedBefore(installed.warrantyEndsOn, new Date()),
    };
  }

  /**
   * A warranty replacement replaces a battery of the customer's own history whose warranty still
   * covered it when the job was done (issue 37).
   */
  private async checkPreviousSerial(
    manager: EntityManager,
    customerId: number,
    serial: string,
    doneAt: Date,
  ) {
    const refuse = (message: string) =>
      new DomainError(ERROR_CODES.validation, message, { previousBatterySerialNumber: message });
    const installed = await this.records.customerInstallOf(manager, customerId, serial);
    if (!installed) throw refuse(RECORD_MESSAGES.serialNotInHistory);
    const ended = warrantyEndedBefore(installed.warrantyEndsOn, doneAt);
    if (ended) throw refuse(warrantyEndedMessage(ended));
  }

  /** A battery is installed once: its serial may not already be in someone's car. */
  private async checkNotInstalled(manager: EntityManager, serial: string) {
    const installed = await this.records.installationOf(manager, serial);
    if (!installed) return;
    const where = installed.customerName ? `${installed.customerName}'s car` : 'a car';
    const message = `Battery serial ${serial} is already installed in ${where} (appointment ${installed.appointmentId}, ${formatBusinessDay(installed.completedAt)}). Check the serial on the battery.`;
    throw new DomainError(ERROR_CODES.conflict, message, { batterySerialNumber: message });
  }
}
