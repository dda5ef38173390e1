import { Customer, CustomerSummary } from '@cincy/contracts';
import { CustomerEntity } from './customer.entity';

export const toCustomer = (c: Pick<CustomerEntity, keyof Customer>): Customer => ({
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
