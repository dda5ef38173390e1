import { Customer } from '@cincy/contracts';
import { containsPattern } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { CustomerEntity } from './customer.entity';

/** A customer's columns as the rules normalised them. */
export type CustomerRow = Pick<CustomerEntity, 'name' | 'phone' | 'phoneDigits' | 'email'>;

/** Every statement on booking's customers. */
@Injectable()
export class CustomersRepository {
  private readonly customers: Repository<CustomerEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.customers = dataSource.getRepository(CustomerEntity);
  }

  /**
   * One page by name: name, e-mail or phone contain the text (case-insensitive); digits (3 or
   * more) also match the phone however it was typed.
   */
  search(
    filter: { text?: string; digits?: string },
    page: { offset: number; limit: number },
  ): Promise<CustomerEntity[]> {
    const q = this.customers.createQueryBuilder('c');
    if (filter.text) {
      q.where('(c.name ILIKE :text OR c.email ILIKE :text OR c.phone ILIKE :text)', {
        text: containsPattern(filter.text),
      });
      if (filter.digits)
        q.orWhere('c.phone_digits LIKE :digits', { digits: containsPattern(filter.digits) });
    }
    return q
      .orderBy('lower(c.name)', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .offset(page.offset)
      .limit(page.limit)
      .getMany();
  }

  /** The customer, locked for the rest of the caller's transaction; null when there is none. */
  lock(manager: EntityManager, id: number): Promise<CustomerEntity | null> {
    return manager.findOne(CustomerEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  save(manager: EntityManager, customer: CustomerEntity): Promise<CustomerEntity> {
    return manager.save(customer);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(CustomerEntity, { id });
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
   * One statement: the returning customer (same phone digits and name, ignoring case) with a new
   * e-mail kept, else a new customer. Every public booking starts here, and each round trip to
   * Postgres costs about as much CPU as the work itself (the bench's statement counts). In the
   * caller's transaction when it gives one (POST /api/bookings: stored with the appointment or not at all).
   */
  async register(
    row: CustomerRow,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Customer> {
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
