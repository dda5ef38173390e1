import { Customer } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CustomerCopyEntity } from './customer-copy.entity';

/** Every statement on inventory's copy of booking's customers. */
@Injectable()
export class CustomersRepository {
  async upsert(manager: EntityManager, { id, name, phone }: Omit<Customer, 'email'>) {
    await manager.upsert(CustomerCopyEntity, { id, name, phone }, ['id']);
  }

  async remove(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(CustomerCopyEntity, { id });
  }
}
