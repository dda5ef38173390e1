import type { EntityManager } from 'typeorm';
import { BoardAppointmentEntity } from './board-appointment.entity';

/** Each column of `board_appointments` and the field of `BoardAppointmentEntity` that holds it. */
const COLUMNS: readonly (readonly [string, keyof BoardAppointmentEntity])[] = [
  ['id', 'id'],
  ['customer_id', 'customerId'],
  ['reference', 'reference'],
  ['customer_name', 'customerName'],
  ['customer_phone', 'customerPhone'],
  ['location', 'location'],
  ['customer_location', 'customerLocation'],
  ['vehicle', 'vehicle'],
  ['preferred_time', 'preferredTime'],
  ['scheduled_date', 'scheduledDate'],
  ['scheduled_time', 'scheduledTime'],
  ['scheduled_start_time', 'scheduledStartTime'],
  ['notes', 'notes'],
  ['priority', 'priority'],
  ['status', 'status'],
  ['technician_id', 'technicianId'],
  ['technician_username', 'technicianUsername'],
  ['technician_name', 'technicianName'],
  ['requested_at', 'requestedAt'],
  ['accepted_at', 'acceptedAt'],
  ['en_route_at', 'enRouteAt'],
  ['on_location_at', 'onLocationAt'],
  ['completed_at', 'completedAt'],
  ['version', 'version'],
  ['hand_back_by', 'handBackBy'],
  ['hand_back_reason', 'handBackReason'],
  ['hand_back_at', 'handBackAt'],
  ['cancel_reason', 'cancelReason'],
  ['closed_at', 'closedAt'],
  ['created_at', 'createdAt'],
  ['updated_at', 'updatedAt'],
];

/**
 * Every column of a job under its field's name, for `SELECT ... FROM board_appointments a`: rows
 * come back as `BoardAppointmentEntity`s. The date as its 'YYYY-MM-DD' text (node-postgres would
 * make it a Date at the server's midnight).
 */
export const BOARD_FIELDS = COLUMNS.map(
  ([column, field]) => `a.${column}${column === 'scheduled_date' ? '::text' : ''} AS "${field}"`,
).join(', ');

/** The jobs `where` selects (its parameters `params`), as dispatch keeps them. */
export function boardRows(
  manager: EntityManager,
  where: string,
  params: unknown[] = [],
): Promise<BoardAppointmentEntity[]> {
  return manager.query(`SELECT ${BOARD_FIELDS} FROM board_appointments a ${where}`, params);
}

/** A new job's row: every field it has (the others take their columns' defaults). */
export async function insertBoardRow(
  manager: EntityManager,
  job: BoardAppointmentEntity,
): Promise<void> {
  const given = COLUMNS.filter(([, field]) => job[field] !== undefined);
  await manager.query(
    `INSERT INTO board_appointments (${given.map(([column]) => column).join(', ')})
     VALUES (${given.map((_, i) => `$${i + 1}`).join(', ')})`,
    given.map(([, field]) => job[field]),
  );
}

/** Writes every field of a known job (its id stays). */
export async function updateBoardRow(
  manager: EntityManager,
  job: BoardAppointmentEntity,
): Promise<void> {
  const fields = COLUMNS.filter(([column]) => column !== 'id');
  await manager.query(
    `UPDATE board_appointments SET ${fields.map(([column], i) => `${column} = $${i + 2}`).join(', ')}
      WHERE id = $1`,
    [job.id, ...fields.map(([, field]) => job[field])],
  );
}
