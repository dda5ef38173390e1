import { businessDate } from '@cincy/contracts';
import { Transaction } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** "Batteries Sold Today": counted as sales happen, per Cincinnati day, never recounted on a read. */
@Injectable()
export class SalesService {
  constructor(private readonly dataSource: DataSource) {}

  async today(now = new Date()): Promise<{ batteriesSold: number }> {
    const rows: { batteries_sold: number }[] = await this.dataSource.query(
      'SELECT batteries_sold FROM daily_sales WHERE sale_date = $1',
      [businessDate(now)],
    );
    return { batteriesSold: rows[0]?.batteries_sold ?? 0 };
  }

  /** One battery sold at `at`; tells every board the day's new count. */
  async recordSale({ manager, emit }: Transaction, at: Date): Promise<void> {
    const date = businessDate(at);
    const [row]: { batteries_sold: number }[] = await manager.query(
      `INSERT INTO daily_sales (sale_date, batteries_sold) VALUES ($1, 1)
       ON CONFLICT (sale_date) DO UPDATE SET batteries_sold = daily_sales.batteries_sold + 1
       RETURNING batteries_sold`,
      [date],
    );
    await emit('inventory.sales.updated', { date, batteriesSold: row.batteries_sold });
  }
}
