export { CustomerEntity } from './customer.entity';
export { CustomersController } from './customers.controller';
export { CustomersRepository } from './customers.repository';
export { CustomersService } from './customers.service';
