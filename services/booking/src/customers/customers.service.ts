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
import { DomainError, EventConsumers, Outbox, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppointmentsRepository } from '../appointments';
import { LinksRepository } from '../links';
import { CustomerEntity } from './customer.entity';
import { toCustomer, toCustomerSummary } from './customer.mapper';
import { CustomerRow, CustomersRepository } from './customers.repository';

export const phoneDigits = (phone: string) => phone.replace(/\D/g, '');
const normaliseName = (name: string) => name.trim().replace(/\s+/g, ' ');

/** A customer as typed, as the columns keep it. */
const toCustomerRow = (input: CustomerInput): CustomerRow => ({
  name: normaliseName(input.name),
  phone: input.phone.trim(),
  phoneDigits: phoneDigits(input.phone),
  email: input.email,
});

/** What stays of a deleted customer's address. */
export const REMOVED = '(removed)';

@Injectable()
export class CustomersService implements OnModuleInit {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly appointments: AppointmentsRepository,
    private readonly links: LinksRepository,
    private readonly outbox: Outbox,
    private readonly consumers: EventConsumers,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('booking-service-records', (event, tx) => this.noteService(event, tx));
  }

  /**
   * One page of the Customer Database by name, searched on the server: name, e-mail or phone
   * contain the text (case-insensitive); digits also match the phone however it was typed.
   */
  async list({ search, offset }: CustomerListQuery): Promise<CustomerSummary[]> {
    const digits = search ? phoneDigits(search) : '';
    const rows = await this.customers.search(
      { text: search, digits: digits.length >= 3 ? digits : undefined },
      { offset, limit: CUSTOMER_PAGE_SIZE },
    );
    return rows.map(toCustomerSummary);
  }

  /** PATCH /api/customers/{id}: every copy (the board, inventory) follows the event. */
  async update(id: number, input: CustomerInput): Promise<CustomerSummary> {
    return this.outbox.transaction(async ({ manager, emit }) => {
      const customer = Object.assign(await this.lock(manager, id), toCustomerRow(input));
      await this.customers.save(manager, customer);
      await emit('booking.customer.updated', { customer: toCustomer(customer) });
      return toCustomerSummary(customer);
    });
  }

  /**
   * DELETE /api/customers/{id}: the customer goes, and so does their personal data on their
   * appointments here (kept, anonymised, for the hour counts) and every private link to them (the
   * page then says not found); every copy follows the event.
   */
  async remove(id: number): Promise<{ message: string }> {
    return this.outbox.transaction(async ({ manager, emit }) => {
      await this.lock(manager, id);
      await this.appointments.anonymiseForCustomer(manager, id, REMOVED);
      await this.links.deleteForCustomer(manager, id);
      await this.customers.delete(manager, id);
      await emit('booking.customer.deleted', { customerId: id });
      return { message: CUSTOMER_MESSAGES.deleted };
    });
  }

  /** Inventory saved a service record: the customer's Last Service moves forward. */
  private async noteService(
    { payload: { serviceRecord } }: EventEnvelope<'inventory.service-record.created'>,
    { manager }: Transaction,
  ) {
    await this.customers.noteService(manager, serviceRecord.customerId, serviceRecord.completedAt);
  }

  /**
   * A returning customer (same phone digits and name, ignoring case) is the same customer, so
   * their jobs and service history add up; a new e-mail is kept, an empty one never erases one.
   * Inside the caller's transaction when it gives one (POST /api/bookings: stored with the
   * appointment or not at all), else in one of its own (POST /api/customers): the phone's lock
   * lasts as long as it.
   */
  async register(input: CustomerInput, manager?: EntityManager): Promise<Customer> {
    if (!manager) return this.outbox.transaction((tx) => this.register(input, tx.manager));
    const row = toCustomerRow(input);
    await this.customers.lockPhone(manager, row.phoneDigits);
    return this.customers.register(manager, row);
  }

  private async lock(manager: EntityManager, id: number): Promise<CustomerEntity> {
    const customer = await this.customers.lock(manager, id);
    if (!customer) throw new DomainError(ERROR_CODES.notFound, CUSTOMER_MESSAGES.notFound);
    return customer;
  }
}
