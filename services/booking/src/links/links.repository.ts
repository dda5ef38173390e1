import type { LinkedBooking } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { NewLink } from './link-token';

/** A link as stored: whose it is and the hash its verifier must match. */
/** What booking knows of where a visit stands: when it was asked for, and its hour. */
const VISIT = `a.requested_at AS "requestedAt",
              to_char(a.scheduled_date, 'YYYY-MM-DD') AS "scheduledDate",
              a.scheduled_time AS "scheduledTime"`;

export interface StoredLink extends LinkedBooking {
  verifierHash: Buffer;
}

/** What the confirmation page shows of the customer's own booking. */
export interface LinkedDetails extends LinkedBooking {
  name: string;
  phone: string;
  location: string;
  vehicle: string | null;
  preferredTime: string | null;
  notes: string | null;
}

/** Every statement on booking references and private links. */
@Injectable()
export class LinksRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * One statement for a new booking: its reference and its first link. A reference already taken
   * inserts nothing (null) instead of failing, so the caller's transaction goes on and draws again.
   */
  async insertFirst(
    manager: EntityManager,
    appointmentId: number,
    reference: string,
    link: NewLink,
  ): Promise<string | null> {
    const [row]: { reference: string | null }[] = await manager.query(
      `WITH ref AS (
         INSERT INTO appointment_references (appointment_id, reference) VALUES ($1, $2)
         ON CONFLICT (reference) DO NOTHING RETURNING reference
       ), link AS (
         INSERT INTO appointment_links (selector, verifier_hash, appointment_id) VALUES ($3, $4, $1)
       )
       SELECT (SELECT reference FROM ref) AS reference`,
      [appointmentId, reference, link.selector, link.verifierHash],
    );
    return row?.reference ?? null;
  }

  /** The reference alone (a drawn one was taken); null when this one is taken too. */
  async insertReference(
    manager: EntityManager,
    appointmentId: number,
    reference: string,
  ): Promise<string | null> {
    const rows: { reference: string }[] = await manager.query(
      `INSERT INTO appointment_references (appointment_id, reference) VALUES ($1, $2)
       ON CONFLICT (reference) DO NOTHING RETURNING reference`,
      [appointmentId, reference],
    );
    return rows[0]?.reference ?? null;
  }

  /** Another link to a booking; its reference, or null when the booking has none. */
  async insertLink(
    manager: EntityManager,
    appointmentId: number,
    link: NewLink,
  ): Promise<string | null> {
    const rows: { reference: string }[] = await manager.query(
      `WITH r AS (
         SELECT appointment_id, reference FROM appointment_references WHERE appointment_id = $3
       ), link AS (
         INSERT INTO appointment_links (selector, verifier_hash, appointment_id)
         SELECT $1, $2, appointment_id FROM r
       )
       SELECT reference FROM r`,
      [link.selector, link.verifierHash, appointmentId],
    );
    return rows[0]?.reference ?? null;
  }

  /**
   * Whether the booking is there with its customer, its row share-locked for the caller's
   * transaction: a customer's deletion (which deletes their links) then waits for the new link.
   */
  async lockLinkable(manager: EntityManager, appointmentId: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'SELECT 1 FROM appointments WHERE id = $1 AND customer_id IS NOT NULL FOR SHARE',
      [appointmentId],
    );
    return rows.length > 0;
  }

  /**
   * Another link to a booking that is there with its customer, in one statement that share-locks
   * the booking's row while it inserts (a customer's deletion, which deletes their links, waits
   * for it). Null when the booking is not linkable; `reference` null when it has no reference yet.
   */
  async insertLinkIfLinkable(
    manager: EntityManager,
    appointmentId: number,
    link: NewLink,
  ): Promise<{ reference: string | null } | null> {
    const [row]: { linkable: boolean; reference: string | null }[] = await manager.query(
      `WITH a AS (
         SELECT id FROM appointments WHERE id = $3 AND customer_id IS NOT NULL FOR SHARE
       ), r AS (
         SELECT appointment_id, reference FROM appointment_references
          WHERE appointment_id = (SELECT id FROM a)
       ), link AS (
         INSERT INTO appointment_links (selector, verifier_hash, appointment_id)
         SELECT $1, $2, appointment_id FROM r
       )
       SELECT EXISTS (SELECT 1 FROM a) AS linkable, (SELECT reference FROM r) AS reference`,
      [link.selector, link.verifierHash, appointmentId],
    );
    return row.linkable ? { reference: row.reference } : null;
  }

  async findBySelector(selector: string): Promise<StoredLink | null> {
    const [found]: StoredLink[] = await this.dataSource.query(
      `SELECT l.appointment_id AS "appointmentId", r.reference, l.verifier_hash AS "verifierHash",
              ${VISIT}
         FROM appointment_links l
         JOIN appointment_references r ON r.appointment_id = l.appointment_id
         JOIN appointments a ON a.id = l.appointment_id
        WHERE l.selector = $1`,
      [selector],
    );
    return found ?? null;
  }

  /** The booking's details with its customer's name and phone; none once the customer is gone. */
  async details(appointmentId: number): Promise<LinkedDetails | null> {
    const [found]: LinkedDetails[] = await this.dataSource.query(
      `SELECT a.id AS "appointmentId", r.reference, c.name, c.phone, a.location, a.vehicle,
              a.preferred_time AS "preferredTime", a.notes, ${VISIT}
         FROM appointments a
         JOIN appointment_references r ON r.appointment_id = a.id
         JOIN customers c ON c.id = a.customer_id
        WHERE a.id = $1`,
      [appointmentId],
    );
    return found ?? null;
  }

  /** The booking a reference names, with the phone digits it was booked with. */
  async findByReference(
    reference: string,
  ): Promise<{ appointmentId: number; phoneDigits: string } | null> {
    const [found]: { appointmentId: number; phoneDigits: string }[] = await this.dataSource.query(
      `SELECT a.id AS "appointmentId", c.phone_digits AS "phoneDigits"
         FROM appointment_references r
         JOIN appointments a ON a.id = r.appointment_id
         JOIN customers c ON c.id = a.customer_id
        WHERE r.reference = $1`,
      [reference],
    );
    return found ?? null;
  }

  /** A deleted customer's links stop opening anything. */
  async deleteForCustomer(manager: EntityManager, customerId: number): Promise<void> {
    await manager.query(
      `DELETE FROM appointment_links
        WHERE appointment_id IN (SELECT id FROM appointments WHERE customer_id = $1)`,
      [customerId],
    );
  }
}
