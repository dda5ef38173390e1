import { Customer } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

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

  /**
   * A deleted customer: their copy goes, and their id stays, so that a later completion does not
   * take them in again (`ServiceRecordsRepository.learnCustomer`; one at the same moment waits
   * on `ServiceRecordsRepository.lockCustomer`).
   */
  async remove(manager: EntityManager, id: number): Promise<void> {
    await manager.query(
      `WITH gone AS (DELETE FROM customers WHERE id = $1)
       INSERT INTO erased_customers (customer_id) VALUES ($1) ON CONFLICT DO NOTHING`,
      [id],
    );
  }
}
