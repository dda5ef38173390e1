export { CustomerCopiesService } from './customer-copies.service';
export { CustomerCopyEntity } from './customer-copy.entity';
export { CustomersRepository } from './customers.repository';
