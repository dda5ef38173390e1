import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** Every statement on daily_sales. */
@Injectable()
export class SalesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async soldOn(date: string): Promise<number> {
    const rows: { batteries_sold: number }[] = await this.dataSource.query(
      'SELECT batteries_sold FROM daily_sales WHERE sale_date = $1',
      [date],
    );
    return rows[0]?.batteries_sold ?? 0;
  }

  /** One more sale on `date`; answers the day's new count. */
  async addSale(manager: EntityManager, date: string): Promise<number> {
    const [row]: { batteries_sold: number }[] = await manager.query(
      `INSERT INTO daily_sales (sale_date, batteries_sold) VALUES ($1, 1)
       ON CONFLICT (sale_date) DO UPDATE SET batteries_sold = daily_sales.batteries_sold + 1
       RETURNING batteries_sold`,
      [date],
    );
    return row.batteries_sold;
  }
}
