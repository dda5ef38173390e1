import { businessDate } from '@cincy/contracts';
import { Transaction } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { SalesRepository } from './sales.repository';

/** "Batteries Sold Today": counted as sales happen, per Cincinnati day, never recounted on a read. */
@Injectable()
export class SalesService {
  constructor(private readonly sales: SalesRepository) {}

  async today(now = new Date()): Promise<{ batteriesSold: number }> {
    return { batteriesSold: await this.sales.soldOn(businessDate(now)) };
  }

  /** One battery sold at `at`; tells every board the day's new count. */
  async recordSale({ manager, emit }: Transaction, at: Date): Promise<void> {
    const date = businessDate(at);
    const batteriesSold = await this.sales.addSale(manager, date);
    await emit('inventory.sales.updated', { date, batteriesSold });
  }
}
