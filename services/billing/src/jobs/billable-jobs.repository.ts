import { ServiceRecord } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** What billing knows of a job before it bills it. */
export interface BillableJob {
  appointmentId: number;
  customerId: number | null;
  /** The booking has been seen (its ZIP may still be null: an address that names none). */
  booked: boolean;
  zip: string | null;
  record: ServiceRecord | null;
}

interface Row {
  appointment_id: number;
  customer_id: number | null;
  booked: boolean;
  zip: string | null;
  record: ServiceRecord | null;
}

const toJob = (row: Row): BillableJob => ({
  appointmentId: row.appointment_id,
  customerId: row.customer_id,
  booked: row.booked,
  zip: row.zip,
  record: row.record,
});

/**
 * Every statement on billing's copies: the jobs it has not billed yet and the batteries' names
 * and prices.
 * Each write returns the job's row as it now is, locked until the transaction ends, so the two
 * consumers that learn a job take turns on it.
 */
@Injectable()
export class BillableJobsRepository {
  async booked(
    manager: EntityManager,
    appointmentId: number,
    customerId: number,
    zip: string | null,
  ) {
    const [row] = await manager.query<Row[]>(
      `INSERT INTO billable_jobs (appointment_id, customer_id, booked, zip) VALUES ($1, $2, true, $3)
       ON CONFLICT (appointment_id) DO UPDATE
         SET customer_id = EXCLUDED.customer_id, booked = true, zip = EXCLUDED.zip
       RETURNING *`,
      [appointmentId, customerId, zip],
    );
    return toJob(row);
  }

  async completed(manager: EntityManager, record: ServiceRecord) {
    const [row] = await manager.query<Row[]>(
      `INSERT INTO billable_jobs (appointment_id, record) VALUES ($1, $2)
       ON CONFLICT (appointment_id) DO UPDATE SET record = EXCLUDED.record
       RETURNING *`,
      [record.appointmentId, JSON.stringify(record)],
    );
    return toJob(row);
  }

  /** Whether the job is booked and not billed yet (its invoice may still come). */
  async waiting(manager: EntityManager, appointmentId: number): Promise<boolean> {
    const rows = await manager.query('SELECT 1 FROM billable_jobs WHERE appointment_id = $1', [
      appointmentId,
    ]);
    return rows.length > 0;
  }

  async forget(manager: EntityManager, appointmentId: number) {
    await manager.query('DELETE FROM billable_jobs WHERE appointment_id = $1', [appointmentId]);
  }

  /** Completed jobs that put in this battery and wait to be billed (for its name), locked. */
  async waitingFor(manager: EntityManager, itemId: number): Promise<BillableJob[]> {
    const rows = await manager.query<Row[]>(
      `SELECT * FROM billable_jobs
       WHERE record IS NOT NULL AND (record->>'inventoryItemId')::int = $1
       ORDER BY appointment_id FOR UPDATE`,
      [itemId],
    );
    return rows.map(toJob);
  }

  /**
   * The advisory lock of one battery, held until the caller's transaction ends. A record that
   * names the battery and the battery's own event come by two consumers: without taking turns,
   * each could commit without seeing the other's uncommitted fact, and the job would wait forever.
   */
  async lockBattery(manager: EntityManager, itemId: number) {
    await manager.query("SELECT pg_advisory_xact_lock(hashtext('billing.battery'), $1)", [itemId]);
  }

  async saveBattery(
    manager: EntityManager,
    itemId: number,
    name: string,
    priceCents: number | null,
  ) {
    await manager.query(
      `INSERT INTO battery_items (id, name, price_cents) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, price_cents = EXCLUDED.price_cents`,
      [itemId, name, priceCents],
    );
  }

  /** A battery's name and price (cents, null when it has none); null when never seen. */
  async battery(
    manager: EntityManager,
    itemId: number,
  ): Promise<{ name: string; priceCents: number | null } | null> {
    const [row] = await manager.query<{ name: string; price_cents: number | null }[]>(
      'SELECT name, price_cents FROM battery_items WHERE id = $1',
      [itemId],
    );
    return row ? { name: row.name, priceCents: row.price_cents } : null;
  }
}
