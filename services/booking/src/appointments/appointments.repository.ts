import { AppointmentStatus, InvoiceStatus } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { KeyedAppointment, NewAppointment, StoredAppointment } from './appointment.mapper';
import type { MovableVisit } from './reschedule-rules';

/**
 * Every statement on booking's appointments. The customer's job count moves with them (counted
 * when one is booked, uncounted when it is declined or cancelled), so those two writes on `customers` are here.
 */
@Injectable()
export class AppointmentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * One statement counts the customer's job and stores the appointment; no customer, no row (null).
   * Plain parameterized SQL: the busiest write of the product, and TypeORM's entity bookkeeping
   * (save's reload, subscribers, metadata) was most of its CPU in the bench profile.
   */
  async insertCounted(
    manager: EntityManager,
    a: NewAppointment,
  ): Promise<StoredAppointment | null> {
    const [stored]: { id: number; name: string; phone: string; email: string | null }[] =
      await manager.query(
        `WITH counted AS (
         UPDATE customers SET total_jobs = total_jobs + 1 WHERE id = $1
         RETURNING id, name, phone, email
       ), inserted AS (
         INSERT INTO appointments
           (customer_id, location, customer_location, vehicle, preferred_time, scheduled_date,
            scheduled_time, scheduled_start_time, notes, priority, status, requested_at,
            idempotency_key, request_fingerprint, battery)
         SELECT id, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', $11, $12, $13, $14
           FROM counted
         RETURNING id, customer_id
       )
       SELECT inserted.id, counted.name, counted.phone, counted.email
         FROM inserted JOIN counted ON counted.id = inserted.customer_id`,
        [
          a.customerId,
          a.location,
          a.customerLocation === null ? null : JSON.stringify(a.customerLocation),
          a.vehicle,
          a.preferredTime,
          a.scheduledDate,
          a.scheduledTime,
          a.scheduledStartTime,
          a.notes,
          a.priority,
          a.requestedAt,
          a.idempotencyKey,
          a.requestFingerprint,
          a.battery === null ? null : JSON.stringify(a.battery),
        ],
      );
    if (!stored) return null;
    const { name, phone, email } = stored;
    return { ...a, id: stored.id, customer: { name, phone, email } };
  }

  /**
   * The appointment booked with this Idempotency-Key: the customer's (POST /api/appointments), or
   * any (POST /api/bookings, whose key is not tied to a customer before it books); the first if
   * several customers used one key.
   */
  async findByIdempotencyKey(
    idempotencyKey: string,
    customerId?: number,
  ): Promise<KeyedAppointment | null> {
    const [found]: KeyedAppointment[] = await this.dataSource.query(
      `SELECT id, customer_id AS "customerId", location, priority,
              scheduled_date::text AS "scheduledDate", scheduled_time AS "scheduledTime",
              requested_at AS "requestedAt", request_fingerprint AS "requestFingerprint"
         FROM appointments
        WHERE idempotency_key = $1 AND ($2::int IS NULL OR customer_id = $2)
        ORDER BY id LIMIT 1`,
      [idempotencyKey, customerId ?? null],
    );
    return found ?? null;
  }

  /**
   * The advisory lock of one Idempotency-Key, held until the caller's transaction ends: two int4
   * keys, a namespace of its own, so it never meets an hour's lock or the migration lock.
   */
  async lockIdempotencyKey(manager: EntityManager, idempotencyKey: string): Promise<void> {
    await manager.query(
      "SELECT pg_advisory_xact_lock(hashtext('booking.idempotency-key'), hashtext($1))",
      [idempotencyKey],
    );
  }

  /**
   * One statement: lock the row, skip an older version, update, and answer the status it had and
   * whose it is (null when the version was not newer).
   */
  async applyStatus(
    manager: EntityManager,
    change: {
      id: number;
      version: number;
      status: AppointmentStatus;
      payment: { status: InvoiceStatus } | null;
    },
  ): Promise<{ previous: AppointmentStatus; customerId: number | null } | null> {
    const changed: { previous: AppointmentStatus; customerId: number | null }[] =
      await manager.query(
        `WITH mine AS (
           SELECT id, status, customer_id FROM appointments
            WHERE id = $1 AND status_version < $2 FOR UPDATE),
         changed AS (
           UPDATE appointments a SET status = $3, status_version = $2, payment_status = $4
             FROM mine
            WHERE a.id = mine.id RETURNING mine.status AS previous, mine.customer_id AS "customerId")
         SELECT * FROM changed`,
        [change.id, change.version, change.status, change.payment?.status ?? null],
      );
    return changed[0] ?? null;
  }

  /** The visit a customer asks to move, locked for the rest of the caller's transaction. */
  async lockForChange(manager: EntityManager, id: number): Promise<MovableVisit | null> {
    const [found]: MovableVisit[] = await manager.query(
      `SELECT status, scheduled_date::text AS "scheduledDate", scheduled_time AS "scheduledTime"
         FROM appointments WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return found ?? null;
  }

  /** The visit's new hour; the old one is free at once (hours count rows by their own hour). */
  async moveTo(
    manager: EntityManager,
    id: number,
    slot: { date: string; time: string; startTime: Date },
  ): Promise<void> {
    await manager.query(
      `UPDATE appointments
          SET scheduled_date = $2::date, scheduled_time = $3, scheduled_start_time = $4,
              preferred_time = $2::text, move_count = move_count + 1
        WHERE id = $1`,
      [id, slot.date, slot.time, slot.startTime],
    );
  }

  /** A declined or cancelled appointment no longer counts among the customer's jobs. */
  async uncountJob(manager: EntityManager, customerId: number): Promise<void> {
    await manager.query(
      'UPDATE customers SET total_jobs = total_jobs - 1, updated_at = CURRENT_TIMESTAMP WHERE id = $1',
      [customerId],
    );
  }

  /** A deleted customer's personal data leaves their appointments; the rows stay for the hours. */
  async anonymiseForCustomer(
    manager: EntityManager,
    customerId: number,
    location: string,
  ): Promise<void> {
    await manager.query(
      `UPDATE appointments SET location = $2, customer_location = NULL, vehicle = NULL, notes = NULL
        WHERE customer_id = $1`,
      [customerId, location],
    );
  }
}
