import { Customer } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CustomerCopyEntity } from './customer-copy.entity';

/** Every statement on inventory's copy of booking's customers. */
@Injectable()
export class CustomersRepository {
  async upsert(manager: EntityManager, { id, name, phone }: Omit<Customer, 'email'>) {
    // Raw: it runs for every booking, and TypeORM's upsert builds its statement each time.
    await manager.query(
      `INSERT INTO customers (id, name, phone) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, phone = EXCLUDED.phone`,
      [id, name, phone],
    );
  }

  async remove(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(CustomerCopyEntity, { id });
  }
}
