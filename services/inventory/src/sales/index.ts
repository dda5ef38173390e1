export { SalesRepository } from './sales.repository';
export { SalesService } from './sales.service';
