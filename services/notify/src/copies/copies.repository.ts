import { AppointmentStatus, InvoiceStatus } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

export interface CustomerCopy {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  optedOut: boolean;
}

export interface AppointmentCopy {
  id: number;
  customerId: number;
  reference: string | null;
  scheduledDate: string | null;
  scheduledTime: string | null;
  preferredTime: string | null;
}

interface CustomerRow {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  opted_out_at: Date | null;
}
interface AppointmentRow {
  id: number;
  customer_id: number;
  reference: string | null;
  scheduled_date: string | null;
  scheduled_time: string | null;
  preferred_time: string | null;
}

const toCustomerCopy = (row: CustomerRow): CustomerCopy => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  email: row.email,
  optedOut: row.opted_out_at !== null,
});

const toAppointmentCopy = (row: AppointmentRow): AppointmentCopy => ({
  id: row.id,
  customerId: row.customer_id,
  reference: row.reference,
  scheduledDate: row.scheduled_date,
  scheduledTime: row.scheduled_time,
  preferredTime: row.preferred_time,
});

/** Every statement on notify's copies of booking's customers and appointments and inventory's items. */
@Injectable()
export class CopiesRepository {
  /**
   * The customer's details as booking tells them; an opt-out stays, and a deleted customer is not
   * kept again (the caller holds `lockCustomer`, so a deletion at the same moment is seen).
   */
  async upsertCustomer(
    manager: EntityManager,
    c: { id: number; name: string; phone: string; email: string | null },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO customers (id, name, phone, email)
       SELECT $1, $2, $3, $4
        WHERE NOT EXISTS (SELECT 1 FROM erased_customers WHERE customer_id = $1)
       ON CONFLICT (id) DO UPDATE SET name = $2, phone = $3, email = $4`,
      [c.id, c.name, c.phone, c.email],
    );
  }

  /**
   * The advisory lock of one customer, held until the caller's transaction ends. A step's
   * messages are made from the customer as first read, while booking and dispatch are asked for
   * the link and the estimate; an opt-out or a deletion fails only the messages it can see, not
   * those still uncommitted. Taking turns, each sees the other's outcome, so no message is queued
   * for a customer who opted out or was deleted. Taken before any row the transaction writes:
   * taken after one, it could wait on a transaction that holds it and waits for that row.
   */
  async lockCustomer(manager: EntityManager, customerId: number): Promise<void> {
    await manager.query("SELECT pg_advisory_xact_lock(hashtext('notify.customer'), $1)", [
      customerId,
    ]);
  }

  /**
   * A deleted customer: their copy goes, and their id stays, so that a booking event applied
   * after the deletion (replicas, a batch retried event by event) neither keeps them again nor
   * makes them a message. The caller holds `lockCustomer`.
   */
  async removeCustomer(manager: EntityManager, id: number): Promise<void> {
    await manager.query(
      `WITH erased AS (
         INSERT INTO erased_customers (customer_id) VALUES ($1) ON CONFLICT DO NOTHING)
       DELETE FROM customers WHERE id = $1`,
      [id],
    );
  }

  /** Whether the customer was deleted; read under `lockCustomer`, a deletion under way is seen. */
  async isErased(manager: EntityManager, customerId: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'SELECT 1 FROM erased_customers WHERE customer_id = $1',
      [customerId],
    );
    return rows.length > 0;
  }

  async optOut(manager: EntityManager, customerId: number): Promise<void> {
    await manager.query(
      'UPDATE customers SET opted_out_at = coalesce(opted_out_at, now()) WHERE id = $1',
      [customerId],
    );
  }

  async customer(manager: EntityManager, id: number): Promise<CustomerCopy | null> {
    const [row]: CustomerRow[] = await manager.query('SELECT * FROM customers WHERE id = $1', [id]);
    return row ? toCustomerCopy(row) : null;
  }

  /**
   * A booking's customer and appointment as booking tells them, in one statement, answered as
   * stored (the customer's opt-out stays; a reference once known stays). Null when the customer
   * was deleted (the caller holds `lockCustomer`): they are not kept again, the visit is, so its
   * later steps find it and make nothing, as after a deletion that came second.
   */
  async upsertBooking(
    manager: EntityManager,
    c: { id: number; name: string; phone: string; email: string | null },
    a: AppointmentCopy,
  ): Promise<{ customer: CustomerCopy; appointment: AppointmentCopy } | null> {
    const [row]: (CustomerRow & { appointment: AppointmentRow })[] = await manager.query(
      `WITH c AS (
         INSERT INTO customers (id, name, phone, email)
         SELECT $1, $2, $3, $4
        WHERE NOT EXISTS (SELECT 1 FROM erased_customers WHERE customer_id = $1)
         ON CONFLICT (id) DO UPDATE SET name = $2, phone = $3, email = $4
         RETURNING *
       ), a AS (
         INSERT INTO appointments
           (id, customer_id, reference, scheduled_date, scheduled_time, preferred_time)
         VALUES ($5, $1, $6, $7, $8, $9)
         ON CONFLICT (id) DO UPDATE SET customer_id = $1,
           reference = coalesce($6, appointments.reference),
           scheduled_date = $7, scheduled_time = $8, preferred_time = $9
         RETURNING *
       )
       SELECT c.*, to_jsonb(a) AS appointment FROM a LEFT JOIN c ON true`,
      [
        c.id,
        c.name,
        c.phone,
        c.email,
        a.id,
        a.reference,
        a.scheduledDate,
        a.scheduledTime,
        a.preferredTime,
      ],
    );
    if (row.id === null) return null;
    return { customer: toCustomerCopy(row), appointment: toAppointmentCopy(row.appointment) };
  }

  /** The visit moved to another hour (booking's reschedule); false when it is not known here. */
  async moveAppointment(
    manager: EntityManager,
    id: number,
    to: { scheduledDate: string; scheduledTime: string; preferredTime: string },
  ): Promise<boolean> {
    const [, moved]: [unknown[], number] = await manager.query(
      `UPDATE appointments SET scheduled_date = $2, scheduled_time = $3, preferred_time = $4
        WHERE id = $1`,
      [id, to.scheduledDate, to.scheduledTime, to.preferredTime],
    );
    return moved > 0;
  }

  /** Dispatch's status of the visit, from a view of `version`: an older view changes nothing. */
  /** The visit's invoice state as billing last told it. */
  async setPaymentStatus(manager: EntityManager, id: number, status: InvoiceStatus): Promise<void> {
    await manager.query('UPDATE appointments SET payment_status = $2 WHERE id = $1', [id, status]);
  }

  async setStatus(
    manager: EntityManager,
    id: number,
    status: AppointmentStatus,
    version: number,
  ): Promise<void> {
    await manager.query(
      `UPDATE appointments SET status = $2, version = $3
        WHERE id = $1 AND (version IS NULL OR version < $3)`,
      [id, status, version],
    );
  }

  async appointment(manager: EntityManager, id: number): Promise<AppointmentCopy | null> {
    const [row]: AppointmentRow[] = await manager.query(
      'SELECT * FROM appointments WHERE id = $1',
      [id],
    );
    return row ? toAppointmentCopy(row) : null;
  }

  async upsertItem(manager: EntityManager, id: number, name: string): Promise<void> {
    await manager.query(
      `INSERT INTO items (id, name) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET name = $2`,
      [id, name],
    );
  }

  async itemName(manager: EntityManager, id: number): Promise<string | null> {
    const [row]: { name: string }[] = await manager.query('SELECT name FROM items WHERE id = $1', [
      id,
    ]);
    return row?.name ?? null;
  }
}
