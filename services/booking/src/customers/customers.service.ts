import { Customer, CustomerInput } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import { CustomerEntity } from './customer.entity';

export const phoneDigits = (phone: string) => phone.replace(/\D/g, '');
const normaliseName = (name: string) => name.trim().replace(/\s+/g, ' ');

export const toCustomer = (c: CustomerEntity): Customer => ({
  id: c.id,
  name: c.name,
  phone: c.phone,
  email: c.email,
});

@Injectable()
export class CustomersService {
  private readonly customers: Repository<CustomerEntity>;

  constructor(dataSource: DataSource) {
    this.customers = dataSource.getRepository(CustomerEntity);
  }

  /**
   * A returning customer (same phone digits and name, ignoring case) is the same customer, so
   * their jobs and service history add up; a new e-mail is kept, an empty one never erases one.
   */
  async register(input: CustomerInput): Promise<Customer> {
    const name = normaliseName(input.name);
    const digits = phoneDigits(input.phone);
    const existing = await this.customers
      .createQueryBuilder('c')
      .where('c.phone_digits = :digits AND lower(c.name) = lower(:name)', { digits, name })
      .orderBy('c.id')
      .getOne();
    if (existing) {
      if (input.email && input.email !== existing.email) {
        existing.email = input.email;
        await this.customers.save(existing);
      }
      return toCustomer(existing);
    }
    const created = await this.customers.save(
      this.customers.create({
        name,
        phone: input.phone.trim(),
        phoneDigits: digits,
        email: input.email,
      }),
    );
    return toCustomer(created);
  }
}
