import { Fitment, FitmentInput, FitmentQuery, installedPrice } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

interface Row {
  id: number;
  year_from: number;
  year_to: number;
  make: string;
  model: string;
  engine: string | null;
  group_size: string;
  en_din: string | null;
  technology: Fitment['technology'];
  min_cca: number;
  start_stop: boolean;
  registration: boolean;
  source: string;
  updated_at: Date;
}

const toFitment = (r: Row): Fitment => ({
  id: r.id,
  yearFrom: r.year_from,
  yearTo: r.year_to,
  make: r.make,
  model: r.model,
  engine: r.engine,
  groupSize: r.group_size,
  enDin: r.en_din,
  technology: r.technology,
  minCca: r.min_cca,
  startStop: r.start_stop,
  registration: r.registration,
  source: r.source,
  installedPrice: installedPrice(r.technology),
  updatedAt: r.updated_at.toISOString(),
});

const ORDER = 'ORDER BY make, model, year_from, engine NULLS FIRST, id';

/** The fitment table (raw SQL: a small table no other entity relates to). */
@Injectable()
export class FitmentRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The rows of a vehicle's year, make and model (any case), of its engine when one is named. */
  async match(
    { year, make, model, engine }: FitmentQuery,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Fitment[]> {
    const rows: Row[] = await manager.query(
      `SELECT * FROM fitments
        WHERE lower(make) = lower($1) AND lower(model) = lower($2)
          AND $3 BETWEEN year_from AND year_to
          AND ($4::text IS NULL OR engine IS NULL OR lower(engine) = lower($4))
        ${ORDER}`,
      [make, model, year, engine ?? null],
    );
    return rows.map(toFitment);
  }

  /** The table as the Fitment screen lists it: a few hundred rows at most, one make when asked. */
  async list(make: string | null): Promise<Fitment[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT * FROM fitments WHERE ($1::text IS NULL OR lower(make) = lower($1)) ${ORDER} LIMIT 2000`,
      [make],
    );
    return rows.map(toFitment);
  }

  async lock(manager: EntityManager, id: number): Promise<Fitment | null> {
    const [row]: Row[] = await manager.query('SELECT * FROM fitments WHERE id = $1 FOR UPDATE', [
      id,
    ]);
    return row ? toFitment(row) : null;
  }

  async insert(manager: EntityManager, f: FitmentInput): Promise<Fitment> {
    const [row]: Row[] = await manager.query(
      `INSERT INTO fitments (year_from, year_to, make, model, engine, group_size, en_din,
                             technology, min_cca, start_stop, registration, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
      values(f),
    );
    return toFitment(row);
  }

  async update(manager: EntityManager, id: number, f: FitmentInput): Promise<Fitment> {
    // UPDATE ... RETURNING answers [rows, count].
    const [[row]]: [Row[], number] = await manager.query(
      `UPDATE fitments SET year_from = $1, year_to = $2, make = $3, model = $4, engine = $5,
              group_size = $6, en_din = $7, technology = $8, min_cca = $9, start_stop = $10,
              registration = $11, source = $12, updated_at = now()
        WHERE id = $13 RETURNING *`,
      [...values(f), id],
    );
    return toFitment(row);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query('DELETE FROM fitments WHERE id = $1', [id]);
  }
}

const values = (f: FitmentInput) => [
  f.yearFrom,
  f.yearTo,
  f.make,
  f.model,
  f.engine,
  f.groupSize,
  f.enDin,
  f.technology,
  f.minCca,
  f.startStop,
  f.registration,
  f.source,
];
