import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports read stored daily rows, one per business day (Cincinnati) and technician, and their
 * monthly sums (docs/adr/0092-audit-log-and-reports.md). `refresh_report_days` is the one place
 * that turns the per-job facts (board_appointments, job_metrics) into those rows: it rewrites
 * whole days, then re-sums the months they fall in, so running it again changes nothing and a
 * wrong row heals on the next close of its day. The service runs it for a job's day in the
 * transaction that closes the job; the demo history and this migration's backfill run it for
 * their ranges.
 *
 * Rules it encodes, each named after its home in libs/contracts:
 * - the day: completed_at of a completed job, closed_at of a declined or cancelled one;
 * - ASAP (sla.ts `slaStart`): asked for ASAP, or with no scheduled date;
 * - reached within N (REPORT_SLA_MINUTES 30/45/60): on location at most N minutes after the request;
 * - a battery (notify/messages.ts `takesNewBattery`): battery_installed or warranty_replacement.
 * Jobs completed before this migration have no service code or price in dispatch: they count as
 * jobs, not as batteries or revenue.
 */
export class ReportDays1733000000003 implements MigrationInterface {
  name = 'ReportDays1733000000003';

  async up(runner: QueryRunner): Promise<void> {
    // What the completion's service record says: what was done and what it cost.
    await runner.query(`
      ALTER TABLE job_metrics
        ADD COLUMN service_code text,
        ADD COLUMN price numeric(10, 2) NOT NULL DEFAULT 0`);
    await runner.query(`
      CREATE TABLE report_days (
        report_date date NOT NULL,
        technician_id integer NOT NULL DEFAULT 0,
        technician_name text,
        jobs_completed integer NOT NULL DEFAULT 0,
        jobs_closed_without_service integer NOT NULL DEFAULT 0,
        batteries_installed integer NOT NULL DEFAULT 0,
        revenue numeric(12, 2) NOT NULL DEFAULT 0,
        travel_minutes_sum integer NOT NULL DEFAULT 0,
        travel_count integer NOT NULL DEFAULT 0,
        install_minutes_sum integer NOT NULL DEFAULT 0,
        install_count integer NOT NULL DEFAULT 0,
        asap_jobs integer NOT NULL DEFAULT 0,
        asap_within_30 integer NOT NULL DEFAULT 0,
        asap_within_45 integer NOT NULL DEFAULT 0,
        asap_within_60 integer NOT NULL DEFAULT 0,
        PRIMARY KEY (report_date, technician_id)
      )`);
    // The same figures per month, summed from the days, so a two-year report reads 24 month rows
    // (plus the days of a month the range only cuts into) and answers as fast as a week's.
    await runner.query(`
      CREATE TABLE report_months (LIKE report_days INCLUDING DEFAULTS)`);
    await runner.query('ALTER TABLE report_months RENAME COLUMN report_date TO report_month');
    await runner.query('ALTER TABLE report_months ADD PRIMARY KEY (report_month, technician_id)');
    // A day's closed jobs, found by the day's instants (the primary key serves report reads).
    await runner.query(`
      CREATE INDEX board_report_day_idx ON board_appointments ((COALESCE(completed_at, closed_at)))
        WHERE status IN ('completed', 'declined', 'cancelled')`);
    // SET search_path FROM CURRENT: its tables are dispatch's whoever calls it (the demo seeder
    // connects without the service's search_path). Custom plans: each call is planned for the
    // days it is asked, so a one-day refresh on a close reads that day's jobs by index.
    await runner.query(`
      CREATE FUNCTION refresh_report_days(from_date date, to_date date) RETURNS void
      LANGUAGE plpgsql VOLATILE
      SET search_path FROM CURRENT SET plan_cache_mode = force_custom_plan AS $fn$
      BEGIN
        DELETE FROM report_days WHERE report_date BETWEEN from_date AND to_date;
        INSERT INTO report_days (
          report_date, technician_id, technician_name, jobs_completed,
          jobs_closed_without_service, batteries_installed, revenue, travel_minutes_sum,
          travel_count, install_minutes_sum, install_count, asap_jobs, asap_within_30,
          asap_within_45, asap_within_60)
        SELECT (j.closed AT TIME ZONE 'America/New_York')::date,
               COALESCE(j.technician_id, 0),
               (array_agg(COALESCE(j.technician_name, j.technician_username)
                          ORDER BY j.closed DESC))[1],
               count(*) FILTER (WHERE j.done),
               count(*) FILTER (WHERE NOT j.done),
               count(*) FILTER (WHERE j.done AND m.service_code IN
                                ('battery_installed', 'warranty_replacement')),
               COALESCE(sum(m.price) FILTER (WHERE j.done), 0),
               COALESCE(sum(m.travel_time) FILTER (WHERE j.done), 0),
               count(m.travel_time) FILTER (WHERE j.done),
               COALESCE(sum(m.job_duration) FILTER (WHERE j.done), 0),
               count(m.job_duration) FILTER (WHERE j.done),
               count(*) FILTER (WHERE j.done AND j.asap),
               count(*) FILTER (WHERE j.done AND j.asap AND j.reach <= interval '30 minutes'),
               count(*) FILTER (WHERE j.done AND j.asap AND j.reach <= interval '45 minutes'),
               count(*) FILTER (WHERE j.done AND j.asap AND j.reach <= interval '60 minutes')
          FROM (SELECT a.id, a.technician_id, a.technician_name, a.technician_username,
                       COALESCE(a.completed_at, a.closed_at) AS closed,
                       a.status = 'completed' AS done,
                       (a.preferred_time = 'ASAP' OR a.scheduled_date IS NULL) AS asap,
                       a.on_location_at - a.requested_at AS reach
                  FROM board_appointments a
                 WHERE a.status IN ('completed', 'declined', 'cancelled')
                   AND COALESCE(a.completed_at, a.closed_at)
                       >= from_date::timestamp AT TIME ZONE 'America/New_York'
                   AND COALESCE(a.completed_at, a.closed_at)
                       < (to_date + 1)::timestamp AT TIME ZONE 'America/New_York') j
          -- One index probe per job of the day (LIMIT keeps the planner from turning it into a
          -- hash join, which reads every job's metrics: the whole history, on every close).
          LEFT JOIN LATERAL (SELECT service_code, price, travel_time, job_duration
                               FROM job_metrics WHERE appointment_id = j.id LIMIT 1) m ON true
         GROUP BY 1, 2;
        DELETE FROM report_months
         WHERE report_month BETWEEN date_trunc('month', from_date)::date AND to_date;
        INSERT INTO report_months
        SELECT date_trunc('month', report_date)::date, technician_id,
               (array_agg(technician_name ORDER BY report_date DESC)
                  FILTER (WHERE technician_name IS NOT NULL))[1],
               sum(jobs_completed), sum(jobs_closed_without_service), sum(batteries_installed),
               sum(revenue), sum(travel_minutes_sum), sum(travel_count),
               sum(install_minutes_sum), sum(install_count), sum(asap_jobs),
               sum(asap_within_30), sum(asap_within_45), sum(asap_within_60)
          FROM report_days
         WHERE report_date >= date_trunc('month', from_date)::date
           AND report_date < (date_trunc('month', to_date) + interval '1 month')::date
         GROUP BY 1, 2;
      END
      $fn$`);
    await runner.query(`
      SELECT refresh_report_days(min(day), max(day))
        FROM (SELECT (COALESCE(completed_at, closed_at) AT TIME ZONE 'America/New_York')::date AS day
                FROM board_appointments
               WHERE status IN ('completed', 'declined', 'cancelled')) closed
      HAVING count(*) > 0`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP FUNCTION refresh_report_days(date, date)');
    await runner.query('DROP INDEX board_report_day_idx');
    await runner.query('DROP TABLE report_months');
    await runner.query('DROP TABLE report_days');
    await runner.query('ALTER TABLE job_metrics DROP COLUMN service_code, DROP COLUMN price');
  }
}
