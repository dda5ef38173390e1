import { PriceList, PriceListInput } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

interface Row {
  installation_cents: number;
  core_charge_cents: number;
  test_only_cents: number;
  updated_at: Date | null;
}

const toPriceList = (row: Row): PriceList => ({
  installationCents: row.installation_cents,
  coreChargeCents: row.core_charge_cents,
  testOnlyCents: row.test_only_cents,
  updatedAt: row.updated_at?.toISOString() ?? null,
});

/** `price_list`: its one row. */
@Injectable()
export class PriceListRepository {
  /** The list as it is; `lock` holds it until the transaction ends (a change takes turns). */
  async read(manager: EntityManager, lock = false): Promise<PriceList> {
    const [row] = await manager.query<Row[]>(
      `SELECT * FROM price_list WHERE id = 1${lock ? ' FOR UPDATE' : ''}`,
    );
    return toPriceList(row);
  }

  async save(manager: EntityManager, prices: PriceListInput): Promise<PriceList> {
    // An UPDATE answers [rows, rowCount] through TypeORM.
    const [[row]] = await manager.query<[Row[], number]>(
      `UPDATE price_list
          SET installation_cents = $1, core_charge_cents = $2, test_only_cents = $3,
              updated_at = now()
        WHERE id = 1
       RETURNING *`,
      [prices.installationCents, prices.coreChargeCents, prices.testOnlyCents],
    );
    return toPriceList(row);
  }
}
