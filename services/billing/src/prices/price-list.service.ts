import { PriceList, PriceListInput } from '@cincy/contracts';
import { Outbox } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PriceListRepository } from './price-list.repository';

/** The price list (ADR 0115): read by new invoices as they are issued, never by issued ones. */
@Injectable()
export class PriceListService {
  constructor(
    private readonly prices: PriceListRepository,
    private readonly outbox: Outbox,
    private readonly dataSource: DataSource,
  ) {}

  get(): Promise<PriceList> {
    return this.prices.read(this.dataSource.manager);
  }

  /** Saved and announced (the audit log), unless nothing changed. */
  update(input: PriceListInput): Promise<PriceList> {
    return this.outbox.transaction(async ({ manager, emit }) => {
      const previous = await this.prices.read(manager, true);
      const unchanged = (Object.keys(input) as (keyof PriceListInput)[]).every(
        (key) => input[key] === previous[key],
      );
      if (unchanged) return previous;
      const priceList = await this.prices.save(manager, input);
      await emit('billing.price-list.changed', { previous, priceList });
      return priceList;
    });
  }
}
