import { AppointmentStatus, BookedBattery, Point, Priority, QueueEntry } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { waitingSql } from '../board';
import { ComputedEntry, QueueJob } from './compute-queue';

/** A job as the queue reads it, with the version auto-dispatch assigns at. */
export interface QueueSnapshotJob extends QueueJob {
  version: number;
}

interface QueueJobRow {
  id: number;
  status: AppointmentStatus;
  priority: Priority;
  preferred_time: string | null;
  scheduled_date: string | null;
  scheduled_time: string | null;
  requested_at: Date;
  technician_id: number | null;
  customer_location: Point | null;
  on_location_at: Date | null;
  version: number;
  battery: BookedBattery | null;
}

/** The columns of a QueueJobRow. */
const JOB_COLUMNS = `id, status, priority, preferred_time,
    to_char(scheduled_date, 'YYYY-MM-DD') AS scheduled_date, scheduled_time, requested_at,
    technician_id, customer_location, on_location_at, version, battery`;

interface StoredRow {
  appointment_id: number;
  position: number;
  technician_id: number | null;
  estimated_wait_minutes: number | null;
  estimated_arrival_at: Date | null;
}

interface ListedRow extends StoredRow {
  customer_name: string;
  priority: Priority;
  status: AppointmentStatus;
  requested_at: Date;
  technician_name: string | null;
}

