import {
  CUSTOMER_MESSAGES,
  CUSTOMER_PAGE_SIZE,
  Customer,
  CustomerInput,
  CustomerListQuery,
  CustomerSummary,
  ERROR_CODES,
  EventEnvelope,
} from '@cincy/contracts';
import { DomainError, EventConsumers, Outbox, Transaction, containsPattern } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { AppointmentEntity } from '../appointments/appointment.entity';
import { CustomerEntity } from './customer.entity';

export const phoneDigits = (phone: string) => phone.replace(/\D/g, '');
const normaliseName = (name: string) => name.trim().replace(/\s+/g, ' ');

export const toCustomer = (c: CustomerEntity): Customer => ({
  id: c.id,
  name: c.name,
  phone: c.phone,
  email: c.email,
});

export const toCustomerSummary = (c: CustomerEntity): CustomerSummary => ({
  ...toCustomer(c),
  totalJobs: c.totalJobs,
  lastServiceAt: c.lastServiceAt?.toISOString() ?? null,
});

@Injectable()
export class CustomersService implements OnModuleInit {
  private readonly customers: Repository<CustomerEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly consumers: EventConsumers,
  ) {
    this.customers = dataSource.getRepository(CustomerEntity);
  }

  onModuleInit() {
    this.consumers.subscribe('booking-service-records', (event, tx) => this.noteService(event, tx));
  }

  /**
   * One page of the Customer Database by name, searched on the server: name, e-mail or phone
   * contain the text (case-insensitive); digits also match the phone however it was typed.
   */
  async list({ search, offset }: CustomerListQuery): Promise<CustomerSummary[]> {
    const q = this.customers.createQueryBuilder('c');
    if (search) {
      const text = containsPattern(search);
      const digits = phoneDigits(search);
      q.where('(c.name ILIKE :text OR c.email ILIKE :text OR c.phone ILIKE :text)', { text });
      if (digits.length >= 3)
        q.orWhere('c.phone_digits LIKE :digits', { digits: containsPattern(digits) });
    }
    const rows = await q
      .orderBy('lower(c.name)', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .offset(offset)
      .limit(CUSTOMER_PAGE_SIZE)
      .getMany();
    return rows.map(toCustomerSummary);
  }

  /** PATCH /api/customers/{id}: every copy (the board, inventory) follows the event. */
  async update(id: number, input: CustomerInput): Promise<CustomerSummary> {
    return this.outbox.transaction(async ({ manager, emit }) => {
      const customer = await lockCustomer(manager, id);
      customer.name = normaliseName(input.name);
      customer.phone = input.phone.trim();
      customer.phoneDigits = phoneDigits(input.phone);
      customer.email = input.email;
      await manager.save(customer);
      await emit('booking.customer.updated', { customer: toCustomer(customer) });
      return toCustomerSummary(customer);
    });
  }

  /**
   * DELETE /api/customers/{id}: the customer goes, and so does their personal data on their
   * appointments here (kept, anonymised, for the hour counts); every copy follows the event.
   */
  async remove(id: number): Promise<{ message: string }> {
    return this.outbox.transaction(async ({ manager, emit }) => {
      await lockCustomer(manager, id);
      await manager.update(
        AppointmentEntity,
        { customerId: id },
        { location: REMOVED, customerLocation: null, vehicle: null, notes: null },
      );
      await manager.delete(CustomerEntity, { id });
      await emit('booking.customer.deleted', { customerId: id });
      return { message: CUSTOMER_MESSAGES.deleted };
    });
  }

  /** Inventory saved a service record: the customer's Last Service moves forward. */
  private async noteService(
    { payload: { serviceRecord } }: EventEnvelope<'inventory.service-record.created'>,
    { manager }: Transaction,
  ) {
    await manager.query(
      `UPDATE customers SET last_service_at = $2
        WHERE id = $1 AND (last_service_at IS NULL OR last_service_at < $2)`,
      [serviceRecord.customerId, serviceRecord.completedAt],
    );
  }

  /**
   * A returning customer (same phone digits and name, ignoring case) is the same customer, so
   * their jobs and service history add up; a new e-mail is kept, an empty one never erases one.
   */
  async register(input: CustomerInput): Promise<Customer> {
    // One statement: every public booking starts here, and each round trip to Postgres costs
    // about as much CPU as the work itself (the bench's statement counts).
    const [customer]: Customer[] = await this.dataSource.query(
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
      [normaliseName(input.name), input.phone.trim(), phoneDigits(input.phone), input.email],
    );
    return customer;
  }
}

/** What stays of a deleted customer's address. */
export const REMOVED = '(removed)';

async function lockCustomer(manager: EntityManager, id: number): Promise<CustomerEntity> {
  const customer = await manager.findOne(CustomerEntity, {
    where: { id },
    lock: { mode: 'pessimistic_write' },
  });
  if (!customer) throw new DomainError(ERROR_CODES.notFound, CUSTOMER_MESSAGES.notFound);
  return customer;
}
