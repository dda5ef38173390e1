import {
  BatterySearchResult,
  SERVICE_RECORDS_LIMIT,
  ServiceRecord,
  warrantyEndsOn,
} from '@cincy/contracts';
import { TableColumns, containsPattern } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import type { NamedRecord } from './battery-chain';
import { ServiceRecordEntity } from './service-record.entity';
import { toServiceRecord } from './service-record.mapper';

/** Where an installed serial went: the record that installed it and whose car it is in. */
export interface Installation {
  appointmentId: number;
  completedAt: Date;
  customerName: string | null;
}

/** `service_records`, read into `ServiceRecordEntity`s (the price in dollars, a number). */
const RECORDS = new TableColumns<ServiceRecordEntity>(
  'service_records',
  [
    ['id', 'id'],
    ['appointment_id', 'appointmentId'],
    ['customer_id', 'customerId'],
    ['service_code', 'serviceCode'],
    ['completion_notes', 'completionNotes'],
    ['technician_id', 'technicianId'],
    ['technician_name', 'technicianName'],
    ['battery_serial_number', 'batterySerialNumber'],
    ['previous_battery_serial_number', 'previousBatterySerialNumber'],
    ['vehicle_year', 'vehicleYear'],
    ['vehicle_make', 'vehicleMake'],
    ['vehicle_model', 'vehicleModel'],
    ['vehicle_color', 'vehicleColor'],
    ['vehicle_mileage', 'vehicleMileage'],
    ['inventory_item_id', 'inventoryItemId'],
    ['completed_at', 'completedAt'],
    ['price', 'price'],
    ['legacy_duplicate_serial', 'legacyDuplicateSerial'],
    ['battery_tests', 'batteryTests'],
    ['old_battery_kept', 'oldBatteryKept'],
    ['warranty_ends_on', 'warrantyEndsOn'],
  ],
  { numbers: ['price'], json: ['battery_tests'] },
);

/** A record with its battery's model and whose car it is in (inventory's copy of customers). */
type NamedRow = ServiceRecordEntity & {
  batteryModel: string | null;
  customerName: string | null;
  customerPhone: string | null;
};

