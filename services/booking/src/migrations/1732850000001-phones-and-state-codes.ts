import { formatLocation } from '@cincy/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** Rows rewritten per statement: bounded, so a long history never builds one huge parameter. */
const BATCH = 1000;

/**
 * One way to store a phone and an address (issue 23): customers' phones become digits (a US
 * number's leading 1 dropped, as `phoneDigits` does), and appointments' locations carry the state's
 * code ("…, Ohio 45202" → "…, OH 45202", as `formatLocation` does). Before the customer record's
 * tables (1732900000000 on), so addresses copied from appointments read the same way.
 */
export class PhonesAndStateCodes1732850000001 implements MigrationInterface {
  name = 'PhonesAndStateCodes1732850000001';

  async up(runner: QueryRunner): Promise<void> {
    // phone_digits follows: a returning customer is matched on the same digits the schema keeps.
    await runner.query(`
      UPDATE customers c SET phone = n.digits, phone_digits = n.digits
        FROM (SELECT id, regexp_replace(regexp_replace(phone, '\\D', '', 'g'), '^1(\\d{10})$', '\\1')
                AS digits FROM customers) n
       WHERE c.id = n.id AND (c.phone <> n.digits OR c.phone_digits <> n.digits)`);

    // A word before a ZIP: the candidates; formatLocation decides (only a state's name changes).
    const rows: { id: number; location: string }[] = await runner.query(
      `SELECT id, location FROM appointments WHERE location ~* '[a-z]\\s+\\d{5}(-\\d{4})?'`,
    );
    const changed = rows
      .map((r) => ({ id: r.id, location: formatLocation(r.location) }))
      .filter((r, i) => r.location !== rows[i].location);
    for (let i = 0; i < changed.length; i += BATCH) {
      const batch = changed.slice(i, i + BATCH);
      await runner.query(
        `UPDATE appointments a SET location = v.location
           FROM unnest($1::int[], $2::text[]) AS v(id, location) WHERE a.id = v.id`,
        [batch.map((r) => r.id), batch.map((r) => r.location)],
      );
    }
  }

  async down(): Promise<void> {
    // Nothing to undo: the digits and codes read the same through formatPhone and formatLocation,
    // and the punctuation as first typed is not kept.
  }
}
