export { CustomerCopiesService } from './customer-copies.service';
export { CustomersRepository } from './customers.repository';
