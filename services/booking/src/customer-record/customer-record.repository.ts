import {
  CUSTOMER_VISITS_LIMIT,
  CustomerAddress,
  CustomerVehicle,
  InvoiceStatus,
  CustomerVisits,
} from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';

/** Addresses and vehicles are one shape in two tables: the text column and the default pointer. */
export type RecordKind = 'address' | 'vehicle';
export type RecordEntry = CustomerAddress | CustomerVehicle;

const TABLES = {
  address: { table: 'customer_addresses', column: 'address', pointer: 'default_address_id' },
  vehicle: { table: 'customer_vehicles', column: 'vehicle', pointer: 'default_vehicle_id' },
} as const;

interface Row {
  id: number;
  customer_id: number;
  text: string;
  is_default: boolean;
  created_at: Date;
}

const toEntry = (kind: RecordKind, r: Row): RecordEntry =>
  ({
    id: r.id,
    customerId: r.customer_id,
    [TABLES[kind].column]: r.text,
    isDefault: r.is_default,
    createdAt: r.created_at.toISOString(),
  }) as unknown as RecordEntry;

const isUniqueViolation = (error: unknown) =>
  error instanceof QueryFailedError &&
  (error.driverError as { code?: string } | undefined)?.code === '23505';

interface VisitRow {
  id: number;
  reference: string | null;
  status: string;
  preferred_time: string | null;
  scheduled_date: string | null;
  scheduled_time: string | null;
  move_count: number;
  payment_status: InvoiceStatus | null;
  requested_at: Date;
}

/** Every statement on a customer's addresses and vehicles (and their default pointers). */
@Injectable()
export class CustomerRecordRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The customer, locked for the caller's transaction (edits to one customer take turns). */
  async lockCustomer(manager: EntityManager, customerId: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'SELECT 1 FROM customers WHERE id = $1 FOR UPDATE',
      [customerId],
    );
    return rows.length > 0;
  }

  async customerExists(customerId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM customers WHERE id = $1', [
      customerId,
    ]);
    return rows.length > 0;
  }

  /** The default first, then oldest first. */
  async list(
    kind: RecordKind,
    customerId: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<RecordEntry[]> {
    const { table, column, pointer } = TABLES[kind];
    const rows: Row[] = await manager.query(
      `SELECT r.id, r.customer_id, r.${column} AS text, r.created_at,
              (c.${pointer} IS NOT DISTINCT FROM r.id) AS is_default
         FROM ${table} r JOIN customers c ON c.id = r.customer_id
        WHERE r.customer_id = $1
        ORDER BY is_default DESC, r.id`,
      [customerId],
    );
    return rows.map((r) => toEntry(kind, r));
  }

  async find(
    manager: EntityManager,
    kind: RecordKind,
    customerId: number,
    id: number,
  ): Promise<RecordEntry | null> {
    const entries = await this.list(kind, customerId, manager);
    return entries.find((e) => e.id === id) ?? null;
  }

  /** The new entry's id, or 'taken' when the customer has that text already (any case). */
  async insert(
    manager: EntityManager,
    kind: RecordKind,
    customerId: number,
    text: string,
  ): Promise<number | 'taken'> {
    const { table, column } = TABLES[kind];
    return this.unique(async () => {
      const [row]: { id: number }[] = await manager.query(
        `INSERT INTO ${table} (customer_id, ${column}) VALUES ($1, $2) RETURNING id`,
        [customerId, text],
      );
      return row.id;
    });
  }

  /** False when there is no such entry; 'taken' when another of theirs has that text. */
  async updateText(
    manager: EntityManager,
    kind: RecordKind,
    customerId: number,
    id: number,
    text: string,
  ): Promise<boolean | 'taken'> {
    const { table, column } = TABLES[kind];
    return this.unique(async () => {
      const [, count]: [unknown, number] = await manager.query(
        `UPDATE ${table} SET ${column} = $3 WHERE id = $2 AND customer_id = $1`,
        [customerId, id, text],
      );
      return count > 0;
    });
  }

  async setDefault(
    manager: EntityManager,
    kind: RecordKind,
    customerId: number,
    id: number | null,
  ): Promise<void> {
    await manager.query(`UPDATE customers SET ${TABLES[kind].pointer} = $2 WHERE id = $1`, [
      customerId,
      id,
    ]);
  }

  /** False when there is no such entry. */
  async delete(
    manager: EntityManager,
    kind: RecordKind,
    customerId: number,
    id: number,
  ): Promise<boolean> {
    const [, count]: [unknown, number] = await manager.query(
      `DELETE FROM ${TABLES[kind].table} WHERE id = $2 AND customer_id = $1`,
      [customerId, id],
    );
    return count > 0;
  }

  /** The vehicle each appointment was booked with, by appointment id (those with one). */
  async appointmentVehicles(appointmentIds: number[]): Promise<Record<string, string>> {
    if (appointmentIds.length === 0) return {};
    const rows: { id: number; vehicle: string }[] = await this.dataSource.query(
      `SELECT id, vehicle FROM appointments
        WHERE id = ANY($1::int[]) AND vehicle IS NOT NULL AND btrim(vehicle) <> ''`,
      [appointmentIds],
    );
    return Object.fromEntries(rows.map((r) => [String(r.id), r.vehicle]));
  }

  /** The latest visits, newest first, and counts over every one (one customer's rows). */
  async visits(customerId: number): Promise<CustomerVisits> {
    const [counts]: Record<string, number>[] = await this.dataSource.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE status = 'completed')::int AS completed,
              count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled,
              count(*) FILTER (WHERE status = 'declined')::int AS declined,
              count(*) FILTER (WHERE move_count > 0)::int AS moved
         FROM appointments WHERE customer_id = $1`,
      [customerId],
    );
    const rows: VisitRow[] = await this.dataSource.query(
      `SELECT a.id, r.reference, a.status, a.preferred_time, a.scheduled_date::text AS scheduled_date,
              a.scheduled_time, a.move_count, a.payment_status, a.requested_at
         FROM appointments a LEFT JOIN appointment_references r ON r.appointment_id = a.id
        WHERE a.customer_id = $1
        ORDER BY a.requested_at DESC, a.id DESC
        LIMIT $2`,
      [customerId, CUSTOMER_VISITS_LIMIT],
    );
    return {
      total: counts.total,
      completed: counts.completed,
      cancelled: counts.cancelled,
      declined: counts.declined,
      moved: counts.moved,
      visits: rows.map((r) => ({
        id: r.id,
        reference: r.reference,
        status: r.status as CustomerVisits['visits'][number]['status'],
        preferredTime: r.preferred_time,
        scheduledDate: r.scheduled_date,
        scheduledTime: r.scheduled_time,
        moveCount: r.move_count,
        paymentStatus: r.payment_status,
        requestedAt: r.requested_at.toISOString(),
      })),
    };
  }

  private async unique<T>(write: () => Promise<T>): Promise<T | 'taken'> {
    // The caller refuses the change, so its transaction ends here too.
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken';
      throw error;
    }
  }
}
