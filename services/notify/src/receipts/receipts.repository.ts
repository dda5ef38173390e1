import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { ReceiptData } from '../common/templates';

/** Every statement on receipts. */
@Injectable()
export class ReceiptsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The first record of a visit is its receipt (inventory records one per job). */
  async store(manager: EntityManager, appointmentId: number, data: ReceiptData): Promise<void> {
    await manager.query(
      `INSERT INTO receipts (appointment_id, data) VALUES ($1, $2)
       ON CONFLICT (appointment_id) DO NOTHING`,
      [appointmentId, JSON.stringify(data)],
    );
  }

  async of(
    appointmentId: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ReceiptData | null> {
    const [row]: { data: ReceiptData }[] = await manager.query(
      'SELECT data FROM receipts WHERE appointment_id = $1',
      [appointmentId],
    );
    return row?.data ?? null;
  }

  /** A deleted customer's name leaves their receipts (the service facts stay). */
  async forgetCustomer(manager: EntityManager, customerId: number): Promise<void> {
    await manager.query(
      `UPDATE receipts SET data = jsonb_set(data, '{customerName}', '""')
        WHERE appointment_id IN (SELECT id FROM appointments WHERE customer_id = $1)`,
      [customerId],
    );
  }
}
