import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The visits that let their battery go (cancelled, declined or completed: a visit never opens
 * again). A reservation counts only while its visit is not here (ADR 0119), so a booking applied
 * after its release, or at the same moment, holds nothing.
 */
export class ReleasedAppointments1733800000005 implements MigrationInterface {
  name = 'ReleasedAppointments1733800000005';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE TABLE released_appointments (appointment_id integer PRIMARY KEY)');
    // The visits completed so far are released; their reservations a race left behind go.
    await runner.query(
      'INSERT INTO released_appointments (appointment_id) SELECT appointment_id FROM service_records',
    );
    await runner.query(
      `DELETE FROM reservations r USING released_appointments x
        WHERE x.appointment_id = r.appointment_id`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE released_appointments');
  }
}
