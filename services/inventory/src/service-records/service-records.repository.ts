import { BatterySearchResult, SERVICE_RECORDS_LIMIT, ServiceRecord } from '@cincy/contracts';
import { containsPattern } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, QueryFailedError, SelectQueryBuilder } from 'typeorm';
import type { NamedRecord } from './battery-chain';
import { ServiceRecordEntity } from './service-record.entity';
import { toServiceRecord } from './service-record.mapper';

/** Where an installed serial went: the record that installed it and whose car it is in. */
export interface Installation {
  appointmentId: number;
  completedAt: Date;
  customerName: string | null;
}

/** Every statement on service_records (with inventory's copy of the customers they name). */
@Injectable()
export class ServiceRecordsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** For reads outside a transaction. */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  existsFor(manager: EntityManager, appointmentId: number): Promise<boolean> {
    return manager.existsBy(ServiceRecordEntity, { appointmentId });
  }

  /**
   * A customer first met at a completed job, as the board has them, into inventory's copy; a copy
   * booking's events keep stays as it is, and a deleted customer is never taken in again.
   */
  async learnCustomer(
    manager: EntityManager,
    { id, name, phone }: { id: number; name: string; phone: string },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO customers (id, name, phone)
       SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM erased_customers WHERE customer_id = $1)
       ON CONFLICT (id) DO NOTHING`,
      [id, name, phone],
    );
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
      const saved = await manager.save(manager.create(ServiceRecordEntity, record));
      return toServiceRecord(saved);
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
  async itemName(manager: EntityManager, itemId: number): Promise<string | null> {
    const [row]: { name: string }[] = await manager.query(
      'SELECT name FROM inventory_items WHERE id = $1',
      [itemId],
    );
    return row?.name ?? null;
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

  /** Is this serial in the customer's own service history? */
  async customerHasSerial(
    manager: EntityManager,
    customerId: number,
    serial: string,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM service_records
        WHERE customer_id = $1 AND lower(battery_serial_number) = lower($2) LIMIT 1`,
      [customerId, serial.trim()],
    );
    return rows.length > 0;
  }

  /** A customer's service history, newest first, bounded. */
  async ofCustomer(customerId: number): Promise<ServiceRecord[]> {
    const records = await this.dataSource.manager.find(ServiceRecordEntity, {
      where: { customerId },
      order: { completedAt: 'DESC', id: 'DESC' },
      take: SERVICE_RECORDS_LIMIT,
    });
    return records.map(toServiceRecord);
  }

  /** Records whose serial contains the text, newest first, with whose they are. */
  async searchSerial(text: string): Promise<BatterySearchResult[]> {
    const rows = await this.dataSource.manager
      .createQueryBuilder(ServiceRecordEntity, 'r')
      .leftJoin('customers', 'c', 'c.id = r.customer_id')
      .addSelect(['c.name AS customer_name', 'c.phone AS customer_phone'])
      .where('r.battery_serial_number ILIKE :text', { text: containsPattern(text) })
      .orderBy('r.completedAt', 'DESC')
      .addOrderBy('r.id', 'DESC')
      .limit(SERVICE_RECORDS_LIMIT)
      .getRawAndEntities();
    return rows.entities.map((record, i) => {
      const raw = rows.raw[i] as { customer_name: string | null; customer_phone: string | null };
      return {
        ...toServiceRecord(record),
        customer:
          raw.customer_name === null
            ? null
            : { name: raw.customer_name, phone: raw.customer_phone ?? '' },
      };
    });
  }

  /** A customer's service history with each battery's model, newest first, bounded. */
  historyOf(customerId: number): Promise<NamedRecord[]> {
    return this.named((q) =>
      q
        .where('r.customer_id = :customerId', { customerId })
        .orderBy('r.completedAt', 'DESC')
        .addOrderBy('r.id', 'DESC')
        .limit(SERVICE_RECORDS_LIMIT),
    );
  }

  /** The record that installed this serial (case-insensitive; the first, for a legacy duplicate). */
  async installOf(serial: string): Promise<NamedRecord | null> {
    const [found] = await this.named((q) =>
      q
        .where('lower(r.battery_serial_number) = lower(:serial)', { serial: serial.trim() })
        .orderBy('r.completedAt', 'ASC')
        .addOrderBy('r.id', 'ASC')
        .limit(1),
    );
    return found ?? null;
  }

  /** The first record after `after` whose previous serial is this one: what replaced it. */
  async replacementOf(serial: string, after: string): Promise<NamedRecord | null> {
    const [found] = await this.named((q) =>
      q
        .where('lower(r.previous_battery_serial_number) = lower(:serial)', {
          serial: serial.trim(),
        })
        .andWhere('r.completed_at >= :after', { after })
        .orderBy('r.completedAt', 'ASC')
        .addOrderBy('r.id', 'ASC')
        .limit(1),
    );
    return found ?? null;
  }

  /** Records with their battery's model (the item's name) and whose car (inventory's copy). */
  private async named(
    shape: (q: SelectQueryBuilder<ServiceRecordEntity>) => SelectQueryBuilder<ServiceRecordEntity>,
  ): Promise<NamedRecord[]> {
    const q = this.dataSource.manager
      .createQueryBuilder(ServiceRecordEntity, 'r')
      .leftJoin('inventory_items', 'i', 'i.id = r.inventory_item_id')
      .leftJoin('customers', 'c', 'c.id = r.customer_id')
      .addSelect(['i.name AS battery_model', 'c.name AS customer_name']);
    const rows = await shape(q).getRawAndEntities();
    return rows.entities.map((record, i) => {
      const raw = rows.raw[i] as { battery_model: string | null; customer_name: string | null };
      return {
        record: toServiceRecord(record),
        batteryModel: raw.battery_model,
        customerName: raw.customer_name,
      };
    });
  }

  /** A deleted customer's notes leave their records; the records stay (stock and warranty). */
  async forgetNotesOf(manager: EntityManager, customerId: number): Promise<void> {
    await manager.update(ServiceRecordEntity, { customerId }, { completionNotes: null });
  }
}
