import type { EntityManager } from 'typeorm';

/** A table's column and the field of the row type `T` that holds it. */
export type ColumnOf<T> = readonly [column: string, field: keyof T & string];

/**
 * The one way a repository reads and writes a wide row (ADR 0107): parameterised SQL, its
 * columns named once, each read under its field's name so rows come back as `T`. A `date`
 * column is read as its 'YYYY-MM-DD' text (node-postgres would make it a Date at the server's
 * midnight); a `numeric` one as the string Postgres sends, or as a number when it is one of
 * `numbers` (dollars).
 */
export class TableColumns<T extends object> {
  /** The select list for `FROM <table> a`: every column as `a.column AS "field"`. */
  readonly fields: string;
  private readonly toParam: (column: ColumnOf<T>, row: Partial<T>) => unknown;

  constructor(
    readonly table: string,
    private readonly columns: readonly ColumnOf<T>[],
    {
      dates = [],
      numbers = [],
      json = [],
    }: { dates?: readonly string[]; numbers?: readonly string[]; json?: readonly string[] } = {},
  ) {
    // pg sends a JS array as a Postgres array: a json column's value goes as its JSON text.
    this.toParam = ([c, f], row) =>
      json.includes(c) && row[f] !== null ? JSON.stringify(row[f]) : row[f];
    const cast = (c: string) =>
      dates.includes(c) ? '::text' : numbers.includes(c) ? '::float8' : '';
    this.fields = columns.map(([c, f]) => `a.${c}${cast(c)} AS "${f}"`).join(', ');
  }

  /** The rows `where` (with its parameters) selects. */
  select(manager: EntityManager, where = '', params: unknown[] = []): Promise<T[]> {
    return manager.query(`SELECT ${this.fields} FROM ${this.table} a ${where}`, params);
  }

  /** A new row of every field `row` has (the others take their columns' defaults), as stored. */
  async insert(manager: EntityManager, row: Partial<T>): Promise<T> {
    const given = this.columns.filter(([, f]) => row[f] !== undefined);
    const [stored]: T[] = await manager.query(
      `INSERT INTO ${this.table} AS a (${given.map(([c]) => c).join(', ')})
       VALUES (${given.map((_, i) => `$${i + 1}`).join(', ')})
       RETURNING ${this.fields}`,
      given.map((column) => this.toParam(column, row)),
    );
    return stored;
  }

  /** Writes every field of `row` but `key` onto the row whose `key` is `row`'s, as stored. */
  async update(manager: EntityManager, row: T, key: ColumnOf<T>): Promise<T | undefined> {
    const set = this.columns.filter(([c]) => c !== key[0]);
    const [stored]: T[] = await manager.query(
      `UPDATE ${this.table} AS a SET ${set.map(([c], i) => `${c} = $${i + 2}`).join(', ')}
        WHERE a.${key[0]} = $1 RETURNING ${this.fields}`,
      [row[key[1]], ...set.map((column) => this.toParam(column, row))],
    );
    return stored;
  }
}
