import { Customer } from '@cincy/contracts';
import { containsPattern } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { CustomerEntity } from './customer.entity';

/** A customer's columns as the rules normalised them. */
export type CustomerRow = Pick<CustomerEntity, 'name' | 'phone' | 'phoneDigits' | 'email'>;

/** A row of `customers` as Postgres answers it. */
interface CustomerTableRow {
  id: number;
  name: string;
  phone: string;
  phone_digits: string;
  email: string | null;
  total_jobs: number;
  last_service_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const toCustomerEntity = (r: CustomerTableRow): CustomerEntity => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  phoneDigits: r.phone_digits,
  email: r.email,
  totalJobs: r.total_jobs,
  lastServiceAt: r.last_service_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Every statement on booking's customers. */
@Injectable()
export class CustomersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * One page by name: name, e-mail or phone contain the text (case-insensitive); digits (3 or
   * more) also match the phone however it was typed.
   */
  async search(
    filter: { text?: string; digits?: string },
    page: { offset: number; limit: number },
  ): Promise<CustomerEntity[]> {
    const rows: CustomerTableRow[] = await this.dataSource.query(
      `SELECT * FROM customers
        WHERE $1::text IS NULL
           OR name ILIKE $1 OR email ILIKE $1 OR phone ILIKE $1
           OR ($2::text IS NOT NULL AND phone_digits LIKE $2)
        ORDER BY lower(name), id
        OFFSET $3 LIMIT $4`,
      [
        filter.text ? containsPattern(filter.text) : null,
        filter.text && filter.digits ? containsPattern(filter.digits) : null,
        page.offset,
        page.limit,
      ],
    );
    return rows.map(toCustomerEntity);
  }

  /** The customer, locked for the rest of the caller's transaction; null when there is none. */
  async lock(manager: EntityManager, id: number): Promise<CustomerEntity | null> {
    const [row]: CustomerTableRow[] = await manager.query(
      'SELECT * FROM customers WHERE id = $1 FOR UPDATE',
      [id],
    );
    return row ? toCustomerEntity(row) : null;
  }

  /** The customer's own details as they now are (the counts are kept by their events). */
  async save(manager: EntityManager, customer: CustomerEntity): Promise<CustomerEntity> {
    const [row]: CustomerTableRow[] = await manager.query(
      `UPDATE customers SET name = $2, phone = $3, phone_digits = $4, email = $5, updated_at = now()
        WHERE id = $1 RETURNING *`,
      [customer.id, customer.name, customer.phone, customer.phoneDigits, customer.email],
    );
    return toCustomerEntity(row);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query('DELETE FROM customers WHERE id = $1', [id]);
  }

  /** The customer's Last Service moves forward only. */
  async noteService(manager: EntityManager, customerId: number, at: string): Promise<void> {
    await manager.query(
      `UPDATE customers SET last_service_at = $2
        WHERE id = $1 AND (last_service_at IS NULL OR last_service_at < $2)`,
      [customerId, at],
    );
  }

  /**
   * The advisory lock of one phone number (its digits), held until the caller's transaction ends.
   * Nothing unique stops two customers of one name and phone: two first bookings at once (two
   * Idempotency-Keys) would each find none and insert one, so `register` takes turns on it. In
   * the order of every booking's locks: its Idempotency-Key, then the phone, then the hour.
   */
  async lockPhone(manager: EntityManager, phoneDigits: string): Promise<void> {
    await manager.query(
      "SELECT pg_advisory_xact_lock(hashtext('booking.customer-phone'), hashtext($1))",
      [phoneDigits],
    );
  }

  /**
   * One statement: the returning customer (same phone digits and name, ignoring case) with a new
   * e-mail kept, else a new customer. Every public booking starts here, and each round trip to
   * Postgres costs about as much CPU as the work itself (the bench's statement counts). In the
   * caller's transaction, after `lockPhone` (its own statement: this one's snapshot must be taken
   * once the lock is held, or it could miss the customer the lock's last holder inserted).
   */
  async register(manager: EntityManager, row: CustomerRow): Promise<Customer> {
    const [customer]: Customer[] = await manager.query(
      `WITH existing AS (
         SELECT id, name, phone, email FROM customers
          WHERE phone_digits = $3 AND lower(name) = lower($1) ORDER BY id LIMIT 1
       ), emailed AS (
         UPDATE customers c SET email = $4, updated_at = now() FROM existing e
          WHERE c.id = e.id AND $4::text IS NOT NULL AND c.email IS DISTINCT FROM $4
         RETURNING c.id, c.name, c.phone, c.email
       ), created AS (
         INSERT INTO customers (name, phone, phone_digits, email)
         SELECT $1, $2, $3, $4 WHERE NOT EXISTS (SELECT FROM existing)
         RETURNING id, name, phone, email
       )
       SELECT * FROM emailed
       UNION ALL SELECT * FROM existing WHERE NOT EXISTS (SELECT FROM emailed)
       UNION ALL SELECT * FROM created`,
      [row.name, row.phone, row.phoneDigits, row.email],
    );
    return customer;
  }
}
