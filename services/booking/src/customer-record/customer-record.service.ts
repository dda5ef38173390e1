import {
  CUSTOMER_RECORD_MESSAGES,
  ERROR_CODES,
  formatLocation,
  normaliseRecordText,
} from '@cincy/contracts';
import { DomainError, Outbox } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CustomerRecordRepository, RecordEntry, RecordKind } from './customer-record.repository';

const NOT_FOUND = {
  address: CUSTOMER_RECORD_MESSAGES.addressNotFound,
  vehicle: CUSTOMER_RECORD_MESSAGES.vehicleNotFound,
} as const;
const TAKEN = {
  address: CUSTOMER_RECORD_MESSAGES.addressTaken,
  vehicle: CUSTOMER_RECORD_MESSAGES.vehicleTaken,
} as const;
const DELETED = {
  address: CUSTOMER_RECORD_MESSAGES.addressDeleted,
  vehicle: CUSTOMER_RECORD_MESSAGES.vehicleDeleted,
} as const;

/** An entry's text as staff typed it, and whether it becomes the default. */
type Input = { text: string; isDefault?: boolean };

/**
 * A customer's addresses and vehicles: bookings add them (the trigger of the migration), staff
 * edit them here. Each edit locks the customer, so two edits of one record take turns.
 */
@Injectable()
export class CustomerRecordService {
  constructor(
    private readonly record: CustomerRecordRepository,
    private readonly outbox: Outbox,
  ) {}

  async list(kind: RecordKind, customerId: number): Promise<RecordEntry[]> {
    if (!(await this.record.customerExists(customerId))) throw this.customerNotFound();
    return this.record.list(kind, customerId);
  }

  /** A new address or vehicle; the customer's first, or one sent as default, is the default. */
  add(kind: RecordKind, customerId: number, input: Input): Promise<RecordEntry> {
    return this.edit(customerId, async (manager) => {
      const id = await this.record.insert(manager, kind, customerId, tidy(kind, input.text));
      if (id === 'taken') throw new DomainError(ERROR_CODES.conflict, TAKEN[kind]);
      const others = await this.record.list(kind, customerId, manager);
      if (input.isDefault || !others.some((e) => e.isDefault)) {
        await this.record.setDefault(manager, kind, customerId, id);
      }
      return this.found(manager, kind, customerId, id);
    });
  }

  update(kind: RecordKind, customerId: number, id: number, input: Input): Promise<RecordEntry> {
    return this.edit(customerId, async (manager) => {
      const changed = await this.record.updateText(
        manager,
        kind,
        customerId,
        id,
        tidy(kind, input.text),
      );
      if (changed === 'taken') throw new DomainError(ERROR_CODES.conflict, TAKEN[kind]);
      if (!changed) throw new DomainError(ERROR_CODES.notFound, NOT_FOUND[kind]);
      if (input.isDefault) await this.record.setDefault(manager, kind, customerId, id);
      return this.found(manager, kind, customerId, id);
    });
  }

  setDefault(kind: RecordKind, customerId: number, id: number): Promise<RecordEntry> {
    return this.edit(customerId, async (manager) => {
      await this.found(manager, kind, customerId, id);
      await this.record.setDefault(manager, kind, customerId, id);
      return this.found(manager, kind, customerId, id);
    });
  }

  /** The default removed, the oldest left becomes the default (a customer with some has one). */
  remove(kind: RecordKind, customerId: number, id: number): Promise<{ message: string }> {
    return this.edit(customerId, async (manager) => {
      if (!(await this.record.delete(manager, kind, customerId, id))) {
        throw new DomainError(ERROR_CODES.notFound, NOT_FOUND[kind]);
      }
      const left = await this.record.list(kind, customerId, manager);
      if (left.length > 0 && !left.some((e) => e.isDefault)) {
        await this.record.setDefault(manager, kind, customerId, left[0].id);
      }
      return { message: DELETED[kind] };
    });
  }

  /** The record's visits: a customer not in the database is refused, not answered empty. */
  async visits(customerId: number) {
    if (!(await this.record.customerExists(customerId))) throw this.customerNotFound();
    return this.record.visits(customerId);
  }

  appointmentVehicles(appointmentIds: number[]): Promise<Record<string, string>> {
    return this.record.appointmentVehicles(appointmentIds);
  }

  private edit<T>(customerId: number, change: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.outbox.transaction(async ({ manager }) => {
      if (!(await this.record.lockCustomer(manager, customerId))) throw this.customerNotFound();
      return change(manager);
    });
  }

  private async found(
    manager: EntityManager,
    kind: RecordKind,
    customerId: number,
    id: number,
  ): Promise<RecordEntry> {
    const entry = await this.record.find(manager, kind, customerId, id);
    if (!entry) throw new DomainError(ERROR_CODES.notFound, NOT_FOUND[kind]);
    return entry;
  }

  private customerNotFound() {
    return new DomainError(ERROR_CODES.notFound, CUSTOMER_RECORD_MESSAGES.customerNotFound);
  }
}

/** As stored: single spaces, and an address's state as its code ("Ohio 45202" → "OH 45202"). */
const tidy = (kind: RecordKind, text: string) =>
  kind === 'address' ? formatLocation(normaliseRecordText(text)) : normaliseRecordText(text);