/** Every statement on `appointment_queue`, and the open jobs it is computed from. */
@Injectable()
export class QueueRepository {
  constructor(private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** Recomputations take turns across replicas: each replaces the whole table. */
  async lock(manager: EntityManager): Promise<void> {
    await manager.query("SELECT pg_advisory_xact_lock(hashtext('dispatch.queue'))");
  }

  /**
   * The open jobs the queue and auto-dispatch can see today (`today`: the business date): ASAP
   * requests before departure (the queue itself), jobs on the way or on location, and the
   * assigned or accepted visits of today and earlier days (they may hold or take a technician
   * now: holdsTechnicianNow, auto-dispatch's takesTechnicianNow). A visit of a later day is never
   * due today, so it is not read: the read grows with today's work, not with the book ahead.
   */
  async queueJobs(manager: EntityManager, today: string): Promise<QueueSnapshotJob[]> {
    // Three reads, each by its own index (migration 1733300000106): one query with ORs is
    // planned as a scan of every open job.
    const rows: QueueJobRow[] = await manager.query(
      `SELECT ${JOB_COLUMNS} FROM board_appointments a WHERE ${waitingSql('a')}
       UNION
       SELECT ${JOB_COLUMNS} FROM board_appointments a
        WHERE a.closed_at IS NULL AND a.status IN ('en_route', 'on_location')
       UNION
       SELECT ${JOB_COLUMNS} FROM board_appointments a
        WHERE a.closed_at IS NULL AND a.status IN ('assigned', 'accepted')
          AND a.scheduled_date <= $1::date`,
      [today],
    );
    return rows.map(toSnapshotJob);
  }

  /**
   * The technician's open jobs, read fresh: what auto-dispatch checks again under their lock
   * before giving them a request (the queue's read may be older than another replica's commit).
   */
  async openJobsOf(manager: EntityManager, technicianId: number): Promise<QueueSnapshotJob[]> {
    const rows: QueueJobRow[] = await manager.query(
      `SELECT ${JOB_COLUMNS} FROM board_appointments
        WHERE technician_id = $1 AND closed_at IS NULL`,
      [technicianId],
    );
    return rows.map(toSnapshotJob);
  }

  async stored(manager: EntityManager): Promise<ComputedEntry[]> {
    const rows: StoredRow[] = await manager.query(
      `SELECT appointment_id, position, technician_id, estimated_wait_minutes, estimated_arrival_at
         FROM appointment_queue ORDER BY position`,
    );
    return rows.map(toComputed);
  }

  /**
   * The queue becomes `entries`: the rows that left it are deleted and only the new or changed
   * ones written (a new booking at the end is one row, not the whole queue again).
   */
  async write(
    manager: EntityManager,
    before: readonly ComputedEntry[],
    entries: readonly ComputedEntry[],
    computedAt: Date,
  ) {
    const kept = new Set(entries.map((e) => e.appointmentId));
    const gone = before.filter((b) => !kept.has(b.appointmentId)).map((b) => b.appointmentId);
    if (gone.length) {
      await manager.query('DELETE FROM appointment_queue WHERE appointment_id = ANY($1::int[])', [
        gone,
      ]);
    }
    const was = new Map(before.map((b) => [b.appointmentId, b]));
    const changed = entries.filter((e) => !sameEntry(was.get(e.appointmentId), e));
    if (changed.length === 0) return;
    await manager.query(
      `INSERT INTO appointment_queue
         (appointment_id, position, technician_id, estimated_wait_minutes, estimated_arrival_at,
          computed_at)
       SELECT *, $6::timestamptz
         FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::timestamptz[])
       ON CONFLICT (appointment_id) DO UPDATE SET
         position = EXCLUDED.position,
         technician_id = EXCLUDED.technician_id,
         estimated_wait_minutes = EXCLUDED.estimated_wait_minutes,
         estimated_arrival_at = EXCLUDED.estimated_arrival_at,
         computed_at = EXCLUDED.computed_at`,
      [
        changed.map((e) => e.appointmentId),
        changed.map((e) => e.position),
        changed.map((e) => e.technicianId),
        changed.map((e) => e.estimatedWaitMinutes),
        changed.map((e) => e.estimatedArrivalAt?.toISOString() ?? null),
        computedAt.toISOString(),
      ],
    );
  }

  /** The head of the stored queue with each job's customer, priority, status and technician. */
  async list(limit: number, manager: EntityManager = this.manager): Promise<QueueEntry[]> {
    const rows: ListedRow[] = await manager.query(
      `SELECT q.appointment_id, ROW_NUMBER() OVER (ORDER BY q.position)::int AS position,
              q.technician_id, q.estimated_wait_minutes,
              q.estimated_arrival_at, a.customer_name, a.priority, a.status, a.requested_at,
              t.name AS technician_name
         FROM appointment_queue q
         JOIN board_appointments a ON a.id = q.appointment_id
         LEFT JOIN technicians t ON t.user_id = q.technician_id
        -- A job that moved on (left, or was given an hour) leaves at the next recomputation;
        -- until then it is not shown and the others are numbered without it.
        WHERE ${waitingSql('a')}
        ORDER BY q.position
        LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({
      appointmentId: r.appointment_id,
      position: r.position,
      customerName: r.customer_name,
      priority: r.priority,
      status: r.status,
      requestedAt: new Date(r.requested_at).toISOString(),
      technicianId: r.technician_id,
      technicianName: r.technician_name,
      estimatedWaitMinutes: r.estimated_wait_minutes,
      estimatedArrivalAt: r.estimated_arrival_at
        ? new Date(r.estimated_arrival_at).toISOString()
        : null,
    }));
  }

  /** Each stored request's estimated arrival, for the day view. */
  async arrivals(manager: EntityManager = this.manager): Promise<Map<number, Date>> {
    const rows = await this.stored(manager);
    return new Map(
      rows.flatMap((r) => (r.estimatedArrivalAt ? [[r.appointmentId, r.estimatedArrivalAt]] : [])),
    );
  }
}

function toSnapshotJob(r: QueueJobRow): QueueSnapshotJob {
  return {
    id: r.id,
    status: r.status,
    priority: r.priority,
    preferredTime: r.preferred_time,
    scheduledDate: r.scheduled_date,
    scheduledTime: r.scheduled_time,
    requestedAt: new Date(r.requested_at),
    technicianId: r.technician_id,
    customerLocation: r.customer_location,
    onLocationAt: r.on_location_at ? new Date(r.on_location_at) : null,
    version: r.version,
    battery: r.battery,
  };
}

/** The same place, technician and wait: its row stays (the arrival moves only with the wait). */
function sameEntry(a: ComputedEntry | undefined, b: ComputedEntry): boolean {
  return (
    a !== undefined &&
    a.position === b.position &&
    a.technicianId === b.technicianId &&
    a.estimatedWaitMinutes === b.estimatedWaitMinutes
  );
}

function toComputed(r: StoredRow): ComputedEntry {
  return {
    appointmentId: r.appointment_id,
    position: r.position,
    technicianId: r.technician_id,
    estimatedWaitMinutes: r.estimated_wait_minutes,
    estimatedArrivalAt: r.estimated_arrival_at ? new Date(r.estimated_arrival_at) : null,
  };
}