/** Every statement on service_records (with inventory's copy of the customers they name). */
@Injectable()
export class ServiceRecordsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** For reads outside a transaction. */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  async existsFor(manager: EntityManager, appointmentId: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'SELECT 1 FROM service_records WHERE appointment_id = $1',
      [appointmentId],
    );
    return rows.length > 0;
  }

  /**
   * The advisory lock of one customer, held until the caller's transaction ends: their deletion
   * and a completion that takes them in take turns. Otherwise neither sees the other's
   * uncommitted rows (the deletion misses the new copy and the new record's notes, the
   * completion misses `erased_customers`), and a deleted customer's name and phone stay.
   */
  async lockCustomer(manager: EntityManager, customerId: number): Promise<void> {
    await manager.query("SELECT pg_advisory_xact_lock(hashtext('inventory.customer'), $1)", [
      customerId,
    ]);
  }

  /**
   * A customer first met at a completed job, as the board has them, into inventory's copy; a copy
   * booking's events keep stays as it is, and a deleted customer is never taken in again (the
   * caller holds `lockCustomer`, so a deletion at the same moment is seen).
   * Answers whether the customer was deleted.
   */
  async learnCustomer(
    manager: EntityManager,
    { id, name, phone }: { id: number; name: string; phone: string },
  ): Promise<{ erased: boolean }> {
    const [{ erased }]: { erased: boolean }[] = await manager.query(
      `WITH erased AS (SELECT 1 FROM erased_customers WHERE customer_id = $1),
            learnt AS (
              INSERT INTO customers (id, name, phone)
              SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM erased)
              ON CONFLICT (id) DO NOTHING)
       SELECT EXISTS (SELECT 1 FROM erased) AS erased`,
      [id, name, phone],
    );
    return { erased };
  }

  /**
   * Stores the record; 'taken' when a concurrent transaction stored the job's record or installed
   * the serial first (the unique indexes decide the race the checks before could not see).
   */
  async insert(
    manager: EntityManager,
    record: Omit<ServiceRecordEntity, 'id' | 'legacyDuplicateSerial'>,
  ): Promise<ServiceRecord | 'job-taken' | 'serial-taken'> {
    try {
      return toServiceRecord(await RECORDS.insert(manager, record));
    } catch (error) {
      const { code, constraint } = ((error as QueryFailedError).driverError ?? {}) as {
        code?: string;
        constraint?: string;
      };
      if (code !== '23505') throw error;
      return constraint === 'service_records_appointment_idx' ? 'job-taken' : 'serial-taken';
    }
  }

  /** The battery model a record prices by: the item's name (null when there is no such item). */
  /** A battery's model (the item's name) and the warranty it is sold with; null when unknown. */
  async battery(
    manager: EntityManager,
    itemId: number,
  ): Promise<{ name: string; warrantyMonths: number } | null> {
    const [row]: { name: string; warranty_months: number }[] = await manager.query(
      'SELECT name, warranty_months FROM inventory_items WHERE id = $1',
      [itemId],
    );
    return row ? { name: row.name, warrantyMonths: row.warranty_months } : null;
  }

  /** The record that installed this serial (case-insensitive), if any. */
  async installationOf(manager: EntityManager, serial: string): Promise<Installation | null> {
    const [row]: { appointment_id: number; completed_at: Date; name: string | null }[] =
      await manager.query(
        `SELECT r.appointment_id, r.completed_at, c.name
           FROM service_records r LEFT JOIN customers c ON c.id = r.customer_id
          WHERE lower(r.battery_serial_number) = lower($1)
          ORDER BY r.completed_at LIMIT 1`,
        [serial.trim()],
      );
    return row
      ? { appointmentId: row.appointment_id, completedAt: row.completed_at, customerName: row.name }
      : null;
  }

  /** When this serial went into the customer's car, if it is in their own service history. */
  async customerInstallOf(
    manager: EntityManager,
    customerId: number,
    serial: string,
  ): Promise<{ serial: string; warrantyEndsOn: string } | null> {
    const [row]: {
      battery_serial_number: string;
      completed_at: Date;
      warranty_ends_on: string | null;
    }[] = await manager.query(
      `SELECT battery_serial_number, completed_at, warranty_ends_on FROM service_records
        WHERE customer_id = $1 AND lower(battery_serial_number) = lower($2)
        ORDER BY completed_at DESC LIMIT 1`,
      [customerId, serial.trim()],
    );
    return row
      ? {
          // As recorded at the install, however it was typed now.
          serial: row.battery_serial_number,
          warrantyEndsOn: row.warranty_ends_on ?? warrantyEndsOn(row.completed_at),
        }
      : null;
  }

  /** A customer's service history, newest first, bounded. */
  async ofCustomer(customerId: number): Promise<ServiceRecord[]> {
    const records = await RECORDS.select(
      this.dataSource.manager,
      'WHERE a.customer_id = $1 ORDER BY a.completed_at DESC, a.id DESC LIMIT $2',
      [customerId, SERVICE_RECORDS_LIMIT],
    );
    return records.map(toServiceRecord);
  }

  /** Records whose serial contains the text, newest first, with whose they are. */
  async searchSerial(text: string): Promise<BatterySearchResult[]> {
    const rows = await this.named(
      'WHERE a.battery_serial_number ILIKE $1 ORDER BY a.completed_at DESC, a.id DESC LIMIT $2',
      [containsPattern(text), SERVICE_RECORDS_LIMIT],
    );
    return rows.map((r) => ({
      ...toServiceRecord(r),
      customer:
        r.customerName === null ? null : { name: r.customerName, phone: r.customerPhone ?? '' },
    }));
  }

  /** A customer's service history with each battery's model, newest first, bounded. */
  async historyOf(customerId: number): Promise<NamedRecord[]> {
    const rows = await this.named(
      'WHERE a.customer_id = $1 ORDER BY a.completed_at DESC, a.id DESC LIMIT $2',
      [customerId, SERVICE_RECORDS_LIMIT],
    );
    return rows.map(toNamedRecord);
  }

  /** The record that installed this serial (case-insensitive; the first, for a legacy duplicate). */
  async installOf(serial: string): Promise<NamedRecord | null> {
    const [found] = await this.named(
      'WHERE lower(a.battery_serial_number) = lower($1) ORDER BY a.completed_at, a.id LIMIT 1',
      [serial.trim()],
    );
    return found ? toNamedRecord(found) : null;
  }

  /** The first record after `after` whose previous serial is this one: what replaced it. */
  async replacementOf(serial: string, after: string): Promise<NamedRecord | null> {
    const [found] = await this.named(
      `WHERE lower(a.previous_battery_serial_number) = lower($1) AND a.completed_at >= $2
       ORDER BY a.completed_at, a.id LIMIT 1`,
      [serial.trim(), after],
    );
    return found ? toNamedRecord(found) : null;
  }

  /** Records with their battery's model (the item's name) and whose car (inventory's copy). */
  private named(where: string, params: unknown[]): Promise<NamedRow[]> {
    return this.dataSource.query(
      `SELECT ${RECORDS.fields}, i.name AS "batteryModel", c.name AS "customerName",
              c.phone AS "customerPhone"
         FROM service_records a
         LEFT JOIN inventory_items i ON i.id = a.inventory_item_id
         LEFT JOIN customers c ON c.id = a.customer_id
        ${where}`,
      params,
    );
  }

  /** A deleted customer's notes leave their records; the records stay (stock and warranty). */
  async forgetNotesOf(manager: EntityManager, customerId: number): Promise<void> {
    await manager.query(
      'UPDATE service_records SET completion_notes = NULL WHERE customer_id = $1',
      [customerId],
    );
  }
}

const toNamedRecord = (r: NamedRow): NamedRecord => ({
  record: toServiceRecord(r),
  batteryModel: r.batteryModel,
  customerName: r.customerName,
});
